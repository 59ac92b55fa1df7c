// Invitations and password reset by e-mail (docs/emails.md): single-use, expiring links to choose a password.
// Not under /api/auth: that prefix belongs to next-auth's own route in the built app.
import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { requestPasswordReset, setPasswordWithToken } from "./user-tokens";

const TAGS = ["Acceso"];
const msg = z.object({ msg: z.string() });

export const inviteRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/account/password/forgot",
    access: "public",
    summary: "Pedir un enlace para elegir una contraseña nueva",
    description: "Siempre responde 200 con el mismo mensaje (no dice si el correo existe). El enlace vence en 1 hora y sirve una vez.",
    tags: TAGS,
    body: z.object({ email: z.string({ error: "es obligatorio" }).trim().max(254, "máximo 254 caracteres") }),
    responses: [{ status: 200, description: "Pedido recibido", schema: msg }],
    handler: ({ database, body, clock }) => requestPasswordReset(database, body.email, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/account/password/set",
    access: "public",
    summary: "Elegir la contraseña con el enlace de una invitación o de un restablecimiento",
    description: "Un enlace usado, vencido o desconocido responde 400 y no cambia nada.",
    tags: TAGS,
    body: z.object({
      token: z.string({ error: "es obligatorio" }).max(200, "no es válido"),
      password: z.string({ error: "es obligatorio" }).min(8, "debe tener al menos 8 caracteres").max(200, "máximo 200 caracteres"),
    }),
    responses: [{ status: 200, description: "Contraseña guardada", schema: msg.extend({ email: z.string() }) }, { status: 400, description: "Enlace usado, vencido o no válido" }],
    handler: ({ database, body, clock }) => setPasswordWithToken(database, body.token, body.password, clock.now()),
  }),
];
