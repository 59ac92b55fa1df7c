import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { completeOrder, sandboxOnly, startPaymentsApi, TEST_CARDS as CARDS, TEST_GATEWAY, WOMPI_MODE, type PaymentsApi } from "@/lib/testing/gateway-mode";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { publicKeyPem, type CardItem, type CardOrder, type CashOrder } from "@/lib/testing/payments";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { encryptCardField } from "./card-crypto";
import { cardNumberHash } from "@/lib/gateways/card-issuer";

// Every line the service logs during this file, searched for card numbers at the end.
const logLines: string[] = [];
const TEST_CARDS = ["4242424242424242", "4000000000000002", "4000000000009995", "4000000000000069", "4000000000000127", "4111111111111111", "5555555555554444"];

// Runs with the sandbox and, in the vitest project "api-wompi", with Wompi against the fake (lib/testing/gateway-mode.ts).
let gw: PaymentsApi;
let api: TestServer;
let pem: string;
let agency: { id: number; name: string };
let key: string;
let otherKey: string;
let hotelId: number;

beforeAll(async () => {
  process.env.LOG_LEVEL = "info";
  process.env.LOG_REQUESTS = "on";
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void logLines.push(a.map(String).join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void logLines.push(a.map(String).join(" ")));
  gw = await startPaymentsApi();
  api = gw.api;
  ({ agency, key } = await agencyWithKey(api.db));
  ({ key: otherKey } = await agencyWithKey(api.db));
  hotelId = (await createHotel(api.db, { name: "Hotel Caribe Plaza", city: "CARTAGENA" })).id;
  pem = await publicKeyPem(api);
});
afterAll(async () => {
  await gw?.close();
  vi.restoreAllMocks();
});

const nextYear = String(new Date().getUTCFullYear() + 2);
const cardItem = (over: Partial<CardItem> = {}): CardItem => {
  const plain = { cc_number: "4242424242424242", cc_code: "123", cc_expire_month: "12", cc_expire_year: nextYear, cc_holder: "Ana Gómez", ...over };
  const enc = (v: string) => encryptCardField(v, pem);
  return { cc_number: enc(plain.cc_number), cc_code: enc(plain.cc_code), cc_expire_month: enc(plain.cc_expire_month), cc_expire_year: enc(plain.cc_expire_year), cc_holder: enc(plain.cc_holder) };
};
const order = (over: Partial<CardOrder["order"]> = {}): CardOrder["order"] => ({
  ref_name: "Ana",
  ref_lastname: "Gómez",
  ref_number: `ORD-${crypto.randomBytes(3).toString("hex")}`,
  detail: "Noche en habitación doble",
  amount: 119000,
  installments: 1,
  tax_percent: 0.19,
  service_percent: 0,
  hotel_id: hotelId,
  email: "ana@example.co",
  ip: "190.24.10.5",
  ...over,
});
const pay = (body: CardOrder, k = key, idempotencyKey?: string) =>
  apiClient(api, k).POST("/v2/virtual-terminal/credit-card", { params: { header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} }, body });
