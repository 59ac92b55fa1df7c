import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import type { paths } from "@/lib/client/schema";
import { agencyWithKey, createAgency } from "@/lib/testing/factories";
import { debitBalance } from "./balance";

// Well-formed requests go through the typed client generated from the OpenAPI document, as an integrator's
// would; deliberately malformed ones (wrong types, missing fields, values outside an enum) through api.call, since
// they do not compile.
let api: TestServer;
const operator = () => apiClient(api, OPERATOR_KEY);
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

let docSeq = 0;
const newDoc = () => String(800000000 + Date.now() % 1_000_000 * 10 + docSeq++);
type NewAgency = paths["/v2/agencies"]["post"]["requestBody"]["content"]["application/json"];
const validAgency = (over: Partial<NewAgency> = {}): NewAgency => ({
  name: "Viajes del Caribe SAS",
  email_for_notifications: "avisos@caribe.co",
  phone: "3001234567",
  country_code: "+57",
  document_type: "NIT",
  document_number: newDoc(),
  is_preloaded: false,
  payout_account_id: "acct_123",
  ...over,
});

describe("POST /api/v2/agencies (4.13)", () => {
  it("creates an agency and answers {msg, id, agency} with the spec's fields and naive microsecond timestamps", async () => {
    const body = validAgency({ agency_type: "wholesale", webhook_url: "http://127.0.0.1:9/hook" });
    const res = await operator().POST("/v2/agencies", { body });
    expect(res.response.status).toBe(200);
    expect(typeof res.data!.msg).toBe("string");
    expect(res.data!.id).toBe(res.data!.agency.id);
    const a = res.data!.agency;
    for (const f of ["rc_identifier", "partner_token", "processor_a_user_id", "processor_b_user_id"] as const) expect(a[f]).toBeNull();
    expect(a).toMatchObject({
      name: body.name,
      phone: "3001234567",
      country_code: "+57",
      email_for_notifications: "avisos@caribe.co",
      document_type: "NIT",
      document_number: body.document_number,
      is_active: true,
      is_archived: false,
      payout_account_id: "acct_123",
      agency_type: "wholesale",
      webhook_url: "http://127.0.0.1:9/hook",
    });
    expect(a.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    expect(a.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    const row = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.id } });
    expect(a.created_at).toBe(`${row.createdAt.toISOString().slice(0, 23)}000`);
    expect(row.agencyType).toBe("wholesale");
  });

  it("defaults agency_type to retailer", async () => {
    const res = await operator().POST("/v2/agencies", { body: validAgency() });
    expect(res.data!.agency.agency_type).toBe("retailer");
  });

  const invalid: Array<[string, Partial<NewAgency>, RegExp]> = [
    ["name empty", { name: "  " }, /^name: /],
    ["email", { email_for_notifications: "no-es-correo" }, /^email_for_notifications: .*correo/],
    ["phone with country code", { phone: "+573001234567" }, /^phone: .*dígitos/],
    ["phone letters", { phone: "300-ABC" }, /^phone: /],
    ["country_code without +", { country_code: "57" }, /^country_code: .*\+/],
    ["document_number not digits", { document_number: "9001A-3" }, /^document_number: .*dígitos/],
    ["webhook_url", { webhook_url: "ftp://x.co/h" }, /^webhook_url: .*http/],
  ];
  for (const [label, over, detail] of invalid) {
    it(`400 and nothing created: ${label}`, async () => {
      const before = await api.db.prisma.agency.count();
      const res = await operator().POST("/v2/agencies", { body: validAgency(over) });
      expect(res.response.status).toBe(400);
      expect(res.error).toMatchObject({ code: "400", detail: expect.stringMatching(detail) });
      expect(await api.db.prisma.agency.count()).toBe(before);
    });
  }
  const malformed: Array<[string, Record<string, unknown>, RegExp]> = [
    ["name missing", { name: undefined }, /^name: es obligatorio/],
    ["document_type", { document_type: "PASAPORTE" }, /^document_type: .*NIT o CC/],
    ["is_preloaded missing", { is_preloaded: undefined }, /^is_preloaded: es obligatorio/],
    ["is_preloaded wrong type", { is_preloaded: "yes" }, /^is_preloaded: /],
    ["payout_account_id missing", { payout_account_id: undefined }, /^payout_account_id: es obligatorio/],
    ["agency_type", { agency_type: "mayorista" }, /^agency_type: .*retailer o wholesale/],
  ];
  for (const [label, over, detail] of malformed) {
    it(`400 and nothing created: ${label}`, async () => {
      const body = { ...validAgency(), ...over };
      const before = await api.db.prisma.agency.count();
      const res = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("400");
      expect(res.body.detail).toMatch(detail);
      expect(await api.db.prisma.agency.count()).toBe(before);
    });
  }

  it("returns the existing agency (200, nothing created) for a known document_number", async () => {
    const body = validAgency();
    const first = await operator().POST("/v2/agencies", { body });
    const again = await operator().POST("/v2/agencies", { body: { ...body, name: "Otro nombre" } });
    expect(again.response.status).toBe(200);
    expect(again.data!.id).toBe(first.data!.id);
    expect(again.data!.agency.name).toBe(body.name);
    expect(again.data!.msg).not.toBe(first.data!.msg);
    expect(await api.db.prisma.agency.count({ where: { documentNumber: body.document_number } })).toBe(1);
  });

  it("takes a NIT written with dots and its DIAN check digit as the same organisation; a wrong check digit is a 400 in Spanish", async () => {
    const base = newDoc().slice(0, 9);
    const w = [3, 7, 13, 17, 19, 23, 29, 37, 41];
    const r = base.split("").reverse().reduce((sum, c, i) => sum + Number(c) * w[i], 0) % 11;
    const dv = r > 1 ? 11 - r : r;
    const dotted = `${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6)}-${dv}`;
    const made = await operator().POST("/v2/agencies", { body: validAgency({ document_number: dotted }) });
    expect(made.response.status).toBe(200);
    expect(made.data!.agency.document_number).toBe(base);
    const plain = await operator().POST("/v2/agencies", { body: validAgency({ document_number: base }) });
    expect(plain.data!.id).toBe(made.data!.id);
    const wrong = await operator().POST("/v2/agencies", { body: validAgency({ document_number: `${base}-${(dv + 1) % 10}` }) });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.detail).toContain(`el dígito de verificación no corresponde a este NIT: para ${base} es ${dv}`);
    expect(await api.db.prisma.agency.count({ where: { documentNumber: base } })).toBe(1);
  });

  it("makes one row under 10 concurrent creates with the same document_number", async () => {
    const body = validAgency();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => operator().POST("/v2/agencies", { body: { ...body, name: `Carrera ${i}` } })));
    expect(results.map((r) => r.response.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.data!.id)).size).toBe(1);
    expect(await api.db.prisma.agency.count({ where: { documentNumber: body.document_number } })).toBe(1);
  });

  it("replays with the same Idempotency-Key and refuses it with another body", async () => {
    const body = validAgency();
    const header = { "Idempotency-Key": `k-${body.document_number}` };
    const a = await operator().POST("/v2/agencies", { body, params: { header } });
    const b = await operator().POST("/v2/agencies", { body, params: { header } });
    expect(b.response.status).toBe(200);
    expect(b.response.headers.get("idempotent-replayed")).toBe("true");
    expect(b.data).toEqual(a.data);
    const c = await operator().POST("/v2/agencies", { body: { ...body, name: "Distinto" }, params: { header } });
    expect(c.response.status).toBe(409);
    expect(c.error).toMatchObject({ code: "409", detail: expect.stringMatching(/^Idempotency-Key: /) });
  });

  it("is operator-only", async () => {
    const { key } = await agencyWithKey(api.db);
    expect((await apiClient(api, key).POST("/v2/agencies", { body: validAgency() })).response.status).toBe(403);
    expect((await apiClient(api).POST("/v2/agencies", { body: validAgency() })).response.status).toBe(401);
  });
});

