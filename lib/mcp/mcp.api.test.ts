// The MCP server through the SDK's own client over real HTTP: tools, one booking conversation whose answers
// equal the REST answers, tenants, roles, bad input, idempotency shared with the REST Idempotency-Key.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel, createUser } from "@/lib/testing/factories";
import { apiClient } from "@/lib/testing/client";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { BOOKING_CODE, sellableHotel } from "@/lib/testing/booking-fixtures";

let api: TestServer;
const clients: Client[] = [];
const today = bogotaDate(new Date());
const checkin = addDays(today, 6);
const checkout = addDays(checkin, 2);

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await api?.close();
});

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: "asistente-de-prueba", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${api.url}/api/mcp`), {
    requestInit: { headers: key ? { authorization: `Bearer ${key}` } : {} },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const text = (r: CallToolResult) => (r.content[0] as { type: "text"; text: string }).text;

const guestReservation = (hotel: { roomId: string; rateId: string }, overrides: Record<string, unknown> = {}) => ({
  checkin,
  checkout,
  nights: "2",
  rooms: "1",
  adults: "2",
  children: "0",
  firstName: "Laura",
  lastName: "Gómez",
  country: "COL",
  email: "laura.gomez@example.co",
  telephone: "573001234567",
  currency: "COP",
  roomsData: [{ id: hotel.roomId, checkin, checkout, rateId: hotel.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
  ...overrides,
});

/** Arrays cut to their first item and deep objects elided, so the transcript stays readable. */
function trim(v: unknown, depth = 0): unknown {
  if (depth > 6) return "…";
  if (Array.isArray(v)) return v.length > 1 ? [trim(v[0], depth + 1), `… (${v.length - 1} más)`] : v.map((x) => trim(x, depth + 1));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x, depth + 1)]));
  return v;
}

describe("MCP at /api/mcp", () => {
  it("lists every tool with a Spanish description, an input schema and honest annotations", async () => {
    const { key } = await agencyWithKey(api.db);
    const client = await connect(key);
    expect(client.getServerVersion()).toMatchObject({ name: "hotelpay" });
    expect(client.getInstructions()).toContain("create_payment_link");
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(
      ["cancel_reservation", "create_payment_link", "create_reservation", "get_payment", "get_payment_link", "get_reservation", "list_cities", "request_nequi_payment", "search_city_availability", "search_hotel_availability", "update_guest"].sort(),
    );
    for (const t of tools) {
      expect(t.description).toMatch(/[áéíóúñ]|\b(de|la|el)\b/);
      expect(t.inputSchema.type).toBe("object");
    }
    for (const n of ["list_cities", "search_city_availability", "search_hotel_availability", "get_reservation", "get_payment_link"]) expect(byName[n].annotations?.readOnlyHint).toBe(true);
    for (const n of ["update_guest", "cancel_reservation"]) expect(byName[n].annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    for (const n of ["create_reservation", "create_payment_link"]) expect(byName[n].annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    // Inputs come from the REST zod schemas, with Spanish descriptions for the model.
    const search = byName.search_city_availability.inputSchema as { properties: Record<string, { type?: string; description?: string; maximum?: number }>; required: string[] };
    expect(search.required.sort()).toEqual(["checkin", "city", "layout", "nights"]);
    expect(search.properties.nights).toMatchObject({ type: "integer", maximum: 30 });
    expect(search.properties.checkin.description).toMatch(/AAAA-MM-DD/);
    const create = byName.create_reservation.inputSchema as { properties: Record<string, { properties?: Record<string, unknown>; required?: string[] }>; required: string[] };
    expect(create.required.sort()).toEqual(["hotel_id", "reservation"]);
    expect(create.properties.reservation.required).toContain("roomsData");
    expect(create.properties.reservation.properties).not.toHaveProperty("ccData");
    expect(create.properties).toHaveProperty("idempotency_key");
  });

  it("shows each role only the tools it may call", async () => {
    const operator = await connect(OPERATOR_KEY);
    const opTools = (await operator.listTools()).tools.map((t) => t.name);
    expect(opTools).not.toContain("create_reservation");
    expect(opTools).toContain("get_reservation");
    const admin = await createUser(api.db, "hotel_admin", { hotelIds: [] });
    const adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
    const hotelAdmin = await connect(adminKey);
    // Hotel admins read the reservations into their hotels (issue 16), so they get that tool too.
    expect((await hotelAdmin.listTools()).tools.map((t) => t.name)).toEqual(["list_cities", "get_reservation"]);
  });

  it("runs a booking conversation whose answers equal the REST answers, and a REST retry with the same key replays it", async () => {
    const { key, agency } = await agencyWithKey(api.db, { name: "Viajes Conversados SAS" });
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 4, rooms: 2, price: 320_000 });
    const client = await connect(key);
    const rest = apiClient(api, key);
    const transcript: Array<{ tool: string; arguments: unknown; text: string; isError: boolean; structuredContent: unknown }> = [];
    const step = async (name: string, args: Record<string, unknown>) => {
      const r = await call(client, name, args);
      transcript.push({ tool: name, arguments: args, text: text(r), isError: r.isError === true, structuredContent: trim(r.structuredContent) });
      expect(r.isError ?? false, `${name}: ${text(r)}`).toBe(false);
      return r;
    };

    const cities = await step("list_cities", {});
    const restCities = await rest.GET("/v2/cities");
    expect(cities.structuredContent).toEqual({ results: restCities.data });
    expect(cities.structuredContent.results).toContainEqual({ city: "CARTAGENA", name: "Cartagena", hotels: 1 });

    const searchArgs = { city: "Cartagena", checkin, nights: 2, layout: [{ adults: 2 }] };
    const search = await step("search_city_availability", searchArgs);
    const restSearch = await rest.POST("/v2/bookings/agencies/{agency_type}/availability", {
      params: { path: { agency_type: "retailer" }, query: { city: "Cartagena", checkin, nights: 2 } },
      body: { layout: [{ adults: 2 }] },
    });
    expect(restSearch.response.status).toBe(200);
    expect(search.structuredContent).toEqual({ results: restSearch.data });
    expect(text(search)).toBe(
      `Encontré 1 hotel en Cartagena para 2 adultos del ${fmt(checkin)} al ${fmt(checkout)}. El más económico: ${hotel.name}, Habitación 0, alojamiento y desayuno, $ 640.000 por 2 noches.`,
    );
    const product = search.structuredContent.results[0].availability[0].available_rooms[0];
    expect(product.roomId).toBe(room.roomId);
    expect(product.products[0].rateId).toBe(rate.rateId);

    const hotelSearch = await step("search_hotel_availability", { hotel_id: hotel.id, checkin, nights: 2, adults: 2 });
    const restHotel = await rest.GET("/v2/bookings/availability", { params: { query: { hotel_id: hotel.id, checkin, nights: 2, adults: 2 } } });
    expect(hotelSearch.structuredContent).toEqual(restHotel.data);
    expect(text(hotelSearch)).toContain("$ 640.000 por 2 noches");

    const reservation = guestReservation({ roomId: product.roomId, rateId: product.products[0].rateId });
    const booked = await step("create_reservation", { hotel_id: hotel.id, reservation, idempotency_key: "conv-reserva-1" });
    const code = booked.structuredContent.chatbot_id as string;
    expect(code).toMatch(/^HB[A-Z2-9]{8}$/);
    expect(text(booked)).toContain(`Reserva creada ${code}: Laura Gómez, ${hotel.name}`);
    expect(text(booked)).toContain("por pagar $ 640.000 antes del");
    // The REST retry with the same key and body gets the MCP answer back: one reservation, not two.
    const restRetry = await rest.POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header: { "Idempotency-Key": "conv-reserva-1" } }, body: { reservation } });
    expect(restRetry.response.status).toBe(200);
    expect(restRetry.response.headers.get("idempotent-replayed")).toBe("true");
    expect(restRetry.data).toEqual(booked.structuredContent);
    expect(await api.db.prisma.reservation.count({ where: { agencyId: agency.id } })).toBe(1);

    const got = await step("get_reservation", { booking_id: code });
    const restGot = await rest.GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } });
    expect(got.structuredContent).toEqual(restGot.data);
    expect(got.structuredContent.amount_due).toBe(640_000);

    const linkArgs = {
      hotel_id: hotel.id,
      guest_name: "Laura Gómez",
      email: "laura.gomez@example.co",
      phone: "+57 300 123 4567",
      amount: "640000.00",
      description: `Reserva ${code}, 2 noches`,
      available_hours: 12,
      reservation_code: code,
      idempotency_key: "conv-enlace-1",
    };
    const link = await step("create_payment_link", linkArgs);
    expect(link.structuredContent).toEqual({ msg: expect.any(String), url: `http://localhost:3000/pay/${link.structuredContent.code}`, code: expect.any(String) });
    expect(text(link)).toContain(`enlace de pago por $ 640.000 para Laura Gómez`);
    expect(text(link)).toContain(link.structuredContent.url);
    // agency_id was taken from the key; the REST twin with the same key and full body replays the same link.
    const { idempotency_key: _k, ...restLinkBody } = linkArgs;
    const restLink = await rest.POST("/v2/links/schedule", { params: { header: { "Idempotency-Key": "conv-enlace-1" } }, body: { ...restLinkBody, agency_id: agency.id } });
    expect(restLink.response.headers.get("idempotent-replayed")).toBe("true");
    expect(restLink.data).toEqual(link.structuredContent);

    const linkState = await step("get_payment_link", { code: link.structuredContent.code });
    const restLinkState = await rest.GET("/v2/links/{code}", { params: { path: { code: link.structuredContent.code } } });
    expect(linkState.structuredContent).toEqual(restLinkState.data);
    expect(linkState.structuredContent).toMatchObject({ status: "active", reservation_code: code, amount: 640_000 });
    expect(text(linkState)).toMatch(/está activo hasta el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}; todavía no se ha pagado/);

    const dir = path.resolve("test-results");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "mcp-transcript.json"), `${JSON.stringify(transcript, null, 2)}\n`);
  });

  it("does not show another agency's reservation: an isError result with the REST 404 body", async () => {
    const owner = await agencyWithKey(api.db);
    const other = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 3, rooms: 1, price: 100_000 });
    const booked = await call(await connect(owner.key), "create_reservation", { hotel_id: hotel.id, reservation: guestReservation({ roomId: room.roomId, rateId: rate.rateId }) });
    const code = booked.structuredContent.chatbot_id;
    expect(code).toMatch(BOOKING_CODE);

    const intruder = await connect(other.key);
    const r = await call(intruder, "get_reservation", { booking_id: code });
    const rest = await apiClient(api, other.key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } });
    expect(rest.response.status).toBe(404);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual(rest.error);
    expect(text(r)).toBe(`Recurso no encontrado: La reserva ${code} no existe`);
    // Neither may it change or cancel it.
    expect((await call(intruder, "cancel_reservation", { booking_id: code })).isError).toBe(true);
    expect((await call(intruder, "update_guest", { booking_id: code, firstName: "Intruso" })).isError).toBe(true);
    expect(await api.db.prisma.reservation.findUniqueOrThrow({ where: { code } })).toMatchObject({ status: "pending_payment", firstName: "Laura" });
  });

  it("answers a bad argument with an isError result that names the field in Spanish, and changes nothing", async () => {
    const { key } = await agencyWithKey(api.db);
    const client = await connect(key);
    const bad = await call(client, "search_city_availability", { city: "Cartagena", checkin: "2026-02-30", nights: 2, layout: [{ adults: 2 }] });
    const rest = await apiClient(api, key).POST("/v2/bookings/agencies/{agency_type}/availability", { params: { path: { agency_type: "retailer" }, query: { city: "Cartagena", checkin: "2026-02-30", nights: 2 } }, body: { layout: [{ adults: 2 }] } });
    expect(rest.response.status).toBe(400);
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toEqual(rest.error);
    expect(text(bad)).toBe("Solicitud inválida: checkin (fecha de llegada): debe ser una fecha válida AAAA-MM-DD");

    const nested = await call(client, "search_city_availability", { city: "Cartagena", checkin, nights: 40, layout: [{ adults: 0 }] });
    expect(nested.isError).toBe(true);
    expect(text(nested)).toContain("nights (noches): debe estar entre 1 y 30");
    expect(text(nested)).toContain("layout.0.adults (adultos, elemento 1 de habitaciones pedidas): debe estar entre 1 y 20");

    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 3, rooms: 1, price: 100_000 });
    const missing = await call(client, "create_reservation", { hotel_id: hotel.id, reservation: guestReservation({ roomId: room.roomId, rateId: rate.rateId }, { firstName: undefined }) });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe("Solicitud inválida: reservation.firstName (nombre del huésped): es obligatorio");
    expect(missing.structuredContent).toEqual({ code: "400", message: "Solicitud inválida", detail: "reservation.firstName: es obligatorio" });

    // Card data is refused outright: the guest pays on the link's page.
    const card = await call(client, "create_reservation", {
      hotel_id: hotel.id,
      reservation: guestReservation({ roomId: room.roomId, rateId: rate.rateId }, { ccData: { ccCode: "123", ccNumber: "4242424242424242", ccHolder: "LAURA GOMEZ", ccExpireDate: "12/2030" } }),
    });
    expect(card.isError).toBe(true);
    expect(text(card)).toContain("reservation.ccData (datos de tarjeta): no se aceptan datos de tarjeta");
    expect(await api.db.prisma.reservation.count({ where: { hotelId: hotel.id } })).toBe(0);

    // A business rule (checkin in the past) is also a result, never a protocol error.
    const past = await call(client, "search_hotel_availability", { hotel_id: hotel.id, checkin: addDays(today, -1), nights: 1, adults: 2 });
    expect(past.isError).toBe(true);
    expect(text(past)).toBe("Solicitud inválida: checkin (fecha de llegada): no puede ser anterior a hoy");
  });

  it("gives a hotel admin the REST 403 for agency tools, and refuses calls without a key with a 401", async () => {
    const admin = await createUser(api.db, "hotel_admin", { hotelIds: [] });
    const adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
    const client = await connect(adminKey);
    const r = await call(client, "search_city_availability", { city: "Cartagena", checkin, nights: 2, layout: [{ adults: 2 }] });
    const rest = await apiClient(api, adminKey).POST("/v2/bookings/agencies/{agency_type}/availability", { params: { path: { agency_type: "retailer" }, query: { city: "Cartagena", checkin, nights: 2 } }, body: { layout: [{ adults: 2 }] } });
    expect(rest.response.status).toBe(403);
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual(rest.error);
    expect(text(r)).toBe("Acceso denegado: Esta operación no está permitida para el rol hotel_admin");
    expect((await call(client, "list_cities")).isError ?? false).toBe(false);

    await expect(connect()).rejects.toThrow(/401/);
    await expect(connect("hbk_no_existe_0000000000000000")).rejects.toThrow(/401/);
    const raw = await fetch(`${api.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ code: "401", message: "No autenticado" });
  });

  it("replays create_payment_link with the same idempotency_key and refuses the key with other data", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const { hotel } = await sellableHotel(api.db, { from: checkin, nights: 2, rooms: 1, price: 100_000 });
    const client = await connect(key);
    const args = { hotel_id: hotel.id, guest_name: "Ana Ruiz", email: "ana@example.co", phone: "3001234567", amount: "150000.00", description: "Anticipo", available_hours: 12, idempotency_key: "enlace-ana-1" };
    const first = await call(client, "create_payment_link", args);
    const again = await call(client, "create_payment_link", args);
    expect(first.isError ?? false).toBe(false);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again._meta).toEqual({ "idempotent-replayed": true });
    expect(await api.db.prisma.paymentLink.count({ where: { agencyId: agency.id } })).toBe(1);

    const spaced = await call(client, "create_payment_link", { ...args, idempotency_key: "enlace de Ana" });
    expect(spaced.isError).toBe(true);
    expect(text(spaced)).toContain("idempotency_key (clave de idempotencia): solo letras, dígitos y signos ASCII");

    const changed = await call(client, "create_payment_link", { ...args, amount: "999000.00" });
    expect(changed.isError).toBe(true);
    expect(changed.structuredContent).toMatchObject({ code: "409" });
    expect(text(changed)).toContain("idempotency_key (clave de idempotencia): la clave ya se usó con otra solicitud");
    expect(await api.db.prisma.paymentLink.count({ where: { agencyId: agency.id } })).toBe(1);

    // Another agency's key is refused even when it names this agency.
    const other = await agencyWithKey(api.db);
    const foreign = await call(await connect(other.key), "create_payment_link", { ...args, agency_id: agency.id, idempotency_key: undefined });
    expect(foreign.isError).toBe(true);
    expect(foreign.structuredContent).toMatchObject({ code: "403" });
  });

  it("charges with Nequi (issue 26): pending, then get_payment says approved; a bad number changes nothing; the key replays", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const client = await connect(key);
    const args = { phone_number: "3991111111", hotel_id: hotel.id, amount: 180000, ref_name: "Laura", ref_lastname: "Gómez", ref_number: "MCP-NEQUI-1", email: "laura.gomez@example.co", idempotency_key: "mcp-nequi-0001" };
    const asked = await call(client, "request_nequi_payment", args);
    expect(asked.isError).toBeFalsy();
    expect(asked.structuredContent).toMatchObject({ status: "pending", status_url: expect.stringMatching(/^\/api\/v2\/apms\/transactions\/tx_/) });
    expect(text(asked)).toBe(`Envié la solicitud de pago por $ 180.000 al Nequi +57 399 111 1111. El pagador debe aprobarla en su app Nequi; consulte el resultado con get_payment (transacción ${asked.structuredContent.transaction_id}).`);
    const id = asked.structuredContent.transaction_id as string;
    const row = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ method: "nequi", agencyId: agency.id, nequiPhone: "3991111111" });

    const done = await call(client, "get_payment", { transaction_id: id });
    expect(done.structuredContent).toMatchObject({ status: "approved", method: "nequi" });
    expect(text(done)).toMatch(/^El pago tx_\w+ de \$ 180\.000 por Nequi \(\+57 399 111 1111\) fue aprobado\. Comprobante: \/v2\/vouchers\//);
    // The same key again: the same payment, now approved; still one row.
    const again = await call(client, "request_nequi_payment", args);
    expect(again.structuredContent).toMatchObject({ transaction_id: id, status: "approved" });
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "MCP-NEQUI-1" } })).toBe(1);

    const bad = await call(client, "request_nequi_payment", { ...args, phone_number: "+57 399 111 1111", ref_number: "MCP-NEQUI-BAD", idempotency_key: undefined });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("phone_number (celular Nequi): debe ser un celular colombiano de 10 dígitos que empiece por 3");
    expect(await api.db.prisma.paymentTransaction.count({ where: { refNumber: "MCP-NEQUI-BAD" } })).toBe(0);
  });

  it("updates the guest and cancels through the REST rules", async () => {
    const { key } = await agencyWithKey(api.db);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 3, rooms: 1, price: 100_000 });
    const client = await connect(key);
    const code = (await call(client, "create_reservation", { hotel_id: hotel.id, reservation: guestReservation({ roomId: room.roomId, rateId: rate.rateId }) })).structuredContent.chatbot_id;

    const updated = await call(client, "update_guest", { booking_id: code.toLowerCase(), email: "laura.nueva@example.co", telephone: "+57 (300) 765-4321" });
    expect(updated.structuredContent).toEqual({ msg: "Datos del huésped actualizados" });
    expect(text(updated)).toBe(`Actualicé correo y teléfono del huésped en la reserva ${code}.`);
    const after = await apiClient(api, key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } } });
    expect(after.data).toMatchObject({ email: "laura.nueva@example.co", telephone: "573007654321" });

    const empty = await call(client, "update_guest", { booking_id: code });
    expect(empty.isError).toBe(true);
    expect(text(empty)).toContain("debe incluir al menos uno de: email, firstName, lastName, telephone");

    const cancelled = await call(client, "cancel_reservation", { booking_id: code });
    expect(cancelled.isError ?? false).toBe(false);
    expect(text(cancelled)).toBe(`Cancelé la reserva ${code}; las habitaciones quedaron libres.`);
    const sold = await api.db.sql.query<{ sold: number }>(`SELECT sold FROM inventory_nights WHERE room_type_id = $1 AND date >= $2::date AND date < $3::date`, [room.id, checkin, checkout]);
    expect(sold.map((s) => s.sold)).toEqual([0, 0]);
    const twice = await call(client, "cancel_reservation", { booking_id: code });
    expect(twice.isError).toBe(true);
    expect(twice.structuredContent).toMatchObject({ code: "409" });
  });

  it("keeps protocol errors for protocol mistakes and 405 for GET", async () => {
    const { key } = await agencyWithKey(api.db);
    const client = await connect(key);
    await expect(client.callTool({ name: "borrar_todo", arguments: {} })).rejects.toThrow(/Herramienta desconocida/);
    const get = await fetch(`${api.url}/api/mcp`, { headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    // Batches would run many calls under one rate-limit token.
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const listCities = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_cities", arguments: {} } });
    const batch = await fetch(`${api.url}/api/mcp`, { method: "POST", headers, body: JSON.stringify([listCities(1), listCities(2)]) });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
    // One message without any handshake works too (what curl users do).
    const single = await fetch(`${api.url}/api/mcp`, { method: "POST", headers, body: JSON.stringify(listCities(3)) });
    expect(single.status).toBe(200);
    expect(await single.json()).toMatchObject({ jsonrpc: "2.0", id: 3, result: { structuredContent: { results: expect.any(Array) } } });
  });
});

function fmt(iso: string) {
  const [y, m, d] = iso.split("-");
  return `${d}/${m}/${y}`;
}
