/* eslint-disable @typescript-eslint/no-explicit-any -- parsed JSON of any shape */
// The input gate through real HTTP (issue 13 item 2): NUL, lone surrogates, prototype keys, depth and size
// limits, malformed paths, a total Origin check, and unknown ids of any shape answering 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApi } from "@/lib/api";
import { handleCalendar } from "@/lib/calendar/api";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { OPERATOR_KEY } from "@/lib/testing/api";
import { agencyWithKey, createUser, sessionCookieFor } from "@/lib/testing/factories";

let api: TestServer;
let agencyKey: string;
beforeAll(async () => {
  api = await startTestServer([
    { prefix: "/api", handler: handleApi },
    { prefix: "/wp-json", handler: handleCalendar },
  ]);
  agencyKey = (await agencyWithKey(api.db)).key;
});
afterAll(async () => {
  await api?.close();
});

const hotel = { name: "Hotel Gate", city: "BOGOTA", channel_manager_id: "cm-gate-1" };
const raw = (method: string, path: string, body: string, key = OPERATOR_KEY, headers: Record<string, string> = {}) =>
  api.call(method, path, { key, rawBody: body, headers: { "content-type": "application/json", ...headers } });

function expect400(res: { status: number; body: any; text: string }) {
  expect(res.status, res.text).toBe(400);
  expect(res.body.code).toBe("400");
  expect(res.body.message).toBe("Solicitud inválida");
  expect(res.body.detail).toMatch(/^(cuerpo|consulta|ruta): /);
}

