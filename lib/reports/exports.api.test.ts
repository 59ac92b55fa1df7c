// Issue 16 items 3 and 6: hotel admins read the reservations into their hotels (and nothing else), and both
// lists export every row of their filter as CSV for Excel es-CO.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createUser, sessionCookieFor } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { addDays, bogotaDate } from "@/lib/time";
import { sellableHotel } from "@/lib/testing/booking-fixtures";
import { booking, payment } from "./fixtures";

let api: TestServer;
const today = bogotaDate(new Date());
let hotelA: Awaited<ReturnType<typeof sellableHotel>>;
let hotelB: Awaited<ReturnType<typeof sellableHotel>>;
let agency1: Awaited<ReturnType<typeof agencyWithKey>>;
let agency2: Awaited<ReturnType<typeof agencyWithKey>>;
let adminKey: string;
let adminCookie: string;
const codes: Record<string, string> = {};

beforeAll(async () => {
  api = await startApi();
  hotelA = await sellableHotel(api.db, { from: today, nights: 10, rooms: 5, price: 100_000 });
  hotelB = await sellableHotel(api.db, { from: today, nights: 10, rooms: 5, price: 100_000 });
  agency1 = await agencyWithKey(api.db);
  agency2 = await agencyWithKey(api.db);
  const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotelA.hotel.id] });
  adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
  adminCookie = await sessionCookieFor(api.db, admin.id);
  const a = (agencyId: number, h: typeof hotelA) => ({ agencyId, hotelId: h.hotel.id, roomTypeId: h.room.id, ratePlanId: h.rate.id });
  codes.a1 = (await booking(api.db, { ...a(agency1.agency.id, hotelA), checkin: today, nights: 2, nightly: 100_000, adults: 2, children: 1, firstName: "Ana" })).code;
  codes.a2 = (await booking(api.db, { ...a(agency2.agency.id, hotelA), checkin: addDays(today, 3), nights: 1, nightly: 250_000.5, status: "pending_payment", firstName: "=HYPERLINK(\"x\")" })).code;
  codes.b1 = (await booking(api.db, { ...a(agency1.agency.id, hotelB), checkin: today, nights: 1, nightly: 90_000, firstName: "Beto" })).code;
  await payment(api.db, { agencyId: agency1.agency.id, hotelId: hotelA.hotel.id, method: "card", amount: 200_000, refName: "Ana" });
  await payment(api.db, { agencyId: agency1.agency.id, hotelId: hotelB.hotel.id, method: "cash", amount: 90_000.25, status: "pending", refName: "-1+2" });
  await payment(api.db, { agencyId: agency2.agency.id, hotelId: hotelA.hotel.id, method: "card", amount: 1_000, refName: "Otra" });
});
afterAll(async () => {
  await api?.close();
});

