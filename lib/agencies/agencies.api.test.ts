import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createAgency } from "@/lib/testing/factories";
import { debitBalance } from "./balance";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

let docSeq = 0;
const newDoc = () => String(800000000 + Date.now() % 1_000_000 * 10 + docSeq++);
const validAgency = (over: Record<string, unknown> = {}) => ({
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
    const res = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body });
    expect(res.status).toBe(200);
    expect(typeof res.body.msg).toBe("string");
    expect(res.body.id).toBe(res.body.agency.id);
    const a = res.body.agency;
    for (const f of ["rc_identifier", "partner_token", "processor_a_user_id", "processor_b_user_id"]) expect(a[f]).toBeNull();
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
    const res = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body: validAgency() });
    expect(res.body.agency.agency_type).toBe("retailer");
  });

  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ["name missing", { name: undefined }, /^name: es obligatorio/],
    ["name empty", { name: "  " }, /^name: /],
    ["email", { email_for_notifications: "no-es-correo" }, /^email_for_notifications: .*correo/],
    ["phone with country code", { phone: "+573001234567" }, /^phone: .*dígitos/],
    ["phone letters", { phone: "300-ABC" }, /^phone: /],
    ["country_code without +", { country_code: "57" }, /^country_code: .*\+/],
    ["document_type", { document_type: "PASAPORTE" }, /^document_type: .*NIT o CC/],
    ["document_number not digits", { document_number: "90012-3" }, /^document_number: .*dígitos/],
    ["is_preloaded missing", { is_preloaded: undefined }, /^is_preloaded: es obligatorio/],
    ["is_preloaded wrong type", { is_preloaded: "yes" }, /^is_preloaded: /],
    ["payout_account_id missing", { payout_account_id: undefined }, /^payout_account_id: es obligatorio/],
    ["agency_type", { agency_type: "mayorista" }, /^agency_type: .*retailer o wholesale/],
    ["webhook_url", { webhook_url: "ftp://x.co/h" }, /^webhook_url: .*http/],
  ];
  for (const [label, over, detail] of invalid) {
    it(`400 and nothing created: ${label}`, async () => {
      const body = validAgency(over);
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
    const first = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body });
    const again = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body: { ...body, name: "Otro nombre" } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.agency.name).toBe(body.name);
    expect(again.body.msg).not.toBe(first.body.msg);
    expect(await api.db.prisma.agency.count({ where: { documentNumber: body.document_number } })).toBe(1);
  });

  it("makes one row under 10 concurrent creates with the same document_number", async () => {
    const body = validAgency();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body: { ...body, name: `Carrera ${i}` } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await api.db.prisma.agency.count({ where: { documentNumber: body.document_number } })).toBe(1);
  });

  it("replays with the same Idempotency-Key and refuses it with another body", async () => {
    const body = validAgency();
    const headers = { "idempotency-key": `k-${body.document_number}` };
    const a = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body, headers });
    const b = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body, headers });
    expect(b.status).toBe(200);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body).toEqual(a.body);
    const c = await api.call("POST", "/api/v2/agencies", { key: OPERATOR_KEY, body: { ...body, name: "Distinto" }, headers });
    expect(c.status).toBe(409);
  });

  it("is operator-only", async () => {
    const { key } = await agencyWithKey(api.db.prisma);
    expect((await api.call("POST", "/api/v2/agencies", { key, body: validAgency() })).status).toBe(403);
    expect((await api.call("POST", "/api/v2/agencies", { body: validAgency() })).status).toBe(401);
  });
});

