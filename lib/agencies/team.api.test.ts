// Issue 16 item 7: agencies manage their own team through the operator's routes; the operator manages hotel
// admins. Another agency's users are 404; a plain agency user cannot manage the team.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel, createUser, sessionCookieFor } from "@/lib/testing/factories";

let api: TestServer;
let ag1: Awaited<ReturnType<typeof agencyWithKey>>;
let ag2: Awaited<ReturnType<typeof agencyWithKey>>;

beforeAll(async () => {
  api = await startApi();
  ag1 = await agencyWithKey(api.db);
  ag2 = await agencyWithKey(api.db);
});
afterAll(async () => {
  await api?.close();
});

const mail = (s: string) => `${s}-${Math.random().toString(36).slice(2, 8)}@example.co`;

describe("agency teams", () => {
  it("the agency's own API key lists, creates, deactivates and gives keys to its users", async () => {
    const created = await apiClient(api, ag1.key).POST("/v2/agencies/{id}/users", { params: { path: { id: ag1.agency.id } }, body: { name: "Sofía Ventas", email: mail("sofia"), password: "clave-segura-1" } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ name: "Sofía Ventas", role: "agency", agency_id: ag1.agency.id, is_active: true, is_admin: false });
    const uid = created.data!.id;
    const list = await apiClient(api, ag1.key).GET("/v2/agencies/{id}/users", { params: { path: { id: ag1.agency.id } } });
    expect(list.response.status).toBe(200);
    expect(list.data!.map((u) => u.id)).toContain(uid);

    // A key for that user works as the agency, and stops when the user is deactivated.
    const k = await apiClient(api, ag1.key).POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: ag1.agency.id, user_id: uid } }, body: { label: "integración" } });
    expect(k.response.status).toBe(201);
    expect(k.data!.key).toMatch(/^hbk_/);
    const me = await apiClient(api, k.data!.key).GET("/v2/me");
    expect(me.data).toMatchObject({ role: "agency", agency_id: ag1.agency.id });
    const keys = await apiClient(api, ag1.key).GET("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: ag1.agency.id, user_id: uid } } });
    expect(keys.data).toEqual([expect.objectContaining({ id: k.data!.id, label: "integración", revoked_at: null })]);
    expect(JSON.stringify(keys.data)).not.toContain(k.data!.key);

    const cookie = await sessionCookieFor(api.db, uid);
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).response.status).toBe(200);
    const off = await apiClient(api, ag1.key).PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: ag1.agency.id, user_id: uid } }, body: { is_active: false } });
    expect(off.response.status).toBe(200);
    expect(off.data!.is_active).toBe(false);
    expect((await apiClient(api, k.data!.key).GET("/v2/me")).response.status).toBe(401);
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).response.status).toBe(401);
    const keyForOff = await apiClient(api, ag1.key).POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: ag1.agency.id, user_id: uid } } });
    expect(keyForOff.response.status).toBe(409);
    expect(keyForOff.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "El usuario está desactivado; actívelo antes de darle una clave" });

    const on = await apiClient(api, ag1.key).PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: ag1.agency.id, user_id: uid } }, body: { is_active: true } });
    expect(on.data!.is_active).toBe(true);
    const revoked = await apiClient(api, ag1.key).DELETE("/v2/agencies/{id}/users/{user_id}/api-keys/{key_id}", { params: { path: { id: ag1.agency.id, user_id: uid, key_id: k.data!.id } } });
    expect(revoked.response.status).toBe(200);
    expect((await apiClient(api, k.data!.key).GET("/v2/me")).response.status).toBe(401);
  });

  it("another agency's team and users are 404, whatever the route", async () => {
    const victim = await createUser(api.db, "agency", { agencyId: ag2.agency.id });
    const c = apiClient(api, ag1.key);
    const id = ag2.agency.id;
    expect((await c.GET("/v2/agencies/{id}/users", { params: { path: { id } } })).response.status).toBe(404);
    expect((await c.POST("/v2/agencies/{id}/users", { params: { path: { id } }, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).response.status).toBe(404);
    expect((await c.PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id, user_id: victim.id } }, body: { is_active: false } })).response.status).toBe(404);
    expect((await c.POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id, user_id: victim.id } } })).response.status).toBe(404);
    // Through its own agency id, another agency's user is still 404.
    expect((await apiClient(api, ag1.key).PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: ag1.agency.id, user_id: victim.id } }, body: { is_active: false } })).response.status).toBe(404);
    expect((await apiClient(api, ag1.key).POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: ag1.agency.id, user_id: victim.id } } })).response.status).toBe(404);
    expect((await api.db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).isActive).toBe(true);
    expect(await api.db.prisma.apiKey.count({ where: { userId: victim.id } })).toBe(0);
  });

  it("a portal user manages the team only with the admin role; nobody locks themselves out", async () => {
    const admin = await createUser(api.db, "agency", { agencyId: ag1.agency.id });
    await api.db.prisma.user.update({ where: { id: admin.id }, data: { agencyAdmin: true } });
    const member = await createUser(api.db, "agency", { agencyId: ag1.agency.id });
    // Portal sessions: the same typed client with the session cookie instead of a key.
    const asAdmin = apiClient(api, undefined, { cookie: await sessionCookieFor(api.db, admin.id) });
    const asMember = apiClient(api, undefined, { cookie: await sessionCookieFor(api.db, member.id) });
    const team = { params: { path: { id: ag1.agency.id } } };
    const user = (user_id: number) => ({ params: { path: { id: ag1.agency.id, user_id } } });

    const denied = await asMember.GET("/v2/agencies/{id}/users", team);
    expect(denied.response.status).toBe(403);
    expect(denied.error!.message).toEqual(expect.any(String));
    expect((await asMember.POST("/v2/agencies/{id}/users", { ...team, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).response.status).toBe(403);

    const created = await asAdmin.POST("/v2/agencies/{id}/users", { ...team, body: { name: "Nuevo admin", email: mail("n"), password: "clave-segura-1", is_admin: true } });
    expect(created.response.status).toBe(201);
    expect(created.data!.is_admin).toBe(true);
    const promoted = await asAdmin.PATCH("/v2/agencies/{id}/users/{user_id}", { ...user(member.id), body: { is_admin: true } });
    expect(promoted.data!.is_admin).toBe(true);
    expect((await asMember.GET("/v2/agencies/{id}/users", team)).response.status).toBe(200);
    const self = await asAdmin.PATCH("/v2/agencies/{id}/users/{user_id}", { ...user(admin.id), body: { is_active: false } });
    expect(self.response.status).toBe(409);
    expect(self.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "No puede desactivarse ni quitarse la administración a sí mismo; pídalo a otro administrador" });
    // Another agency's admin: 404.
    const other = await createUser(api.db, "agency", { agencyId: ag2.agency.id });
    await api.db.prisma.user.update({ where: { id: other.id }, data: { agencyAdmin: true } });
    const asOther = apiClient(api, undefined, { cookie: await sessionCookieFor(api.db, other.id) });
    expect((await asOther.GET("/v2/agencies/{id}/users", team)).response.status).toBe(404);
  });

  it("ten concurrent creations of one e-mail make one user (201) and nine 409", async () => {
    const email = mail("carrera");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => apiClient(api, i % 2 ? ag1.key : OPERATOR_KEY).POST("/v2/agencies/{id}/users", { params: { path: { id: ag1.agency.id } }, body: { name: `Carrera ${i}`, email, password: "clave-segura-1" } })),
    );
    expect(results.map((r) => r.response.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(results.find((r) => r.response.status === 409)!.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "email: ya existe un usuario con ese correo" });
    expect(await api.db.prisma.user.count({ where: { email } })).toBe(1);
  });

  it("the operator keeps its view; bad input is 400 and changes nothing", async () => {
    const list = await apiClient(api, OPERATOR_KEY).GET("/v2/agencies/{id}/users", { params: { path: { id: ag1.agency.id } } });
    expect(list.response.status).toBe(200);
    expect(list.data!.length).toBeGreaterThanOrEqual(3);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/agencies/{id}/users", { params: { path: { id: 999999 } } })).response.status).toBe(404);
    const before = await api.db.prisma.user.count();
    for (const body of [{ name: "X", email: "no-es-correo", password: "clave-segura-1" }, { name: "X", email: mail("y"), password: "corta" }]) {
      const r = await apiClient(api, ag1.key).POST("/v2/agencies/{id}/users", { params: { path: { id: ag1.agency.id } }, body });
      expect(r.response.status, JSON.stringify(body)).toBe(400);
      expect(r.error!.code).toBe("400");
    }
    // Missing fields and wrong types do not compile with the typed client.
    for (const body of [{}, { name: "X", email: mail("y"), password: "clave-segura-1", is_admin: "sí" }]) {
      const r = await api.call("POST", `/api/v2/agencies/${ag1.agency.id}/users`, { key: ag1.key, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe("400");
    }
    expect((await apiClient(api, ag1.key).PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: ag1.agency.id, user_id: 1 } }, body: {} })).response.status).toBe(400);
    expect(await api.db.prisma.user.count()).toBe(before);
  });
});