type PayResult = Awaited<ReturnType<typeof pay>>;
/** The approved answer (200), not the pending one (202); the decline (400 with a voucher), not another error. */
const approvedOf = (d: PayResult["data"]) => (d && "voucher_url" in d ? d : undefined);
const declineOf = (e: PayResult["error"]) => (e && "extra_info" in e ? e : undefined);
/** Deliberately malformed bodies (wrong types, missing fields): they do not compile with the typed client. */
const payRaw = (body: unknown) => api.call("POST", "/api/v2/virtual-terminal/credit-card", { key, body });
const txCount = async () => (await api.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_transactions`))[0].n;

type BankOrder = paths["/v2/apms/bank-transfer"]["post"]["requestBody"]["content"]["application/json"];
const apmOrder = (over: Partial<CashOrder["order"]> = {}): CashOrder["order"] => ({
  ref_name: "Carlos",
  ref_lastname: "Pérez",
  ref_number: `ORD-${crypto.randomBytes(3).toString("hex")}`,
  detail: "Anticipo de reserva",
  amount: 250000,
  tax_percent: 0.19,
  service_percent: 0.1,
  hotel_id: hotelId,
  email: "carlos@example.co",
  fiscal_number: "1020304050",
  phone: "3001234567",
  ip: "181.50.3.7",
  ...over,
});
const cash = (over: Partial<CashOrder["cash"]> = {}): CashOrder["cash"] => ({ address: "Calle 10 # 5-20, Cartagena", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno", ...over });
const bank = (over: Partial<BankOrder["bank_transfer"]> = {}): BankOrder["bank_transfer"] => ({ bank_code: "1007", response_url: "https://agencia.example.co/retorno", user_type: "0", fiscal_number_type: "CC", address: "Calle 10 # 5-20", ...over });
/** A cash or bank-transfer order with parts of the default body replaced. */
const postApm = (route: "cash" | "bank-transfer", over: { order?: CashOrder["order"]; cash?: CashOrder["cash"]; bank_transfer?: BankOrder["bank_transfer"] }, idempotencyKey?: string) => {
  const params = { header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} };
  return route === "cash"
    ? apiClient(api, key).POST("/v2/apms/cash", { params, body: { order: over.order ?? apmOrder(), cash: over.cash ?? cash() } })
    : apiClient(api, key).POST("/v2/apms/bank-transfer", { params, body: { order: over.order ?? apmOrder(), bank_transfer: over.bank_transfer ?? bank() } });
};
const voucher = (url: string) => apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code: url.split("/").pop()! } } });

describe("public key", () => {
  it("publishes an RSA-OAEP-256 key as PEM and JWK, without credentials", async () => {
    const r = await apiClient(api).GET("/v2/virtual-terminal/public-key");
    expect(r.response.status).toBe(200);
    expect(r.data!.alg).toBe("RSA-OAEP-256");
    expect(r.data!.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(r.data!.jwk.kty).toBe("RSA");
    expect(Object.keys(r.data!.jwk)).not.toContain("d"); // never the private exponent
    expect(r.data!.jwk.kid).toBe(r.data!.kid);
    expect(Buffer.from(r.data!.jwk.n as string, "base64url").length).toBeGreaterThanOrEqual(256);
  });

  it("a card encrypted with WebCrypto and the JWK (as the browser does) is accepted", async () => {
    const { jwk } = (await apiClient(api).GET("/v2/virtual-terminal/public-key")).data!;
    const pub = await crypto.webcrypto.subtle.importKey("jwk", { kty: jwk.kty as string, n: jwk.n as string, e: jwk.e as string, alg: "RSA-OAEP-256", ext: true }, { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
    const enc = async (s: string) => Buffer.from(await crypto.webcrypto.subtle.encrypt({ name: "RSA-OAEP" }, pub, new TextEncoder().encode(s))).toString("base64");
    const card_item = {
      cc_number: await enc("4242424242424242"),
      cc_code: await enc("321"),
      cc_expire_month: await enc("7"),
      cc_expire_year: await enc(nextYear),
      cc_holder: await enc("Ana Gómez"),
    };
    const r = await pay({ order: order(), card_item });
    expect(r.response.status).toBe(200);
  });
});

describe(`card payments (${TEST_GATEWAY})`, () => {
  it("approves 4242..., keeps only brand and last four, and issues a voucher (JSON and PDF)", async () => {
    const o = order({ amount: 238000.5, tax_percent: 0.19, service_percent: 0.1, installments: 3 });
    const r = await pay({ order: o, card_item: cardItem() });
    expect(r.response.status).toBe(200);
    expect(r.data!.msg).toMatch(/aprobado/i);
    const approved = approvedOf(r.data)!;
    expect(approved.voucher_url).toMatch(/^\/v2\/vouchers\/[A-Za-z0-9_-]{20,}$/);
    const row = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: r.data!.transaction_id } });
    expect(row.status).toBe("approved");
    expect(row.cardBrand).toBe("visa");
    expect(row.cardLast4).toBe("4242");
    expect(row.amount.toFixed(2)).toBe("238000.50");
    expect(row.agencyId).toBe(agency.id);

    const v = await voucher(approved.voucher_url);
    expect(v.response.status).toBe(200);
    expect(v.data).toMatchObject({ status: "approved", method: "card", card_last4: "4242", operator: "HotelPay", amount: 238000.5, installments: 3 });
    expect(v.data!.hotel.name).toBe("Hotel Caribe Plaza");
    expect(v.data!.base_amount + v.data!.tax_amount + v.data!.service_amount).toBeCloseTo(238000.5, 2);
    expect(v.data!.tax_amount).toBeCloseTo(v.data!.base_amount * 0.19, 1);
    expect(JSON.stringify(v.data)).not.toContain("4242424242424242");

    const pdf = await apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code: approved.voucher_url.split("/").pop()! }, query: { format: "pdf" } }, parseAs: "arrayBuffer" });
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(pdf.data!);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(1000);
  });

  // Wompi's sandbox declines one card (4111…); the built-in sandbox has one per reason.
  const declines: Array<[string, RegExp]> = WOMPI_MODE
    ? [["4111111111111111", /rechazada/]]
    : [
        ["4000000000000002", /rechazada/],
        ["4000000000009995", /fondos insuficientes/],
        ["4000000000000069", /vencida/],
        ["4000000000000127", /CVV/],
      ];
  it.each(declines)("declines %s with code 0 and still issues a voucher", async (number, reason) => {
    const r = await pay({ order: order(), card_item: cardItem({ cc_number: number }) });
    expect(r.response.status).toBe(400);
    expect(r.error!.code).toBe(0);
    expect(r.error!.message).toBe("Error HTTP 400: pago rechazado");
    expect(r.error!.detail).toMatch(reason);
    expect(declineOf(r.error)!.extra_info.voucher_url).toMatch(/^\/v2\/vouchers\//);
    const v = await voucher(declineOf(r.error)!.extra_info.voucher_url);
    expect(v.data!.status).toBe("rejected");
    expect(v.data!.card_last4).toBe(number.slice(-4));
    expect(v.data!.decline_reason).toMatch(reason);
  });

  sandboxOnly("Wompi's sandbox ends any card but 4242… and 4111… in ERROR")("any other valid card approves (Mastercard)", async () => {
    const r = await pay({ order: order(), card_item: cardItem({ cc_number: "5555555555554444", cc_code: "1234" }) });
    expect(r.response.status).toBe(200);
    const row = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: r.data!.transaction_id } });
    expect(row.cardBrand).toBe("mastercard");
  });

  it("needs an agency or operator: 401 without a key, operator allowed", async () => {
    expect((await apiClient(api).POST("/v2/virtual-terminal/credit-card", { body: { order: order(), card_item: cardItem() } })).response.status).toBe(401);
    expect((await pay({ order: order(), card_item: cardItem() }, OPERATOR_KEY)).response.status).toBe(200);
  });

  const limits: Array<[string, Partial<CardOrder["order"]>, RegExp]> = [
    ["detail over 99 characters", { detail: "x".repeat(100) }, /^order\.detail: .*99/],
    ["amount zero", { amount: 0 }, /^order\.amount: .*mayor que 0/],
    ["negative amount", { amount: -5 }, /^order\.amount: /],
    ["amount with three decimals", { amount: 100.123 }, /^order\.amount: .*dos decimales/],
    ["tax_percent above 1", { tax_percent: 1.01 }, /^order\.tax_percent: debe estar entre 0.00 y 1.00/],
    ["tax_percent with three decimals", { tax_percent: 0.191 }, /^order\.tax_percent: .*dos decimales/],
    ["negative service_percent", { service_percent: -0.1 }, /^order\.service_percent: debe estar entre 0.00 y 1.00/],
    ["installments 0", { installments: 0 }, /^order\.installments: .*1 y 36/],
    ["installments 37", { installments: 37 }, /^order\.installments: .*1 y 36/],
    ["installments fractional", { installments: 1.5 }, /^order\.installments: .*entero/],
    ["IPv6 ip", { ip: "::1" }, /^order\.ip: .*IPv4/],
    ["bad IPv4", { ip: "300.1.1.1" }, /^order\.ip: .*IPv4/],
    ["bad email", { email: "no-es-correo" }, /^order\.email: /],
  ];
  it.each(limits)("400 for %s, naming the field, and nothing recorded", async (_name, over, detail) => {
    const before = await txCount();
    const r = await pay({ order: order(over), card_item: cardItem() });
    expect(r.response.status).toBe(400);
    expect(r.error!.code).toBe("400");
    expect(r.error!.detail).toMatch(detail);
    expect(await txCount()).toBe(before);
  });

  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["amount as text", { amount: "abc" }, /^order\.amount: /],
    ["installments missing", { installments: undefined }, /^order\.installments: es obligatorio/],
    ["hotel_id text", { hotel_id: "x" }, /^order\.hotel_id: /],
    ["ref_number missing", { ref_number: undefined }, /^order\.ref_number: es obligatorio/],
  ];
  it.each(malformed)("400 for %s, naming the field, and nothing recorded", async (_name, over, detail) => {
    const before = await txCount();
    const r = await payRaw({ order: { ...order(), ...over }, card_item: cardItem() });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("400");
    expect(r.body.detail).toMatch(detail);
    expect(await txCount()).toBe(before);
  });

  it("accepts the edges of the limits (99 characters, 1.00, 36 installments, 0.01)", async () => {
    const r = await pay({ order: order({ detail: "x".repeat(99), tax_percent: 1, service_percent: 0, installments: 36, amount: 0.01 }), card_item: cardItem() });
    expect(r.response.status).toBe(200);
  });

  it("404 for a hotel that does not exist", async () => {
    const r = await pay({ order: order({ hotel_id: 999999 }), card_item: cardItem() });
    expect(r.response.status).toBe(404);
    expect(r.error!.detail).toMatch(/order\.hotel_id/);
  });

  it.each([
    [{ cc_number: "4242424242424241" }, /^card_item\.cc_number: /],
    [{ cc_expire_month: "13" }, /^card_item\.cc_expire_month: /],
    [{ cc_expire_year: "27" }, /^card_item\.cc_expire_year: .*4 dígitos/],
    [{ cc_expire_year: "2020" }, /^card_item\.cc_expire_year: .*vencida/],
    [{ cc_code: "12" }, /^card_item\.cc_code: /],
    [{ cc_holder: " " }, /^card_item\.cc_holder: /],
  ])("400 after decryption for %o", async (over, detail) => {
    const before = await txCount();
    const r = await pay({ order: order(), card_item: cardItem(over) });
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toMatch(detail);
    expect(await txCount()).toBe(before);
  });

  it("400 naming the field for bad ciphertext: not base64, wrong size, another key, plain text", async () => {
    const other = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString();
    const cases: Array<[keyof CardItem, string]> = [
      ["cc_number", "%%%no-base64%%%"],
      ["cc_code", Buffer.from("abc").toString("base64")],
      ["cc_holder", encryptCardField("Ana", other)],
      ["cc_expire_year", "4242424242424242"],
    ];
    for (const [field, value] of cases) {
      const r = await pay({ order: order(), card_item: { ...cardItem(), [field]: value } });
      expect(r.response.status, field).toBe(400);
      expect(r.error!.detail).toMatch(new RegExp(`^card_item\\.${field}: no se pudo descifrar`));
    }
    const missing = await payRaw({ order: order(), card_item: { ...cardItem(), cc_number: undefined } });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/^card_item\.cc_number: es obligatorio/);
  });

  it("Idempotency-Key: same key and body replays the answer with one transaction; another body is 409", async () => {
    const body = { order: order(), card_item: cardItem() };
    const idem = `pay-${crypto.randomUUID()}`;
    const before = await txCount();
    const first = await pay(body, key, idem);
    const second = await pay(body, key, idem);
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(200);
    expect(second.data).toEqual(first.data);
    expect(second.response.headers.get("idempotent-replayed")).toBe("true");
    expect(await txCount()).toBe(before + 1);
    const other = await pay({ ...body, order: { ...body.order, amount: 5000 } }, key, idem);
    expect(other.response.status).toBe(409);
    expect(await txCount()).toBe(before + 1);
  });

  it("Idempotency-Key replays a decline too, without charging again", async () => {
    const body = { order: order(), card_item: cardItem({ cc_number: WOMPI_MODE ? CARDS.declined : "4000000000009995" }) };
    const idem = `decl-${crypto.randomUUID()}`;
    const before = await txCount();
    const a = await pay(body, key, idem);
    const b = await pay(body, key, idem);
    expect(a.response.status).toBe(400);
    expect(b.error).toEqual(a.error);
    expect(await txCount()).toBe(before + 1);
  });
});

async function insertReservation(agencyId: number, amount: string) {
  const id = crypto.randomUUID();
  const code = `HB${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
  await api.db.sql.query(
    `INSERT INTO reservations (id, code, agency_id, hotel_id, status, checkin, checkout, nights, rooms_count, adults, first_name, last_name, email, telephone, country, currency, amount, payment_deadline)
     VALUES ($1, $2, $3, $4, 'pending_payment', '2027-01-10', '2027-01-12', 2, 1, 2, 'Ana', 'Gómez', 'ana@example.co', '573001234567', 'COL', 'COP', $5, now() + interval '1 day')`,
    [id, code, agencyId, hotelId, amount],
  );
  return { id, code };
}
const reservationRow = (id: string) =>
  api.db.sql.query<{ status: string; amount_paid: string; confirmed_at: Date | null }>(`SELECT status::text, amount_paid::text, confirmed_at FROM reservations WHERE id = $1`, [id]).then((r) => r[0]);

describe(`payments against a reservation (${TEST_GATEWAY})`, () => {
  it("a partial card payment counts; a cash order completing the amount confirms it once", async () => {
    const res = await insertReservation(agency.id, "500000.00");
    const p1 = await pay({ order: order({ ref_number: res.code, amount: 200000 }), card_item: cardItem() });
    expect(p1.response.status).toBe(200);
    let row = await reservationRow(res.id);
    expect(row.status).toBe("pending_payment");
    expect(Number(row.amount_paid)).toBe(200000);

    // A declined card does not count.
    await pay({ order: order({ ref_number: res.code, amount: 300000 }), card_item: cardItem({ cc_number: CARDS.declined }) });
    expect(Number((await reservationRow(res.id)).amount_paid)).toBe(200000);

    const c = await apiClient(api, key).POST("/v2/apms/cash", { body: { order: apmOrder({ ref_number: res.code, amount: 300000 }), cash: cash() } });
    expect(c.response.status).toBe(200);
    expect((await reservationRow(res.id)).status).toBe("pending_payment");
    expect(await completeOrder(gw, c.data!.transaction_id, "approved", key)).toBe(200);
    row = await reservationRow(res.id);
    expect(row.status).toBe("confirmed");
    expect(Number(row.amount_paid)).toBe(500000);
    expect(row.confirmed_at).not.toBeNull();
    const history = await api.db.prisma.reservationStatusChange.findMany({ where: { reservationId: res.id } });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: "pending_payment", toStatus: "confirmed" });
  });

  it("another agency's payment with the booking code does not touch the reservation", async () => {
    const res = await insertReservation(agency.id, "100000.00");
    const r = await pay({ order: order({ ref_number: res.code, amount: 100000 }), card_item: cardItem() }, otherKey);
    expect(r.response.status).toBe(200);
    const row = await reservationRow(res.id);
    expect(row.status).toBe("pending_payment");
    expect(Number(row.amount_paid)).toBe(0);
  });
});

