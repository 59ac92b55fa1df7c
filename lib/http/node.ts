// The /api pipeline straight from node:http (issue 17, the search fast path): server.mjs hands the two
// cached search routes (4.2 city, 4.3 hotel) to this front before Next.js's router, request wrapper and web
// streams, which cost several times what a cached answer does. It runs the very same pipeline as the Next.js
// route (handler.ts: authentication, roles, rate limit, validation, the version check of the search cache,
// the error body, the request log), and writes what Next.js adds to every /api answer (the security headers
// of next.config.ts, its Vary names); server.mjs applies Next's own compression middleware around it. A client
// cannot tell the two paths apart: tests/multi-instance/search-fresh.test.ts compares them header by header.
// Anything unusual (another method, a %-escaped or trailing-slash path, Next.js's own request headers) is not
// claimed and goes through Next.js as before. API_FAST_PATH=off turns the front off.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { compilePath, type ApiAnswer, type ApiPipeline, type ApiRequest, type HeaderReader } from "./handler";
import { MAX_BODY_BYTES } from "./body";
import { payloadTooLarge } from "./errors";
import { negotiateEncoding } from "./compress";
import { securityHeaders } from "@/lib/security-headers";

/** What server.mjs finds on globalThis.__hbFastApi. */
export interface NodeFront {
  /** True when this front answers the request; decided from the request line and headers alone (no side effect). */
  claims(req: IncomingMessage): boolean;
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

/** The Vary names Next.js puts on every App Router answer (base-server.js setVaryHeader), before the route's own. */
export const NEXT_VARY = "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch";

/** Request headers Next.js itself acts on (RSC, router state, server actions, middleware internals): never claimed. */
const NEXT_REQUEST_HEADER = /^(rsc$|next-|x-middleware-|x-nextjs-|x-invoke-|x-prerender-|x-now-)/;

/** Node headers read like web Headers: lower-case names, repeated values joined with ", ". */
function nodeHeaders(req: IncomingMessage): HeaderReader {
  return {
    get(name: string) {
      const v = req.headers[name.toLowerCase()];
      if (v === undefined) return null;
      return Array.isArray(v) ? v.join(", ") : v;
    },
  };
}

/** The body as text, refusing more than `limit` bytes (413) as readBodyText does for a web Request. */
function readNodeBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) return Promise.reject(payloadTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        req.resume(); // drain the rest without keeping it
        reject(payloadTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    const onClose = () => {
      done();
      reject(new Error("request closed before its body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

function nodeApiRequest(req: IncomingMessage): ApiRequest {
  const url = `http://${req.headers.host && /^[\w.:[\]-]+$/.test(req.headers.host) ? req.headers.host : "localhost"}${req.url}`;
  let bodyText: string | null = null;
  let web: Request | null = null;
  return {
    method: req.method ?? "GET",
    url,
    headers: nodeHeaders(req),
    async text(limit = MAX_BODY_BYTES) {
      bodyText = await readNodeBody(req, limit);
      return bodyText;
    },
    web() {
      if (web) return web;
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (Array.isArray(v)) for (const x of v) headers.append(k, x);
        else if (v !== undefined) headers.set(k, v);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const body = !hasBody ? undefined : bodyText !== null ? bodyText : (Readable.toWeb(req) as ReadableStream);
      web = new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit);
      return web;
    },
  };
}

// Response headers that may appear more than once (Next.js's send-response.js appends these; others are kept
// only when not already set, e.g. by next.config.ts headers()).
const MULTI = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);

function setAnswerHeader(res: ServerResponse, name: string, value: string) {
  const lower = name.toLowerCase();
  const via = (globalThis as { __hbEncodingHeader?: string }).__hbEncodingHeader;
  if (via && lower === via) res.setHeader("content-encoding", value);
  else if (lower === "content-length" || lower === "transfer-encoding") return; // the body is written whole below
  else if (MULTI.has(lower)) res.appendHeader(lower, value);
  else if (res.getHeader(lower) === undefined) res.setHeader(lower, value);
}

async function writeAnswer(res: ServerResponse, answer: ApiAnswer) {
  for (const { key, value } of securityHeaders(false)) res.setHeader(key, value);
  res.setHeader("vary", NEXT_VARY);
  if ("response" in answer) {
    const r = answer.response;
    res.statusCode = r.status;
    r.headers.forEach((v, k) => {
      if (k !== "set-cookie") setAnswerHeader(res, k, v);
    });
    for (const c of r.headers.getSetCookie()) res.appendHeader("set-cookie", c);
    if (r.body) {
      res.write(Buffer.from(await r.arrayBuffer()));
      (res as ServerResponse & { flush?: () => void }).flush?.();
    }
    res.end();
    return;
  }
  res.statusCode = answer.status;
  // In the order web Headers iterate (sorted by name), as Next.js copies them.
  const names = Object.keys(answer.headers).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  for (const k of names) setAnswerHeader(res, k, answer.headers[k]);
  if (!answer.body) {
    res.end();
    return;
  }
  // Written as Next.js's pipeToNodeResponse writes a one-chunk body: write, flush (the compression middleware's,
  // server.mjs), end. So the middleware decides and encodes exactly as it does for Next (small bodies gzip'd).
  res.write(answer.body);
  (res as ServerResponse & { flush?: () => void }).flush?.();
  res.end();
}

/**
 * The front for `routes` ("METHOD /path" as in lib/routes.ts) of the pipeline mounted at `basePath`.
 * Only exact paths are claimed: a trailing slash or %-escapes in the path go to Next.js (its redirects, proxy.ts's gate).
 */
export function nodeFront(pipeline: ApiPipeline, basePath: string, routes: string[]): NodeFront {
  const claimed = routes.map((r) => {
    const [method, path] = r.split(" ");
    return { method, regex: compilePath(`${basePath}${path}`).regex };
  });
  return {
    claims(req) {
      const target = req.url;
      if (!target || !target.startsWith(`${basePath}/`)) return false;
      const q = target.indexOf("?");
      const path = q < 0 ? target : target.slice(0, q);
      if (path.includes("%") || !claimed.some((c) => c.method === req.method && c.regex.test(path))) return false;
      for (const name in req.headers) if (NEXT_REQUEST_HEADER.test(name)) return false;
      // A client that takes deflate but neither br nor gzip gets large answers deflated by Next's middleware in
      // the chunks Next's stream writes; leave those (rare) clients to Next rather than copy its chunking.
      const accept = req.headers["accept-encoding"];
      if (accept && /deflate|\*/i.test(accept) && negotiateEncoding(accept) === null) return false;
      return true;
    },
    async serve(req, res) {
      await writeAnswer(res, await pipeline(nodeApiRequest(req)));
    },
  };
}