describe("listing, reading and changing agencies", () => {
  it("4.12 lists preloaded agencies without payout_account_id", async () => {
    const pre = await createAgency(api.db.prisma, { isPreloaded: true });
    const plain = await createAgency(api.db.prisma, { isPreloaded: false });
    const res = await api.call("GET", "/api/v2/preloaded-balance/agencies", { key: OPERATOR_KEY });
    expect(res.status).toBe(200);
    const ids = res.body.map((a: { id: number }) => a.id);
    expect(ids).toContain(pre.id);
    expect(ids).not.toContain(plain.id);
    for (const a of res.body) expect(a).not.toHaveProperty("payout_account_id");
    expect(res.body[0].created_at).toMatch(/\.\d{6}$/);
  });

  it("GET /v2/agencies searches and filters", async () => {
    const a = await createAgency(api.db.prisma, { name: "Buscable Único Tours", agencyType: "wholesale" });
    const res = await api.call("GET", `/api/v2/agencies?search=${encodeURIComponent("buscable único")}`, { key: OPERATOR_KEY });
    expect(res.status).toBe(200);
    expect(res.body.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect(res.headers.get("x-total-count")).toBe("1");
    const retail = await api.call("GET", "/api/v2/agencies?agency_type=retailer&per_page=200", { key: OPERATOR_KEY });
    expect(retail.body.every((x: { agency_type: string }) => x.agency_type === "retailer")).toBe(true);
    expect(retail.body.map((x: { id: number }) => x.id)).not.toContain(a.id);
    expect((await api.call("GET", "/api/v2/agencies?is_active=quizas", { key: OPERATOR_KEY })).body.detail).toMatch(/^is_active: /);
  });

  it("an agency may GET itself; another agency's id is 404", async () => {
    const one = await agencyWithKey(api.db.prisma);
    const other = await createAgency(api.db.prisma);
    expect((await api.call("GET", `/api/v2/agencies/${one.agency.id}`, { key: one.key })).body.id).toBe(one.agency.id);
    expect((await api.call("GET", `/api/v2/agencies/${other.id}`, { key: one.key })).status).toBe(404);
    expect((await api.call("GET", "/api/v2/agencies/999999", { key: OPERATOR_KEY })).status).toBe(404);
  });

  it("PATCH archives (archived implies inactive) and the archived agency gets 403 everywhere", async () => {
    const { agency, key } = await agencyWithKey(api.db.prisma);
    expect((await api.call("GET", `/api/v2/agencies/${agency.id}`, { key })).status).toBe(200);
    const res = await api.call("PATCH", `/api/v2/agencies/${agency.id}`, { key: OPERATOR_KEY, body: { is_archived: true } });
    expect(res.status).toBe(200);
    expect(res.body.agency).toMatchObject({ is_archived: true, is_active: false });
    for (const [m, p] of [["GET", `/api/v2/agencies/${agency.id}`], ["GET", "/api/v1/virtual-cards"], ["GET", `/api/v2/agencies/${agency.id}/balance`]] as const) {
      const r = await api.call(m, p, { key });
      expect(r.status).toBe(403);
      expect(r.body.detail).toMatch(/archivada/);
    }
    const contradiction = await api.call("PATCH", `/api/v2/agencies/${agency.id}`, { key: OPERATOR_KEY, body: { is_active: true } });
    expect(contradiction.status).toBe(409);
    const back = await api.call("PATCH", `/api/v2/agencies/${agency.id}`, { key: OPERATOR_KEY, body: { is_archived: false, is_active: true } });
    expect(back.body.agency).toMatchObject({ is_archived: false, is_active: true });
    expect((await api.call("GET", `/api/v2/agencies/${agency.id}`, { key })).status).toBe(200);
  });

  it("PATCH deactivates (403 for the agency), changes type and webhook URL, and validates", async () => {
    const { agency, key } = await agencyWithKey(api.db.prisma);
    const res = await api.call("PATCH", `/api/v2/agencies/${agency.id}`, {
      key: OPERATOR_KEY,
      body: { is_active: false, agency_type: "wholesale", webhook_url: "https://hooks.example.co/x" },
    });
    expect(res.body.agency).toMatchObject({ is_active: false, agency_type: "wholesale", webhook_url: "https://hooks.example.co/x" });
    const denied = await api.call("GET", "/api/v2/me", { key });
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toMatch(/inactiva/);
    expect((await api.call("PATCH", `/api/v2/agencies/${agency.id}`, { key: OPERATOR_KEY, body: {} })).status).toBe(400);
    expect((await api.call("PATCH", `/api/v2/agencies/${agency.id}`, { key: OPERATOR_KEY, body: { phone: "abc" } })).body.detail).toMatch(/^phone: /);
    const other = await agencyWithKey(api.db.prisma);
    expect((await api.call("PATCH", `/api/v2/agencies/${other.agency.id}`, { key: other.key, body: { name: "x" } })).status).toBe(403);
  });
});

describe("preloaded balance ledger", () => {
  it("tops up, lists entries to the operator and the agency, and refuses non-preloaded agencies", async () => {
    const { agency, key } = await agencyWithKey(api.db.prisma, { isPreloaded: true });
    const t1 = await api.call("POST", `/api/v2/agencies/${agency.id}/balance/top-ups`, { key: OPERATOR_KEY, body: { amount: 1500000.5, note: "Consignación 1" } });
    expect(t1.status).toBe(201);
    expect(t1.body.balance).toBe(1500000.5);
    const t2 = await api.call("POST", `/api/v2/agencies/${agency.id}/balance/top-ups`, { key: OPERATOR_KEY, body: { amount: "0.10" } });
    expect(t2.body.balance).toBe(1500000.6);
    const mine = await api.call("GET", `/api/v2/agencies/${agency.id}/balance`, { key });
    expect(mine.status).toBe(200);
    expect(mine.body.balance).toBe(1500000.6);
    expect(mine.body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ["topup", 0.1],
      ["topup", 1500000.5],
    ]);
    const stranger = await agencyWithKey(api.db.prisma);
    expect((await api.call("GET", `/api/v2/agencies/${agency.id}/balance`, { key: stranger.key })).status).toBe(404);
    expect((await api.call("POST", `/api/v2/agencies/${agency.id}/balance/top-ups`, { key, body: { amount: 1 } })).status).toBe(403);
    const notPre = await createAgency(api.db.prisma);
    expect((await api.call("POST", `/api/v2/agencies/${notPre.id}/balance/top-ups`, { key: OPERATOR_KEY, body: { amount: 1 } })).status).toBe(409);
  });

  for (const [amount, rule] of [[0, /mayor que 0/], [-5, /monto positivo/], [10.123, /dos decimales/], ["abc", /monto/]] as const) {
    it(`top-up amount ${amount} -> 400`, async () => {
      const a = await createAgency(api.db.prisma, { isPreloaded: true });
      const r = await api.call("POST", `/api/v2/agencies/${a.id}/balance/top-ups`, { key: OPERATOR_KEY, body: { amount } });
      expect(r.status).toBe(400);
      expect(r.body.detail).toMatch(/^amount: /);
      expect(r.body.detail).toMatch(rule);
      expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.id } })).balance.toNumber()).toBe(0);
    });
  }

  it("debitBalance never goes below zero, even racing", async () => {
    const a = await createAgency(api.db.prisma, { isPreloaded: true, balance: new Prisma.Decimal("100000.00") });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => api.db.prisma.$transaction((tx) => debitBalance(tx, a.id, "30000.00", null, new Date()))),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(3);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(rejected).toHaveLength(2);
    expect(rejected[0].reason.status).toBe(409);
    const after = await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.id } });
    expect(after.balance.toFixed(2)).toBe("10000.00");
    const entries = await api.db.prisma.balanceEntry.findMany({ where: { agencyId: a.id, kind: "debit" } });
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.amount.toFixed(2))).toEqual(["-30000.00", "-30000.00", "-30000.00"]);
  });
});

