// API keys (docs/decisions.md 2.4): operators issue and revoke them; the key is shown once.
import { z } from "zod";
import { defineRoute, json } from "@/lib/http/route";
import { notFound } from "@/lib/http/errors";
import { issueApiKey, listAgencyKeys } from "./api-keys";
import { isoBogota } from "@/lib/time";
import type { Database } from "@/lib/db";

const idParam = z.object({ id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo") });
const keyBody = z.object({ label: z.string().trim().max(100, "máximo 100 caracteres").optional() }).optional();
const issuedKey = z.object({ key: z.string().meta({ description: "La clave; se muestra solo esta vez" }), id: z.string(), created_at: z.string() });
const keyListItem = z.object({
  id: z.string(),
  prefix: z.string(),
  label: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

type KeyOwner = Omit<Parameters<typeof issueApiKey>[1], "label">;

/** POST <path> (operator): issues a key for the owner `findOwner` finds by the path's id (it throws 404 when there is none). */
const issueKeyRoute = (path: string, summary: string, findOwner: (db: Database, id: number) => Promise<KeyOwner>) =>
  defineRoute({
    method: "POST",
    path,
    access: ["operator"],
    summary,
    tags: ["Claves API"],
    params: idParam,
    body: keyBody,
    optionalBody: true,
    responses: [{ status: 201, description: "Clave emitida", schema: issuedKey }],
    async handler({ params, body, database, clock }) {
      const owner = await findOwner(database, params.id);
      return json(201, await issueApiKey(database, { ...owner, label: body?.label }, clock.now()));
    },
  });

export const authRoutes = [
  issueKeyRoute("/v2/agencies/{id}/api-keys", "Emitir una clave API para una agencia (se muestra una sola vez)", async (db, id) => {
    const agency = await db.prisma.agency.findUnique({ where: { id } });
    if (!agency) throw notFound(`La agencia ${id} no existe`);
    return { role: "agency", agencyId: agency.id };
  }),
  defineRoute({
    method: "GET",
    path: "/v2/agencies/{id}/api-keys",
    access: ["operator"],
    summary: "Listar las claves de una agencia (solo prefijos)",
    tags: ["Claves API"],
    params: idParam,
    responses: [{ status: 200, description: "Claves", schema: z.array(keyListItem) }],
    handler: ({ params, database }) => listAgencyKeys(database, params.id),
  }),
  issueKeyRoute("/v2/users/{id}/api-keys", "Emitir una clave API para un usuario operador o administrador de hotel", async (db, id) => {
    const user = await db.prisma.user.findUnique({ where: { id } });
    if (!user) throw notFound(`El usuario ${id} no existe`);
    return { role: user.role, userId: user.id, agencyId: user.agencyId };
  }),
  defineRoute({
    method: "DELETE",
    path: "/v2/api-keys/{id}",
    access: ["operator"],
    summary: "Revocar una clave API",
    tags: ["Claves API"],
    params: z.object({ id: z.string().min(1).max(64) }),
    responses: [{ status: 200, description: "Revocada", schema: z.object({ msg: z.string(), id: z.string(), revoked_at: z.string() }) }],
    async handler({ params, database, clock }) {
      const key = await database.prisma.apiKey.findUnique({ where: { id: params.id } });
      if (!key) throw notFound(`La clave ${params.id} no existe`);
      const revoked = key.revokedAt ?? (await database.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: clock.now() } })).revokedAt!;
      return { msg: "Clave revocada", id: key.id, revoked_at: isoBogota(revoked) };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/me",
    access: ["operator", "agency", "hotel_admin"],
    summary: "Quién llama: rol, agencia y hoteles",
    tags: ["Claves API"],
    responses: [
      {
        status: 200,
        description: "Principal",
        schema: z.object({ role: z.string(), via: z.string(), agency_id: z.number().nullable(), agency_type: z.string().nullable(), hotel_ids: z.array(z.number()) }),
      },
    ],
    handler({ principal }) {
      return { role: principal.role, via: principal.via, agency_id: principal.agencyId, agency_type: principal.agencyType, hotel_ids: principal.hotelIds };
    },
  }),
];
