import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sendWebhook, ATTEMPT_TIMEOUT_MS } from "./send";

let server: http.Server;
let base = "";
const seen: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? "");
    if (req.url === "/slow") return; // never answers
    if (req.url === "/big") {
      res.writeHead(500);
      return res.end("x".repeat(10_000));
    }
    if (req.url === "/redirect") {
      res.writeHead(307, { location: "/target" });
      return res.end();
    }
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.writeHead(202);
      res.end(`eco:${req.headers["webhook-id"]}:${body}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe("sendWebhook", () => {
  it("posts the body with the headers and keeps the answer", async () => {
    const r = await sendWebhook(`${base}/ok`, { "content-type": "application/json", "webhook-id": "msg_1" }, '{"a":1}', { allowPrivate: true });
    expect(r.statusCode).toBe(202);
    expect(r.responseBody).toBe('eco:msg_1:{"a":1}');
    expect(r.error).toBeNull();
  });

  it("gives up after the timeout with an error", async () => {
    expect(ATTEMPT_TIMEOUT_MS).toBe(10_000);
    const r = await sendWebhook(`${base}/slow`, {}, "{}", { allowPrivate: true, timeoutMs: 200 });
    expect(r.statusCode).toBeNull();
    expect(r.error).toMatch(/Tiempo de espera/);
    expect(r.latencyMs).toBeGreaterThanOrEqual(190);
  });

  it("keeps only the first 1 KB of the answer", async () => {
    const r = await sendWebhook(`${base}/big`, {}, "{}", { allowPrivate: true });
    expect(r.statusCode).toBe(500);
    expect(r.responseBody).toHaveLength(1024);
  });

  it("does not follow redirects", async () => {
    seen.length = 0;
    const r = await sendWebhook(`${base}/redirect`, {}, "{}", { allowPrivate: true });
    expect(r.statusCode).toBe(307);
    expect(seen).toEqual(["/redirect"]);
  });
});
