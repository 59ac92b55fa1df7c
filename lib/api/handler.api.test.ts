import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

type StandardError = { code: string; message: string; detail: string };
/** Typed client answers ({response, error}) and TestServer.call answers ({status, body}) alike. */
function expectStandardError(res: { status: number; body: StandardError } | { response: Response; error?: StandardError }, status: number) {
  const [got, body] = "response" in res ? [res.response.status, res.error!] : [res.status, res.body];
  expect(got).toBe(status);
  expect(body.code).toBe(String(status));
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.detail).toBe("string");
}
const cron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
const keysOf = (id: number) => ({ params: { path: { id } } });

describe("standard error bodies", () => {
  it("401 without credentials, with the standard body", async () => {
    const res = await apiClient(api).GET("/v2/agencies/{id}/api-keys", keysOf(1));
    expectStandardError(res, 401);
  });

  it("401 with an unknown key and with a malformed Authorization header", async () => {
    expectStandardError(await apiClient(api, "hbk_doesnotexist").GET("/v2/agencies/{id}/api-keys", keysOf(1)), 401);
    expectStandardError(await api.call("GET", "/api/v2/agencies/1/api-keys", { headers: { authorization: "Basic abc" } }), 401);
  });

  it("403 when an agency key calls an operator route", async () => {
    const { agency, key } = await agencyWithKey(api.db);
    const res = await apiClient(api, key).GET("/v2/agencies/{id}/api-keys", keysOf(agency.id));
    expectStandardError(res, 403);
  });

  it("403 for an inactive or archived agency on any route", async () => {
    const { agency, key } = await agencyWithKey(api.db);
    expect((await apiClient(api, key).GET("/v2/me")).response.status).toBe(200);
    await api.db.prisma.agency.update({ where: { id: agency.id }, data: { isArchived: true, isActive: false } });
    const res = await apiClient(api, key).GET("/v2/me");
    expectStandardError(res, 403);
    expect(res.error!.detail).toMatch(/archivada/);
  });

  it("404 for an unknown route, naming it", async () => {
    const res = await api.call("GET", "/api/v2/no-such-thing", { key: OPERATOR_KEY });
    expectStandardError(res, 404);
    expect(res.body.detail).toContain("/api/v2/no-such-thing");
  });

  it("405 for a known path with the wrong method, with Allow", async () => {
    const res = await api.call("PUT", "/api/health");
    expectStandardError(res, 405);
    expect(res.headers.get("allow")).toContain("GET");
  });

  it("400 for malformed JSON", async () => {
    const { agency } = await agencyWithKey(api.db);
    const res = await api.call("POST", `/api/v2/agencies/${agency.id}/api-keys`, {
      key: OPERATOR_KEY,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expectStandardError(res, 400);
    expect(res.body.detail).toMatch(/JSON/);
  });

  it("400 naming the field for a wrong type in the body; an id of the wrong shape in the path names nothing (404)", async () => {
    const { agency } = await agencyWithKey(api.db);
    const wrongType = await api.call("POST", `/api/v2/agencies/${agency.id}/api-keys`, { key: OPERATOR_KEY, body: { label: 42 } });
    expectStandardError(wrongType, 400);
    expect(wrongType.body.detail).toMatch(/^label: /);
    const badPath = await api.call("GET", "/api/v2/agencies/abc/api-keys", { key: OPERATOR_KEY });
    expectStandardError(badPath, 404);
  });

  it("400 naming a missing required field", async () => {
    const res = await cron().POST("/cron/idempotency-cleanup", { body: { now: "not-a-date" } });
    expectStandardError(res, 400);
    expect(res.error!.detail).toMatch(/^now: /);
  });

  it("413 for a body over 1 MiB, and nothing is created", async () => {
    const { agency } = await agencyWithKey(api.db);
    const before = await api.db.prisma.apiKey.count({ where: { agencyId: agency.id } });
    const res = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/api-keys", { ...keysOf(agency.id), body: { label: "x".repeat(1024 * 1024 + 10) } });
    expectStandardError(res, 413);
    expect(await api.db.prisma.apiKey.count({ where: { agencyId: agency.id } })).toBe(before);
  });

  it("carries a request id and accepts trailing slashes", async () => {
    const res = await api.call("GET", "/api/health/", { headers: { "x-request-id": "abc-123" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: "ok" });
    expect(res.headers.get("x-request-id")).toBe("abc-123");
  });
});

describe("API keys", () => {
  it("issues a key shown once, stores only its hash, lists prefixes and revokes", async () => {
    const { agency } = await agencyWithKey(api.db);
    const operator = apiClient(api, OPERATOR_KEY);
    const issued = await operator.POST("/v2/agencies/{id}/api-keys", { ...keysOf(agency.id), body: { label: "integración" } });
    expect(issued.response.status).toBe(201);
    const key = issued.data!.key;
    expect(key).toMatch(/^hbk_[A-Za-z0-9_-]{43}$/);

    // The plain key is nowhere in the table.
    const rows = await api.db.sql.query<Record<string, unknown>>("SELECT * FROM api_keys");
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(key.slice(12));

    const me = await apiClient(api, key).GET("/v2/me");
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ role: "agency", agency_id: agency.id });

    const list = await operator.GET("/v2/agencies/{id}/api-keys", keysOf(agency.id));
    expect(list.response.status).toBe(200);
    const listed = list.data!.find((k) => k.id === issued.data!.id);
    expect(listed).toMatchObject({ prefix: key.slice(0, 12), label: "integración", revoked_at: null });
    expect(JSON.stringify(list.data)).not.toContain(key);

    const revoked = await operator.DELETE("/v2/api-keys/{id}", { params: { path: { id: issued.data!.id } } });
    expect(revoked.response.status).toBe(200);
    expect((await apiClient(api, key).GET("/v2/me")).response.status).toBe(401);
  });

  it("404 for keys of an unknown agency and an unknown key id", async () => {
    expectStandardError(await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/api-keys", keysOf(999999)), 404);
    expectStandardError(await apiClient(api, OPERATOR_KEY).DELETE("/v2/api-keys/{id}", { params: { path: { id: "key_nope" } } }), 404);
  });
});

describe("cron routes", () => {
  it("refuse calls without the cron secret", async () => {
    expectStandardError(await apiClient(api).POST("/cron/idempotency-cleanup", { body: {} }), 401);
    expectStandardError(await apiClient(api, OPERATOR_KEY).POST("/cron/idempotency-cleanup", { body: {} }), 401);
  });

  it("run with the secret and honour the test clock", async () => {
    await api.db.sql.query(
      `INSERT INTO idempotency_records (scope, key, route, request_hash, state, expires_at) VALUES ('t', 'old', '/x', 'h', 'done', '2026-01-01T00:00:00Z')`,
    );
    const early = await cron().POST("/cron/idempotency-cleanup", { body: { now: "2025-12-31T00:00:00Z" } });
    expect(early.data).toEqual({ processed: 0 });
    const later = await cron().POST("/cron/idempotency-cleanup", { body: { now: "2026-01-02T00:00:00Z" } });
    expect(later.data).toEqual({ processed: 1 });
  });
});

describe("OpenAPI", () => {
  it("documents every registered route", async () => {
    const { routes } = await import("@/lib/routes");
    const res = await apiClient(api).GET("/openapi.json");
    expect(res.response.status).toBe(200);
    expect(res.data!.openapi).toBe("3.1.0");
    for (const r of routes.filter((r) => !r.hidden)) {
      expect(res.data!.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    }
  });
});
