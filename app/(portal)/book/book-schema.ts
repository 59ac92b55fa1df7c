// The booking form's props and rules (with the sentence shown under each field), and where the API's field names land.
import { z } from "zod";

export interface BookProps {
  hotel: { id: number; name: string; city: string };
  room: { roomId: string; roomName: string; roomType: string };
  rate: { rateId: string; rateDescription: string; boardType: string | null; boardTypeDescription: string; refundable: string; cancellationPolicy: string; currency: string };
  checkin: string;
  nights: number;
  adults: number;
  /** Each child's age; null where the search did not say it (then the form asks). */
  childrenAges: (number | null)[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The guest's names and e-mail: the same rules on the booking form and on the reservation's "Editar huésped". */
const guestRules = {
  firstName: z.string().trim().min(1, "Escriba los nombres del huésped").max(100, "Máximo 100 caracteres"),
  lastName: z.string().trim().min(1, "Escriba los apellidos del huésped").max(100, "Máximo 100 caracteres"),
  email: z.string().trim().min(1, "Escriba el correo del huésped").refine((s) => EMAIL.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
};

/** "Editar huésped" on a reservation: names, e-mail and the phone with its country code, as the API keeps it. */
export const guestEditSchema = z.object({
  ...guestRules,
  telephone: z
    .string()
    .trim()
    .min(1, "Escriba el teléfono del huésped")
    .refine((s) => /^\+?[\d\s()-]+$/.test(s), "Use solo números, con el indicativo del país, por ejemplo +57 300 123 4567")
    .refine((s) => s.replace(/\D/g, "").length >= 8 && s.replace(/\D/g, "").length <= 15, "Con el indicativo del país son de 8 a 15 dígitos, por ejemplo +57 300 123 4567"),
});
export type GuestEditValues = z.input<typeof guestEditSchema>;

/** The booking form's rules, with the sentence shown under each field. */
export const bookSchema = z
  .object({
    ...guestRules,
    phoneCode: z.string(),
    phone: z
      .string()
      .trim()
      .min(1, "Escriba el teléfono del huésped")
      .refine((s) => /^[\d\s()-]+$/.test(s), "Use solo números, por ejemplo 300 123 4567")
      .refine((s) => s.replace(/\D/g, "").length >= 6 && s.replace(/\D/g, "").length <= 14, "El teléfono debe tener entre 6 y 14 dígitos"),
    country: z.string(),
    city: z.string().trim().max(100, "Máximo 100 caracteres"),
    notes: z.string().trim().max(1000, "Máximo 1.000 caracteres"),
    ages: z.array(z.string()),
    guarantee: z.boolean(),
    ccNumber: z.string(),
    ccHolder: z.string().trim(),
    ccExpire: z.string().trim(),
    ccCode: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    v.ages.forEach((a, i) => {
      if (a === "") ctx.addIssue({ code: "custom", path: ["ages", i], message: "Elija la edad del niño" });
    });
    if (!v.guarantee) return;
    const need = (path: string, ok: boolean, message: string) => ok || ctx.addIssue({ code: "custom", path: [path], message });
    const digits = v.ccNumber.replace(/\D/g, "");
    need("ccNumber", digits.length >= 13 && digits.length <= 19, digits ? "El número de tarjeta no es válido" : "Escriba el número de la tarjeta");
    need("ccHolder", v.ccHolder.length > 0, "Escriba el nombre como aparece en la tarjeta");
    need("ccExpire", /^(0[1-9]|1[0-2])\/\d{4}$/.test(v.ccExpire), "Escriba mes y año como 12/2028");
    need("ccCode", /^\d{3,4}$/.test(v.ccCode), "El CVV son los 3 o 4 dígitos del reverso");
  });
export type BookValues = z.input<typeof bookSchema>;

export const FIELD_FOR: Record<string, keyof BookValues> = { firstName: "firstName", lastName: "lastName", email: "email", telephone: "phone", city: "city", notes: "notes", ccNumber: "ccNumber", ccHolder: "ccHolder", ccExpireDate: "ccExpire", ccCode: "ccCode" };
