// Portal sign-in through next-auth's real endpoints (csrf, callback, signout) on the test server, with the
// client address stamped from the socket and, through the loopback proxy we trust here, X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import bcrypt from "bcryptjs";
import { handleApi } from "@/lib/api";
import { handleAuth } from "./auth-route";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { createAgency, createUser } from "@/lib/testing/factories";

let api: TestServer;
beforeAll(async () => {
  api = await startTestServer(
    [
      { prefix: "/api/auth", handler: handleAuth },
      { prefix: "/api", handler: handleApi },
    ],
    { trustedProxies: "loopback" },
  );
});
afterAll(async () => {
  await api?.close();
});

const cookiesOf = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="));

interface SignIn {
  status: number;
  error: string | null;
  retryAfter: string | null;
  session: string | null;
}

async function signIn(email: string, password: string, ip: string): Promise<SignIn> {
  const c = await fetch(`${api.url}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = (await c.json()) as { csrfToken: string };
  const jar = cookiesOf(c);
  const r = await fetch(`${api.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), "x-forwarded-for": ip },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", callbackUrl: "/dashboard" }),
  });
  const body = (await r.json()) as { url: string };
  const session = cookiesOf(r).find((x) => x.startsWith("next-auth.session-token=")) ?? null;
  return { status: r.status, error: new URL(body.url).searchParams.get("error"), retryAfter: r.headers.get("retry-after"), session };
}