describe("agency portal users", () => {
  it("creates a login for an agency (bcrypt), lists it, refuses duplicates and bad input", async () => {
    const a = await createAgency(api.db.prisma);
    const email = `Ventas-${a.id}@Agencia.co`;
    const res = await api.call("POST", `/api/v2/agencies/${a.id}/users`, { key: OPERATOR_KEY, body: { name: "Ventas", email, password: "clave-segura-1" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), role: "agency", agency_id: a.id });
    expect(res.body).not.toHaveProperty("password_hash");
    const row = await api.db.prisma.user.findUniqueOrThrow({ where: { email: email.toLowerCase() } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$/);
    const list = await api.call("GET", `/api/v2/agencies/${a.id}/users`, { key: OPERATOR_KEY });
    expect(list.body.map((u: { id: number }) => u.id)).toEqual([res.body.id]);
    expect((await api.call("POST", `/api/v2/agencies/${a.id}/users`, { key: OPERATOR_KEY, body: { name: "X", email, password: "clave-segura-1" } })).status).toBe(409);
    const short = await api.call("POST", `/api/v2/agencies/${a.id}/users`, { key: OPERATOR_KEY, body: { name: "X", email: "x@y.co", password: "corta" } });
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/^password: /);
    expect((await api.call("POST", "/api/v2/agencies/999999/users", { key: OPERATOR_KEY, body: { name: "X", email: "z@y.co", password: "clave-segura-1" } })).status).toBe(404);
  });
});