describe("hotel admins read the reservations into their hotels", () => {
  it("lists only their hotels' reservations, whichever agency made them, with the composition", async () => {
    for (const client of [apiClient(api, adminKey), apiClient(api, undefined, { cookie: adminCookie })]) {
      const r = await client.GET("/v2/bookings", { params: { query: { per_page: 100 } } });
      expect(r.response.status).toBe(200);
      expect(r.data!.items.map((x) => x.chatbot_id).sort()).toEqual([codes.a1, codes.a2].sort());
      expect(r.data!.total).toBe(2);
      const a1 = r.data!.items.find((x) => x.chatbot_id === codes.a1);
      expect(a1).toMatchObject({ hotel_id: hotelA.hotel.id, adults: 2, children: 1, rooms: 1, amount: 200_000, amount_paid: 200_000 });
    }
  });

  it("keeps the existing filters and adds hotel_id; another hotel's id is 404", async () => {
    const pending = await apiClient(api, adminKey).GET("/v2/bookings", { params: { query: { status: "pending_payment" } } });
    expect(pending.data!.items.map((x) => x.chatbot_id)).toEqual([codes.a2]);
    const several = await apiClient(api, adminKey).GET("/v2/bookings", { params: { query: { status: "pending_payment,confirmed", sort: "checkin" } } });
    expect(several.data!.items.map((x) => x.chatbot_id)).toEqual([codes.a1, codes.a2]);
    const arrivals = await apiClient(api, adminKey).GET("/v2/bookings", { params: { query: { checkin_from: today, checkin_to: today } } });
    expect(arrivals.data!.items.map((x) => x.chatbot_id)).toEqual([codes.a1]);
    const mine = await apiClient(api, adminKey).GET("/v2/bookings", { params: { query: { hotel_id: hotelA.hotel.id } } });
    expect(mine.data!.total).toBe(2);
    const other = await apiClient(api, adminKey).GET("/v2/bookings", { params: { query: { hotel_id: hotelB.hotel.id } } });
    expect(other.response.status).toBe(404);
    expect(other.error!.message).toEqual(expect.any(String));
    // The operator filters by hotel too; an agency only sees its own in that hotel.
    const op = await apiClient(api, OPERATOR_KEY).GET("/v2/bookings", { params: { query: { hotel_id: hotelB.hotel.id } } });
    expect(op.data!.items.map((x) => x.chatbot_id)).toEqual([codes.b1]);
    const ag2 = await apiClient(api, agency2.key).GET("/v2/bookings", { params: { query: { hotel_id: hotelA.hotel.id } } });
    expect(ag2.data!.items.map((x) => x.chatbot_id)).toEqual([codes.a2]);
  });

  it("rejects bad filters with 400 and a Spanish message", async () => {
    for (const q of ["status=paid", "hotel_id=abc", "hotel_id=-1", "format=xlsx", "sort=price"]) {
      // Values outside the filters' types: they do not compile with the typed client.
      const r = await api.call("GET", `/api/v2/bookings?${q}`, { key: adminKey });
      expect(r.status, q).toBe(400);
      expect(r.body.code).toBe("400");
    }
  });

  it("reads one reservation of their hotel; another hotel's is 404; writes stay forbidden", async () => {
    const got = await apiClient(api, adminKey).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codes.a1 } } });
    expect(got.response.status).toBe(200);
    expect(got.data).toMatchObject({ chatbot_id: codes.a1, adults: 2, children: 1, amount_paid: 200_000 });
    const other = await apiClient(api, adminKey).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codes.b1 } } });
    expect(other.response.status).toBe(404);
    const missing = await apiClient(api, adminKey).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: "HBNOPE0000" } } });
    expect(missing.response.status).toBe(404);
    const put = await apiClient(api, adminKey).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codes.a2 } }, body: { reservation: { firstName: "Hacker" } } });
    expect(put.response.status).toBe(403);
    const cancel = await apiClient(api, adminKey).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: codes.a2 } } });
    expect(cancel.response.status).toBe(403);
    const pay = await api.call("POST", `/api/v2/virtual-terminal/credit-card`, { key: adminKey, body: {} }); // no body needed to be refused: not typed
    expect(pay.status).toBe(403);
    const row = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code: codes.a2 } });
    expect(row.status).toBe("pending_payment");
    expect(row.firstName).not.toBe("Hacker");
    // Agencies still only see their own.
    expect((await apiClient(api, agency1.key).GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: codes.a2 } } })).response.status).toBe(404);
  });
});

