// Issue 16 item 7: agencies manage their own team through the operator's routes; the operator manages hotel
// admins. Another agency's users are 404; a plain agency user cannot manage the team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel, createUser, sessionCookieFor } from "@/lib/testing/factories";

let api: TestServer;
let ag1: Awaited<ReturnType<typeof agencyWithKey>>;
let ag2: Awaited<ReturnType<typeof agencyWithKey>>;

beforeAll(async () => {
  api = await startApi();
  ag1 = await agencyWithKey(api.db.prisma);
  ag2 = await agencyWithKey(api.db.prisma);
});
afterAll(async () => {
  await api?.close();
});

const mail = (s: string) => `${s}-${Math.random().toString(36).slice(2, 8)}@example.co`;

describe("agency teams", () => {
  it("the agency's own API key lists, creates, deactivates and gives keys to its users", async () => {
    const created = await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users`, { key: ag1.key, body: { name: "Sofía Ventas", email: mail("sofia"), password: "clave-segura-1" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Sofía Ventas", role: "agency", agency_id: ag1.agency.id, is_active: true, is_admin: false });
    const uid = created.body.id;
    const list = await api.call("GET", `/api/v2/agencies/${ag1.agency.id}/users`, { key: ag1.key });
    expect(list.status).toBe(200);
    expect(list.body.map((u: { id: number }) => u.id)).toContain(uid);

    // A key for that user works as the agency, and stops when the user is deactivated.
    const k = await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users/${uid}/api-keys`, { key: ag1.key, body: { label: "integración" } });
    expect(k.status).toBe(201);
    expect(k.body.key).toMatch(/^hbk_/);
    const me = await api.call("GET", "/api/v2/me", { key: k.body.key });
    expect(me.body).toMatchObject({ role: "agency", agency_id: ag1.agency.id });
    const keys = await api.call("GET", `/api/v2/agencies/${ag1.agency.id}/users/${uid}/api-keys`, { key: ag1.key });
    expect(keys.body).toEqual([expect.objectContaining({ id: k.body.id, label: "integración", revoked_at: null })]);
    expect(JSON.stringify(keys.body)).not.toContain(k.body.key);

    const cookie = await sessionCookieFor(api.db.prisma, uid);
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie } })).status).toBe(200);
    const off = await api.call("PATCH", `/api/v2/agencies/${ag1.agency.id}/users/${uid}`, { key: ag1.key, body: { is_active: false } });
    expect(off.status).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await api.call("GET", "/api/v2/me", { key: k.body.key })).status).toBe(401);
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie } })).status).toBe(401);
    expect((await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users/${uid}/api-keys`, { key: ag1.key })).status).toBe(409);

    const on = await api.call("PATCH", `/api/v2/agencies/${ag1.agency.id}/users/${uid}`, { key: ag1.key, body: { is_active: true } });
    expect(on.body.is_active).toBe(true);
    const revoked = await api.call("DELETE", `/api/v2/agencies/${ag1.agency.id}/users/${uid}/api-keys/${k.body.id}`, { key: ag1.key });
    expect(revoked.status).toBe(200);
    expect((await api.call("GET", "/api/v2/me", { key: k.body.key })).status).toBe(401);
  });

  it("another agency's team and users are 404, whatever the route", async () => {
    const victim = await createUser(api.db.prisma, "agency", { agencyId: ag2.agency.id });
    const base = `/api/v2/agencies/${ag2.agency.id}/users`;
    expect((await api.call("GET", base, { key: ag1.key })).status).toBe(404);
    expect((await api.call("POST", base, { key: ag1.key, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).status).toBe(404);
    expect((await api.call("PATCH", `${base}/${victim.id}`, { key: ag1.key, body: { is_active: false } })).status).toBe(404);
    expect((await api.call("POST", `${base}/${victim.id}/api-keys`, { key: ag1.key })).status).toBe(404);
    // Through its own agency id, another agency's user is still 404.
    expect((await api.call("PATCH", `/api/v2/agencies/${ag1.agency.id}/users/${victim.id}`, { key: ag1.key, body: { is_active: false } })).status).toBe(404);
    expect((await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users/${victim.id}/api-keys`, { key: ag1.key })).status).toBe(404);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).isActive).toBe(true);
    expect(await api.db.prisma.apiKey.count({ where: { userId: victim.id } })).toBe(0);
  });

  it("a portal user manages the team only with the admin role; nobody locks themselves out", async () => {
    const admin = await createUser(api.db.prisma, "agency", { agencyId: ag1.agency.id });
    await api.db.prisma.user.update({ where: { id: admin.id }, data: { agencyAdmin: true } });
    const member = await createUser(api.db.prisma, "agency", { agencyId: ag1.agency.id });
    const adminCookie = { cookie: await sessionCookieFor(api.db.prisma, admin.id) };
    const memberCookie = { cookie: await sessionCookieFor(api.db.prisma, member.id) };
    const base = `/api/v2/agencies/${ag1.agency.id}/users`;

    const denied = await api.call("GET", base, { headers: memberCookie });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toEqual(expect.any(String));
    expect((await api.call("POST", base, { headers: memberCookie, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).status).toBe(403);

    const created = await api.call("POST", base, { headers: adminCookie, body: { name: "Nuevo admin", email: mail("n"), password: "clave-segura-1", is_admin: true } });
    expect(created.status).toBe(201);
    expect(created.body.is_admin).toBe(true);
    const promoted = await api.call("PATCH", `${base}/${member.id}`, { headers: adminCookie, body: { is_admin: true } });
    expect(promoted.body.is_admin).toBe(true);
    expect((await api.call("GET", base, { headers: memberCookie })).status).toBe(200);
    const self = await api.call("PATCH", `${base}/${admin.id}`, { headers: adminCookie, body: { is_active: false } });
    expect(self.status).toBe(409);
    // Another agency's admin: 404.
    const other = await createUser(api.db.prisma, "agency", { agencyId: ag2.agency.id });
    await api.db.prisma.user.update({ where: { id: other.id }, data: { agencyAdmin: true } });
    expect((await api.call("GET", base, { headers: { cookie: await sessionCookieFor(api.db.prisma, other.id) } })).status).toBe(404);
  });

  it("ten concurrent creations of one e-mail make one user (201) and nine 409", async () => {
    const email = mail("carrera");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users`, { key: i % 2 ? ag1.key : OPERATOR_KEY, body: { name: `Carrera ${i}`, email, password: "clave-segura-1" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await api.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it("the operator keeps its view; bad input is 400 and changes nothing", async () => {
    const list = await api.call("GET", `/api/v2/agencies/${ag1.agency.id}/users`, { key: OPERATOR_KEY });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(3);
    expect((await api.call("GET", `/api/v2/agencies/999999/users`, { key: OPERATOR_KEY })).status).toBe(404);
    const before = await api.db.prisma.user.count();
    for (const body of [{}, { name: "X", email: "no-es-correo", password: "clave-segura-1" }, { name: "X", email: mail("y"), password: "corta" }, { name: "X", email: mail("y"), password: "clave-segura-1", is_admin: "sí" }]) {
      const r = await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users`, { key: ag1.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("400");
    }
    expect((await api.call("PATCH", `/api/v2/agencies/${ag1.agency.id}/users/1`, { key: ag1.key, body: {} })).status).toBe(400);
    expect(await api.db.prisma.user.count()).toBe(before);
  });
});

