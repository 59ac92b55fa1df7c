// Spending controls of virtual cards (docs/decisions.md 10.8), through real HTTP: a limit per charge and for the
// card's life, a lock to hotels, the reason of a declined charge, the card's transactions, changing the controls,
// and two charges racing on one limited card.
import { describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { withCardApi } from "@/lib/testing/payments";
import { testTarget } from "@/lib/testing/db";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { agencyWithOrg as agencyWithOrgOf } from "@/lib/testing/cards";
import { addDays, bogotaDate } from "@/lib/time";
import { encryptCardField } from "@/lib/payments/card-crypto";
import { BOOKING_CODE, reservationBody, sellableHotel } from "@/lib/testing/booking-fixtures";

let api: TestServer;
let pem: string;
withCardApi((s) => ({ api, pem } = s));

type NewCard = paths["/v1/virtual-cards"]["post"]["requestBody"]["content"]["application/json"];
type Controls = NonNullable<NewCard["spending_controls"]>;
const today = () => bogotaDate(new Date());
let seq = 0;

const agencyWithOrg = () => agencyWithOrgOf(api, { prefix: "Controles", description: "Estadías" });

const cardBody = (orgId: number, over: Partial<NewCard> = {}): NewCard => ({
  card_name: "Laura Gómez",
  activation: today(),
  expiration: addDays(today(), 30),
  organization_id: orgId,
  one_time_use: false,
  destination: { external_id: "hotel-77", name: "Hotel Caribe", email: "reservas@hotelcaribe.co" },
  external_reference: `RES-${seq++}`,
  ...over,
});

/** An active card (activated today by its owner) with its sandbox number. */
async function activeCard(controls?: Controls, over: Partial<NewCard> = {}) {
  const a = await agencyWithOrg();
  const created = await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { ...over, spending_controls: controls }) });
  expect(created.response.status).toBe(200);
  const card = created.data!.data;
  const path = { params: { path: { card_id: card.card_id } } };
  expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/unfreeze", path)).response.status).toBe(200);
  const details = (await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}/sandbox-details", path)).data!;
  return { a, card, details, path };
}

type Details = { number: string; cvc: string; exp_month: number; exp_year: number };
function charge(key: string, d: Details, hotelId: number, amount: number) {
  const enc = (v: string) => encryptCardField(v, pem);
  return apiClient(api, key).POST("/v2/virtual-terminal/credit-card", {
    body: {
      order: { ref_name: "Ana", ref_lastname: "Gómez", ref_number: `VC-${Math.random().toString(36).slice(2, 8)}`, amount, installments: 1, hotel_id: hotelId },
      card_item: { cc_number: enc(d.number), cc_code: enc(d.cvc), cc_expire_month: enc(String(d.exp_month)), cc_expire_year: enc(String(d.exp_year)), cc_holder: enc("Ana Gómez") },
    },
  });
}

const detail = (key: string, cardId: string) => apiClient(api, key).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: cardId } } });
const transactions = (key: string, cardId: string, query: { status?: "pending" | "approved" | "rejected" | "refunded"; page?: number; per_page?: number } = {}) =>
  apiClient(api, key).GET("/v1/virtual-cards/{card_id}/transactions", { params: { path: { card_id: cardId }, query } });