async function insertVirtualCard(number: string, status: "active" | "frozen", oneTimeUse: boolean) {
  const holderId = `ah_${crypto.randomBytes(6).toString("hex")}`;
  await api.db.prisma.accountHolder.create({
    data: {
      id: holderId,
      agencyId: (await agencyWithKey(api.db)).agency.id,
      firstName: "Luisa",
      lastName: "Mora",
      nationality: "CO",
      personType: "legal",
      documentNumber: "900123456",
      documentType: "NIT",
      birthdate: new Date("1990-01-01"),
      email: "luisa@example.co",
      phoneNumber: "+573001112233",
      address: "Cra 7 # 71-21",
      city: "Bogotá",
      state: "Cundinamarca",
      country: "CO",
      zipCode: "110231",
    },
  });
  const org = await api.db.prisma.organization.create({ data: { accountHolderId: holderId, name: `Org ${holderId}`, description: "Pruebas" } });
  const card = await api.db.prisma.virtualCard.create({
    data: {
      id: `vc_${crypto.randomBytes(6).toString("hex")}`,
      subaccountId: "sub_1",
      organizationId: org.id,
      agencyId: agency.id,
      cardName: "Luisa Mora",
      oneTimeUse,
      nickname: "prueba",
      lastFour: number.slice(-4),
      brand: "visa",
      expiration: new Date("2030-01-01"),
      activation: new Date("2026-01-01"),
      status,
      destinationExternalId: "dest_1",
      destinationName: "Hotel",
      destinationEmail: "hotel@example.co",
      externalReference: "ref",
      numberEncrypted: "sandbox-encrypted",
      cvcEncrypted: "sandbox-encrypted",
      numberHash: cardNumberHash(number),
      expMonth: 12,
      expYear: 2030,
    },
  });
  return card;
}

