import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { openWebhookSecret, sealPlainWebhookSecrets, sealWebhookSecret } from "./secret-box";
import { enqueueWebhook, deliveriesIdle } from "./outbox";
import { generateWebhookSecret } from "./signing";
import { MAX_ATTEMPTS } from "./retry";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A local receiver whose answers are scripted: each entry is a status (or a function) for the next request. */
async function receiver(script: Array<number | ((res: http.ServerResponse) => void)> = [], fallback = 200, delayMs = 0) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push({ headers: req.headers, body, path: req.url ?? "" });
      const step = script.shift() ?? fallback;
      setTimeout(() => {
        if (typeof step === "function") return step(res);
        res.writeHead(step, { "content-type": "text/plain" });
        res.end(`respuesta ${step}`);
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    script,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

let api: TestServer;
const receivers: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  api = await startApi();
});
afterEach(async () => {
  await deliveriesIdle();
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  // Each test counts the cron's work on its own deliveries: retire what earlier tests left pending.
  await api.db.sql.query(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`);
});
afterAll(async () => {
  await deliveriesIdle();
  await api?.close();
});

async function newReceiver(...args: Parameters<typeof receiver>) {
  const r = await receiver(...args);
  receivers.push(r);
  return r;
}

const cron = (now?: Date) =>
  apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/webhooks", { body: now ? { now: now.toISOString() } : {} });

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function agencyWithUrl(url: string) {
  const a = await agencyWithKey(api.db);
  const put = await apiClient(api, a.key).PUT("/v2/webhooks/settings", { body: { webhook_url: url } });
  expect(put.response.status).toBe(200);
  const secret = await apiClient(api, a.key).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } });
  expect(secret.response.status).toBe(200);
  return { ...a, secret: secret.data!.webhook_secret as string };
}

async function enqueue(agencyId: number, url: string, payload: object, event = "reservation.expired") {
  return api.db.prisma.$transaction(async (tx) => enqueueWebhook(tx, { agencyId, event, url, payload }, new Date()));
}

describe("signing secret", () => {
  it("is created and rotated by the operator or the agency itself, shown once, and hidden from other agencies", async () => {
    const a = await agencyWithKey(api.db);
    const b = await agencyWithKey(api.db);
    const first = await apiClient(api, a.key).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } });
    expect(first.response.status).toBe(200);
    expect(first.data!.webhook_secret).toMatch(/^whsec_/);
    const second = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } });
    expect(second.response.status).toBe(200);
    expect(second.data!.webhook_secret).not.toBe(first.data!.webhook_secret);
    const stored = (await api.db.prisma.agency.findUnique({ where: { id: a.agency.id } }))!.webhookSecret!;
    expect(stored).toMatch(/^v1:/);
    expect(openWebhookSecret(a.agency.id, stored)).toBe(second.data!.webhook_secret);
    const settings = await apiClient(api, a.key).GET("/v2/webhooks/settings");
    expect(settings.data!.has_secret).toBe(true);
    expect(JSON.stringify(settings.data)).not.toContain("whsec_");

    const other = await apiClient(api, b.key).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: a.agency.id } } });
    expect(other.response.status).toBe(404);
    expect((await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: 999999 } } })).response.status).toBe(404);
  });
});

describe("delivery", () => {
  it("sends the test event right after the request, signed so standardwebhooks verifies it with the secret and not with another", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const res = await apiClient(api, a.key).POST("/v2/webhooks/test");
    expect(res.response.status).toBe(201);
    expect(res.data!.event).toBe("webhook.test");
    await until(async () => r.received.length, (n) => n === 1, 2000);
    const got = r.received[0];
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["webhook-id"]).toBe(res.data!.id);
    expect(got.headers["webhook-signature"]).toMatch(/^v1,/);
    const verified = new Webhook(a.secret).verify(got.body, got.headers as Record<string, string>) as { event: string; agency_id: number };
    expect(verified.event).toBe("webhook.test");
    expect(verified.agency_id).toBe(a.agency.id);
    expect(() => new Webhook(generateWebhookSecret()).verify(got.body, got.headers as Record<string, string>)).toThrow();
    const d = await until(
      async () => (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: res.data!.id } } })).data!,
      (b) => b.status === "succeeded",
    );
    expect(d.attempts).toHaveLength(1);
    expect(d.attempts[0].status_code).toBe(200);
    expect(d.attempts[0].response_body).toBe("respuesta 200");
    expect(d.attempts[0].latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("retries a receiver that fails twice and succeeds on the third attempt with the same webhook-id (test clock)", async () => {
    const r = await newReceiver([500, 503]);
    const a = await agencyWithUrl(r.url);
    const res = await apiClient(api, a.key).POST("/v2/webhooks/test");
    const get = async () => (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: res.data!.id } } })).data!;
    const afterFirst = await until(get, (b) => b.attempts.length === 1 && b.next_attempt_at !== null);
    expect(afterFirst.status).toBe("pending");
    expect(afterFirst.attempts[0].status_code).toBe(500);
    const firstAt = new Date(afterFirst.attempts[0].at).getTime();
    const next1 = new Date(afterFirst.next_attempt_at!);
    // about a minute later, with jitter
    expect(next1.getTime() - firstAt).toBeGreaterThanOrEqual(54_000);
    expect(next1.getTime() - firstAt).toBeLessThanOrEqual(66_000);

    expect((await cron(new Date(next1.getTime() - 1000))).data!.processed).toBe(0);
    expect(r.received).toHaveLength(1);

    expect((await cron(new Date(next1.getTime() + 1000))).data).toEqual({ processed: 1 });
    const afterSecond = await get();
    expect(afterSecond.attempts.map((x) => x.status_code)).toEqual([500, 503]);
    const next2 = new Date(afterSecond.next_attempt_at!);
    expect(next2.getTime() - (next1.getTime() + 1000)).toBeGreaterThanOrEqual(270_000);

    expect((await cron(new Date(next2.getTime() + 1000))).data).toEqual({ processed: 1 });
    const done = await get();
    expect(done.status).toBe("succeeded");
    expect(done.attempts.map((x) => x.status_code)).toEqual([500, 503, 200]);
    expect(done.next_attempt_at).toBeNull();
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.headers["webhook-id"]))).toEqual(new Set([res.data!.id]));
    for (const x of r.received) expect(new Webhook(a.secret).verify(x.body, x.headers as Record<string, string>)).toBeTruthy();
    expect((await cron(new Date(next2.getTime() + 86_400_000))).data!.processed).toBe(0);
  });

  it("delivers an outbox row written before a 'restart' (no kick) when the cron route runs", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const payload = { event: "reservation.expired", chatbot_id: "HB7K3Q9XWD", hotel_id: 12, expired_at: "2026-12-01T18:00:00-05:00", amount: 350000.5 };
    const id = await enqueue(a.agency.id, r.url, payload);
    expect(id).toMatch(/^msg_/);
    // No background delivery runs (the kick that would follow a commit never came), and the row waits untouched.
    await deliveriesIdle();
    const row = await api.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: id! }, include: { attempts: true } });
    expect(row.status).toBe("pending");
    expect(row.attempts).toHaveLength(0);
    expect(r.received).toHaveLength(0);
    expect((await cron()).data).toEqual({ processed: 1 });
    expect(r.received).toHaveLength(1);
    expect(r.received[0].body).toBe(JSON.stringify(payload));
    expect(r.received[0].headers["webhook-id"]).toBe(id);
    expect(new Webhook(a.secret).verify(r.received[0].body, r.received[0].headers as Record<string, string>)).toEqual(payload);
    expect((await cron()).data).toEqual({ processed: 0 });
  });

  it("two concurrent cron calls send each due delivery exactly once", async () => {
    const r = await newReceiver([], 200, 150);
    const a = await agencyWithUrl(r.url);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await enqueue(a.agency.id, r.url, { n: i }))!);
    const [x, y] = await Promise.all([cron(), cron()]);
    expect(x.response.status).toBe(200);
    expect(y.response.status).toBe(200);
    expect(x.data!.processed + y.data!.processed).toBe(12);
    expect(r.received).toHaveLength(12);
    expect(new Set(r.received.map((q) => q.headers["webhook-id"]))).toEqual(new Set(ids));
    const attempts = await api.db.sql.query<{ delivery_id: string; n: number }>(
      `SELECT delivery_id, count(*)::int AS n FROM webhook_attempts WHERE delivery_id = ANY($1) GROUP BY delivery_id`,
      [ids],
    );
    expect(attempts).toHaveLength(12);
    expect(attempts.every((row) => row.n === 1)).toBe(true);
  });

  it("does not follow redirects: the 3xx is a failed attempt and the Location is never requested", async () => {
    const r = await newReceiver([
      (res) => {
        res.writeHead(302, { location: "/elsewhere" });
        res.end();
      },
    ]);
    const a = await agencyWithUrl(r.url);
    const id = await enqueue(a.agency.id, r.url, { x: 1 });
    await cron();
    expect(r.received).toHaveLength(1);
    const d = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!;
    expect(d.status).toBe("pending");
    expect(d.attempts[0].status_code).toBe(302);
    expect(d.attempts[0].error).toMatch(/Redirección/);
  });

  it("a refused connection is an attempt with an error, retried later", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    await r.close();
    const id = await enqueue(a.agency.id, r.url, { x: 1 });
    expect((await cron()).data!.processed).toBe(1);
    const d = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!;
    expect(d.status).toBe("pending");
    expect(d.attempts[0].status_code).toBeNull();
    expect(d.attempts[0].error).toMatch(/rechazada/);
    expect(d.next_attempt_at).not.toBeNull();
  });

  it("keeps retrying for more than 24 h, then marks the delivery failed; 5 failures in a row raise the warning; redeliver recovers", async () => {
    const r = await newReceiver([], 500);
    const a = await agencyWithUrl(r.url);
    const id = (await enqueue(a.agency.id, r.url, { x: "always failing" }))!;
    const start = new Date();
    let now = start;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await cron(now)).data!.processed).toBe(1);
      const d = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!;
      if (i < MAX_ATTEMPTS - 1) now = new Date(new Date(d.next_attempt_at!).getTime() + 1000);
    }
    const failed = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!;
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toHaveLength(MAX_ATTEMPTS);
    expect(failed.failed_at).not.toBeNull();
    expect(new Date(failed.failed_at!).getTime() - start.getTime()).toBeGreaterThan(24 * 3_600_000);
    expect((await cron(new Date(now.getTime() + 7 * 86_400_000))).data!.processed).toBe(0);

    const settings = (await apiClient(api, a.key).GET("/v2/webhooks/settings")).data!;
    expect(settings.failure_streak).toBe(MAX_ATTEMPTS);
    expect(settings.warning).toBe(true);
    const listed = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { status: "failed" } } })).data!;
    expect(listed.data.map((x) => x.id)).toContain(id);

    r.script.push(200);
    const again = await apiClient(api, a.key).POST("/v2/webhooks/deliveries/{id}/redeliver", { params: { path: { id: id! } } });
    expect(again.response.status).toBe(200);
    expect(again.data!.status).toBe("pending");
    const ok = await until(async () => (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!, (b) => b.status === "succeeded");
    expect(ok.attempts).toHaveLength(MAX_ATTEMPTS + 1);
    expect(r.received.at(-1)!.headers["webhook-id"]).toBe(id);
    const healed = (await apiClient(api, a.key).GET("/v2/webhooks/settings")).data!;
    expect(healed.failure_streak).toBe(0);
    expect(healed.warning).toBe(false);
  });

  it("an agency without a secret gets one generated when a delivery is due, and the signature uses it", async () => {
    const r = await newReceiver();
    const a = await agencyWithKey(api.db, { webhookUrl: r.url });
    expect(a.agency.webhookSecret).toBeNull();
    await enqueue(a.agency.id, r.url, { y: 2 });
    await cron();
    const stored = (await api.db.prisma.agency.findUnique({ where: { id: a.agency.id } }))!.webhookSecret!;
    expect(stored).toMatch(/^v1:/);
    const secret = openWebhookSecret(a.agency.id, stored);
    expect(secret).toMatch(/^whsec_/);
    expect(new Webhook(secret).verify(r.received[0].body, r.received[0].headers as Record<string, string>)).toEqual({ y: 2 });
  });

  it("enqueue without a URL uses the agency's webhook_url, and writes nothing when there is none", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const id = await api.db.prisma.$transaction((tx) => enqueueWebhook(tx, { agencyId: a.agency.id, event: "reservation.expired", payload: { z: 1 } }, new Date()));
    expect((await api.db.prisma.webhookDelivery.findUnique({ where: { id: id! } }))!.url).toBe(r.url);
    const none = await agencyWithKey(api.db);
    expect(await api.db.prisma.$transaction((tx) => enqueueWebhook(tx, { agencyId: none.agency.id, event: "reservation.expired", payload: {} }, new Date()))).toBeNull();
  });

  it("a rolled-back transaction leaves no delivery behind", async () => {
    const a = await agencyWithUrl("http://127.0.0.1:9/never");
    let id: string | null = null;
    await expect(
      api.db.prisma.$transaction(async (tx) => {
        id = await enqueueWebhook(tx, { agencyId: a.agency.id, event: "reservation.expired", payload: {} }, new Date());
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(id).not.toBeNull();
    expect(await api.db.prisma.webhookDelivery.findUnique({ where: { id: id! } })).toBeNull();
  });
});

describe("SSRF guard", () => {
  it("refuses private, loopback, metadata and non-http URLs at configuration time with a 400 naming the field", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const a = await agencyWithKey(api.db);
    for (const url of ["http://127.0.0.1:8080/x", "http://localhost/x", "http://169.254.169.254/latest", "http://10.0.0.1/", "http://[::1]/", "ftp://example.com/"]) {
      const res = await apiClient(api, a.key).PUT("/v2/webhooks/settings", { body: { webhook_url: url } });
      expect(res.response.status, url).toBe(400);
      expect(res.error!.detail).toMatch(/^webhook_url: /);
    }
    expect((await api.db.prisma.agency.findUnique({ where: { id: a.agency.id } }))!.webhookUrl).toBeNull();
  });

  it("refuses again at delivery time: an attempt error and no request sent", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const id = await enqueue(a.agency.id, r.url, { x: 1 });
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    expect((await cron()).data!.processed).toBe(1);
    expect(r.received).toHaveLength(0);
    const d = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: id! } } })).data!;
    expect(d.attempts[0].error).toMatch(/no permitida/);
    expect(d.attempts[0].status_code).toBeNull();
  });
});

describe("delivery log", () => {
  it("is scoped to the agency, filters by status and event, paginates, and hides other agencies' deliveries", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const b = await agencyWithUrl(r.url);
    const aIds = [await enqueue(a.agency.id, r.url, { n: 1 }), await enqueue(a.agency.id, r.url, { n: 2 }, "payment_link.payment"), await enqueue(a.agency.id, r.url, { n: 3 })];
    const bId = (await enqueue(b.agency.id, r.url, { n: 4 }))!;

    const mine = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { per_page: 100 } } })).data!;
    expect(mine.total).toBe(3);
    expect(mine.data.map((d) => d.id).sort()).toEqual([...aIds].sort());
    const byEvent = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { event: "payment_link.payment" } } })).data!;
    expect(byEvent.data.map((d) => d.id)).toEqual([aIds[1]]);
    const paged = (await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { per_page: 2, page: 2 } } })).data!;
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBe(3);
    expect((await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { status: "pending" } } })).data!.total).toBe(3);

    expect((await apiClient(api, a.key).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: bId } } })).response.status).toBe(404);
    expect((await apiClient(api, a.key).POST("/v2/webhooks/deliveries/{id}/redeliver", { params: { path: { id: bId } } })).response.status).toBe(404);
    const op = (await apiClient(api, OPERATOR_KEY).GET("/v2/webhooks/deliveries", { params: { query: { agency_id: b.agency.id } } })).data!;
    expect(op.data.map((d) => d.id)).toEqual([bId]);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/webhooks/deliveries/{id}", { params: { path: { id: aIds[0]! } } })).response.status).toBe(200);

    await cron();
    expect((await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { status: "succeeded" } } })).data!.total).toBe(3);
    // Not a delivery status: does not compile with the typed client.
    const bad = await api.call("GET", "/api/v2/webhooks/deliveries?status=done", { key: a.key });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^status: /);
    expect((await apiClient(api, a.key).GET("/v2/webhooks/deliveries", { params: { query: { per_page: 500 } } })).response.status).toBe(400);
  });

  it("sending a test event without a configured URL is a 409; the operator must name the agency", async () => {
    const a = await agencyWithKey(api.db);
    const res = await apiClient(api, a.key).POST("/v2/webhooks/test");
    expect(res.response.status).toBe(409);
    expect(res.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "webhook_url: la agencia no tiene una URL de webhooks configurada" });
    const op = await apiClient(api, OPERATOR_KEY).GET("/v2/webhooks/settings");
    expect(op.response.status).toBe(400);
    expect(op.error!.detail).toMatch(/^agency_id: /);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/webhooks/settings", { params: { query: { agency_id: a.agency.id } } })).data!.agency_id).toBe(a.agency.id);
  });
});

describe("documentation", () => {
  it("lists the webhooks routes and the cron job in /api/openapi.json", async () => {
    const res = await apiClient(api).GET("/openapi.json");
    expect(res.response.status).toBe(200);
    for (const path of ["/v2/webhooks/deliveries", "/v2/webhooks/deliveries/{id}", "/v2/webhooks/deliveries/{id}/redeliver", "/v2/webhooks/settings", "/v2/webhooks/test", "/v2/agencies/{id}/webhook-secret", "/cron/webhooks"]) {
      expect(Object.keys(res.data!.paths), path).toContain(path);
    }
  });
});


/** Every row of every table of the database as text, as a dump would show it. */
async function dump(): Promise<string> {
  const tables = await api.db.sql.query<{ t: string }>(`SELECT quote_ident(table_name) AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
  const parts: string[] = [];
  for (const { t } of tables) for (const r of await api.db.sql.query<{ x: string }>(`SELECT x::text AS x FROM ${t} x`)) parts.push(r.x);
  return parts.join("\n");
}

describe("signing secrets at rest (issue 24)", () => {
  it("a dump shows no signing secret, and deliveries are still signed with it", async () => {
    const r = await newReceiver();
    const a = await agencyWithUrl(r.url);
    const text = await dump();
    expect(text).not.toContain(a.secret);
    expect(text).not.toContain(a.secret.slice("whsec_".length));
    expect(text).not.toMatch(/whsec_[A-Za-z0-9+/=]{20,}/);
    await enqueue(a.agency.id, r.url, { sealed: true });
    await cron();
    expect(new Webhook(a.secret).verify(r.received[0].body, r.received[0].headers as Record<string, string>)).toEqual({ sealed: true });
  });

  it("the database refuses a plaintext secret, and a sealed one does not open on another agency", async () => {
    const a = await agencyWithKey(api.db);
    const b = await agencyWithKey(api.db);
    await expect(api.db.sql.query(`UPDATE agencies SET webhook_secret = $1 WHERE id = $2`, [generateWebhookSecret(), a.agency.id])).rejects.toThrow();
    await expect(api.db.prisma.agency.update({ where: { id: a.agency.id }, data: { webhookSecret: generateWebhookSecret() } })).rejects.toThrow();
    const sealed = sealWebhookSecret(a.agency.id, generateWebhookSecret());
    expect(() => openWebhookSecret(b.agency.id, sealed)).toThrow();
  });

  it("secrets an older version stored in plaintext still sign, and are sealed once at start, even by two instances at once", async () => {
    const r = await newReceiver();
    const a = await agencyWithKey(api.db, { webhookUrl: r.url });
    const legacy = generateWebhookSecret();
    // The database as the migration leaves an older one: plaintext rows, the constraint checking new writes only.
    await api.db.sql.exec(`ALTER TABLE agencies DROP CONSTRAINT agencies_webhook_secret_sealed`);
    await api.db.sql.query(`UPDATE agencies SET webhook_secret = $1 WHERE id = $2`, [legacy, a.agency.id]);
    await api.db.sql.exec(`ALTER TABLE agencies ADD CONSTRAINT agencies_webhook_secret_sealed CHECK (webhook_secret IS NULL OR webhook_secret LIKE 'v1:%') NOT VALID`);
    expect(await dump()).toContain(legacy);
    await enqueue(a.agency.id, r.url, { legacy: 1 });
    await cron();
    expect(new Webhook(legacy).verify(r.received[0].body, r.received[0].headers as Record<string, string>)).toEqual({ legacy: 1 });

    const [one, two] = await Promise.all([sealPlainWebhookSecrets(api.db), sealPlainWebhookSecrets({ ...api.db })]);
    expect(one + two).toBe(1);
    const stored = (await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.agency.id } })).webhookSecret!;
    expect(stored).toMatch(/^v1:/);
    expect(openWebhookSecret(a.agency.id, stored)).toBe(legacy);
    expect(await dump()).not.toContain(legacy);
    expect(await sealPlainWebhookSecrets(api.db)).toBe(0);
    // The same secret keeps signing after the upgrade: receivers change nothing.
    await enqueue(a.agency.id, r.url, { legacy: 2 });
    await cron();
    expect(new Webhook(legacy).verify(r.received[1].body, r.received[1].headers as Record<string, string>)).toEqual({ legacy: 2 });
    // Now that every row is sealed, the constraint holds for the whole table.
    await api.db.sql.exec(`ALTER TABLE agencies VALIDATE CONSTRAINT agencies_webhook_secret_sealed`);
  });
});

