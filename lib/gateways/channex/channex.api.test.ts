// The product with CHANNEL_MANAGER=channex over real HTTP, against a fake Channex (lib/testing/fake-channex.ts),
// on PGlite and PostgreSQL: linking, the webhook, the mirror searched like any hotel, bookings pushed exactly
// once (timeouts, refusals, guest changes, cancellation, expiry), the race with other channels, the budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { testTarget } from "@/lib/testing/db";
import { startFakeChannex, type FakeChannex } from "@/lib/testing/fake-channex";
import { agencyWithKey, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { reservationBody } from "@/lib/testing/booking-fixtures";
import { addDays, bogotaDate } from "@/lib/time";
import { stopChannexTimers, TEST_WEBHOOK_SECRET } from "./testing";
import { WEBHOOK_SECRET_HEADER } from "./deps";

let api: TestServer;
let fake: FakeChannex;
const saved = { ...process.env };
const today = bogotaDate(new Date());
const checkin = addDays(today, 20);
const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };
const cron = (job: string, now?: Date) => api.call("POST", `/api/cron/${job}`, { headers: { authorization: "Bearer test-cron-secret" }, body: now ? { now: now.toISOString() } : undefined });
const asOperator = { key: OPERATOR_KEY };

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await fn();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`esperando: ${what}; último valor ${JSON.stringify(last)?.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await fn();
  }
  return last;
}

beforeAll(async () => {
  fake = await startFakeChannex();
  Object.assign(process.env, {
    CHANNEL_MANAGER: "channex",
    CHANNEX_API_URL: fake.url,
    CHANNEX_API_KEY: fake.apiKey,
    CHANNEX_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    CHANNEX_TIMEOUT_MS: "3000",
  });
  api = await startApi();
  // Channex calls the product back at PUBLIC_BASE_URL.
  process.env.PUBLIC_BASE_URL = api.url;
});

afterAll(async () => {
  if (api) stopChannexTimers(api.db);
  for (const k of ["CHANNEL_MANAGER", "CHANNEX_API_URL", "CHANNEX_API_KEY", "CHANNEX_WEBHOOK_SECRET", "CHANNEX_TIMEOUT_MS", "PUBLIC_BASE_URL"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await fake?.close();
  await api?.close();
});

/** A property in the fake: one double room type with a per-room plan (and, with `family`, a per-person one). */
function property(opts: { rooms?: number; title?: string; family?: boolean } = {}) {
  const propertyId = fake.addProperty({ title: opts.title ?? "Hotel Caribe Channex", city: "Cartagena" });
  const dbl = fake.addRoomType(propertyId, { title: "Doble estándar", occAdults: 2, occChildren: 1, countOfRooms: opts.rooms ?? 3 });
  const dblRate = fake.addRatePlan(propertyId, dbl, { title: "Flexible con desayuno", mealType: "breakfast", options: [{ occupancy: 2, is_primary: true, rate: "100000.00" }] });
  let fam: string | null = null;
  let famRate: string | null = null;
  if (opts.family) {
    fam = fake.addRoomType(propertyId, { title: "Familiar", occAdults: 4, occChildren: 2, countOfRooms: 2 });
    famRate = fake.addRatePlan(propertyId, fam, {
      title: "Por persona",
      sellMode: "per_person",
      options: [
        { occupancy: 1, is_primary: false, rate: "90000.00" },
        { occupancy: 2, is_primary: true, rate: "150000.00" },
        { occupancy: 3, is_primary: false, rate: "190000.00" },
        { occupancy: 4, is_primary: false, rate: "220000.00" },
      ],
    });
  }
  return { propertyId, dbl, dblRate, fam, famRate };
}

async function link(propertyId: string, extra: Record<string, unknown> = {}) {
  const r = await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: propertyId, ...extra } });
  expect(r.status, r.text).toBe(201);
  return r.body as { hotel_id: number; synced: boolean; webhook: boolean; freshness: string };
}

async function available(hotelId: number, roomId: string, adults = 2, at = stay) {
  const r = await api.call("GET", `/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${at.checkin}&nights=${at.nights}&adults=${adults}`, asOperator);
  expect(r.status, r.text).toBe(200);
  return (r.body.available_rooms as Array<{ roomId: string; count: number; products: Array<{ rateId: string; baseDailyAmounts: Array<{ amountBeforeTax: number }> }> }>).find((x) => x.roomId === roomId);
}

async function book(key: string, hotelId: number, roomId: string, rateId: string, overrides: Record<string, unknown> = {}, quantity = 1) {
  const body = reservationBody({ roomId }, { rateId }, stay, overrides, [{ id: roomId, checkin: stay.checkin, checkout: stay.checkout, rateId, quantity: String(quantity), currency: "COP", adults: "2", children: "0" }]);
  return api.call("POST", `/api/v2/bookings/hotel_id=${hotelId}`, { key, body });
}

const detail = async (key: string, code: string) => (await api.call("GET", `/api/v2/bookings/chatbot/${code}`, { key })).body;
const channexOf = (code: string) => fake.bookings().filter((b) => b.revisions[0].ota_reservation_code === code);

describe(`Channex: linking (${testTarget()})`, () => {
  it("imports the property's room types and rate plans with their Channex ids, registers the webhook and fills a year of mirror", async () => {
    const p = property({ family: true });
    const linked = await link(p.propertyId);
    expect(linked).toMatchObject({ synced: true, webhook: true, freshness: "fresh", property_id: p.propertyId, title: "Hotel Caribe Channex", city: "CARTAGENA" });

    const rooms = (await api.call("GET", `/api/v2/hotels/${linked.hotel_id}/room-types`, asOperator)).body;
    expect(rooms).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ roomId: p.dbl, roomName: "Doble estándar", max_adults: 2, max_children: 1, is_active: true }),
        expect.objectContaining({ roomId: p.fam, roomName: "Familiar", max_adults: 4 }),
      ]),
    );
    const plans = (await api.call("GET", `/api/v2/hotels/${linked.hotel_id}/rate-plans`, asOperator)).body;
    expect(plans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rateId: p.dblRate, rateDescription: "Flexible con desayuno", boardType: "BB", currency: "COP" }),
        expect.objectContaining({ rateId: p.famRate, rateDescription: "Por persona" }),
      ]),
    );

    // The webhook: active (Channex's default is not), both events, the secret in its headers, our events URL.
    const [hook] = fake.webhooks(p.propertyId);
    expect(hook).toMatchObject({ is_active: true, callback_url: `${api.url}/api/gateways/channex/events`, headers: { [WEBHOOK_SECRET_HEADER]: TEST_WEBHOOK_SECRET } });
    expect(hook.event_mask.split(";")).toEqual(expect.arrayContaining(["ari", "booking"]));

    // At least a year ahead, from two reads (one of each kind).
    const [span] = await api.db.sql.query<{ n: number; last: string }>(
      `SELECT count(*)::int AS n, max(date)::text AS last FROM inventory_nights i JOIN room_types rt ON rt.id = i.room_type_id WHERE rt.room_id = $1`,
      [p.dbl],
    );
    expect(span.n).toBeGreaterThanOrEqual(366);
    expect(span.last >= addDays(today, 365)).toBe(true);
    expect(fake.ariReads(p.propertyId, "availability")).toHaveLength(1);
    expect(fake.ariReads(p.propertyId, "restrictions")).toHaveLength(1);

    // Searched like any hotel: per-room price, and per-person plans priced per occupancy.
    const two = await available(linked.hotel_id, p.dbl, 2);
    expect(two).toMatchObject({ count: 3 });
    expect(two!.products[0].baseDailyAmounts.map((d) => d.amountBeforeTax)).toEqual([100000, 100000]);
    const famTwo = await available(linked.hotel_id, p.fam!, 2);
    expect(famTwo!.products[0].baseDailyAmounts[0].amountBeforeTax).toBe(150000);
    const famThree = await available(linked.hotel_id, p.fam!, 3);
    expect(famThree!.products[0].baseDailyAmounts[0].amountBeforeTax).toBe(190000);
    expect(await available(linked.hotel_id, p.dbl, 3)).toBeUndefined();

    // Managed in Channex: our own ARI editing is refused, clearly.
    const put = await api.call("PUT", `/api/v2/hotels/${linked.hotel_id}/inventory`, { ...asOperator, body: { updates: [{ roomId: p.dbl, from: checkin, to: checkin, rooms: 9 }] } });
    expect(put.status).toBe(409);
    expect(put.body).toEqual({
      code: "409",
      message: "Conflicto con el estado actual del recurso",
      detail: "Este hotel se gestiona en Channex: cambie allí la disponibilidad, las tarifas, las restricciones y los tipos de habitación; HotelPay los copia solo.",
    });
  });

  it("links an existing hotel, and refuses what cannot be linked with a clear error", async () => {
    const hotel = await api.db.prisma.hotel.create({ data: { name: "Hotel existente", city: "SANTA_MARTA", channelManagerId: `own-${Date.now()}` } });
    const old = await api.db.prisma.roomType.create({ data: { hotelId: hotel.id, roomId: "OLD", roomName: "Vieja", roomType: "DOUBLE", beds: 2, maxAdults: 2, maxChildren: 0 } });
    const p = property();
    const linked = await link(p.propertyId, { hotel_id: hotel.id });
    expect(linked.hotel_id).toBe(hotel.id);
    expect((await api.db.prisma.roomType.findUniqueOrThrow({ where: { id: old.id } })).isActive).toBe(false);
    expect((await api.db.prisma.hotel.findUniqueOrThrow({ where: { id: hotel.id } })).channelManagerId).toBe(p.propertyId);

    const again = await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: p.propertyId } });
    const conflict = (detail: string) => ({ code: "409", message: "Conflicto con el estado actual del recurso", detail });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(conflict(`property_id: la propiedad ya está conectada al hotel «Hotel existente» (${hotel.id})`));
    const other = property();
    const taken = await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: other.propertyId, hotel_id: hotel.id } });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual(conflict(`hotel_id: el hotel ya está conectado a la propiedad ${p.propertyId} de Channex`));
    const unlinked = await api.call("POST", "/api/v2/channex/properties/99999999/sync", asOperator);
    expect(unlinked.status).toBe(404);
    expect(unlinked.body).toEqual({ code: "404", message: "Recurso no encontrado", detail: "El hotel 99999999 no está conectado a Channex" });
    expect((await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: other.propertyId, hotel_id: 99_999_999 } })).status).toBe(404);
    const unknown = await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: "00000000-0000-4000-8000-000000000000" } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toMatch(/^property_id: Channex no tiene la propiedad/);
    const bad = await api.call("POST", "/api/v2/channex/properties", { ...asOperator, body: { property_id: "hotel-1" } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^property_id: debe ser el id de la propiedad en Channex/);
    const { key } = await agencyWithKey(api.db);
    expect((await api.call("POST", "/api/v2/channex/properties", { key, body: { property_id: other.propertyId } })).status).toBe(403);
  });
});

describe(`Channex: the webhook (${testTarget()})`, () => {
  const post = (headers: Record<string, string>, rawBody: string) => api.call("POST", "/api/gateways/channex/events", { headers: { "content-type": "application/json", ...headers }, rawBody });
  const good = { [WEBHOOK_SECRET_HEADER]: TEST_WEBHOOK_SECRET };

  it("answers 401 without the secret or with another one, whatever the body; 200 with it; never a 500", async () => {
    const p = property();
    const { hotel_id } = await link(p.propertyId);
    const event = JSON.stringify({ event: "ari", property_id: p.propertyId, timestamp: new Date().toISOString() });
    expect((await post({}, event)).status).toBe(401);
    expect((await post({ [WEBHOOK_SECRET_HEADER]: "wrong" }, event)).status).toBe(401);
    expect((await post({ [WEBHOOK_SECRET_HEADER]: TEST_WEBHOOK_SECRET.slice(0, -1) }, event)).status).toBe(401);
    expect((await post({ [WEBHOOK_SECRET_HEADER]: "wrong" }, "{not json")).status).toBe(401);
    expect((await post({}, "x".repeat(2_000_000))).status).toBe(413);

    const hostile = ["{not json", "[1,2,3]", '"text"', JSON.stringify({ property_id: 42 }), "[".repeat(5000) + "]".repeat(5000), JSON.stringify({ event: "ari", property_id: "\u0000" }), "x".repeat(2_000_000)];
    for (const body of hostile) {
      const r = await post(good, body);
      expect(r.status, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(r.status, body.slice(0, 40)).toBeLessThan(500);
    }
    const fine = await post(good, event);
    expect(fine.status).toBe(200);
    expect(fine.body).toEqual({ received: true });
    // An unknown property is acknowledged and ignored.
    expect((await post(good, JSON.stringify({ event: "ari", property_id: "0d9a0b2e-0000-4000-8000-000000000000" }))).status).toBe(200);
    expect((await post(good, "")).status).toBe(200);
    // The accepted one scheduled a pull of that property.
    await until("a pull after the webhook", async () => (await api.db.prisma.channexProperty.findUniqueOrThrow({ where: { hotelId: hotel_id } })).pulls, (n) => n >= 2);
  });

  it("a storm of 100 ari events for one property costs a few pulls, and searches show the change", async () => {
    const p = property({ rooms: 4 });
    const { hotel_id } = await link(p.propertyId);
    const readsBefore = fake.ariReads(p.propertyId, "availability").length;
    const pullsBefore = (await api.db.prisma.channexProperty.findUniqueOrThrow({ where: { hotelId: hotel_id } })).pulls;
    // Another channel takes three rooms on the first night; Channex tells us a hundred times.
    fake.setAvailability(p.dbl, [stay.checkin], 1, { silent: true });
    const body = JSON.stringify({ event: "ari", property_id: p.propertyId, timestamp: new Date().toISOString() });
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(good, body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Fresh within the budget: the search shows the one room left.
    await until("the search shows the change", () => available(hotel_id, p.dbl), (r) => r?.count === 1);
    // Settled: no more pulls pending.
    await until("pulls settle", async () => (await api.db.prisma.channexProperty.findUniqueOrThrow({ where: { hotelId: hotel_id } })).pullWantedAt, (w) => w === null);
    const pulls = (await api.db.prisma.channexProperty.findUniqueOrThrow({ where: { hotelId: hotel_id } })).pulls - pullsBefore;
    const reads = fake.ariReads(p.propertyId, "availability").length - readsBefore;
    expect(pulls).toBeGreaterThanOrEqual(1);
    expect(pulls).toBeLessThanOrEqual(3);
    expect(reads).toBeLessThanOrEqual(3);
    expect(fake.maxAriReadsPerMinute(p.propertyId, "availability")).toBeLessThanOrEqual(10);
    expect(fake.maxAriReadsPerMinute(p.propertyId, "restrictions")).toBeLessThanOrEqual(10);
  });
});

describe(`Channex: bookings pushed exactly once (${testTarget()})`, () => {
  it("4.1 pushes one Channex booking; once Channex counts it, it is not subtracted twice; 4.4 and cancel are full-body PUTs", async () => {
    const p = property({ rooms: 3 });
    const { hotel_id } = await link(p.propertyId);
    const { key } = await agencyWithKey(api.db, { name: "Agencia Mar Azul" });
    const res = await book(key, hotel_id, p.dbl, p.dblRate, { firstName: "Laura", lastName: "Gómez", email: "laura@example.co", telephone: "573001234567" });
    expect(res.status, res.text).toBe(200);
    const code = res.body.chatbot_id as string;
    // Our hold counts at once.
    expect((await available(hotel_id, p.dbl))!.count).toBe(2);

    const [b] = channexOf(code);
    expect(channexOf(code)).toHaveLength(1);
    const body = b.revisions[0];
    expect(body).toMatchObject({
      property_id: p.propertyId,
      ota_reservation_code: code,
      ota_name: "Offline",
      arrival_date: stay.checkin,
      departure_date: stay.checkout,
      currency: "COP",
      customer: { name: "Laura", surname: "Gómez", mail: "laura@example.co", phone: "573001234567" },
    });
    expect(body.rooms).toEqual([
      expect.objectContaining({ room_type_id: p.dbl, rate_plan_id: p.dblRate, days: { [stay.checkin]: "100000.00", [addDays(stay.checkin, 1)]: "100000.00" }, occupancy: { adults: 2, children: 0, infants: 0 } }),
    ]);

    // Channex processes it (asynchronously), we see it, pull again: 2 left at Channex, 2 left for us, not 1.
    const sync = await until("confirmed at Channex", () => detail(key, code), (d) => d.channel_sync?.state === "confirmed");
    expect(sync.channel_sync).toMatchObject({ manager: "channex", channex_booking_id: b.id, message: expect.stringMatching(/Registrada/) });
    await until("Channex's availability is read after the booking", async () => (await api.db.sql.query<{ a: number }>(`SELECT a.availability AS a FROM channex_availability a JOIN room_types rt ON rt.id = a.room_type_id WHERE rt.room_id = $1 AND a.date = $2::date`, [p.dbl, stay.checkin]))[0]?.a, (a) => a === 2);
    await until("pulls settle", async () => (await api.db.prisma.channexProperty.findUniqueOrThrow({ where: { hotelId: hotel_id } })).pullWantedAt, (w) => w === null);
    expect((await available(hotel_id, p.dbl))!.count).toBe(2);

    // 4.4: the full body again, status modified, with the new guest.
    const put = await api.call("PUT", `/api/v2/bookings/chatbot/${code}`, { key, body: { reservation: { firstName: "Mariana" } } });
    expect(put.status).toBe(200);
    await until("the modification reaches Channex", async () => fake.booking(b.id)!.revisions.length, (n) => n === 2);
    expect(fake.booking(b.id)!.revisions[1]).toMatchObject({ status: "modified", customer: { name: "Mariana", surname: "Gómez" }, ota_reservation_code: code });
    expect(Object.keys(fake.booking(b.id)!.revisions[1].rooms[0].days)).toHaveLength(2);

    // Cancel: the full body with every night, status cancelled; Channex gives the room back; so do we.
    expect((await api.call("POST", `/api/v2/bookings/chatbot/${code}/cancel`, { key })).status).toBe(200);
    await until("cancelled at Channex", async () => fake.booking(b.id)!.status, (s) => s === "cancelled");
    expect(fake.booking(b.id)!.revisions.at(-1)).toMatchObject({ status: "cancelled", customer: { name: "Mariana" } });
    expect(fake.availabilityOf(p.dbl, stay.checkin)).toBe(3);
    await until("the room is back for sale", () => available(hotel_id, p.dbl), (r) => r?.count === 3);
    expect((await detail(key, code)).channel_sync.state).toBe("cancelled");
    // One booking, ever.
    expect(fake.calls.filter((c) => c.method === "POST" && c.path === "/bookings").length).toBeGreaterThanOrEqual(1);
    expect(channexOf(code)).toHaveLength(1);
  });

  it("one Channex room per room booked; an unpaid booking that expires is cancelled at Channex", async () => {
    const p = property({ rooms: 3 });
    const { hotel_id } = await link(p.propertyId);
    const { key } = await agencyWithKey(api.db);
    const res = await book(key, hotel_id, p.dbl, p.dblRate, {}, 2);
    const code = res.body.chatbot_id as string;
    const [b] = channexOf(code);
    expect(b.revisions[0].rooms).toHaveLength(2);
    await until("confirmed", () => detail(key, code), (d) => d.channel_sync?.state === "confirmed");

    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code } });
    expect((await cron("reservations-expiry", new Date(r.paymentDeadline.getTime() + 60_000))).status).toBe(200);
    await until("cancelled at Channex", async () => fake.booking(b.id)!.status, (s) => s === "cancelled");
    expect(fake.booking(b.id)!.revisions.at(-1)!.rooms).toHaveLength(2);
    expect(fake.availabilityOf(p.dbl, stay.checkin)).toBe(3);
  });

  it("a POST whose answer never comes: 4.1 still answers with its one booking, the retry finds it by its code and never posts twice", async () => {
    const p = property({ rooms: 10 });
    const { hotel_id } = await link(p.propertyId);
    // Another booking on the property, and Channex ignoring the undocumented code filter: the lookup must check.
    const { key } = await agencyWithKey(api.db);
    const first = (await book(key, hotel_id, p.dbl, p.dblRate)).body.chatbot_id as string;
    await until("first confirmed", () => detail(key, first), (d) => d.channel_sync?.state === "confirmed");
    fake.ignoreCodeFilter = true;
    try {
      // Channex takes the booking but its answer comes after we gave up (3 s).
      fake.stallNext("POST /bookings", { ms: 4500, execute: true });
      const res = await book(key, hotel_id, p.dbl, p.dblRate);
      expect(res.body.chatbot_id, res.text).toBeTruthy();
      const code = res.body.chatbot_id as string;
      expect((await detail(key, code)).channel_sync.state).toBe("uncertain");
      await until("Channex processed it", async () => channexOf(code).filter((b) => b.processed).length, (n) => n === 1);
      expect((await cron("channex-bookings")).status).toBe(200);
      // The job runs each scheduler interval: on a loaded machine one run may come before the booking is due.
      await until("found by its code", async () => (await cron("channex-bookings"), detail(key, code)), (d) => d.channel_sync?.state === "confirmed");
      expect(channexOf(code)).toHaveLength(1);
      expect((await detail(key, code)).channel_sync.channex_booking_id).toBe(channexOf(code)[0].id);

      // The POST is lost on the way (nothing created): not found, so nothing is posted before the settle window;
      // after it, posted once more: still one booking.
      fake.stallNext("POST /bookings", { ms: 4500, execute: false });
      const lostRes = await book(key, hotel_id, p.dbl, p.dblRate);
      expect(lostRes.body.chatbot_id, lostRes.text).toBeTruthy();
      const lost = lostRes.body.chatbot_id as string;
      const posts = () => fake.calls.filter((c) => c.method === "POST" && c.path === "/bookings").length;
      const before = posts();
      await cron("channex-bookings", new Date(Date.now() + 20_000));
      expect(posts()).toBe(before);
      expect(channexOf(lost)).toHaveLength(0);
      await cron("channex-bookings", new Date(Date.now() + 4 * 60_000));
      expect(posts()).toBe(before + 1);
      expect(channexOf(lost)).toHaveLength(1);
    } finally {
      fake.ignoreCodeFilter = false;
    }
  });

  it("Channex failing: the booking stands on our hold, waits in the push queue (/api/metrics channex_pushes) and goes out once", async () => {
    const p = property({ rooms: 4 });
    const { hotel_id } = await link(p.propertyId);
    const { key } = await agencyWithKey(api.db);
    process.env.METRICS_TOKEN = "metrics-token-channex-0123456789";
    const depth = async () => {
      const r = await fetch(`${api.url}/api/metrics`, { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
      expect(r.status).toBe(200);
      const line = (await r.text()).split("\n").find((l) => l.startsWith('hotelpay_outbox_depth{outbox="channex_pushes"} '));
      expect(line, "channex_pushes is registered").toBeTruthy();
      return Number(line!.split(" ")[1]);
    };
    try {
      // A 500 may or may not have created the booking: 4.1 answers with ours, the push is owed.
      fake.failNext("POST /bookings", 1, 500);
      const res = await book(key, hotel_id, p.dbl, p.dblRate);
      expect(res.status, res.text).toBe(200);
      const code = res.body.chatbot_id as string;
      expect((await detail(key, code)).channel_sync.state).toBe("uncertain");
      expect((await available(hotel_id, p.dbl))!.count).toBe(3);
      const queued = await depth();
      expect(queued).toBeGreaterThanOrEqual(1);
      // After the pause and the settle window, the job looks it up, finds nothing and posts it: one booking.
      await cron("channex-bookings", new Date(Date.now() + 4 * 60_000));
      await until("confirmed at Channex", () => detail(key, code), (d) => d.channel_sync?.state === "confirmed");
      expect(channexOf(code)).toHaveLength(1);
      expect(await depth()).toBeLessThanOrEqual(queued - 1);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it("what Channex refuses is a clear state for the agency and the operator, and the operator can retry once fixed", async () => {
    const p = property({ rooms: 3 });
    const { hotel_id } = await link(p.propertyId);
    fake.setCrsInstalled(p.propertyId, false);
    const { key } = await agencyWithKey(api.db);
    const res = await book(key, hotel_id, p.dbl, p.dblRate);
    expect(res.body.chatbot_id, res.text).toBeTruthy();
    const code = res.body.chatbot_id as string;
    const seen = await detail(key, code);
    expect(seen.channel_sync, JSON.stringify(await api.db.sql.query(`SELECT state, last_error, next_attempt_at FROM channex_bookings WHERE hotel_id = $1`, [hotel_id]))).toMatchObject({ state: "refused", message: expect.stringMatching(/Booking CRS/) });
    // The agency reads Spanish, without Channex's internals.
    expect(seen.channel_sync.message).not.toMatch(/forbidden|booking_crs|403/i);

    const failed = (await api.call("GET", "/api/v2/channex/bookings?state=failed", asOperator)).body as Array<{ chatbot_id: string; last_error: string }>;
    expect(failed.find((f) => f.chatbot_id === code)?.last_error).toMatch(/403/);
    const alerts = (await api.call("GET", "/api/v2/channex/alerts", asOperator)).body as Array<{ kind: string; hotel_id: number; detail: string }>;
    expect(alerts).toEqual(expect.arrayContaining([expect.objectContaining({ kind: "refused", hotel_id, detail: expect.stringContaining(code) })]));

    fake.setCrsInstalled(p.propertyId, true);
    const retry = await api.call("POST", `/api/v2/channex/bookings/${code}/retry`, asOperator);
    expect(retry.status, retry.text).toBe(200);
    await until("confirmed after the retry", () => detail(key, code), (d) => d.channel_sync?.state === "confirmed");
    expect(channexOf(code)).toHaveLength(1);
    const again = await api.call("POST", `/api/v2/channex/bookings/${code}/retry`, asOperator);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: `La reserva ${code.toUpperCase()} no tiene un envío rechazado` });
    expect(((await api.call("GET", "/api/v2/channex/alerts", asOperator)).body as Array<{ kind: string; detail: string }>).some((a) => a.kind === "refused" && a.detail.includes(code))).toBe(false);
  });
});

describe(`Channex: the race with other channels (${testTarget()})`, () => {
  it("a room another channel sold since the last pull: the re-check answers 4.1 with no_available_rooms", async () => {
    const p = property({ rooms: 1 });
    const { hotel_id } = await link(p.propertyId);
    expect((await available(hotel_id, p.dbl))!.count).toBe(1);
    fake.sellElsewhere(p.dbl, stay.checkin, stay.nights, { silent: true });
    const { key } = await agencyWithKey(api.db);
    const res = await book(key, hotel_id, p.dbl, p.dblRate);
    expect(res.status).toBe(200);
    expect(res.body.no_available_rooms).toEqual([{ room: p.dbl, product: p.dblRate }]);
    expect(fake.bookings(p.propertyId)).toHaveLength(0);
    expect(await available(hotel_id, p.dbl)).toBeUndefined();
  });

  it("negative availability seen afterwards is an overbooking alert for the operator and the hotel's admin", async () => {
    const p = property({ rooms: 1 });
    const { hotel_id } = await link(p.propertyId);
    const { key } = await agencyWithKey(api.db);
    const code = (await book(key, hotel_id, p.dbl, p.dblRate)).body.chatbot_id as string;
    await until("confirmed", () => detail(key, code), (d) => d.channel_sync?.state === "confirmed");
    // Another channel sold the same room after our push: Channex accepts it and goes below zero.
    fake.sellElsewhere(p.dbl, stay.checkin, 1);
    const alerts = await until(
      "an overbooking alert",
      async () => (await api.call("GET", "/api/v2/channex/alerts", asOperator)).body as Array<{ kind: string; hotel_id: number; detail: string }>,
      (a) => a.some((x) => x.kind === "overbooking" && x.hotel_id === hotel_id),
    );
    expect(alerts.find((x) => x.kind === "overbooking" && x.hotel_id === hotel_id)!.detail).toMatch(/-1 en «Doble estándar»/);
    const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotel_id] });
    const adminKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
    const theirs = (await api.call("GET", "/api/v2/channex/alerts", { key: adminKey })).body as Array<{ hotel_id: number; kind: string }>;
    expect(theirs.some((x) => x.kind === "overbooking" && x.hotel_id === hotel_id)).toBe(true);
    expect(theirs.every((x) => x.hotel_id === hotel_id)).toBe(true);
    const stranger = await createUser(api.db, "hotel_admin", { hotelIds: [] });
    const strangerKey = (await issueApiKey(api.db, { role: "hotel_admin", userId: stranger.id }, new Date())).key;
    expect((await api.call("GET", "/api/v2/channex/alerts", { key: strangerKey })).body).toEqual([]);
  });

  it.skipIf(testTarget() !== "postgres")("agencies racing for the last room of a Channex hotel: it is sold once, and pushed once", async () => {
    const p = property({ rooms: 1 });
    const { hotel_id } = await link(p.propertyId);
    const agencies = await Promise.all(Array.from({ length: 6 }, () => agencyWithKey(api.db)));
    const answers = await Promise.all(agencies.map(({ key }) => book(key, hotel_id, p.dbl, p.dblRate)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const sold = answers.filter((a) => a.body.chatbot_id);
    expect(sold).toHaveLength(1);
    expect(answers.filter((a) => a.body.no_available_rooms)).toHaveLength(5);
    expect(fake.bookings(p.propertyId)).toHaveLength(1);
    expect(fake.bookings(p.propertyId)[0].revisions[0].ota_reservation_code).toBe(sold[0].body.chatbot_id);
  });
});

describe(`Channex: the request budget (${testTarget()})`, () => {
  const good = { [WEBHOOK_SECRET_HEADER]: TEST_WEBHOOK_SECRET, "content-type": "application/json" };

  it("bookings and webhooks all at once never take more than 10 reads of a kind a minute", async () => {
    const p = property({ rooms: 20 });
    const { hotel_id } = await link(p.propertyId);
    const event = JSON.stringify({ event: "ari", property_id: p.propertyId });
    const { key } = await agencyWithKey(api.db);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => book(key, hotel_id, p.dbl, p.dblRate)),
      ...Array.from({ length: 30 }, () => api.call("POST", "/api/gateways/channex/events", { headers: good, rawBody: event })),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // A POST slowed down by the load may have timed out: the job finds it by its code (never a second POST).
    await until(
      "pushes confirmed",
      async () => {
        await cron("channex-bookings", new Date(Date.now() + 30_000));
        return (await api.call("GET", "/api/v2/channex/bookings?state=pending", asOperator)).body as unknown[];
      },
      (rows) => rows.length === 0,
      30_000,
    );
    expect(fake.bookings(p.propertyId)).toHaveLength(12);
    expect(fake.maxAriReadsPerMinute(p.propertyId, "availability")).toBeLessThanOrEqual(10);
    expect(fake.maxAriReadsPerMinute(p.propertyId, "restrictions")).toBeLessThanOrEqual(10);
    expect(fake.calls.filter((c) => c.status === 429 && c.query.get("filter[property_id]") === p.propertyId)).toHaveLength(0);
  });

  it("a 429 pauses every request for that property for a minute; then the owed pull goes out", async () => {
    const p = property({ rooms: 5 });
    const { hotel_id } = await link(p.propertyId);
    const event = JSON.stringify({ event: "ari", property_id: p.propertyId });
    const { key } = await agencyWithKey(api.db);
    fake.failNext("GET /availability", 50, 429);
    try {
      const sync = await api.call("POST", `/api/v2/channex/properties/${hotel_id}/sync`, asOperator);
      expect(sync.status, sync.text).toBe(200);
      expect(sync.body.synced).toBe(false);
      expect(sync.body.paused_until).not.toBeNull();
      const reads = () => fake.calls.filter((c) => (c.path === "/availability" || c.path === "/restrictions") && c.query.get("filter[property_id]") === p.propertyId).length;
      const after429 = reads();
      const posts = () => fake.calls.filter((c) => c.path === "/bookings" && c.method === "POST").length;
      const postsBefore = posts();
      // Webhooks, a booking and the job during the pause: not one request to Channex for this property.
      const storm = await Promise.all(Array.from({ length: 20 }, () => api.call("POST", "/api/gateways/channex/events", { headers: good, rawBody: event })));
      expect(storm.every((a) => a.status === 200)).toBe(true);
      const res = await book(key, hotel_id, p.dbl, p.dblRate);
      expect(res.status).toBe(200);
      expect((await cron("channex-sync")).status).toBe(200);
      expect((await cron("channex-bookings")).status).toBe(200);
      expect(reads()).toBe(after429);
      expect(posts()).toBe(postsBefore);
      // The booking waits for the pause, visibly.
      expect((await detail(key, res.body.chatbot_id)).channel_sync.state).toBe("owed");
      // A minute later (test clock), Channex answers again: the pull and the push go out.
      fake.clearControls();
      const later = new Date(Date.now() + 61_000);
      expect((await cron("channex-sync", later)).status).toBe(200);
      expect(reads()).toBeGreaterThan(after429);
      expect((await cron("channex-bookings", later)).status).toBe(200);
      expect(posts()).toBe(postsBefore + 1);
    } finally {
      fake.clearControls();
    }
  });
});
