// /api/auth/*: next-auth's core driven from a plain Request, so the same handler serves Next.js and the tests'
// HTTP server, and sees the client address our front stamped. A throttled sign-in answers 429 with
// Retry-After before any password is checked.
import NextAuth from "next-auth";
import { getDatabase } from "@/lib/db";
import { parseCookies } from "./session";
import { clientIp } from "./client-ip";
import { authOptions } from "./next-auth";
import { checkLogin, throttleMessage } from "./login-throttle";

async function readBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const type = req.headers.get("content-type") ?? "";
  const text = await req.text();
  if (type.includes("application/json")) {
    try {
      const v = JSON.parse(text);
      return v && typeof v === "object" ? (v as Record<string, string>) : undefined;
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export async function handleAuth(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.replace(/^\/api\/auth\/?/, "").split("/").filter(Boolean).map((p) => decodeURIComponent(p));
  const query = Object.fromEntries(url.searchParams);
  const body = await readBody(req);
  const database = await getDatabase();
  const ip = clientIp(req);
  if (req.method === "POST" && parts[0] === "callback" && parts[1] === "credentials") {
    const email = String(body?.email ?? "").trim().toLowerCase();
    const verdict = email ? await checkLogin(database, email, ip, new Date()) : ({ ok: true } as const);
    if (!verdict.ok) {
      const message = throttleMessage(verdict.retryAfterSeconds);
      // next-auth's client reads the error from `url`; the form shows it as is.
      const target = new URL("/login", process.env.NEXTAUTH_URL ?? url.origin);
      target.searchParams.set("error", message);
      return new Response(JSON.stringify({ url: target.toString() }), {
        status: 429,
        headers: { "content-type": "application/json", "retry-after": String(verdict.retryAfterSeconds), "cache-control": "no-store" },
      });
    }
  }
  // next-auth's (req, res) entry point with a minimal response recorder: no Next.js request context needed.
  let status = 200;
  const headers = new Headers({ "cache-control": "no-store" });
  let out: BodyInit | null = null;
  const res = {
    status(n: number) {
      status = n;
      return res;
    },
    getHeader(name: string) {
      return name.toLowerCase() === "set-cookie" ? headers.getSetCookie() : (headers.get(name) ?? undefined);
    },
    setHeader(name: string, value: string | string[]) {
      if (name.toLowerCase() === "set-cookie") {
        headers.delete("set-cookie");
        for (const v of Array.isArray(value) ? value : [value]) headers.append("set-cookie", v);
      } else headers.set(name, Array.isArray(value) ? value.join(", ") : String(value));
      return res;
    },
    end() {
      return res;
    },
    json(v: unknown) {
      headers.set("content-type", "application/json");
      out = JSON.stringify(v);
      return res;
    },
    send(v: unknown) {
      if (v === undefined || v === null) out = null;
      else if (typeof v === "string") out = v;
      else {
        headers.set("content-type", "application/json");
        out = JSON.stringify(v);
      }
      return res;
    },
  };
  const nextReq = { query: { ...query, nextauth: parts }, body: body ?? {}, cookies: parseCookies(req.headers.get("cookie")), headers: Object.fromEntries(req.headers), method: req.method };
  await (NextAuth as unknown as (req: unknown, res: unknown, options: unknown) => Promise<unknown>)(nextReq, res, authOptions({ database, clientIp: ip }));
  return new Response(status === 204 || status === 304 ? null : out, { status, headers });
}
