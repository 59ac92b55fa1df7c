// Invitations and password reset by e-mail, through a real SMTP server: the new user chooses the password,
// links are single-use and expire, a reset is confirmed by e-mail, and a used or expired link is refused in Spanish.
import { describe, expect, it } from "vitest";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import type { TestSmtp } from "@/lib/testing/smtp";
import { withMailApi } from "@/lib/testing/mail-api";
import { checkPassword } from "@/lib/auth/password";
import { LINK_REFUSED } from "@/lib/accounts/user-tokens";

let api: TestServer;
let smtp: TestSmtp;
// Pending e-mails are not retired between these tests.
withMailApi({ retirePending: false }, (m) => ({ api, smtp } = m));

const cron = (now?: Date) => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/emails", { body: now ? { now: now.toISOString() } : {} });
const tokenIn = (text: string | undefined) => /http:\/\/localhost:3000\/cuenta\/clave\/([A-Za-z0-9_-]{40,})/.exec(text ?? "")?.[1];
const setPassword = (token: string, password: string) => api.call("POST", "/api/v2/account/password/set", { body: { token, password } });

describe("invitations", () => {
  it("a user created without a password gets an invitation; the link sets the password once", async () => {
    const { agency } = await agencyWithKey(api.db);
    const created = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/users", { params: { path: { id: agency.id } }, body: { name: "Valentina Ruiz", email: "valentina@example.co" } });
    expect(created.response.status).toBe(201);
    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    expect(m.subject).toBe("Le invitaron a HotelPay: elija su contraseña");
    expect(m.text).toContain("Hola Valentina Ruiz:");
    const token = tokenIn(m.text)!;
    expect(token).toBeDefined();
    // Only the hash is stored.
    expect(await api.db.prisma.userToken.count({ where: { tokenHash: token } })).toBe(0);

    const ok = await setPassword(token, "mi-clave-segura");
    expect(ok.status).toBe(200);
    const u = await api.db.prisma.user.findUniqueOrThrow({ where: { email: "valentina@example.co" } });
    expect(await checkPassword("mi-clave-segura", u.passwordHash)).toBe(true);

    const again = await setPassword(token, "otra-clave-123");
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(LINK_REFUSED);
    const after = await api.db.prisma.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(await checkPassword("mi-clave-segura", after.passwordHash)).toBe(true);
  });

  it("an expired invitation is refused; a new one retires the old link", async () => {
    const { agency } = await agencyWithKey(api.db);
    const created = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/users", { params: { path: { id: agency.id } }, body: { name: "Tomás Gil", email: "tomas@example.co" } });
    const userId = created.data!.id;
    await cron();
    const first = tokenIn((await smtp.waitFor(1))[0].text)!;
    await api.db.sql.query(`UPDATE user_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`, [userId]);
    expect((await setPassword(first, "mi-clave-segura")).body.detail).toBe(LINK_REFUSED);

    const resend = await apiClient(api, OPERATOR_KEY).POST("/v2/users/{id}/invitation", { params: { path: { id: userId } } });
    expect(resend.data!.msg).toBe("Invitación enviada a tomas@example.co");
    await cron();
    const second = tokenIn((await smtp.waitFor(2))[1].text)!;
    expect(second).not.toBe(first);
    expect((await setPassword(second, "mi-clave-segura")).status).toBe(200);
    // Another agency cannot invite this user.
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, other.key).POST("/v2/users/{id}/invitation", { params: { path: { id: userId } } })).response.status).toBe(404);
  });
});

describe("password reset", () => {
  it("the same answer for any address; an active user gets a link, using it changes the password and sends a notice", async () => {
    const { agency } = await agencyWithKey(api.db);
    await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/users", { params: { path: { id: agency.id } }, body: { name: "Sara Mejía", email: "sara@example.co", password: "clave-vieja-1" } });
    const unknown = await api.call("POST", "/api/v2/account/password/forgot", { body: { email: "nadie@example.co" } });
    const known = await api.call("POST", "/api/v2/account/password/forgot", { body: { email: "Sara@Example.co" } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect((await api.call("POST", "/api/v2/account/password/forgot", { body: { email: "no es correo" } })).status).toBe(400);
    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    expect(m.subject).toBe("Restablezca su contraseña de HotelPay");
    const token = tokenIn(m.text)!;
    expect((await setPassword(token, "corta")).status).toBe(400);
    expect((await setPassword(token, "clave-nueva-2")).status).toBe(200);
    await cron();
    const [, notice] = await smtp.waitFor(2);
    expect(notice.subject).toBe("Su contraseña de HotelPay cambió");
    const u = await api.db.prisma.user.findUniqueOrThrow({ where: { email: "sara@example.co" } });
    expect(await checkPassword("clave-nueva-2", u.passwordHash)).toBe(true);
  });
});
