import crypto from "node:crypto";
import { secret } from "@/lib/secrets/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { publicKeyPem } from "@/lib/testing/payments";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createAgency, createHotel } from "@/lib/testing/factories";
import { agencyWithOrg as agencyWithOrgOf, holderBody, type HolderBody } from "@/lib/testing/cards";
import { addDays, bogotaDate } from "@/lib/time";
import { luhnValid } from "@/lib/money/card-validation";
import { encryptCardField } from "@/lib/payments/card-crypto";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const CRON = "test-cron-secret";
const today = () => bogotaDate(new Date());
/** An instant inside a Bogotá calendar day (UTC-5): hh:mm local. */
const bogotaAt = (day: string, hhmm = "12:00") => new Date(`${day}T${hhmm}:00-05:00`).toISOString();
const runCron = (now: string) => apiClient(api, CRON).POST("/cron/virtual-cards", { body: { now } });

type NewCard = paths["/v1/virtual-cards"]["post"]["requestBody"]["content"]["application/json"];
const agencyWithOrg = () => agencyWithOrgOf(api, { prefix: "Org", description: "Proveedores" });

const cardBody = (orgId: number, over: Partial<NewCard> = {}): NewCard => ({
  card_name: "Laura Gómez",
  activation: addDays(today(), 1),
  expiration: addDays(today(), 30),
  organization_id: orgId,
  one_time_use: true,
  destination: { external_id: "hotel-77", name: "Hotel Caribe", email: "reservas@hotelcaribe.co" },
  external_reference: "RES-1001",
  ...over,
});