describe("input gate on /api", () => {
  it("refuses NUL and lone surrogates in JSON strings and keys with 400, writing nothing", async () => {
    const before = await api.db.prisma.hotel.count();
    expect400(await raw("POST", "/api/v2/hotels", JSON.stringify({ ...hotel, name: "a\u0000b" })));
    expect400(await raw("POST", "/api/v2/hotels", JSON.stringify({ ...hotel, name: "\ud800" })));
    expect400(await raw("POST", "/api/v2/hotels", JSON.stringify({ ...hotel, address: "x\udfffy" })));
    expect400(await raw("POST", "/api/v2/hotels", `{"name":"x","k\\u0000":1}`));
    const nul = await raw("POST", "/api/v2/hotels", JSON.stringify({ ...hotel, name: "a\u0000b" }));
    expect(nul.body.detail).toBe("cuerpo: contiene un carácter no permitido (carácter nulo o texto Unicode inválido)");
    expect(await api.db.prisma.hotel.count()).toBe(before);
  });

  it("refuses __proto__, constructor and prototype keys at any depth, and nothing is polluted", async () => {
    for (const body of ['{"__proto__":{"polluted":1}}', '{"name":"x","meta":{"constructor":{"prototype":{"polluted":1}}}}', '{"prototype":1}']) {
      expect400(await raw("POST", "/api/v2/hotels", body));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("limits nesting (32) and the number of values (20000)", async () => {
    expect400(await raw("POST", "/api/v2/hotels", `${'{"a":'.repeat(33)}1${"}".repeat(33)}`));
    expect400(await raw("POST", "/api/v2/hotels", `${"[".repeat(100_000)}${"]".repeat(100_000)}`));
    const many = await raw("POST", "/api/v2/hotels", `[${Array(20_001).fill(0).join(",")}]`);
    expect400(many);
    expect(many.body.detail).toMatch(/demasiados valores/);
  });

  it("refuses NUL in query values and reserved query keys", async () => {
    expect400(await api.call("GET", "/api/v2/links?q=%00", { key: agencyKey }));
    expect400(await api.call("GET", "/api/v2/payments?status=a%00b", { key: agencyKey }));
    expect400(await api.call("GET", "/api/v2/hotels?__proto__=1", { key: agencyKey }));
    expect((await apiClient(api, agencyKey).GET("/v2/links", { params: { query: { q: "Bogotá" } } })).response.status).toBe(200);
  });

  it("answers malformed or NUL paths with a JSON 400, never 500", async () => {
    for (const p of ["/api/v2/links/%ZZ", "/api/v2/links/%E0%A4%A", "/api/v2/links/a%00b", "/api/v2/hotels/%ED%A0%80", "/api/%ZZ"]) {
      const res = await api.call("GET", p, { key: agencyKey });
      expect400(res);
      expect(res.body.detail).toMatch(/^ruta: /);
    }
  });

  it("answers 404 for ids that name nothing, whatever their shape; enum parameters stay 400", async () => {
    for (const p of [
      "/api/v2/apms/transactions/NOPE123",
      "/api/v2/hotels/abc",
      "/api/v2/hotels/99999999999",
      "/api/v2/hotels/2147483648",
      "/api/v2/hotels/-1",
      "/api/v2/hotels/1.5",
      "/api/v2/agencies/0/balance",
      "/api/v1/virtual-cards/NOPE123",
      "/api/v2/links/NOPE123",
      "/api/v2/vouchers/x",
    ]) {
      const res = await api.call("GET", p, { key: OPERATOR_KEY });
      expect(res.status, `${p}: ${res.text}`).toBe(404);
      expect(res.body.code).toBe("404");
    }
    const pay = await api.call("POST", "/api/v2/links/NOPE123/pay", { body: { method: "card" } });
    expect(pay.status, pay.text).toBe(404);
    const enumParam = await api.call("POST", "/api/v2/bookings/agencies/NOPE/availability", { key: agencyKey, body: {} });
    expect(enumParam.status, enumParam.text).toBe(400);
  });

  it("a portal session writing with Origin null or garbage is 403, not 500", async () => {
    const user = await createUser(api.db, "operator");
    const cookie = await sessionCookieFor(api.db, user.id);
    for (const origin of ["null", "garbage", "http://", "://x", "http://evil.example"]) {
      const res = await api.call("POST", "/api/v2/hotels", { body: hotel, headers: { cookie, origin } });
      expect(res.status, `${origin}: ${res.text}`).toBe(403);
      expect(res.body.code).toBe("403");
    }
  });
});

describe("input gate on the calendar", () => {
  it("GET ?__proto__[x]=y pollutes nothing and everything still answers", async () => {
    const res = await api.call("GET", "/wp-json/calendar/events/v1/events?__proto__[x]=y");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("rest_invalid_param");
    expect((await api.call("GET", "/wp-json/calendar/events/v1/events?constructor[prototype][x]=y")).status).toBe(400);
    expect((await api.call("GET", "/wp-json/calendar/events/v1/events?categories[__proto__][x]=y")).status).toBe(400);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect((await apiClient(api, agencyKey).GET("/v2/me")).response.status).toBe(200);
    expect((await apiClient(api, agencyKey).GET("/v2/links")).response.status).toBe(200);
    expect((await api.call("GET", "/wp-json/calendar/events/v1/events")).status).toBe(200);
    expect((await api.call("GET", "/wp-json/calendar/events/v1/events?categories[a]=1&tags[]=x")).status).toBeLessThan(500);
  });

  it("refuses NUL and surrogates in queries and bodies; malformed paths are rest_no_route", async () => {
    expect((await api.call("GET", "/wp-json/calendar/events/v1/events?search=%00")).status).toBe(400);
    const body = await api.call("POST", "/wp-json/calendar/events/v1/events", { key: OPERATOR_KEY, rawBody: '{"title":"\\ud800"}', headers: { "content-type": "application/json" } });
    expect(body.status).toBe(400);
    expect(body.body.code).toBe("rest_invalid_param");
    for (const p of ["/wp-json/calendar/events/v1/events/%ZZ", "/wp-json/calendar/events/v1/%E0%A4%A"]) {
      const res = await api.call("GET", p);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("rest_no_route");
    }
  });
});