async function signOut(session: string, ip: string) {
  const c = await fetch(`${api.url}/api/auth/csrf`, { headers: { cookie: session, "x-forwarded-for": ip } });
  const { csrfToken } = (await c.json()) as { csrfToken: string };
  const jar = [session, ...cookiesOf(c)];
  return fetch(`${api.url}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), "x-forwarded-for": ip },
    body: new URLSearchParams({ csrfToken, json: "true", callbackUrl: "/login" }),
  });
}

const me = (cookie: string) => apiClient(api).GET("/v2/me", { headers: { cookie } });

describe("sign-in throttling", () => {
  it("a stranger failing from one address slows that address, never the owner signing in from another", async () => {
    const owner = await createUser(api.db, "operator", { password: "clave-del-dueno-1" });
    const stranger = "198.51.100.66";
    for (let i = 1; i <= 6; i++) {
      const r = await signIn(owner.email, `adivinanza-${i}`, stranger);
      expect(r.session).toBeNull();
      expect(r.error).toBe("CredentialsSignin");
    }
    // The allowance is spent: this address now waits, with a Spanish message and Retry-After, before any password check.
    const slowed = await signIn(owner.email, "clave-del-dueno-1", stranger);
    expect(slowed.status).toBe(429);
    expect(slowed.session).toBeNull();
    expect(slowed.error).toMatch(/^Demasiados intentos fallidos desde esta conexión\. Espere \d+ segundos/);
    expect(Number(slowed.retryAfter)).toBeGreaterThanOrEqual(1);

    // The owner, from their own address, gets in at once and the session works.
    const ok = await signIn(owner.email, "clave-del-dueno-1", "203.0.113.10");
    expect(ok.error).toBeNull();
    expect(ok.session).not.toBeNull();
    expect((await me(ok.session!)).data).toMatchObject({ role: "operator", via: "session" });
  });

  it("the backoff doubles per failure beyond the allowance and is counted in the database", async () => {
    const user = await createUser(api.db, "operator");
    const ip = "198.51.100.77";
    for (let i = 0; i < 6; i++) await signIn(user.email, "mala", ip);
    const row = await api.db.prisma.loginThrottle.findUniqueOrThrow({ where: { key: `acct:${user.email}|ip:${ip}` } });
    expect(row.failures).toBe(6);
    expect(row.blockedUntil!.getTime() - row.lastFailureAt.getTime()).toBe(2000);
    // Another process (instance) sees the same wait: it is in the table, not in memory.
    const { checkLogin } = await import("./login-throttle");
    expect(await checkLogin(api.db, user.email, ip, new Date())).toMatchObject({ ok: false });
  });

  it("an address failing across many accounts is slowed for every account, the accounts stay open elsewhere", async () => {
    const ip = "198.51.100.88";
    // The victim first: its (slow) password hash must not sit between the last failure and the refused attempt.
    const victim = await createUser(api.db, "operator", { password: "otra-clave-123" });
    for (let i = 0; i < 31; i++) await signIn(`nadie-${i}@example.co`, "x", ip);
    const blocked = await signIn(victim.email, "otra-clave-123", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toMatch(/Demasiados intentos/);
    expect((await signIn(victim.email, "otra-clave-123", "203.0.113.11")).session).not.toBeNull();
  });

  it("rotating X-Forwarded-For does not reset the count when the sender is not a trusted proxy", async () => {
    const untrusted = await startTestServer([{ prefix: "/api/auth", handler: handleAuth }], { trustedProxies: "" });
    try {
      const user = await createUser(untrusted.db, "operator", { password: "clave-buena-99" });
      const attempt = async (i: number) => {
        const c = await fetch(`${untrusted.url}/api/auth/csrf`);
        const { csrfToken } = (await c.json()) as { csrfToken: string };
        return fetch(`${untrusted.url}/api/auth/callback/credentials`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(c).join("; "), "x-forwarded-for": `10.9.${i}.1` },
          body: new URLSearchParams({ csrfToken, email: user.email, password: `mala-${i}`, json: "true" }),
        });
      };
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await attempt(i)).status);
      expect(statuses.slice(0, 6).every((s) => s === 401)).toBe(true);
      expect(statuses[7]).toBe(429);
    } finally {
      await untrusted.close();
      // startTestServer replaced the process-wide database; put this suite's back.
      const { setDatabase } = await import("@/lib/db");
      setDatabase(api.db);
      const { loadSecrets } = await import("@/lib/secrets/store");
      const { config } = await import("@/lib/config");
      await loadSecrets(api.db, { dataDir: config().dataDir, production: false });
    }
  });
});

describe("sign-out", () => {
  it("ends the session on the server: the old cookie stops working at once", async () => {
    const user = await createUser(api.db, "operator", { password: "clave-salida-1" });
    const s = await signIn(user.email, "clave-salida-1", "203.0.113.20");
    expect(s.session).not.toBeNull();
    expect((await me(s.session!)).response.status).toBe(200);
    const out = await signOut(s.session!, "203.0.113.20");
    expect(out.status).toBe(200);
    // The cookie is still validly signed and within its 12 h; the revoked row is what refuses it.
    const after = await me(s.session!);
    expect(after.response.status).toBe(401);
    expect(after.error!.detail).toMatch(/sesión expiró/);
    const rows = await api.db.prisma.authSession.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].revokedAt).not.toBeNull();
  });

  it("deactivating a user ends their sessions, and sessions are per sign-in", async () => {
    const user = await createUser(api.db, "operator", { password: "clave-dos-1" });
    const a = await signIn(user.email, "clave-dos-1", "203.0.113.21");
    const b = await signIn(user.email, "clave-dos-1", "203.0.113.22");
    await signOut(a.session!, "203.0.113.21");
    expect((await me(a.session!)).response.status).toBe(401);
    expect((await me(b.session!)).response.status).toBe(200);
    await api.db.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect((await me(b.session!)).response.status).toBe(401);
  });
});

describe("portal writes and the Host", () => {
  it("X-Forwarded-Host cannot make a foreign Origin look like ours", async () => {
    const user = await createUser(api.db, "operator", { password: "clave-host-1" });
    const s = await signIn(user.email, "clave-host-1", "203.0.113.30");
    const agency = await createAgency(api.db);
    // Hostile Origin and X-Forwarded-Host: raw headers stay on TestServer.call.
    const forged = await api.call("POST", `/api/v2/agencies/${agency.id}/api-keys`, {
      headers: { cookie: s.session!, origin: "https://evil.example", "x-forwarded-host": "evil.example" },
      body: {},
    });
    expect(forged.status).toBe(403);
    // The published address (PUBLIC_BASE_URL) is ours even when a proxy rewrote Host.
    const published = await apiClient(api).POST("/v2/agencies/{id}/api-keys", { params: { path: { id: agency.id } }, headers: { cookie: s.session!, origin: "http://localhost:3000" }, body: {} });
    expect(published.response.status).toBe(201);
  });
});

describe("sign-in timing does not tell which e-mails have accounts (issue 24)", () => {
  it("an unknown e-mail runs the same full bcrypt comparison as a known one with a wrong password", async () => {
    const user = await createUser(api.db, "operator", { password: "clave-tiempo-1" });
    const compare = vi.spyOn(bcrypt, "compare");
    try {
      expect((await signIn(user.email, "equivocada", "203.0.113.41")).session).toBeNull();
      expect((await signIn(`nadie-${Date.now()}@ejemplo.co`, "equivocada", "203.0.113.42")).session).toBeNull();
      expect(compare).toHaveBeenCalledTimes(2);
      const [known, unknown] = compare.mock.calls.map((c) => String(c[1]));
      expect(known).toBe(user.passwordHash);
      // A well-formed hash of the same cost: bcrypt does all 2^10 rounds. A malformed one returns at once.
      const wellFormed = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
      expect(unknown).toMatch(wellFormed);
      expect(wellFormed.exec(unknown)![1]).toBe(wellFormed.exec(known)![1]);
      expect(bcrypt.getRounds(unknown)).toBe(bcrypt.getRounds(known));
    } finally {
      compare.mockRestore();
    }
  });
});