describe("account holders", () => {
  it("the operator registers one per agency; the record has the spec's fields plus agency_id", async () => {
    const agency = await createAgency(api.db);
    const res = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id, { nacionality: "co" }) });
    expect(res.response.status).toBe(201);
    expect(res.data!.account_holder_id).toMatch(/^ah_/);
    expect(res.data).toMatchObject({ agency_id: agency.id, nacionality: "CO", birthdate: "1988-04-12", phone_number: "+573001234567", person_type: "natural" });
    const second = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id) });
    expect(second.response.status).toBe(409);
    const list = await apiClient(api, OPERATOR_KEY).GET("/v1/virtual-cards/account-holders");
    expect(list.data!.map((h) => h.account_holder_id)).toContain(res.data!.account_holder_id);
  });

  const invalid: Array<[string, Partial<HolderBody>, RegExp]> = [
    ["nacionality 3 letters", { nacionality: "COL" }, /^nacionality: .*2 letras/],
    ["nacionality unknown", { nacionality: "XX" }, /^nacionality: /],
    ["country", { country: "Colombia" }, /^country: .*2 letras/],
    ["birthdate format", { birthdate: "12/04/1988" }, /^birthdate: .*AAAA-MM-DD/],
    ["birthdate impossible", { birthdate: "1988-02-30" }, /^birthdate: /],
    ["birthdate future", { birthdate: addDays(bogotaDate(new Date()), 3) }, /^birthdate: .*pasada/],
    ["phone without +", { phone_number: "573001234567" }, /^phone_number: .*\+/],
    ["phone letters", { phone_number: "+57 300 ABC" }, /^phone_number: /],
    ["email", { email: "laura@" }, /^email: /],
    ["legal needs NIT", { person_type: "legal", document_type: "CC" }, /^document_type: .*NIT/],
    ["CC digits", { document_number: "AB12345" }, /^document_number: .*dígitos/],
    ["NIT check digit", { person_type: "legal", document_type: "NIT", document_number: "900123456-7" }, /^document_number: el dígito de verificación no corresponde a este NIT: para 900123456 es 8$/],
    ["zip_code", { zip_code: "1" }, /^zip_code: /],
  ];
  it("a legal person's NIT with dots and its DIAN check digit is stored as its digits", async () => {
    const agency = await createAgency(api.db);
    const res = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id, { person_type: "legal", document_type: "NIT", document_number: "900.123.456-8" }) });
    expect(res.response.status).toBe(201);
    expect(res.data!.document_number).toBe("900123456");
  });
  for (const [label, over, rule] of invalid) {
    it(`400 and nothing stored: ${label}`, async () => {
      const agency = await createAgency(api.db);
      const res = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id, over) });
      expect(res.response.status).toBe(400);
      expect(res.error!.detail).toMatch(rule);
      expect(await api.db.prisma.accountHolder.count({ where: { agencyId: agency.id } })).toBe(0);
    });
  }
  // Values outside an enum and missing fields do not compile with the typed client.
  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["person_type", { person_type: "company" }, /^person_type: .*natural o legal/],
    ["document_type", { document_type: "DNI" }, /^document_type: /],
    ["missing first_name", { first_name: undefined }, /^first_name: es obligatorio/],
  ];
  for (const [label, over, rule] of malformed) {
    it(`400 and nothing stored: ${label}`, async () => {
      const agency = await createAgency(api.db);
      const res = await api.call("POST", "/api/v1/virtual-cards/account-holders", { key: OPERATOR_KEY, body: { ...holderBody(agency.id), ...over } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(rule);
      expect(await api.db.prisma.accountHolder.count({ where: { agencyId: agency.id } })).toBe(0);
    });
  }

  it("unknown agency -> 404; an agency may not register -> 403", async () => {
    expect((await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: holderBody(999999) })).response.status).toBe(404);
    const { agency, key } = await agencyWithKey(api.db);
    expect((await apiClient(api, key).POST("/v1/virtual-cards/account-holders", { body: holderBody(agency.id) })).response.status).toBe(403);
  });

  it("4.10 returns the caller's holder; 404 when none or another agency's", async () => {
    const none = await agencyWithKey(api.db);
    expect((await apiClient(api, none.key).POST("/v1/virtual-cards/account-holder")).response.status).toBe(404);
    const a = await agencyWithOrg();
    const mine = await apiClient(api, a.key).POST("/v1/virtual-cards/account-holder", { body: {} });
    expect(mine.response.status).toBe(200);
    expect(mine.data!.account_holder_id).toBe(a.holderId);
    expect(mine.data!.first_name).toBe("Laura");
    const b = await agencyWithOrg();
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/account-holder", { body: { account_holder_id: b.holderId } })).response.status).toBe(404);
    const op = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holder", { body: { account_holder_id: b.holderId } });
    expect(op.data!.agency_id).toBe(b.agency.id);
    expect((await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holder", { body: {} })).response.status).toBe(400);
    expect((await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holder", { body: { account_holder_id: "ah_nope" } })).response.status).toBe(404);
  });
});

describe("organizations (4.11)", () => {
  it("creates under the caller's holder, lists only the caller's, and a taken name is 400", async () => {
    const a = await agencyWithOrg();
    const name = `Operadora Andina ${crypto.randomBytes(3).toString("hex")}`;
    const res = await apiClient(api, a.key).POST("/v1/virtual-cards/organizations", { body: { name, description: "Pagos a hoteles", external_ref: "ERP-9" } });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ id: expect.any(Number), account_holder_id: a.holderId, name, description: "Pagos a hoteles", external_ref: "ERP-9" });
    const b = await agencyWithOrg();
    const dup = await apiClient(api, b.key).POST("/v1/virtual-cards/organizations", { body: { name, description: "x" } });
    expect(dup.response.status).toBe(400);
    expect(dup.error!.detail).toMatch(/^name: .*único/);
    const dupCase = await apiClient(api, b.key).POST("/v1/virtual-cards/organizations", { body: { name: name.toUpperCase(), description: "x" } });
    expect(dupCase.response.status).toBe(400);
    const listA = await apiClient(api, a.key).GET("/v1/virtual-cards/organizations");
    expect(listA.data!.map((o) => o.id).sort()).toEqual([a.orgId, res.data!.id].sort());
    // Missing fields do not compile with the typed client.
    expect((await api.call("POST", "/api/v1/virtual-cards/organizations", { key: a.key, body: { description: "x" } })).body.detail).toMatch(/^name: es obligatorio/);
    expect((await api.call("POST", "/api/v1/virtual-cards/organizations", { key: a.key, body: { name: "Sin descripción" } })).body.detail).toMatch(/^description: es obligatorio/);
  });

  it("racing creates with one name make one organization", async () => {
    const a = await agencyWithOrg();
    const name = `Carrera ${crypto.randomBytes(3).toString("hex")}`;
    const rs = await Promise.all(Array.from({ length: 5 }, () => apiClient(api, a.key).POST("/v1/virtual-cards/organizations", { body: { name, description: "x" } })));
    expect(rs.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.response.status === 400)).toHaveLength(4);
  });

  it("racing creates whose names differ only in case make one organization", async () => {
    const a = await agencyWithOrg();
    const name = `Mayúsculas ${crypto.randomBytes(3).toString("hex")}`;
    const variants = [name, name.toUpperCase(), name.toLowerCase(), name.toUpperCase(), name];
    const rs = await Promise.all(variants.map((n) => apiClient(api, a.key).POST("/v1/virtual-cards/organizations", { body: { name: n, description: "x" } })));
    expect(rs.filter((r) => r.response.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.response.status === 400)).toHaveLength(4);
    expect(await api.db.prisma.organization.count({ where: { name: { equals: name, mode: "insensitive" } } })).toBe(1);
  });

  it("404 without an account holder; the operator names one", async () => {
    const none = await agencyWithKey(api.db);
    const res = await apiClient(api, none.key).POST("/v1/virtual-cards/organizations", { body: { name: `Sin titular ${none.agency.id}`, description: "x" } });
    expect(res.response.status).toBe(404);
    const a = await agencyWithOrg();
    expect((await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/organizations", { body: { name: `Op ${a.agency.id}`, description: "x" } })).response.status).toBe(400);
    const op = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/organizations", { body: { name: `Op ${a.agency.id}`, description: "x", account_holder_id: a.holderId } });
    expect(op.response.status).toBe(200);
    expect(op.data!.account_holder_id).toBe(a.holderId);
  });
});

describe("virtual cards (4.6)", () => {
  it("creates a frozen card with exactly the spec's fields plus status and spending_controls; the number is Luhn-valid and encrypted at rest", async () => {
    const a = await agencyWithOrg();
    const body = cardBody(a.orgId);
    const res = await apiClient(api, a.key).POST("/v1/virtual-cards", { body });
    expect(res.response.status).toBe(200);
    expect(typeof res.data!.msg).toBe("string");
    const d = res.data!.data;
    expect(Object.keys(d).sort()).toEqual(
      ["card_id", "subaccount_id", "one_time_use", "nickname", "last_four", "expiration", "activation", "organization_id", "destination", "status", "spending_controls"].sort(),
    );
    // Without spending_controls a card is what it always was: no limit, any hotel (docs/decisions.md 10.8).
    expect(d.spending_controls).toEqual({ spending_limits: [], allowed_hotel_ids: [] });
    expect(d).toMatchObject({ one_time_use: true, nickname: "VC-RES-1001", activation: body.activation, expiration: body.expiration, organization_id: a.orgId, status: "frozen", destination: body.destination });
    expect(d.last_four).toMatch(/^\d{4}$/);
    const row = await api.db.prisma.virtualCard.findUniqueOrThrow({ where: { id: d.card_id } });
    const details = await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}/sandbox-details", { params: { path: { card_id: d.card_id } } });
    expect(details.response.status).toBe(200);
    const pan: string = details.data!.number;
    expect(pan).toMatch(/^\d{16}$/);
    expect(luhnValid(pan)).toBe(true);
    expect(pan.slice(-4)).toBe(d.last_four);
    expect(details.data!.cvc).toMatch(/^\d{3}$/);
    expect(details.data).toMatchObject({ exp_month: Number(body.expiration.slice(5, 7)), exp_year: Number(body.expiration.slice(0, 4)) });
    // Keyed: the stored hash is the HMAC under the card-hash secret, never the plain sha256 a dump could brute-force.
    expect(row.numberHash).toBe(crypto.createHmac("sha256", Buffer.from(secret("card-hash-key"), "base64")).update(pan).digest("hex"));
    expect(row.numberHash).not.toBe(crypto.createHash("sha256").update(pan).digest("hex"));
    expect(row.numberEncrypted).not.toContain(pan);
    expect(row.cvcEncrypted).not.toContain(details.data!.cvc);
    expect(JSON.stringify(res.data)).not.toContain(pan);
    const history = await api.db.prisma.virtualCardEvent.findMany({ where: { cardId: d.card_id } });
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.reason])).toEqual([[null, "frozen", "created"]]);
  });

  const t = () => today();
  const invalid: Array<[string, (orgId: number) => NewCard, RegExp]> = [
    ["activation in the past", (o) => cardBody(o, { activation: addDays(t(), -1) }), /^activation: .*hoy/],
    ["expiration equal to activation", (o) => cardBody(o, { activation: addDays(t(), 2), expiration: addDays(t(), 2) }), /^expiration: .*posterior/],
    ["expiration before activation", (o) => cardBody(o, { activation: addDays(t(), 5), expiration: addDays(t(), 2) }), /^expiration: .*posterior/],
    ["expiration beyond one year", (o) => cardBody(o, { expiration: addDays(t(), 367) }), /^expiration: .*un año/],
    ["bad date", (o) => cardBody(o, { activation: "2026-13-01" }), /^activation: .*AAAA-MM-DD/],
    ["card_name digits", (o) => cardBody(o, { card_name: "1234" }), /^card_name: /],
    ["destination email", (o) => cardBody(o, { destination: { external_id: "x", name: "y", email: "no" } }), /^destination\.email: /],
    ["external_reference chars", (o) => cardBody(o, { external_reference: "RES 1/2" }), /^external_reference: /],
  ];
  for (const [label, make, rule] of invalid) {
    it(`400 and no card: ${label}`, async () => {
      const a = await agencyWithOrg();
      const res = await apiClient(api, a.key).POST("/v1/virtual-cards", { body: make(a.orgId) });
      expect(res.response.status).toBe(400);
      expect(res.error!.detail).toMatch(rule);
      expect(await api.db.prisma.virtualCard.count({ where: { agencyId: a.agency.id } })).toBe(0);
    });
  }
  // Wrong types and missing fields do not compile with the typed client.
  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["missing card_name", { card_name: undefined }, /^card_name: es obligatorio/],
    ["one_time_use type", { one_time_use: "si" }, /^one_time_use: /],
    ["organization_id type", { organization_id: "uno" }, /^organization_id: /],
    ["destination missing", { destination: undefined }, /^destination: es obligatorio/],
    ["destination external_id", { destination: { name: "y", email: "a@b.co" } }, /^destination\.external_id: es obligatorio/],
  ];
  for (const [label, over, rule] of malformed) {
    it(`400 and no card: ${label}`, async () => {
      const a = await agencyWithOrg();
      const res = await api.call("POST", "/api/v1/virtual-cards", { key: a.key, body: { ...cardBody(a.orgId), ...over } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(rule);
      expect(await api.db.prisma.virtualCard.count({ where: { agencyId: a.agency.id } })).toBe(0);
    });
  }

  it("accepts expiration exactly one year from today and activation today", async () => {
    const a = await agencyWithOrg();
    const y = Number(t().slice(0, 4)) + 1;
    const limit = t().slice(5) === "02-29" ? `${y}-02-28` : `${y}${t().slice(4)}`;
    const res = await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation: t(), expiration: limit }) });
    expect(res.response.status).toBe(200);
    expect(res.data!.data.status).toBe("frozen");
  });

  it("another agency's organization is 404, and so are its cards", async () => {
    const a = await agencyWithOrg();
    const b = await agencyWithOrg();
    const res = await apiClient(api, b.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId) });
    expect(res.response.status).toBe(404);
    expect(res.error!.detail).toMatch(/organization_id/);
    const card = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId) })).data!.data;
    const other = apiClient(api, b.key);
    const path = { params: { path: { card_id: card.card_id } } };
    for (const r of [
      await other.GET("/v1/virtual-cards/{card_id}", path),
      await other.GET("/v1/virtual-cards/{card_id}/sandbox-details", path),
      await other.POST("/v1/virtual-cards/{card_id}/freeze", path),
      await other.POST("/v1/virtual-cards/{card_id}/cancel", path),
    ]) {
      expect(r.response.status).toBe(404);
    }
    const listB = await apiClient(api, b.key).GET("/v1/virtual-cards");
    expect(listB.data!.map((c) => c.card_id)).not.toContain(card.card_id);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: card.card_id } } })).response.status).toBe(200);
  });

  it("an agency without account holder cannot create cards (404)", async () => {
    const a = await agencyWithOrg();
    const none = await agencyWithKey(api.db);
    expect((await apiClient(api, none.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId) })).response.status).toBe(404);
  });

  it("lists with filters", async () => {
    const a = await agencyWithOrg();
    const c1 = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { one_time_use: true, external_reference: "F-1" }) })).data!.data;
    const c2 = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { one_time_use: false, external_reference: "F-2" }) })).data!.data;
    await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/cancel", { params: { path: { card_id: c2.card_id } } });
    const all = await apiClient(api, a.key).GET("/v1/virtual-cards");
    expect(all.data!.map((c) => c.card_id).sort()).toEqual([c1.card_id, c2.card_id].sort());
    const cancelled = await apiClient(api, a.key).GET("/v1/virtual-cards", { params: { query: { status: "cancelled" } } });
    expect(cancelled.data!.map((c) => c.card_id)).toEqual([c2.card_id]);
    const oneTime = await apiClient(api, a.key).GET("/v1/virtual-cards", { params: { query: { one_time_use: "true" } } });
    expect(oneTime.data!.map((c) => c.card_id)).toEqual([c1.card_id]);
    const search = await apiClient(api, a.key).GET("/v1/virtual-cards", { params: { query: { search: "vc-f-2" } } });
    expect(search.data!.map((c) => c.card_id)).toEqual([c2.card_id]);
    expect((await api.call("GET", "/api/v1/virtual-cards?status=dormida", { key: a.key })).status).toBe(400); // not a status: not typed
  });

  it("replays a creation with the same Idempotency-Key instead of issuing a second card", async () => {
    const a = await agencyWithOrg();
    const params = { header: { "Idempotency-Key": `card-${a.agency.id}` } };
    const r1 = await apiClient(api, a.key).POST("/v1/virtual-cards", { params, body: cardBody(a.orgId) });
    const r2 = await apiClient(api, a.key).POST("/v1/virtual-cards", { params, body: cardBody(a.orgId) });
    expect(r2.data!.data.card_id).toBe(r1.data!.data.card_id);
    expect(await api.db.prisma.virtualCard.count({ where: { agencyId: a.agency.id } })).toBe(1);
  });
});