describe("creating a card with spending controls", () => {
  it("stores the limits and hotels, answers them in the card's shape, and shows names and what is left", async () => {
    const h1 = await createHotel(api.db, { name: "Hotel Las Américas" });
    const h2 = await createHotel(api.db, { name: "Casa Pestagua", city: "CARTAGENA" });
    const a = await agencyWithOrg();
    const res = await apiClient(api, a.key).POST("/v1/virtual-cards", {
      body: cardBody(a.orgId, {
        spending_controls: {
          spending_limits: [
            { amount: 1_500_000, interval: "all_time" },
            { amount: 800_000.5, interval: "per_authorization" },
          ],
          allowed_hotel_ids: [h2.id, h1.id, h2.id],
        },
      }),
    });
    expect(res.response.status).toBe(200);
    const sorted = [h1.id, h2.id].sort((x, y) => x - y);
    expect(res.data!.data.spending_controls).toEqual({
      spending_limits: [
        { amount: 800_000.5, interval: "per_authorization" },
        { amount: 1_500_000, interval: "all_time" },
      ],
      allowed_hotel_ids: sorted,
    });
    const row = await api.db.prisma.virtualCard.findUniqueOrThrow({ where: { id: res.data!.data.card_id }, include: { allowedHotels: true } });
    expect(row.limitAllTime?.toString()).toBe("1500000");
    expect(row.limitPerAuthorization?.toString()).toBe("800000.5");
    expect(row.allowedHotels.map((h) => h.hotelId).sort((x, y) => x - y)).toEqual(sorted);

    const got = await detail(a.key, res.data!.data.card_id);
    expect(got.data).toMatchObject({ spent_amount: 0, available_amount: 1_500_000, account_holder_name: "Laura Gómez", organization_name: expect.stringMatching(/^Controles /) });
    expect(got.data!.allowed_hotels).toEqual([
      { hotel_id: h2.id, name: "Casa Pestagua", city: "CARTAGENA" },
      { hotel_id: h1.id, name: "Hotel Las Américas", city: "BOGOTA" },
    ]);
    const list = await apiClient(api, a.key).GET("/v1/virtual-cards");
    expect(list.data![0].spending_controls.allowed_hotel_ids).toEqual(sorted);
  });

  it("without a lifetime limit there is nothing available to count: available_amount is null", async () => {
    const { a, card } = await activeCard({ spending_limits: [{ amount: 500_000, interval: "per_authorization" }] });
    expect((await detail(a.key, card.card_id)).data).toMatchObject({ spent_amount: 0, available_amount: null, allowed_hotels: [] });
  });

  const invalid: Array<[string, unknown, number, RegExp]> = [
    ["an unknown interval", { spending_limits: [{ amount: 1000, interval: "monthly" }] }, 400, /^spending_controls\.spending_limits\.0\.interval: .*per_authorization/],
    ["a zero amount", { spending_limits: [{ amount: 0, interval: "all_time" }] }, 400, /^spending_controls\.spending_limits\.0\.amount: debe ser mayor que 0/],
    ["a negative amount", { spending_limits: [{ amount: -5, interval: "all_time" }] }, 400, /amount: debe ser mayor que 0/],
    ["three decimals", { spending_limits: [{ amount: 10.005, interval: "all_time" }] }, 400, /amount: admite como máximo dos decimales/],
    ["an amount as text", { spending_limits: [{ amount: "1000", interval: "all_time" }] }, 400, /amount: debe ser un número/],
    ["a huge amount", { spending_limits: [{ amount: 1e15, interval: "all_time" }] }, 400, /amount: supera el máximo permitido/],
    [
      "two limits of one interval",
      { spending_limits: [{ amount: 1000, interval: "all_time" }, { amount: 2000, interval: "all_time" }] },
      400,
      /^spending_controls\.spending_limits: tiene dos límites all_time/,
    ],
    [
      "a charge limit above the total",
      { spending_limits: [{ amount: 2000, interval: "per_authorization" }, { amount: 1000, interval: "all_time" }] },
      400,
      /límite por cobro no puede superar el límite total/,
    ],
    ["a misspelt control", { alowed_hotel_ids: [1] }, 400, /^spending_controls: campo desconocido: alowed_hotel_ids/],
    ["a misspelt limit field", { spending_limits: [{ amount: 1000, interval: "all_time", currency: "USD" }] }, 400, /spending_limits\.0: campo desconocido: currency/],
    ["hotels not a list", { allowed_hotel_ids: 5 }, 400, /^spending_controls\.allowed_hotel_ids: debe ser una lista/],
    ["a hotel id as text", { allowed_hotel_ids: ["uno"] }, 400, /^spending_controls\.allowed_hotel_ids\.0: debe ser un número entero/],
    ["a hotel id beyond int4", { allowed_hotel_ids: [2147483648] }, 400, /allowed_hotel_ids\.0: debe ser un identificador válido/],
    ["too many hotels", { allowed_hotel_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 400, /admite como máximo 50 hoteles/],
    ["controls not an object", "sí", 400, /^spending_controls: debe ser un objeto/],
    ["an unknown hotel", { allowed_hotel_ids: [2147483000] }, 404, /^spending_controls\.allowed_hotel_ids: el hotel 2147483000 no existe/],
  ];
  for (const [label, controls, status, rule] of invalid) {
    it(`${status} and no card: ${label}`, async () => {
      const a = await agencyWithOrg();
      const res = await api.call("POST", "/api/v1/virtual-cards", { key: a.key, body: { ...cardBody(a.orgId), spending_controls: controls } });
      expect(res.status).toBe(status);
      expect(res.body.detail).toMatch(rule);
      expect(await api.db.prisma.virtualCard.count({ where: { agencyId: a.agency.id } })).toBe(0);
    });
  }
});

describe("charges a card's controls decline", () => {
  it("a one-time card locked to one hotel is declined at another, with the reason, and still pays its own hotel", async () => {
    const mine = await createHotel(api.db, { name: "Hotel Santa Clara" });
    const other = await createHotel(api.db, { name: "Hotel Dann Carlton" });
    const { a, card, details } = await activeCard({ allowed_hotel_ids: [mine.id] }, { one_time_use: true });

    // The story: $ 1.650.000 at another hotel.
    const wrong = await charge(a.key, details, other.id, 1_650_000);
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toMatchObject({
      code: 0,
      message: "Error HTTP 400: pago rechazado",
      detail: "la tarjeta virtual no puede pagar en Hotel Dann Carlton: solo paga en Hotel Santa Clara",
      extra_info: { voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) },
    });
    // Declined before the gateway: nothing charged, and the one-time card is not used up.
    const declined = await api.db.prisma.paymentTransaction.findFirstOrThrow({ where: { virtualCardId: card.card_id } });
    expect(declined).toMatchObject({ status: "rejected", declineCode: "virtual_card_hotel_not_allowed" });
    expect(await api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: declined.id } })).toBe(0);
    expect((await detail(a.key, card.card_id)).data!.status).toBe("active");

    const right = await charge(a.key, details, mine.id, 1_650_000);
    expect(right.response.status).toBe(200);
    expect((await detail(a.key, card.card_id)).data!.status).toBe("cancelled");
  });

  it("several hotels are named in the reason (up to three, then a count)", async () => {
    const hs = await Promise.all(["Alfa", "Beta", "Gama", "Delta"].map((n) => createHotel(api.db, { name: `Hotel ${n} ${seq++}` })));
    const elsewhere = await createHotel(api.db, { name: "Hotel Fuera" });
    const three = await activeCard({ allowed_hotel_ids: hs.slice(0, 3).map((h) => h.id) });
    const r3 = await charge(three.a.key, three.details, elsewhere.id, 10_000);
    const names = hs.slice(0, 3).map((h) => h.name);
    expect(r3.error!.detail).toBe(`la tarjeta virtual no puede pagar en Hotel Fuera: solo paga en ${names[0]}, ${names[1]} y ${names[2]}`);
    const four = await activeCard({ allowed_hotel_ids: hs.map((h) => h.id) });
    expect((await charge(four.a.key, four.details, elsewhere.id, 10_000)).error!.detail).toBe("la tarjeta virtual no puede pagar en Hotel Fuera: solo paga en 4 hoteles autorizados");
  });

  it("a charge above the limit per charge is declined; one equal to it is approved", async () => {
    const hotel = await createHotel(api.db);
    const { a, details, card } = await activeCard({ spending_limits: [{ amount: 800_000, interval: "per_authorization" }] });
    const over = await charge(a.key, details, hotel.id, 800_000.01);
    expect(over.response.status).toBe(400);
    expect(over.error!.detail).toBe("el cobro de $ 800.000,01 supera el límite por cobro de la tarjeta virtual ($ 800.000)");
    expect((await charge(a.key, details, hotel.id, 800_000)).response.status).toBe(200);
    expect((await charge(a.key, details, hotel.id, 800_000)).response.status).toBe(200);
    const rows = await api.db.prisma.paymentTransaction.findMany({ where: { virtualCardId: card.card_id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.status, r.declineCode])).toEqual([
      ["rejected", "virtual_card_over_charge_limit"],
      ["approved", null],
      ["approved", null],
    ]);
  });

  it("the lifetime limit counts approved charges less refunds; declined ones do not count", async () => {
    const hotel = await createHotel(api.db);
    const { a, details, card } = await activeCard({ spending_limits: [{ amount: 1_000_000, interval: "all_time" }] });
    const first = await charge(a.key, details, hotel.id, 600_000);
    expect(first.response.status).toBe(200);
    const over = await charge(a.key, details, hotel.id, 500_000);
    expect(over.response.status).toBe(400);
    expect(over.error!.detail).toBe("el cobro de $ 500.000 supera el saldo disponible de la tarjeta virtual: $ 400.000 de un límite total de $ 1.000.000");
    // The declined 500.000 took nothing: exactly what is left still passes.
    expect((await charge(a.key, details, hotel.id, 400_000)).response.status).toBe(200);
    expect((await detail(a.key, card.card_id)).data).toMatchObject({ spent_amount: 1_000_000, available_amount: 0 });
    expect((await charge(a.key, details, hotel.id, 1)).error!.detail).toBe("el cobro de $ 1 supera el saldo disponible de la tarjeta virtual: $ 0 de un límite total de $ 1.000.000");

    // A refund gives back what it returns to the card.
    const refund = await apiClient(api, a.key).POST("/v2/payments/{id}/refund", { params: { path: { id: first.data!.transaction_id } }, body: { amount: 150_000 } });
    expect(refund.response.status).toBe(200);
    expect((await detail(a.key, card.card_id)).data).toMatchObject({ spent_amount: 850_000, available_amount: 150_000 });
    expect((await charge(a.key, details, hotel.id, 150_000.01)).response.status).toBe(400);
    expect((await charge(a.key, details, hotel.id, 150_000)).response.status).toBe(200);
  });

  it("a frozen, used or expired card says why it is not active", async () => {
    const hotel = await createHotel(api.db);
    const a = await agencyWithOrg();
    const later = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation: addDays(today(), 3) }) })).data!.data;
    const laterDetails = (await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}/sandbox-details", { params: { path: { card_id: later.card_id } } })).data!;
    const [y, m, d] = addDays(today(), 3).split("-");
    expect((await charge(a.key, laterDetails, hotel.id, 1000)).error!.detail).toBe(`tarjeta virtual no activa: se activa el ${d}/${m}/${y}`);

    const { a: b, details, path } = await activeCard();
    expect((await apiClient(api, b.key).POST("/v1/virtual-cards/{card_id}/freeze", path)).response.status).toBe(200);
    expect((await charge(b.key, details, hotel.id, 1000)).error!.detail).toBe("tarjeta virtual no activa: está congelada");
    expect((await apiClient(api, b.key).POST("/v1/virtual-cards/{card_id}/cancel", path)).response.status).toBe(200);
    expect((await charge(b.key, details, hotel.id, 1000)).error!.detail).toBe("tarjeta virtual no activa: fue cancelada");
  });
});