describe("listing, reading and changing agencies", () => {
  it("4.12 lists preloaded agencies without payout_account_id", async () => {
    const pre = await createAgency(api.db, { isPreloaded: true });
    const plain = await createAgency(api.db, { isPreloaded: false });
    const res = await operator().GET("/v2/preloaded-balance/agencies");
    expect(res.response.status).toBe(200);
    const ids = res.data!.map((a) => a.id);
    expect(ids).toContain(pre.id);
    expect(ids).not.toContain(plain.id);
    for (const a of res.data!) expect(a).not.toHaveProperty("payout_account_id");
    expect(res.data![0].created_at).toMatch(/\.\d{6}$/);
  });

  it("GET /v2/agencies searches and filters", async () => {
    const a = await createAgency(api.db, { name: "Buscable Único Tours", agencyType: "wholesale" });
    const res = await operator().GET("/v2/agencies", { params: { query: { search: "buscable único" } } });
    expect(res.response.status).toBe(200);
    expect(res.data!.map((x) => x.id)).toEqual([a.id]);
    expect(res.response.headers.get("x-total-count")).toBe("1");
    const retail = await operator().GET("/v2/agencies", { params: { query: { agency_type: "retailer", per_page: 200 } } });
    expect(retail.data!.every((x) => x.agency_type === "retailer")).toBe(true);
    expect(retail.data!.map((x) => x.id)).not.toContain(a.id);
    expect((await api.call("GET", "/api/v2/agencies?is_active=quizas", { key: OPERATOR_KEY })).body.detail).toMatch(/^is_active: /);
  });

  it("an agency may GET itself; another agency's id is 404", async () => {
    const one = await agencyWithKey(api.db);
    const other = await createAgency(api.db);
    const mine = apiClient(api, one.key);
    expect((await mine.GET("/v2/agencies/{id}", { params: { path: { id: one.agency.id } } })).data!.id).toBe(one.agency.id);
    const foreign = await mine.GET("/v2/agencies/{id}", { params: { path: { id: other.id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: "404" });
    const unknown = await operator().GET("/v2/agencies/{id}", { params: { path: { id: 999999 } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "La agencia 999999 no existe" });
  });

  it("PATCH archives (archived implies inactive) and the archived agency gets 403 everywhere", async () => {
    const { agency, key } = await agencyWithKey(api.db);
    const path = { id: agency.id };
    expect((await apiClient(api, key).GET("/v2/agencies/{id}", { params: { path } })).response.status).toBe(200);
    const res = await operator().PATCH("/v2/agencies/{id}", { params: { path }, body: { is_archived: true } });
    expect(res.response.status).toBe(200);
    expect(res.data!.agency).toMatchObject({ is_archived: true, is_active: false });
    const archived = apiClient(api, key);
    for (const r of [await archived.GET("/v2/agencies/{id}", { params: { path } }), await archived.GET("/v1/virtual-cards"), await archived.GET("/v2/agencies/{id}/balance", { params: { path } })]) {
      expect(r.response.status).toBe(403);
      expect(r.error).toMatchObject({ detail: expect.stringMatching(/archivada/) });
    }
    const contradiction = await operator().PATCH("/v2/agencies/{id}", { params: { path }, body: { is_active: true } });
    expect(contradiction.response.status).toBe(409);
    expect(contradiction.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "is_active: una agencia archivada no puede estar activa; desarchívela primero" });
    const back = await operator().PATCH("/v2/agencies/{id}", { params: { path }, body: { is_archived: false, is_active: true } });
    expect(back.data!.agency).toMatchObject({ is_archived: false, is_active: true });
    expect((await apiClient(api, key).GET("/v2/agencies/{id}", { params: { path } })).response.status).toBe(200);
  });

  it("PATCH deactivates (403 for the agency), changes type and webhook URL, and validates", async () => {
    const { agency, key } = await agencyWithKey(api.db);
    const res = await operator().PATCH("/v2/agencies/{id}", {
      params: { path: { id: agency.id } },
      body: { is_active: false, agency_type: "wholesale", webhook_url: "https://hooks.example.co/x" },
    });
    expect(res.data!.agency).toMatchObject({ is_active: false, agency_type: "wholesale", webhook_url: "https://hooks.example.co/x" });
    const denied = await apiClient(api, key).GET("/v2/me");
    expect(denied.response.status).toBe(403);
    expect(denied.error).toMatchObject({ detail: expect.stringMatching(/inactiva/) });
    expect((await operator().PATCH("/v2/agencies/{id}", { params: { path: { id: agency.id } }, body: {} })).response.status).toBe(400);
    expect((await operator().PATCH("/v2/agencies/{id}", { params: { path: { id: agency.id } }, body: { phone: "abc" } })).error).toMatchObject({ detail: expect.stringMatching(/^phone: /) });
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, other.key).PATCH("/v2/agencies/{id}", { params: { path: { id: other.agency.id } }, body: { name: "x" } })).response.status).toBe(403);
  });
});

