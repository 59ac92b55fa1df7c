// The form of a new login (the agency's team, an agency's users, a hotel's admins): the API's rules
// (lib/agencies/team.ts createTeamUserBody, createHotelAdminBody) as Spanish sentences under each field.
import { z } from "zod";

export const newUserSchema = z.object({
  name: z.string().trim().min(1, "Escriba el nombre de la persona").max(200, "El nombre admite hasta 200 caracteres"),
  email: z.string().trim().min(1, "Escriba el correo electrónico").email("Escriba un correo válido, por ejemplo nombre@empresa.co"),
  password: z.string().min(8, "La contraseña debe tener al menos 8 caracteres").max(200, "La contraseña admite hasta 200 caracteres"),
});
export type NewUserValues = z.input<typeof newUserSchema>;
export const NO_USER: NewUserValues = { name: "", email: "", password: "" };
/** The API's field names are the form's. */
export const NEW_USER_FIELDS = { name: "name", email: "email", password: "password" } as const;
