// The guest's pay page rules, a Spanish sentence under each field: the card, the payer of a cash or PSE order,
// and the Nequi number.
import { z } from "zod";
import { luhnValid } from "@/lib/money/card-validation";

const thisYear = new Date().getFullYear();

export const cardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/\D/g, ""))
    .refine((d) => d.length > 0, "Escriba el número de la tarjeta")
    .refine((d) => d.length === 0 || (d.length >= 13 && d.length <= 19 && luhnValid(d)), "El número de tarjeta no es válido; revíselo"),
  holder: z.string().trim().min(1, "Escriba el nombre como aparece en la tarjeta").max(100, "Máximo 100 caracteres"),
  month: z.string().trim().regex(/^(0?[1-9]|1[0-2])$/, "Elija el mes"),
  year: z
    .string()
    .trim()
    .regex(/^\d{4}$/, "Elija el año")
    .refine((y) => Number(y) >= thisYear && Number(y) <= thisYear + 25, "La tarjeta está vencida o el año no es válido"),
  cvc: z.string().trim().regex(/^\d{3,4}$/, "El CVV son los 3 o 4 dígitos del reverso"),
  installments: z.string(),
});

/** Cash or PSE: the network or the bank, and the payer. */
export const apmSchema = z
  .object({
    tab: z.enum(["cash", "bank"]),
    payment_type: z.string(),
    bank_code: z.string(),
    fiscal_number_type: z.string(),
    fiscal_number: z.string().trim().regex(/^[A-Za-z0-9-]{4,20}$/, "Escriba su número de documento, sin puntos"),
    user_type: z.string(),
    address: z.string().trim().min(1, "Escriba su dirección").max(200, "Máximo 200 caracteres"),
  })
  .superRefine((v, ctx) => {
    if (v.tab === "bank" && v.bank_code === "") ctx.addIssue({ code: "custom", path: ["bank_code"], message: "Elija el banco desde el que va a pagar" });
  });

// The guest's Nequi number: spaces and dashes are forgiven, +57 too; what is sent is the 10 digits starting with 3.
export const nequiSchema = z.object({
  phone: z
    .string()
    .transform((s) => s.replace(/[\s().-]/g, "").replace(/^\+?57(?=3\d{9}$)/, ""))
    .refine((d) => d.length > 0, "Escriba su celular Nequi")
    .refine((d) => d.length === 0 || /^3\d{9}$/.test(d), "Escriba su celular Nequi: 10 dígitos que empiezan por 3, p. ej. 300 123 4567"),
});