describe("hotel admins (operator)", () => {
  it("creates a login for a hotel, assigns hotels, removes and deactivates", async () => {
    const h1 = await createHotel(api.db.prisma);
    const h2 = await createHotel(api.db.prisma);
    const email = mail("hotel");
    const created = await api.call("POST", `/api/v2/hotels/${h1.id}/admins`, { key: OPERATOR_KEY, body: { name: "Héctor", email, password: "clave-segura-1" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ role: "hotel_admin", hotel_ids: [h1.id], is_active: true });
    const uid = created.body.id;
    expect((await api.call("POST", `/api/v2/hotels/${h1.id}/admins`, { key: OPERATOR_KEY, body: { name: "Otro", email, password: "clave-segura-1" } })).status).toBe(409);
    const list = await api.call("GET", `/api/v2/hotels/${h1.id}/admins`, { key: OPERATOR_KEY });
    expect(list.body.map((u: { id: number }) => u.id)).toEqual([uid]);

    const cookie = await sessionCookieFor(api.db.prisma, uid);
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie } })).body.hotel_ids).toEqual([h1.id]);
    const assigned = await api.call("PUT", `/api/v2/users/${uid}/hotels`, { key: OPERATOR_KEY, body: { hotel_ids: [h1.id, h2.id] } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.hotel_ids).toEqual([h1.id, h2.id].sort((a, b) => a - b));
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie } })).body.hotel_ids.sort()).toEqual([h1.id, h2.id].sort());
    expect((await api.call("PUT", `/api/v2/users/${uid}/hotels`, { key: OPERATOR_KEY, body: { hotel_ids: [h1.id, 999999] } })).status).toBe(400);
    expect((await api.call("PUT", `/api/v2/users/${uid}/hotels`, { key: OPERATOR_KEY, body: { hotel_ids: "1" } })).status).toBe(400);

    const removed = await api.call("DELETE", `/api/v2/hotels/${h1.id}/admins/${uid}`, { key: OPERATOR_KEY });
    expect(removed.body.hotel_ids).toEqual([h2.id]);
    expect((await api.call("DELETE", `/api/v2/hotels/${h1.id}/admins/${uid}`, { key: OPERATOR_KEY })).status).toBe(404);

    const off = await api.call("PATCH", `/api/v2/users/${uid}`, { key: OPERATOR_KEY, body: { is_active: false } });
    expect(off.body.is_active).toBe(false);
    expect((await api.call("GET", "/api/v2/me", { headers: { cookie } })).status).toBe(401);
  });

  it("only the operator; agency users are not hotel admins; unknown ids are 404", async () => {
    const h = await createHotel(api.db.prisma);
    const hotelAdmin = await createUser(api.db.prisma, "hotel_admin", { hotelIds: [h.id] });
    const cookie = await sessionCookieFor(api.db.prisma, hotelAdmin.id);
    expect((await api.call("GET", `/api/v2/hotels/${h.id}/admins`, { headers: { cookie } })).status).toBe(403);
    expect((await api.call("POST", `/api/v2/hotels/${h.id}/admins`, { key: ag1.key, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).status).toBe(403);
    const agencyUser = await createUser(api.db.prisma, "agency", { agencyId: ag1.agency.id });
    expect((await api.call("PUT", `/api/v2/users/${agencyUser.id}/hotels`, { key: OPERATOR_KEY, body: { hotel_ids: [h.id] } })).status).toBe(404);
    expect((await api.call("PATCH", `/api/v2/users/${agencyUser.id}`, { key: OPERATOR_KEY, body: { is_active: false } })).status).toBe(404);
    expect((await api.call("GET", `/api/v2/hotels/999999/admins`, { key: OPERATOR_KEY })).status).toBe(404);
    expect((await api.call("POST", `/api/v2/hotels/999999/admins`, { key: OPERATOR_KEY, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).status).toBe(404);
  });
});
