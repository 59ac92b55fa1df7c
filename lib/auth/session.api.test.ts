import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { OPERATOR_KEY, startApi } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { createAgency, createUser, agencyWithKey, sessionCookieFor } from "@/lib/testing/factories";
import { verifyPassword } from "./password";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

function sessionCookie(uid: number) {
  return sessionCookieFor(api.db, uid);
}

describe("portal session on /api", () => {
  it("authorizes the same handlers as an API key, with the user's role", async () => {
    const agency = await createAgency(api.db);
    const user = await createUser(api.db, "agency", { agencyId: agency.id });
    const res = await apiClient(api).GET("/v2/me", { headers: { cookie: await sessionCookie(user.id) } });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ role: "agency", via: "session", agency_id: agency.id });
  });

  it("refuses a forged or foreign-signed cookie, and a deactivated user", async () => {
    const user = await createUser(api.db, "operator");
    const forged = await encode({ token: { uid: user.id }, secret: "another-secret-entirely" });
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie: `next-auth.session-token=${forged}` } })).response.status).toBe(401);
    const cookie = await sessionCookie(user.id);
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).response.status).toBe(200);
    await api.db.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).response.status).toBe(401);
  });

  it("refuses a session write coming from another origin (403)", async () => {
    const user = await createUser(api.db, "operator");
    const agency = await createAgency(api.db);
    const cookie = await sessionCookie(user.id);
    const host = new URL(api.url).host;
    // A hostile Origin header: raw headers stay on TestServer.call.
    const cross = await api.call("POST", `/api/v2/agencies/${agency.id}/api-keys`, { headers: { cookie, origin: "https://evil.example" }, body: {} });
    expect(cross.status).toBe(403);
    const same = await apiClient(api).POST("/v2/agencies/{id}/api-keys", { params: { path: { id: agency.id } }, headers: { cookie, origin: `http://${host}` }, body: {} });
    expect(same.response.status).toBe(201);
  });

  it("refuses a session write that does not say it comes from our pages: no Origin and no Sec-Fetch-Site: same-origin, or cross-site (issue 24)", async () => {
    const user = await createUser(api.db, "operator");
    const agency = await createAgency(api.db);
    const cookie = await sessionCookie(user.id);
    const host = new URL(api.url).host;
    const issue = `/api/v2/agencies/${agency.id}/api-keys`;
    const writes: Array<[string, string, unknown]> = [
      ["POST", issue, {}],
      ["PATCH", `/api/v2/agencies/${agency.id}`, { is_active: false }],
      ["PUT", `/api/v2/webhooks/settings?agency_id=${agency.id}`, { webhook_url: null, agency_id: agency.id }],
      ["DELETE", "/api/v2/api-keys/key_inexistente", undefined],
    ];
    const refused: Array<Record<string, string>> = [
      {},
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "none" },
      { origin: "null" },
      { origin: `http://${host}`, "sec-fetch-site": "cross-site" },
    ];
    for (const extra of refused) {
      for (const [method, path, body] of writes) {
        const r = await api.call(method, path, { headers: { cookie, ...extra }, body });
        expect(r.status, `${method} ${path} ${JSON.stringify(extra)}`).toBe(403);
        expect(r.body.detail).toMatch(/Origen no permitido/);
      }
    }
    expect(await api.db.prisma.apiKey.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: agency.id } })).isActive).toBe(true);
    // What a browser sends from our own page: Origin, or at least Sec-Fetch-Site: same-origin.
    expect((await api.call("POST", issue, { headers: { cookie, origin: `http://${host}`, "sec-fetch-site": "same-origin" }, body: {} })).status).toBe(201);
    expect((await api.call("POST", issue, { headers: { cookie, "sec-fetch-site": "same-origin" }, body: {} })).status).toBe(201);
    // Reads are not writes; an API key is not a cookie.
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie, "sec-fetch-site": "cross-site" } })).status).toBe(200);
    expect((await api.call("POST", issue, { key: OPERATOR_KEY, headers: { "sec-fetch-site": "cross-site" }, body: {} })).status).toBe(201);
  });

  it("stores portal passwords with a slow salted hash", async () => {
    const user = await createUser(api.db, "operator", { password: "clave-segura-1" });
    expect(user.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(user.passwordHash).not.toContain("clave-segura-1");
    expect(await verifyPassword("clave-segura-1", user.passwordHash)).toBe(true);
    expect(await verifyPassword("otra", user.passwordHash)).toBe(false);
  });
});

describe("request logs", () => {
  it("name the route and the caller but never the key or the body", async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((l: string) => void lines.push(String(l)));
    const prevLevel = process.env.LOG_LEVEL;
    const prevReq = process.env.LOG_REQUESTS;
    process.env.LOG_LEVEL = "info";
    process.env.LOG_REQUESTS = "on";
    try {
      const { agency, key } = await agencyWithKey(api.db);
      await apiClient(api, key).GET("/v2/me");
      await apiClient(api, key).POST("/v2/agencies/{id}/api-keys", { params: { path: { id: agency.id } }, body: { label: "4242424242424242" } });
    } finally {
      process.env.LOG_LEVEL = prevLevel;
      process.env.LOG_REQUESTS = prevReq;
      spy.mockRestore();
    }
    const all = lines.join("\n");
    expect(all).toContain('"route":"GET /v2/me"');
    expect(all).toMatch(/"principal":"agency:\d+"/);
    expect(all).not.toMatch(/hbk_[A-Za-z0-9_-]{20,}/);
    expect(all).not.toContain("4242424242424242");
  });
});