describe("card lifecycle over the test clock", () => {
  it("frozen until the activation day, active on it, cancelled on the expiration day (Bogotá dates)", async () => {
    const a = await agencyWithOrg();
    const activation = addDays(today(), 2);
    const expiration = addDays(today(), 5);
    const card = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation, expiration }) })).data!.data;
    const status = async () => (await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: card.card_id } } })).data!.status;

    // Before activation: stays frozen, and cannot be unfrozen by hand.
    await runCron(bogotaAt(addDays(activation, -1), "23:59"));
    expect(await status()).toBe("frozen");
    const early = await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/unfreeze", { params: { path: { card_id: card.card_id } } });
    expect(early.response.status).toBe(409);
    expect(early.error!.detail).toMatch(activation);

    // 00:00 in Bogotá is 05:00 UTC: the activation day has begun.
    const on = await runCron(bogotaAt(activation, "00:00"));
    expect(on.response.status).toBe(200);
    expect(on.data!.processed).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe("active");

    await runCron(bogotaAt(addDays(expiration, -1), "23:59"));
    expect(await status()).toBe("active");
    await runCron(bogotaAt(expiration, "00:01"));
    expect(await status()).toBe("cancelled");

    const detail = await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: card.card_id } } });
    expect(detail.data!.history.map((e) => [e.from_status, e.to_status, e.reason])).toEqual([
      [null, "frozen", "created"],
      ["frozen", "active", "activation_date"],
      ["active", "cancelled", "expiration_date"],
    ]);
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/unfreeze", { params: { path: { card_id: card.card_id } } })).response.status).toBe(409);
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/cancel", { params: { path: { card_id: card.card_id } } })).response.status).toBe(409);
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/freeze", { params: { path: { card_id: card.card_id } } })).response.status).toBe(409);
  });

  it("a card its owner froze stays frozen after the activation day until unfrozen; cancel is final", async () => {
    const a = await agencyWithOrg();
    const card = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation: today(), expiration: addDays(today(), 10) }) })).data!.data;
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/freeze", { params: { path: { card_id: card.card_id } } })).response.status).toBe(409);
    await runCron(bogotaAt(today(), "12:00"));
    const froze = await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/freeze", { params: { path: { card_id: card.card_id } } });
    expect(froze.response.status).toBe(200);
    expect(froze.data!.data.status).toBe("frozen");
    await runCron(bogotaAt(addDays(today(), 1), "12:00"));
    expect((await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: card.card_id } } })).data!.status).toBe("frozen");
    const back = await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/unfreeze", { params: { path: { card_id: card.card_id } } });
    expect(back.response.status).toBe(200);
    expect(back.data!.data.status).toBe("active");
    expect((await apiClient(api, a.key).POST("/v1/virtual-cards/{card_id}/unfreeze", { params: { path: { card_id: card.card_id } } })).response.status).toBe(409);
    const cancelled = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/{card_id}/cancel", { params: { path: { card_id: card.card_id } } });
    expect(cancelled.data!.data.status).toBe("cancelled");
    const events = await api.db.prisma.virtualCardEvent.findMany({ where: { cardId: card.card_id }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.reason)).toEqual(["created", "activation_date", "frozen_by_user", "unfrozen_by_user", "cancelled_by_user"]);
  });

  it("two cron runs at once change each card once", async () => {
    const a = await agencyWithOrg();
    const day = addDays(today(), 3);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push((await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation: day, expiration: addDays(day, 2), external_reference: `R-${i}` }) })).data!.data.card_id);
    }
    const [r1, r2] = await Promise.all([runCron(bogotaAt(day)), runCron(bogotaAt(day))]);
    expect(r1.response.status).toBe(200);
    expect(r2.response.status).toBe(200);
    const events = await api.db.prisma.virtualCardEvent.findMany({ where: { cardId: { in: ids }, reason: "activation_date" } });
    expect(events).toHaveLength(6);
    expect(new Set(events.map((e) => e.cardId)).size).toBe(6);
    const cards = await api.db.prisma.virtualCard.findMany({ where: { id: { in: ids } } });
    expect(cards.every((c) => c.status === "active")).toBe(true);
    const again = await runCron(bogotaAt(day, "13:00"));
    expect(again.data!.processed).toBe(0);
  });

  it("the cron route needs the secret", async () => {
    expect((await apiClient(api).POST("/cron/virtual-cards", { body: {} })).response.status).toBe(401);
    expect((await apiClient(api, OPERATOR_KEY).POST("/cron/virtual-cards", { body: {} })).response.status).toBe(401);
  });
});