/** The CSV as sent: bytes checked for the UTF-8 byte-order mark (fetch's text() would hide it). */
type BookingsQuery = NonNullable<paths["/v2/bookings"]["get"]["parameters"]["query"]>;
type PaymentsQuery = NonNullable<paths["/v2/payments"]["get"]["parameters"]["query"]>;
/** A CSV export (format=csv) read as bytes, so the BOM can be checked. */
async function csv(list: "bookings", query: BookingsQuery, key: string): Promise<Csv>;
async function csv(list: "payments", query: PaymentsQuery, key: string): Promise<Csv>;
async function csv(list: "bookings" | "payments", query: BookingsQuery | PaymentsQuery, key: string): Promise<Csv> {
  const c = apiClient(api, key);
  const r =
    list === "bookings"
      ? await c.GET("/v2/bookings", { params: { query: { ...(query as BookingsQuery), format: "csv" } }, parseAs: "arrayBuffer" })
      : await c.GET("/v2/payments", { params: { query: { ...(query as PaymentsQuery), format: "csv" } }, parseAs: "arrayBuffer" });
  const bytes = new Uint8Array(r.data ?? new ArrayBuffer(0));
  return { status: r.response.status, headers: r.response.headers, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}
interface Csv {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  text: string;
}

function parseCsv(text: string) {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split("\r\n");
  expect(lines.at(-1)).toBe("");
  return lines.slice(0, -1).map((l) => l.split(";"));
}

describe("CSV exports", () => {
  it("bookings: every row of the filter (not one page), scoped, for Excel es-CO", async () => {
    const r = await csv("bookings", { per_page: 1, page: 1 }, adminKey);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/attachment; filename="reservas\.csv"/);
    expect([...r.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(r.text);
    expect(rows[0].slice(0, 5)).toEqual(["Código", "Estado", "Hotel", "Agencia", "Llegada"]);
    expect(rows).toHaveLength(3); // header + both of hotel A, despite per_page=1
    const byCode = Object.fromEntries(rows.slice(1).map((x) => [x[0], x]));
    expect(Object.keys(byCode).sort()).toEqual([codes.a1, codes.a2].sort());
    const h = rows[0];
    const a2 = byCode[codes.a2];
    expect(a2[h.indexOf("Total")]).toBe("250000,5");
    expect(a2[h.indexOf("Estado")]).toBe("Pendiente de pago");
    // The hotel admin sees two agencies' guests: each row says whose.
    expect(a2[h.indexOf("Agencia")]).toBe(agency2.agency.name);
    expect(byCode[codes.a1][h.indexOf("Agencia")]).toBe(agency1.agency.name);
    expect(a2[h.indexOf("Llegada")]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // The guest name would be a formula: neutralised and quoted (it holds a double quote).
    expect(r.text).toContain(`"'=HYPERLINK(""x"") Gómez"`);
    expect(byCode[codes.a1][h.indexOf("Niños")]).toBe("1");
    expect(byCode[codes.a1][h.indexOf("Total")]).toBe("200000");

    const filtered = parseCsv((await csv("bookings", { status: "confirmed" }, adminKey)).text);
    expect(filtered.slice(1).map((x) => x[0])).toEqual([codes.a1]);
    expect((await csv("bookings", { hotel_id: hotelB.hotel.id }, adminKey)).status).toBe(404);
    const ag = parseCsv((await csv("bookings", {}, agency1.key)).text);
    expect(ag.slice(1).map((x) => x[0]).sort()).toEqual([codes.a1, codes.b1].sort());
    // An agency's own export has no Agencia column: every row is its own.
    expect(ag[0].slice(0, 4)).toEqual(["Código", "Estado", "Hotel", "Llegada"]);
  });

  it("bookings: more rows than one internal page are all exported", async () => {
    const p = api.db.prisma;
    const ag = await agencyWithKey(api.db);
    const created = [];
    for (let i = 0; i < 1005; i++) created.push({ id: `res_bulk_${ag.agency.id}_${i}`, code: `HBBULK${ag.agency.id}X${i}`.slice(0, 32) });
    await p.reservation.createMany({
      data: created.map((c) => ({
        ...c,
        agencyId: ag.agency.id,
        hotelId: hotelB.hotel.id,
        checkin: new Date(`${today}T00:00:00Z`),
        checkout: new Date(`${addDays(today, 1)}T00:00:00Z`),
        nights: 1,
        roomsCount: 1,
        adults: 1,
        firstName: "Bulk",
        lastName: "Row",
        email: "b@example.co",
        telephone: "573000000000",
        country: "COL",
        currency: "COP",
        amount: 1000,
        paymentDeadline: new Date(),
      })),
    });
    const rows = parseCsv((await csv("bookings", {}, ag.key)).text);
    expect(rows.length - 1).toBe(1005);
    expect(new Set(rows.slice(1).map((x) => x[0])).size).toBe(1005);
  });

  it("payments: same filters and scope, decimal comma, injection-safe", async () => {
    const r = await csv("payments", {}, agency1.key);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(r.text);
    const h = rows[0];
    expect(h).toContain("Monto");
    expect(rows).toHaveLength(3);
    const amounts = rows.slice(1).map((x) => x[h.indexOf("Monto")]).sort();
    expect(amounts).toEqual(["200000", "90000,25"]);
    const names = rows.slice(1).map((x) => x[h.indexOf("Nombre")]);
    expect(names).toContain("'-1+2");
    const cash = parseCsv((await csv("payments", { method: "cash" }, agency1.key)).text);
    expect(cash).toHaveLength(2);
    expect(cash[1][h.indexOf("Método")]).toBe("Efectivo");
    const all = parseCsv((await csv("payments", { per_page: 1 }, OPERATOR_KEY)).text);
    expect(all.length - 1).toBeGreaterThanOrEqual(3);
    expect((await api.call("GET", "/api/v2/payments?format=pdf", { key: agency1.key })).status).toBe(400); // not a format: not typed
    // Hotel admins are not payers: the payments list stays closed to them.
    expect((await csv("payments", {}, adminKey)).status).toBe(403);
  });
});
