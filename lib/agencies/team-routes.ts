// Routes of team.ts: agency teams (the operator or the agency itself) and hotel admins (the operator).
import { z } from "zod";
import { defineRoute, json } from "@/lib/http/route";
import { idParam } from "./schema";
import { inviteUser } from "@/lib/accounts/user-tokens";
import { notFound } from "@/lib/http/errors";
import {
  assertTeamManager,
  assignHotels,
  assignHotelsBody,
  createHotelAdmin,
  createHotelAdminBody,
  createTeamUser,
  createTeamUserBody,
  issueTeamUserKey,
  keyLabelBody,
  listHotelAdmins,
  listTeam,
  listTeamUserKeys,
  removeHotelAdmin,
  revokeTeamUserKey,
  teamKeyParams,
  teamUserOut,
  teamUserParams,
  updateHotelAdmin,
  updateTeamUser,
  updateTeamUserBody,
  updateUserBody,
  userIdParam,
  userKeyOut,
} from "./team";

const teamTags = ["Agencias"];
const hotelTags = ["Administradores de hotel"];
const issuedKey = z.object({ key: z.string().meta({ description: "La clave; se muestra solo esta vez" }), id: z.string(), created_at: z.string() });
const TEAM = ["operator", "agency"] as const;
const TEAM_NOTE = "El operador, o la propia agencia: su clave API de agencia o un usuario del portal administrador del equipo (`is_admin`). Otra agencia: 404.";

