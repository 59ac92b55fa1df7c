#!/usr/bin/env node
// The HTTP front of the production build (`npm start`, the e2e server, N instances behind a load balancer).
// Next.js route handlers cannot see the socket, so this server decides who the client is (socket peer, or
// X-Forwarded-For only through TRUSTED_PROXIES) and stamps it in internal headers the app trusts only with
// this process's token. It waits for start-up (migrations, secrets) before listening, and on SIGTERM/SIGINT
// stops taking requests, lets in-flight ones finish, stops the scheduler, hands back webhook leases, closes
// the database pool and exits 0. Settings: README ("Settings"), docs/deploy.md.
import http from "node:http";
import path from "node:path";
import { createRequire } from "node:module";
import next from "next";
import { parseTrustedProxies, stampClient } from "./server/forwarding.mjs";

const root = path.dirname(new URL(import.meta.url).pathname);
process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const port = Number(process.env.PORT ?? 3000) || 3000;
const hostname = process.env.HOST ?? "::"; // "::" also takes IPv4 on Linux (peers show as ::ffff:a.b.c.d)
process.env.PUBLIC_BASE_URL ??= `http://localhost:${port}`;
process.env.NEXTAUTH_URL ??= process.env.PUBLIC_BASE_URL;
const shutdownTimeoutMs = Math.max(1000, Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000) || 20_000);
const publicHttps = process.env.PUBLIC_BASE_URL.startsWith("https://");

let trusted;
try {
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES ?? "");
} catch (e) {
  console.error(String(e.message));
  process.exit(1);
}

const nodeRequire = createRequire(import.meta.url);
const app = next({ dev: false, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();
// Instrumentation (instrumentation.ts -> lib/startup.ts) opens the database, applies migrations and loads the
// secrets. In production Next.js runs it on the first request; we run it now, through Next's own memoised
// entry point (so it still runs once), and listen only when it finished. An instance that cannot start exits.
try {
  const { ensureInstrumentationRegistered } = nodeRequire("next/dist/server/lib/router-utils/instrumentation-globals.external.js");
  await ensureInstrumentationRegistered(root, ".next");
} catch (e) {
  if (e?.code === "MODULE_NOT_FOUND") {
    console.warn("› Next.js no expone el registro de instrumentation: el arranque ocurre con la primera solicitud");
  } else {
    console.error(String(e?.message ?? e));
    process.exit(1);
  }
}
try {
  await globalThis.__hbStartup;
} catch {
  process.exit(1);
}

// Next.js drops Content-Encoding from route handlers' responses (and would gzip their bytes again). The /api
// pipeline compresses JSON itself (cached search answers once per encoding, lib/http/compress.ts) and names the
// encoding in this internal header, which becomes Content-Encoding here; Next's gzip then sees it and stays out.
const ENCODING_HEADER = "x-hotelpay-content-encoding";
globalThis.__hbEncodingHeader = ENCODING_HEADER;

// The search fast path (issue 17, lib/http/node.ts): the app registers at start-up a front that answers the
// cached searches (4.2, 4.3) and bookings (4.1; lib/fast-api.ts) with the same /api pipeline the Next.js route runs, without Next's router,
// request wrapper and web streams (most of a cached answer's cost). It claims a request from its line and
// headers alone; everything else, and anything unusual, goes to Next.js. Next's own compression middleware
// wraps it as it wraps Next (router-server.js), so small answers are gzip/deflate-encoded exactly as before.
// API_FAST_PATH=off: every request through Next.js.
let fastApi = globalThis.__hbFastApi ?? null;
let compress = null;
let releaseCompressionStream = null;
if (fastApi) {
  try {
    compress = nodeRequire("next/dist/compiled/compression")();
    ({ releaseCompressionStream } = nodeRequire("next/dist/server/lib/release-compression-stream"));
  } catch {
    console.warn("› Next.js no expone su compresión: la búsqueda rápida queda desactivada");
    fastApi = null;
  }
}

let inFlight = 0;
let shuttingDown = false;
let idle = null;

const server = http.createServer((req, res) => {
  if (shuttingDown) {
    res.writeHead(503, { "content-type": "application/json; charset=utf-8", connection: "close", "retry-after": "1" });
    res.end(JSON.stringify({ code: "503", message: "Servicio no disponible", detail: "La instancia se está apagando; reintente" }));
    return;
  }
  // A request is in flight until its response closed AND its handler finished: a client that hangs up does not
  // stop the work it started (a booking holding rooms, then writing), and the pool must not close under it.
  inFlight += 1;
  let open = 2;
  const settle = () => {
    open -= 1;
    if (open > 0) return;
    inFlight -= 1;
    if (inFlight === 0 && idle) idle();
  };
  res.once("close", settle);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => (String(name).toLowerCase() === ENCODING_HEADER ? setHeader("content-encoding", value) : setHeader(name, value));
  const client = stampClient(req, trusted);
  // HSTS only means something over https: when we are reached that way or are published that way.
  if (client.proto === "https" || publicHttps) res.setHeader("strict-transport-security", "max-age=31536000; includeSubDomains");
  const fail = (e) => {
    console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", msg: "unhandled_request_error", message: String(e?.message ?? e).slice(0, 200) }));
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
    res.end();
  };
  if (fastApi?.claims(req)) {
    compress(req, res, () => {});
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    fastApi.serve(req, res).catch(fail).finally(settle);
    return;
  }
  handle(req, res).catch(fail).finally(settle);
});
server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout (60 s)
server.headersTimeout = 66_000;

await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, hostname, resolve);
});
console.log(`› HotelPay escuchando en el puerto ${port} (pid ${process.pid}${trusted.entries.length ? `, proxies de confianza: ${trusted.entries.join(" ")}` : ""}${fastApi ? ", búsqueda rápida activa" : ""})`);

async function shutdown(signal) {
  if (shuttingDown) {
    process.exit(1); // a second signal: stop now
  }
  shuttingDown = true;
  console.log(JSON.stringify({ t: new Date().toISOString(), level: "info", msg: "shutdown_started", signal, in_flight: inFlight }));
  const deadline = Date.now() + shutdownTimeoutMs;
  server.close();
  server.closeIdleConnections?.();
  if (inFlight > 0) {
    await Promise.race([new Promise((r) => (idle = r)), new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  }
  server.closeAllConnections?.();
  if (inFlight > 0) console.error(JSON.stringify({ t: new Date().toISOString(), level: "warn", msg: "shutdown_requests_unfinished", in_flight: inFlight }));
  // The service's own shutdown (scheduler, webhook leases, pool) is bounded too: a pool client that some
  // unfinished work still holds must not keep the process alive forever.
  const waitMs = Math.max(1000, deadline - Date.now());
  let timedOut = false;
  try {
    await Promise.race([
      globalThis.__hbShutdown?.({ waitMs }),
      new Promise((r) => setTimeout(() => r((timedOut = true)), waitMs + 5000).unref()),
    ]);
  } catch (e) {
    console.error(String(e?.message ?? e));
  }
  if (timedOut) console.error(JSON.stringify({ t: new Date().toISOString(), level: "error", msg: "shutdown_timed_out" }));
  process.exit(timedOut ? 1 : 0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
