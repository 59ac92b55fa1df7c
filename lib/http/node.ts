// The /api handler straight from node:http (issue 17, the search fast path): server.mjs hands the cached search
// routes (lib/fast-api.ts) to this front before Next.js's router, request wrapper, proxy and streams, which
// cost several times what a cached answer does. The front calls the very same handler as the Next.js route
// (handleApi: authentication, roles, rate limit, validation, the search cache's version check, the error body,
// the request log) with a web Request built from the node request, and writes the Response as Next.js writes
// it: the security headers of next.config.ts first, Next's Vary names, then the answer's headers in the order
// web Headers give them, the body in one write and a flush. server.mjs wraps it in Next's own compression
// middleware, so what a client receives is the same either way (tests/multi-instance/search-fresh.test.ts
// compares the two byte for byte). Anything unusual is not claimed and goes through Next.js as before.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_BYTES } from "./body";
import { negotiateEncoding } from "./compress";
import { compilePath } from "./path-pattern";
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

/**
 * The body, at most `limit` + 1 bytes: a longer one is cut there, which the handler refuses (413) exactly as it
 * refuses the longer body through Next.js; the rest is left unread. null when the client went away.
 */
function readNodeBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (value: Buffer | null) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish(Buffer.concat(chunks).subarray(0, limit + 1));
      }
    };
    const onEnd = () => finish(Buffer.concat(chunks));
    const onGone = () => finish(null);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("close", onGone);
  });
}

function webRequest(req: IncomingMessage, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else if (v !== undefined) headers.set(k, v);
  }
  return new Request(`http://localhost${req.url}`, { method: req.method, headers, body: body as BodyInit | undefined });
}

// Response headers that may appear more than once (Next.js's send-response.js appends these; others are kept
// only when not already set, e.g. by next.config.ts headers()). Framing is the server's own.
const MULTI = new Set(["set-cookie", "www-authenticate", "proxy-authenticate", "vary"]);
const FRAMING = new Set(["content-length", "transfer-encoding"]);

async function writeResponse(res: ServerResponse, r: Response) {
  for (const { key, value } of securityHeaders(false)) res.setHeader(key, value);
  res.setHeader("vary", NEXT_VARY);
  res.statusCode = r.status;
  const via = (globalThis as { __hbEncodingHeader?: string }).__hbEncodingHeader;
  r.headers.forEach((value, name) => {
    if (name === "set-cookie" || FRAMING.has(name)) return;
    if (via && name === via) res.setHeader("content-encoding", value);
    else if (MULTI.has(name)) res.appendHeader(name, value);
    else if (res.getHeader(name) === undefined) res.setHeader(name, value);
  });
  for (const c of r.headers.getSetCookie()) res.appendHeader("set-cookie", c);
  if (!r.body) {
    res.end();
    return;
  }
  // Written as Next.js's pipeToNodeResponse writes a one-chunk body: write, flush (the compression middleware's,
  // from server.mjs), end. So the middleware decides and encodes as it does for Next (small bodies gzip'd).
  res.write(Buffer.from(await r.arrayBuffer()));
  (res as ServerResponse & { flush?: () => void }).flush?.();
  res.end();
}

/**
 * The front for `routes` ("METHOD /path" as in lib/routes.ts) of `handler`, the /api handler mounted at `basePath`.
 * Only exact paths are claimed: a trailing slash or %-escapes in the path go to Next.js (its redirects, proxy.ts's gate).
 */
export function nodeFront(handler: (req: Request) => Promise<Response>, basePath: string, routes: string[]): NodeFront {
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
      // A body announced over the limit: Next.js answers it (413) without the front reading anything.
      if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return false;
      // A client that takes deflate but neither br nor gzip gets large answers deflated by Next's middleware in
      // the chunks Next's stream writes; leave those (rare) clients to Next rather than copy its chunking.
      const accept = req.headers["accept-encoding"];
      if (accept && /deflate|\*/i.test(accept) && negotiateEncoding(accept) === null) return false;
      return true;
    },
    async serve(req, res) {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const read = await readNodeBody(req, MAX_BODY_BYTES);
        if (read === null) {
          res.destroy(); // the client is gone: nothing to answer
          return;
        }
        body = read;
      }
      await writeResponse(res, await handler(webRequest(req, body)));
    },
  };
}