export const teamRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/agencies/{id}/users",
    access: TEAM,
    summary: "Usuarios del portal de una agencia",
    description: TEAM_NOTE,
    tags: teamTags,
    params: idParam,
    responses: [{ status: 200, description: "Usuarios", schema: z.array(teamUserOut) }],
    handler: ({ params, database, principal }) => listTeam(database, principal, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/agencies/{id}/users",
    access: TEAM,
    summary: "Crear un usuario del portal para una agencia (is_admin: administra el equipo)",
    description: TEAM_NOTE,
    tags: teamTags,
    params: idParam,
    body: createTeamUserBody,
    responses: [{ status: 201, description: "Usuario creado", schema: teamUserOut }, { status: 409, description: "Ya existe un usuario con ese correo" }],
    async handler({ params, body, database, principal, clock }) {
      return json(201, await createTeamUser(database, principal, params.id, body, clock.now()));
    },
  }),
  defineRoute({
    method: "PATCH",
    path: "/v2/agencies/{id}/users/{user_id}",
    access: TEAM,
    summary: "Modificar un usuario de la agencia: name, is_active (desactivar cierra sus sesiones y anula sus claves), is_admin",
    description: `${TEAM_NOTE} Nadie se desactiva ni se quita la administración a sí mismo (409).`,
    tags: teamTags,
    params: teamUserParams,
    body: updateTeamUserBody,
    responses: [{ status: 200, description: "Usuario", schema: teamUserOut }],
    handler: ({ params, body, database, principal, clock }) => updateTeamUser(database, principal, params.id, params.user_id, body, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/agencies/{id}/users/{user_id}/api-keys",
    access: TEAM,
    summary: "Dar una clave API a un usuario de la agencia (se muestra una sola vez; deja de servir si el usuario se desactiva)",
    description: TEAM_NOTE,
    tags: teamTags,
    params: teamUserParams,
    body: keyLabelBody,
    optionalBody: true,
    responses: [{ status: 201, description: "Clave emitida", schema: issuedKey }],
    async handler({ params, body, database, principal, clock }) {
      return json(201, await issueTeamUserKey(database, principal, params.id, params.user_id, body?.label, clock.now()));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/agencies/{id}/users/{user_id}/api-keys",
    access: TEAM,
    summary: "Claves API de un usuario de la agencia (solo prefijos)",
    description: TEAM_NOTE,
    tags: teamTags,
    params: teamUserParams,
    responses: [{ status: 200, description: "Claves", schema: z.array(userKeyOut) }],
    handler: ({ params, database, principal }) => listTeamUserKeys(database, principal, params.id, params.user_id),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v2/agencies/{id}/users/{user_id}/api-keys/{key_id}",
    access: TEAM,
    summary: "Revocar una clave API de un usuario de la agencia",
    description: TEAM_NOTE,
    tags: teamTags,
    params: teamKeyParams,
    responses: [{ status: 200, description: "Revocada", schema: z.object({ msg: z.string(), id: z.string(), revoked_at: z.string() }) }],
    handler: ({ params, database, principal, clock }) => revokeTeamUserKey(database, principal, params.id, params.user_id, params.key_id, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/hotels/{id}/admins",
    access: ["operator"],
    summary: "Administradores de un hotel",
    tags: hotelTags,
    params: idParam,
    responses: [{ status: 200, description: "Administradores", schema: z.array(teamUserOut) }],
    handler: ({ params, database }) => listHotelAdmins(database, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/hotels/{id}/admins",
    access: ["operator"],
    summary: "Crear el acceso de un administrador para este hotel",
    tags: hotelTags,
    params: idParam,
    body: createHotelAdminBody,
    responses: [{ status: 201, description: "Administrador creado", schema: teamUserOut }, { status: 409, description: "Ya existe un usuario con ese correo" }],
    async handler({ params, body, database, clock }) {
      return json(201, await createHotelAdmin(database, params.id, body, clock.now()));
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/v2/hotels/{id}/admins/{user_id}",
    access: ["operator"],
    summary: "Quitar a un administrador de este hotel (sigue con sus otros hoteles)",
    tags: hotelTags,
    params: teamUserParams,
    responses: [{ status: 200, description: "Administrador", schema: teamUserOut }],
    handler: ({ params, database }) => removeHotelAdmin(database, params.id, params.user_id),
  }),
  defineRoute({
    method: "PUT",
    path: "/v2/users/{id}/hotels",
    access: ["operator"],
    summary: "Asignar los hoteles de un administrador de hotel (reemplaza la lista)",
    tags: hotelTags,
    params: userIdParam,
    body: assignHotelsBody,
    responses: [{ status: 200, description: "Administrador", schema: teamUserOut }],
    handler: ({ params, body, database }) => assignHotels(database, params.id, body.hotel_ids),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v2/users/{id}",
    access: ["operator"],
    summary: "Modificar un administrador de hotel: name, is_active (desactivar cierra sus sesiones y anula sus claves)",
    tags: hotelTags,
    params: userIdParam,
    body: updateUserBody,
    responses: [{ status: 200, description: "Administrador", schema: teamUserOut }],
    handler: ({ params, body, database, clock }) => updateHotelAdmin(database, params.id, body, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/users/{id}/invitation",
    access: ["operator", "agency"],
    summary: "Enviar (de nuevo) la invitación de un usuario para que elija su contraseña",
    description: "El operador invita a cualquier usuario; un administrador del equipo de una agencia, a los de su agencia. Retira los enlaces anteriores sin usar.",
    tags: ["Acceso"],
    params: z.object({ id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo") }),
    responses: [{ status: 200, description: "Invitación en la bandeja de salida", schema: z.object({ msg: z.string(), expires_at: z.string() }) }],
    async handler({ database, principal, params, clock }) {
      const u = await database.prisma.user.findUnique({ where: { id: params.id }, select: { id: true, agencyId: true, isActive: true, email: true } });
      if (!u) throw notFound(`El usuario ${params.id} no existe`);
      if (principal.role !== "operator") {
        if (u.agencyId === null) throw notFound(`El usuario ${params.id} no existe`);
        await assertTeamManager(database, principal, u.agencyId);
      }
      const by = principal.userId ? ((await database.prisma.user.findUnique({ where: { id: principal.userId }, select: { name: true } }))?.name ?? null) : null;
      const r = await inviteUser(database, u.id, by, clock.now());
      return { msg: `Invitación enviada a ${u.email}`, ...r };
    },
  }),
];