describe("hotel admins (operator)", () => {
  it("creates a login for a hotel, assigns hotels, removes and deactivates", async () => {
    const h1 = await createHotel(api.db);
    const h2 = await createHotel(api.db);
    const email = mail("hotel");
    const created = await apiClient(api, OPERATOR_KEY).POST("/v2/hotels/{id}/admins", { params: { path: { id: h1.id } }, body: { name: "Héctor", email, password: "clave-segura-1" } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ role: "hotel_admin", hotel_ids: [h1.id], is_active: true });
    const uid = created.data!.id;
    expect((await apiClient(api, OPERATOR_KEY).POST("/v2/hotels/{id}/admins", { params: { path: { id: h1.id } }, body: { name: "Otro", email, password: "clave-segura-1" } })).response.status).toBe(409);
    const list = await apiClient(api, OPERATOR_KEY).GET("/v2/hotels/{id}/admins", { params: { path: { id: h1.id } } });
    expect(list.data!.map((u) => u.id)).toEqual([uid]);

    const cookie = await sessionCookieFor(api.db, uid);
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).data!.hotel_ids).toEqual([h1.id]);
    const assigned = await apiClient(api, OPERATOR_KEY).PUT("/v2/users/{id}/hotels", { params: { path: { id: uid } }, body: { hotel_ids: [h1.id, h2.id] } });
    expect(assigned.response.status).toBe(200);
    expect(assigned.data!.hotel_ids).toEqual([h1.id, h2.id].sort((a, b) => a - b));
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).data!.hotel_ids.sort()).toEqual([h1.id, h2.id].sort());
    expect((await apiClient(api, OPERATOR_KEY).PUT("/v2/users/{id}/hotels", { params: { path: { id: uid } }, body: { hotel_ids: [h1.id, 999999] } })).response.status).toBe(400);
    expect((await api.call("PUT", `/api/v2/users/${uid}/hotels`, { key: OPERATOR_KEY, body: { hotel_ids: "1" } })).status).toBe(400); // wrong type: not typed

    const removed = await apiClient(api, OPERATOR_KEY).DELETE("/v2/hotels/{id}/admins/{user_id}", { params: { path: { id: h1.id, user_id: uid } } });
    expect(removed.data!.hotel_ids).toEqual([h2.id]);
    const again = await apiClient(api, OPERATOR_KEY).DELETE("/v2/hotels/{id}/admins/{user_id}", { params: { path: { id: h1.id, user_id: uid } } });
    expect(again.response.status).toBe(404);
    expect(again.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: `El usuario ${uid} no administra el hotel ${h1.id}` });

    const off = await apiClient(api, OPERATOR_KEY).PATCH("/v2/users/{id}", { params: { path: { id: uid } }, body: { is_active: false } });
    expect(off.data!.is_active).toBe(false);
    expect((await apiClient(api).GET("/v2/me", { headers: { cookie } })).response.status).toBe(401);
  });

  it("only the operator; agency users are not hotel admins; unknown ids are 404", async () => {
    const h = await createHotel(api.db);
    const hotelAdmin = await createUser(api.db, "hotel_admin", { hotelIds: [h.id] });
    const cookie = await sessionCookieFor(api.db, hotelAdmin.id);
    expect((await apiClient(api).GET("/v2/hotels/{id}/admins", { params: { path: { id: h.id } }, headers: { cookie } })).response.status).toBe(403);
    expect((await apiClient(api, ag1.key).POST("/v2/hotels/{id}/admins", { params: { path: { id: h.id } }, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).response.status).toBe(403);
    const agencyUser = await createUser(api.db, "agency", { agencyId: ag1.agency.id });
    expect((await apiClient(api, OPERATOR_KEY).PUT("/v2/users/{id}/hotels", { params: { path: { id: agencyUser.id } }, body: { hotel_ids: [h.id] } })).response.status).toBe(404);
    expect((await apiClient(api, OPERATOR_KEY).PATCH("/v2/users/{id}", { params: { path: { id: agencyUser.id } }, body: { is_active: false } })).response.status).toBe(404);
    expect((await apiClient(api, OPERATOR_KEY).GET("/v2/hotels/{id}/admins", { params: { path: { id: 999999 } } })).response.status).toBe(404);
    expect((await apiClient(api, OPERATOR_KEY).POST("/v2/hotels/{id}/admins", { params: { path: { id: 999999 } }, body: { name: "X", email: mail("x"), password: "clave-segura-1" } })).response.status).toBe(404);
  });
});