describe("an unspecified address is never a webhook destination, even with private addresses allowed (issue 24)", () => {
  it("webhook_url and temp_webhook_url refuse [::], 0.0.0.0 and ::ffff:0.0.0.0 with a Spanish 400", async () => {
    const a = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    for (const url of ["http://[::]/", "http://[::]:8080/hooks", "http://0.0.0.0:3000/", "http://[::ffff:0.0.0.0]/"]) {
      const put = await apiClient(api, a.key).PUT("/v2/webhooks/settings", { body: { webhook_url: url } });
      expect(put.response.status, url).toBe(400);
      expect((put.error as { detail: string }).detail).toMatch(/^webhook_url: apunta a una dirección no permitida/);
      const link = await apiClient(api, OPERATOR_KEY).POST("/v2/links/schedule", {
        body: { hotel_id: hotel.id, guest_name: "X", email: "x@example.co", phone: "3001234567", amount: "1000", description: "d", available_hours: 1, agency_id: a.agency.id, temp_webhook_url: url },
      });
      expect(link.response.status, url).toBe(400);
      expect((link.error as { detail: string }).detail).toMatch(/^temp_webhook_url: /);
    }
    expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: a.agency.id } })).webhookUrl).toBeNull();
    expect(await api.db.prisma.paymentLink.count({ where: { agencyId: a.agency.id } })).toBe(0);
  });
});