describe(`virtual cards of the service (${TEST_GATEWAY})`, () => {
  // The one-time-card race (two payments, one card) is proven in lib/cards/cards.api.test.ts.
  sandboxOnly("the service's virtual cards are charged by the built-in sandbox; Wompi's sandbox knows only its own test cards")("a frozen virtual card is declined; a permanent active one approves and stays active", async () => {
    await insertVirtualCard("4012888888881881", "frozen", false);
    const r = await pay({ order: order(), card_item: cardItem({ cc_number: "4012888888881881" }) });
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toBe("tarjeta virtual no activa: está congelada");
    const permanent = await insertVirtualCard("5105105105105100", "active", false);
    expect((await pay({ order: order(), card_item: cardItem({ cc_number: "5105105105105100" }) })).response.status).toBe(200);
    expect((await pay({ order: order(), card_item: cardItem({ cc_number: "5105105105105100" }) })).response.status).toBe(200);
    expect((await api.db.prisma.virtualCard.findUniqueOrThrow({ where: { id: permanent.id } })).status).toBe("active");
  });
});

describe(`cash and bank-transfer orders (${TEST_GATEWAY})`, () => {
  sandboxOnly("the sandbox's bank list; with Wompi the banks come from Wompi's PSE list")("lookups list realistic codes", async () => {
    const banks = (await apiClient(api, key).GET("/v2/apms/banks")).data;
    expect(banks).toEqual(expect.arrayContaining([{ code: "1007", name: "Bancolombia" }, { code: "1507", name: "Nequi" }]));
    expect((await apiClient(api, key).GET("/v2/apms/person-types")).data!.map((x: { code: string }) => x.code)).toEqual(["0", "1"]);
    expect((await apiClient(api, key).GET("/v2/apms/document-types")).data!.map((x: { code: string }) => x.code)).toEqual(["CC", "CE", "NIT", "TI", "PP"]);
    expect((await apiClient(api, key).GET("/v2/apms/cash-methods")).data!.map((x: { name: string }) => x.name)).toContain("Efecty");
  });

  it("cash: creates a pending order with a checkout URL; the owner sees it, another agency gets 404; simulate completes it once", async () => {
    const c = await apiClient(api, key).POST("/v2/apms/cash", { body: { order: apmOrder(), cash: cash() } });
    expect(c.response.status).toBe(200);
    expect(c.data!.transaction_id).toMatch(/^tx_[0-9a-f]{32}$/);
    expect(Number.isInteger(c.data!.apm_detail_id)).toBe(true);
    expect(c.data!.checkout_url).toBe(`http://localhost:3000/checkout/${c.data!.transaction_id}`);
    const t = await apiClient(api, key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: c.data!.transaction_id } } });
    expect(t.response.status).toBe(200);
    expect(t.data).toMatchObject({ transaction_id: c.data!.transaction_id, status: "pending", amount: 250000, method: "cash", cash_method: "EFECTY" });
    // The sandbox's 12-digit reference; Wompi's Bancolombia payment intention (13 digits in its sandbox).
    expect(t.data!.payment_reference).toMatch(WOMPI_MODE ? /^\d{13}$/ : /^\d{12}$/);
    expect((await apiClient(api, otherKey).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: c.data!.transaction_id } } })).response.status).toBe(404);
    if (!WOMPI_MODE) {
      // The sandbox's simulate route is the owner's only.
      expect((await apiClient(api, otherKey).POST("/v2/apms/transactions/{transaction_id}/simulate", { params: { path: { transaction_id: c.data!.transaction_id } }, body: { outcome: "approved" } })).response.status).toBe(404);
    }
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: c.data!.transaction_id } } })).response.status).toBe(200);

    expect(await completeOrder(gw, c.data!.transaction_id, "approved", key)).toBe(200);
    const s = await apiClient(api, key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: c.data!.transaction_id } } });
    expect(s.data!.status).toBe("approved");
    expect(s.data!.voucher_url).toMatch(/^\/v2\/vouchers\//);
    // Completed once: the sandbox refuses a second outcome (409); Wompi's retry of the event changes nothing.
    if (WOMPI_MODE) {
      const delivered = gw.fake!.events.delivered.filter((d) => d.body.data.transaction.reference === c.data!.transaction_id).at(-1)!;
      expect(await gw.fake!.events.resend(delivered.body)).toBe(200);
    } else {
      const again = await apiClient(api, key).POST("/v2/apms/transactions/{transaction_id}/simulate", { params: { path: { transaction_id: c.data!.transaction_id } }, body: { outcome: "rejected" } });
      expect(again.response.status).toBe(409);
    }
    expect((await apiClient(api, key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: c.data!.transaction_id } } })).data).toEqual(s.data);
    const v = await voucher(s.data!.voucher_url!);
    expect(v.data).toMatchObject({ method: "cash", status: "approved", cash_method: "Efecty", card_last4: null });
  });

  sandboxOnly("the hosted checkout's buttons are the sandbox's; with Wompi the payer completes PSE at the bank")("the hosted checkout's public endpoints show the order and send the buyer back with the status", async () => {
    const b = await apiClient(api, key).POST("/v2/apms/bank-transfer", { body: { order: apmOrder(), bank_transfer: bank() } });
    expect(b.response.status).toBe(200);
    const view = await apiClient(api).GET("/v2/checkout/{transaction_id}", { params: { path: { transaction_id: b.data!.transaction_id } } });
    expect(view.response.status).toBe(200);
    expect(view.data).toMatchObject({ method: "bank_transfer", bank_code: "1007", status: "pending", sandbox: true });
    expect(view.data!.payment_reference).toMatch(/^CUS\d{9}$/);
    const done = await apiClient(api).POST("/v2/checkout/{transaction_id}/simulate", { params: { path: { transaction_id: b.data!.transaction_id } }, body: { outcome: "rejected" } });
    expect(done.response.status).toBe(200);
    expect(done.data!.status).toBe("rejected");
    const u = new URL(done.data!.redirect_url!);
    expect(u.origin + u.pathname).toBe("https://agencia.example.co/retorno");
    expect(u.searchParams.get("transaction_id")).toBe(b.data!.transaction_id);
    expect(u.searchParams.get("status")).toBe("rejected");
    expect((await apiClient(api).GET("/v2/checkout/{transaction_id}", { params: { path: { transaction_id: "tx_doesnotexist000" } } })).response.status).toBe(404);
  });

  const apmLimits: Array<[string, string, () => ReturnType<typeof postApm>, RegExp]> = [
    ["cash", "unknown cash method", () => postApm("cash", { cash: cash({ payment_type: "WESTERN" }) }), /^cash\.payment_type: .*cash-methods/],
    ["cash", "unknown person type", () => postApm("cash", { cash: cash({ user_type: "N" }) }), /^cash\.user_type: .*person-types/],
    ["cash", "unknown document type", () => postApm("cash", { cash: cash({ fiscal_number_type: "DNI" }) }), /^cash\.fiscal_number_type: .*document-types/],
    ["cash", "response_url not http", () => postApm("cash", { cash: cash({ response_url: "javascript:alert(1)" }) }), /^cash\.response_url: /],
    ["cash", "tax above 1", () => postApm("cash", { order: apmOrder({ tax_percent: 2 }) }), /^order\.tax_percent: debe estar entre 0.00 y 1.00/],
    ["cash", "service three decimals", () => postApm("cash", { order: apmOrder({ service_percent: 0.105 }) }), /^order\.service_percent: /],
    ["cash", "amount three decimals", () => postApm("cash", { order: apmOrder({ amount: 10.001 }) }), /^order\.amount: /],
    ["bank-transfer", "unknown bank", () => postApm("bank-transfer", { bank_transfer: bank({ bank_code: "9999" }) }), /^bank_transfer\.bank_code: .*banks/],
    ["bank-transfer", "bad IPv4", () => postApm("bank-transfer", { order: apmOrder({ ip: "10.0.0" }) }), /^order\.ip: /],
  ];
  it.each(apmLimits)("%s: 400 for %s, nothing recorded", async (_route, _name, post, detail) => {
    const before = await txCount();
    const r = await post();
    expect(r.response.status).toBe(400);
    expect(r.error!.detail).toMatch(detail);
    expect(await txCount()).toBe(before);
  });

  // Missing fields do not compile with the typed client.
  const apmMissing: Array<[string, string, () => Record<string, unknown>, RegExp]> = [
    ["cash", "missing address", () => ({ cash: { ...cash(), address: undefined } }), /^cash\.address: es obligatorio/],
    ["cash", "missing ip", () => ({ order: { ...apmOrder(), ip: undefined } }), /^order\.ip: es obligatorio/],
    ["cash", "missing fiscal_number", () => ({ order: { ...apmOrder(), fiscal_number: undefined } }), /^order\.fiscal_number: es obligatorio/],
    ["cash", "missing phone", () => ({ order: { ...apmOrder(), phone: undefined } }), /^order\.phone: es obligatorio/],
    ["cash", "missing email", () => ({ order: { ...apmOrder(), email: undefined } }), /^order\.email: es obligatorio/],
    ["cash", "missing detail", () => ({ order: { ...apmOrder(), detail: undefined } }), /^order\.detail: es obligatorio/],
    ["bank-transfer", "missing response_url", () => ({ bank_transfer: { ...bank(), response_url: undefined } }), /^bank_transfer\.response_url: es obligatorio/],
  ];
  it.each(apmMissing)("%s: 400 for %s, nothing recorded", async (route, _name, over, detail) => {
    const base = route === "cash" ? { order: apmOrder(), cash: cash() } : { order: apmOrder(), bank_transfer: bank() };
    const before = await txCount();
    const r = await api.call("POST", `/api/v2/apms/${route}`, { key, body: { ...base, ...over() } });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(detail);
    expect(await txCount()).toBe(before);
  });

  it("404 for an unknown hotel", async () => {
    const r = await apiClient(api, key).POST("/v2/apms/cash", { body: { order: apmOrder({ hotel_id: 987654 }), cash: cash() } });
    expect(r.response.status).toBe(404);
  });

  it("Idempotency-Key on cash and bank transfer: one order per key", async () => {
    // PSE through Wompi needs Wompi's bank codes (its own change): cash only there.
    for (const route of WOMPI_MODE ? (["cash"] as const) : (["cash", "bank-transfer"] as const)) {
      const idem = `${route}-${crypto.randomUUID()}`;
      const order = apmOrder();
      const before = await txCount();
      const a = await postApm(route, { order }, idem);
      const b = await postApm(route, { order }, idem);
      expect(a.response.status).toBe(200);
      expect(b.data).toEqual(a.data);
      expect(await txCount()).toBe(before + 1);
      const c = await postApm(route, { order: apmOrder() }, idem);
      expect(c.response.status).toBe(409);
    }
  });

  sandboxOnly("PSE through Wompi needs Wompi's bank codes; a Wompi cash order's expiry is tested in lib/links/pay.api.test.ts")("the payment-orders cron expires a bank transfer after 2 h and a cash reference after 72 h, not before", async () => {
    const cron = (now: Date) => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/payment-orders", { body: { now: now.toISOString() } });
    const c = await apiClient(api, key).POST("/v2/apms/cash", { body: { order: apmOrder(), cash: cash() } });
    const b = await apiClient(api, key).POST("/v2/apms/bank-transfer", { body: { order: apmOrder(), bank_transfer: bank() } });
    const status = async (id: string) => (await apiClient(api, key).GET("/v2/apms/transactions/{transaction_id}", { params: { path: { transaction_id: id } } })).data!.status;
    const t0 = Date.now();
    await cron(new Date(t0 + 60 * 60_000));
    expect(await status(b.data!.transaction_id)).toBe("pending");
    const r = await cron(new Date(t0 + 2 * 60 * 60_000 + 60_000));
    expect(r.response.status).toBe(200);
    expect(r.data!.processed).toBeGreaterThanOrEqual(1);
    expect(await status(b.data!.transaction_id)).toBe("expired");
    expect(await status(c.data!.transaction_id)).toBe("pending");
    await cron(new Date(t0 + 71 * 60 * 60_000));
    expect(await status(c.data!.transaction_id)).toBe("pending");
    const [x, y] = await Promise.all([cron(new Date(t0 + 72 * 60 * 60_000 + 60_000)), cron(new Date(t0 + 72 * 60 * 60_000 + 60_000))]);
    expect(x.response.status).toBe(200);
    expect(y.response.status).toBe(200);
    expect(await status(c.data!.transaction_id)).toBe("expired");
    const late = await apiClient(api, key).POST("/v2/apms/transactions/{transaction_id}/simulate", { params: { path: { transaction_id: c.data!.transaction_id } }, body: { outcome: "approved" } });
    expect(late.response.status).toBe(409);
  });
});