describe("the card's transactions", () => {
  it("lists approved and declined charges, newest first, with the decline reason; paged and filtered", async () => {
    const mine = await createHotel(api.db, { name: "Hotel Movich" });
    const other = await createHotel(api.db, { name: "Hotel Estelar" });
    const { a, details, card } = await activeCard({ allowed_hotel_ids: [mine.id], spending_limits: [{ amount: 300_000, interval: "per_authorization" }] });
    expect((await charge(a.key, details, mine.id, 250_000)).response.status).toBe(200);
    expect((await charge(a.key, details, other.id, 100_000)).response.status).toBe(400);
    expect((await charge(a.key, details, mine.id, 350_000)).response.status).toBe(400);

    const all = await transactions(a.key, card.card_id);
    expect(all.response.status).toBe(200);
    expect(all.data!.total).toBe(3);
    expect(all.data!.items.map((t) => [t.status, t.amount, t.hotel_name, t.decline_code])).toEqual([
      ["rejected", 350_000, "Hotel Movich", "virtual_card_over_charge_limit"],
      ["rejected", 100_000, "Hotel Estelar", "virtual_card_hotel_not_allowed"],
      ["approved", 250_000, "Hotel Movich", null],
    ]);
    const [last, , ok] = all.data!.items;
    expect(last.decline_reason).toBe("el cobro de $ 350.000 supera el límite por cobro de la tarjeta virtual ($ 300.000)");
    expect(ok).toMatchObject({ currency: "COP", hotel_id: mine.id, refunded_amount: 0, decline_reason: null, voucher_url: expect.stringMatching(/^\/v2\/vouchers\//) });
    for (const t of all.data!.items) expect(t.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);

    const page2 = await transactions(a.key, card.card_id, { per_page: 2, page: 2 });
    expect(page2.data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page2.data!.items.map((t) => t.status)).toEqual(["approved"]);
    const rejected = await transactions(a.key, card.card_id, { status: "rejected" });
    expect(rejected.data!.items).toHaveLength(2);
    expect((await transactions(OPERATOR_KEY, card.card_id)).data!.total).toBe(3);
  });

  it("another agency's card is 404; bad paging is 400", async () => {
    const { card } = await activeCard();
    const stranger = await agencyWithKey(api.db);
    expect((await transactions(stranger.key, card.card_id)).response.status).toBe(404);
    const { a } = await activeCard();
    for (const q of ["page=0", "per_page=101", "status=dormida", "page=abc"]) {
      const r = await api.call("GET", `/api/v1/virtual-cards/${card.card_id}/transactions?${q}`, { key: OPERATOR_KEY });
      expect(r.status, q).toBe(400);
    }
    expect((await api.call("GET", "/api/v1/virtual-cards/vc_nope/transactions", { key: a.key })).status).toBe(404);
  });

  it("a charge made by another payer shows on the card without that payer's receipt", async () => {
    const hotel = await createHotel(api.db);
    const { a, details, card } = await activeCard();
    const payer = await agencyWithKey(api.db);
    expect((await charge(payer.key, details, hotel.id, 90_000)).response.status).toBe(200);
    const seen = await transactions(a.key, card.card_id);
    expect(seen.data!.items).toHaveLength(1);
    expect(seen.data!.items[0]).toMatchObject({ status: "approved", amount: 90_000, voucher_url: null });
    expect((await transactions(OPERATOR_KEY, card.card_id)).data!.items[0].voucher_url).toMatch(/^\/v2\/vouchers\//);
  });
});

describe("changing a card's controls (PATCH /v1/virtual-cards/{card_id})", () => {
  it("replaces the parts it names, keeps the others, records the change, and the next charge follows it", async () => {
    const h1 = await createHotel(api.db);
    const h2 = await createHotel(api.db);
    const { a, details, card, path } = await activeCard({ allowed_hotel_ids: [h1.id], spending_limits: [{ amount: 1_000_000, interval: "all_time" }] });
    expect((await charge(a.key, details, h1.id, 700_000)).response.status).toBe(200);

    const patch = (body: unknown, key = a.key) => api.call("PATCH", `/api/v1/virtual-cards/${card.card_id}`, { key, body });
    const r1 = await patch({ spending_controls: { spending_limits: [{ amount: 500_000, interval: "all_time" }] } });
    expect(r1.status).toBe(200);
    expect(r1.body.data.spending_controls).toEqual({ spending_limits: [{ amount: 500_000, interval: "all_time" }], allowed_hotel_ids: [h1.id] });
    // Lowered below what is spent: nothing left, and nothing undone.
    expect((await detail(a.key, card.card_id)).data).toMatchObject({ spent_amount: 700_000, available_amount: 0 });
    expect((await charge(a.key, details, h1.id, 1)).response.status).toBe(400);

    const r2 = await patch({ spending_controls: { allowed_hotel_ids: [], spending_limits: [] } });
    expect(r2.body.data.spending_controls).toEqual({ spending_limits: [], allowed_hotel_ids: [] });
    expect((await charge(a.key, details, h2.id, 2_000_000)).response.status).toBe(200);

    const history = (await detail(a.key, card.card_id)).data!.history;
    expect(history.filter((e) => e.reason === "spending_controls_updated").map((e) => [e.from_status, e.to_status])).toEqual([
      ["active", "active"],
      ["active", "active"],
    ]);
    expect((await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}", path)).data!.status).toBe("active");
  });

  it("400 on bad bodies, 404 for another agency or an unknown hotel, 409 once cancelled; nothing changes", async () => {
    const h1 = await createHotel(api.db);
    const { a, card, path } = await activeCard({ allowed_hotel_ids: [h1.id] });
    const patch = (body: unknown, key = a.key) => api.call("PATCH", `/api/v1/virtual-cards/${card.card_id}`, { key, body });
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /^spending_controls: es obligatorio/],
      [{ spending_controls: { spending_limits: [{ amount: 1, interval: "daily" }] } }, 400, /interval: /],
      [{ status: "active", spending_controls: {} }, 400, /^cuerpo: campo desconocido: status/],
      [{ spending_controls: { allowed_hotel_ids: [2147483000] } }, 404, /el hotel 2147483000 no existe/],
    ];
    for (const [body, status, rule] of cases) {
      const r = await patch(body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.detail).toMatch(rule);
    }
    const stranger = await agencyWithKey(api.db);
    expect((await patch({ spending_controls: { allowed_hotel_ids: [] } }, stranger.key)).status).toBe(404);
    expect((await api.db.prisma.virtualCardHotel.findMany({ where: { cardId: card.card_id } })).map((h) => h.hotelId)).toEqual([h1.id]);

    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/cancel", path)).response.status).toBe(200);
    const late = await patch({ spending_controls: { allowed_hotel_ids: [] } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/^La tarjeta VC-RES-\d+ \(•••• \d{4}\) está cancelada/);
    expect(late.body.detail).not.toMatch(/vc_/);
  });
});

describe("two charges racing on one limited card", () => {
  // On PGlite one connection serialises everything; the race that matters is PostgreSQL's, with real requests
  // overlapping on a pool of connections. The invariant is asserted on both.
  const racers = testTarget() === "postgres" ? 10 : 4;

  it(`${racers} charges at once on a card with $ 1.000.000 left: never more than the limit is approved or charged`, async () => {
    const hotel = await createHotel(api.db);
    const { a, details, card } = await activeCard({ spending_limits: [{ amount: 1_000_000, interval: "all_time" }] });
    const results = await Promise.all(Array.from({ length: racers }, () => charge(a.key, details, hotel.id, 300_000)));
    const approved = results.filter((r) => r.response.status === 200);
    const declined = results.filter((r) => r.response.status === 400);
    expect(approved).toHaveLength(3);
    expect(declined).toHaveLength(racers - 3);
    for (const r of declined) expect(r.error!.detail).toMatch(/^el cobro de \$ 300\.000 supera el saldo disponible de la tarjeta virtual: \$ 100\.000 de un límite total de \$ 1\.000\.000$/);
    const rows = await api.db.prisma.paymentTransaction.findMany({ where: { virtualCardId: card.card_id, status: "approved" } });
    expect(rows.reduce((s, r) => s + r.amount.toNumber(), 0)).toBe(900_000);
    const charged = await api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: { in: rows.map((r) => r.id) }, kind: "charge" } });
    expect(charged).toBe(3);
    const allIds = (await api.db.prisma.paymentTransaction.findMany({ where: { virtualCardId: card.card_id }, select: { id: true } })).map((r) => r.id);
    expect(await api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: { in: allIds }, kind: "charge" } })).toBe(3);
  });
});

