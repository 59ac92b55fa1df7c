// A real HTTP server in the test process, serving the same handlers as Next.js, on a fresh test database.
import http from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { setDatabase } from "@/lib/db";
import type { Database } from "@/lib/db/open";
import { openTestDatabase } from "./db";
import { parseTrustedProxies, stampClient } from "@/server/forwarding.mjs";
import { loadSecrets, resetSecrets } from "@/lib/secrets/store";
import { config } from "@/lib/config";

export type WebHandler = (req: Request) => Promise<Response>;

export interface TestServer {
  url: string;
  db: Database;
  close(): Promise<void>;
  /** fetch against the server with an optional bearer key and JSON body. */
  call(method: string, path: string, opts?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<TestResponse>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
}

/** Serves web handlers like server.mjs does: the client is stamped from the socket (TRUSTED_PROXIES aware). */
export function nodeServer(mounts: Array<{ prefix: string; handler: WebHandler }>, opts: { trustedProxies?: string } = {}) {
  const trusted = parseTrustedProxies(opts.trustedProxies ?? process.env.TRUSTED_PROXIES ?? "");
  return http.createServer(async (req, res) => {
    try {
      stampClient(req, trusted);
      const url = `http://${req.headers.host}${req.url}`;
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: "half",
      } as RequestInit);
      const path = new URL(url).pathname;
      const mount = mounts.find((m) => path === m.prefix || path.startsWith(`${m.prefix}/`));
      const response = mount ? await mount.handler(request) : new Response("not found", { status: 404 });
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((v, k) => {
        if (k !== "set-cookie") headers[k] = v;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers["set-cookie"] = cookies;
      res.writeHead(response.status, headers);
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (e) {
      res.writeHead(500);
      res.end(String(e));
    }
  });
}

export async function startTestServer(mounts: Array<{ prefix: string; handler: WebHandler }>, opts: { trustedProxies?: string } = {}): Promise<TestServer> {
  const db = await openTestDatabase();
  setDatabase(db);
  // What the server does at start: every generated secret comes from (and is created once in) this database.
  await loadSecrets(db, { dataDir: config().dataDir, production: false });
  const server = nodeServer(mounts, opts);
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    db,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      setDatabase(undefined);
      resetSecrets();
      await db.close();
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      const r = await fetch(`${url}${path}`, { method, headers, body, redirect: "manual" });
      const text = await r.text();
      let parsed: unknown = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: r.status, headers: r.headers, body: parsed, text };
    },
  };
}