describe("preloaded balance ledger", () => {
  it("tops up, lists entries to the operator and the agency, and refuses non-preloaded agencies", async () => {
    const { agency, key } = await agencyWithKey(api.db, { isPreloaded: true });
    const path = { id: agency.id };
    const t1 = await operator().POST("/v2/agencies/{id}/balance/top-ups", { params: { path }, body: { amount: 1500000.5, note: "Consignación 1" } });
    expect(t1.response.status).toBe(201);
    expect(t1.data!.balance).toBe(1500000.5);
    const t2 = await operator().POST("/v2/agencies/{id}/balance/top-ups", { params: { path }, body: { amount: "0.10" } });
    expect(t2.data!.balance).toBe(1500000.6);
    const mine = await apiClient(api, key).GET("/v2/agencies/{id}/balance", { params: { path } });
    expect(mine.response.status).toBe(200);
    expect(mine.data!.balance).toBe(1500000.6);
    expect(mine.data!.entries.map((e) => [e.kind, e.amount])).toEqual([
      ["topup", 0.1],
      ["topup", 1500000.5],
    ]);
    const stranger = await agencyWithKey(api.db);
    expect((await apiClient(api, stranger.key).GET("/v2/agencies/{id}/balance", { params: { path } })).response.status).toBe(404);
    expect((await apiClient(api, key).POST("/v2/agencies/{id}/balance/top-ups", { params: { path }, body: { amount: 1 } })).response.status).toBe(403);
    const notPre = await createAgency(api.db);
    const notPreTopUp = await operator().POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: notPre.id } }, body: { amount: 1 } });
    expect(notPreTopUp.response.status).toBe(409);
    expect(notPreTopUp.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "La agencia no usa saldo precargado; márquela como is_preloaded primero" });
    const missing = await operator().POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: 999999 } }, body: { amount: 1 } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "La agencia 999999 no existe" });
  });

  for (const [amount, rule] of [[0, /mayor que 0/], [-5, /monto positivo/], [10.123, /dos decimales/], ["abc", /monto/]] as const) {
    it(`top-up amount ${amount} -> 400`, async () => {
      const a = await createAgency(api.db, { isPreloaded: true });
      const r = await operator().POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: a.id } }, body: { amount } });
      expect(r.response.status).toBe(400);
      expect(r.error!.detail).toMatch(/^amount: /);
      expect(r.error!.detail).toMatch(rule);
      expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.id } })).balance.toNumber()).toBe(0);
    });
  }

  it("debitBalance never goes below zero, even racing", async () => {
    const a = await createAgency(api.db, { isPreloaded: true, balance: new Prisma.Decimal("100000.00") });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => api.db.prisma.$transaction((tx) => debitBalance(tx, a.id, "30000.00", null, new Date()))),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(rejected).toHaveLength(2);
    // The rule's own refusal (over_limit: 409 at the edges, lib/http/steps.ts DOMAIN_STATUS).
    expect(rejected[0].reason).toMatchObject({ code: "over_limit", detail: expect.stringMatching(/^Saldo insuficiente: disponible 10000.00 COP/) });
    const after = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.id } });
    expect(after.balance.toFixed(2)).toBe("10000.00");
    const entries = await api.db.prisma.balanceEntry.findMany({ where: { agencyId: a.id, kind: "debit" } });
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.amount.toFixed(2))).toEqual(["-30000.00", "-30000.00", "-30000.00"]);
  });
});