describe("one card paying one reservation many times at once", () => {
  // Each charge locks the reservation, then the card (claim), and settling takes them in the same order
  // (settle.ts lockTargets), so charges and settlements never wait on each other in a circle. Before that
  // order, a claim holding the card and a settlement holding the reservation deadlocked (PostgreSQL answered
  // 40P01 and the request a 500).
  it("16 charges of a reusable card against one reservation: each 200 or a clear refusal, never 5xx; paid never above the total", async () => {
    const { a, details } = await activeCard();
    const checkin = addDays(today(), 20);
    const stay = { checkin, checkout: addDays(checkin, 2), nights: 2 };
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 3, rooms: 1, price: 400_000 });
    const booked = await api.call("POST", `/api/v2/bookings/hotel_id=${hotel.id}`, { key: a.key, body: reservationBody(room, rate, stay) });
    expect(booked.status).toBe(200);
    const code = booked.body.chatbot_id as string;
    expect(code).toMatch(BOOKING_CODE);
    const total = Number((await api.db.prisma.reservation.findUniqueOrThrow({ where: { code } })).amount);
    const part = Math.round(total / 10);
    const enc = (v: string) => encryptCardField(v, pem);
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        apiClient(api, a.key).POST("/v2/virtual-terminal/credit-card", {
          body: {
            order: { ref_name: "Ana", ref_lastname: "Gómez", ref_number: code, amount: part, installments: 1, hotel_id: hotel.id },
            card_item: { cc_number: enc(details.number), cc_code: enc(details.cvc), cc_expire_month: enc(String(details.exp_month)), cc_expire_year: enc(String(details.exp_year)), cc_holder: enc("Ana Gómez") },
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.response.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const approved = await api.db.prisma.paymentTransaction.count({ where: { reservation: { code }, status: "approved" } });
    expect(approved).toBe(statuses.filter((s) => s === 200).length);
    const r = await api.db.prisma.reservation.findUniqueOrThrow({ where: { code } });
    expect(Number(r.amountPaid)).toBe(approved * part);
    expect(Number(r.amountPaid)).toBeLessThanOrEqual(total);
    expect(Number(r.amountHeld)).toBe(0);
  }, 60_000);
});