describe("paying with a virtual card through the card payment API (4.9)", () => {
  async function activeCard(oneTime: boolean) {
    const a = await agencyWithOrg();
    const card = (await apiClient(api, a.key).POST("/v1/virtual-cards", { body: cardBody(a.orgId, { activation: today(), expiration: addDays(today(), 5), one_time_use: oneTime }) })).data!.data;
    const details = (await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}/sandbox-details", { params: { path: { card_id: card.card_id } } })).data!;
    return { a, card, details };
  }
  async function pay(key: string, d: { number: string; cvc: string; exp_month: number; exp_year: number }) {
    const pem = await publicKeyPem(api);
    const hotel = await createHotel(api.db);
    const enc = (v: string) => encryptCardField(v, pem);
    return apiClient(api, key).POST("/v2/virtual-terminal/credit-card", { body: {
        order: { ref_name: "Ana", ref_lastname: "Gómez", ref_number: `VC-${Math.random().toString(36).slice(2, 8)}`, amount: 250000, installments: 1, hotel_id: hotel.id },
        card_item: { cc_number: enc(d.number), cc_code: enc(d.cvc), cc_expire_month: enc(String(d.exp_month)), cc_expire_year: enc(String(d.exp_year)), cc_holder: enc("Ana Gómez") },
      } });
  }

  it("declines a card that is still frozen", async () => {
    const { a, details } = await activeCard(true);
    const res = await pay(a.key, details);
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: 0, extra_info: { voucher_url: expect.any(String) } });
  });

  it("two concurrent payments with one one-time card: exactly one approved, the card cancelled once", async () => {
    const { a, card, details } = await activeCard(true);
    await runCron(new Date().toISOString());
    const results = await Promise.all([pay(a.key, details), pay(a.key, details), pay(a.key, details)]);
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(1);
    const declined = results.filter((r) => r.response.status === 400 && r.error?.code === 0);
    expect(declined).toHaveLength(2);
    // The reason still starts as it did before issue 24, and now says why.
    for (const r of declined) expect(r.error!.detail).toBe("tarjeta virtual no activa: es de uso único y ya se usó");
    expect(await api.db.prisma.paymentTransaction.count({ where: { virtualCardId: card.card_id, status: "approved" } })).toBe(1);
    const row = await api.db.prisma.virtualCard.findUniqueOrThrow({ where: { id: card.card_id } });
    expect(row.status).toBe("cancelled");
    expect(row.usedAt).not.toBeNull();
    const got = await apiClient(api, a.key).GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: card.card_id } } });
    expect(got.data!.status).toBe("cancelled");
    expect(got.data!.history.filter((h) => h.to_status === "cancelled")).toHaveLength(1);
    expect(got.data!.history.at(-1)).toMatchObject({ from_status: "active", to_status: "cancelled", reason: "one_time_use_payment" });
    // The card is claimed before the charge: the losers were never charged (no approved-then-rejected charge).
    const txs = await api.db.prisma.paymentTransaction.findMany({ where: { virtualCardId: card.card_id } });
    const charges = await api.db.prisma.sandboxGatewayOperation.count({ where: { paymentRef: { in: txs.map((t) => t.id) }, kind: "charge" } });
    expect(charges).toBe(1);
    // Date-times on the wire carry the Bogotá offset, like every /api endpoint (docs/api.md "Dates, times and money").
    for (const at of [got.data!.created_at, got.data!.used_at, got.data!.history.at(-1)!.at]) expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);
  });

  it("a permanent card takes several payments and stays active", async () => {
    const { a, card, details } = await activeCard(false);
    await runCron(new Date().toISOString());
    expect((await pay(a.key, details)).response.status).toBe(200);
    expect((await pay(a.key, details)).response.status).toBe(200);
    expect((await api.db.prisma.virtualCard.findUniqueOrThrow({ where: { id: card.card_id } })).status).toBe("active");
  });
});