describe("agency portal users", () => {
  it("creates a login for an agency (bcrypt), lists it, refuses duplicates and bad input", async () => {
    const a = await createAgency(api.db);
    const email = `Ventas-${a.id}@Agencia.co`;
    const path = { id: a.id };
    const res = await operator().POST("/v2/agencies/{id}/users", { params: { path }, body: { name: "Ventas", email, password: "clave-segura-1" } });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ email: email.toLowerCase(), role: "agency", agency_id: a.id });
    expect(res.data).not.toHaveProperty("password_hash");
    const row = await api.db.prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$/);
    const list = await operator().GET("/v2/agencies/{id}/users", { params: { path } });
    expect(list.data!.map((u) => u.id)).toEqual([res.data!.id]);
    expect((await operator().POST("/v2/agencies/{id}/users", { params: { path }, body: { name: "X", email, password: "clave-segura-1" } })).response.status).toBe(409);
    const short = await operator().POST("/v2/agencies/{id}/users", { params: { path }, body: { name: "X", email: "x@y.co", password: "corta" } });
    expect(short.response.status).toBe(400);
    expect(short.error).toMatchObject({ detail: expect.stringMatching(/^password: /) });
    expect((await operator().POST("/v2/agencies/{id}/users", { params: { path: { id: 999999 } }, body: { name: "X", email: "z@y.co", password: "clave-segura-1" } })).response.status).toBe(404);
  });
});