describe("payments list", () => {
  it("an agency sees only its own payments, filtered by status and method", async () => {
    const mine = await apiClient(api, key).GET("/v2/payments", { params: { query: { per_page: 100 } } });
    expect(mine.response.status).toBe(200);
    expect(mine.data!.total).toBeGreaterThan(5);
    const ids = new Set(mine.data!.items.map((i) => i.transaction_id));
    const rows = await api.db.prisma.paymentTransaction.findMany({ where: { id: { in: [...ids] } }, select: { agencyId: true } });
    expect(rows.every((r) => r.agencyId === agency.id)).toBe(true);
    const rejectedCards = await apiClient(api, key).GET("/v2/payments", { params: { query: { status: "rejected", method: "card" } } });
    expect(rejectedCards.data!.items.length).toBeGreaterThan(0);
    expect(rejectedCards.data!.items.every((i) => i.status === "rejected" && i.method === "card")).toBe(true);
    // An unknown status does not compile with the typed client.
    expect((await api.call("GET", "/api/v2/payments?status=paid", { key })).status).toBe(400);
  });

  it("each item names its agency, which the operator's list shows", async () => {
    const all = await api.call("GET", "/api/v2/payments?per_page=100", { key: OPERATOR_KEY });
    const ours = all.body.items.filter((i: { agency: { id: number } | null }) => i.agency?.id === agency.id);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours[0].agency).toEqual({ id: agency.id, name: agency.name });
  });
});

describe("documentation", () => {
  it("the OpenAPI document lists the payment routes", async () => {
    const r = await apiClient(api).GET("/openapi.json");
    expect(r.response.status).toBe(200);
    const paths = Object.keys(r.data!.paths);
    for (const p of ["/v2/virtual-terminal/credit-card", "/v2/apms/cash", "/v2/apms/bank-transfer", "/v2/apms/transactions/{transaction_id}", "/v2/vouchers/{code}"]) {
      expect(paths).toContain(p);
    }
  });
});

describe("no card number anywhere", () => {
  it("no test card number appears in any table or in any log line", async () => {
    const tables = await api.db.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    let dump = "";
    for (const { table_name } of tables) {
      const rows = await api.db.sql.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      dump += rows.map((r) => r.row).join("\n");
    }
    expect(dump).toContain("4242"); // last four are kept
    const logs = logLines.join("\n");
    expect(logs).toContain("/v2/virtual-terminal/credit-card"); // the logs were captured
    for (const n of TEST_CARDS) {
      expect(dump.includes(n), `database contains ${n}`).toBe(false);
      expect(logs.includes(n), `logs contain ${n}`).toBe(false);
    }
  });
});
