// Cobrar's rules (a sentence under each field), its starting values and where the API's field names land.
import { z } from "zod";
import { luhnValid } from "@/lib/money/card-validation";

const text = (required: string, max: number, maxMsg: string) => z.string().trim().min(1, required).max(max, maxMsg);
const percent = (label: string) =>
  z
    .number({ error: `Escriba ${label} como un número entre 0 y 100` })
    .int(`${label.charAt(0).toUpperCase()}${label.slice(1)}: use un número entero`)
    .min(0, `${label.charAt(0).toUpperCase()}${label.slice(1)}: no puede ser negativo`)
    .max(100, `${label.charAt(0).toUpperCase()}${label.slice(1)}: máximo 100 %`);

/** What Cobrar checks before sending, with a sentence under each field. */
export const takePaymentSchema = z
  .object({
    tab: z.enum(["card", "cash", "bank", "nequi"]),
    hotel_id: z.string().min(1, "Elija el hotel"),
    ref_name: text("Escriba el nombre del pagador", 100, "Máximo 100 caracteres"),
    ref_lastname: text("Escriba el apellido del pagador", 100, "Máximo 100 caracteres"),
    ref_number: text("Escriba una referencia o el código de la reserva", 64, "Máximo 64 caracteres"),
    detail: z.string().trim().max(255, "Máximo 255 caracteres"),
    amount: z.number({ error: "Escriba el valor a cobrar, por ejemplo 350.000" }).nullable().refine((v) => v !== null && v > 0, "Escriba el valor a cobrar, por ejemplo 350.000").refine((v) => v === null || v <= 999_999_999_999, "El valor es demasiado alto"),
    tax: percent("el porcentaje de impuestos"),
    service: percent("el porcentaje de servicio"),
    email: z.string().trim().refine((s) => s === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
    phone: z.string().trim().refine((s) => s === "" || /^\+?[\d\s()-]{7,20}$/.test(s), "Escriba un teléfono válido, por ejemplo 300 123 4567"),
    fiscal_number: z.string().trim(),
    fiscal_number_type: z.string(),
    user_type: z.string(),
    address: z.string().trim(),
    payment_type: z.string(),
    bank_code: z.string(),
    response_url: z.string().trim().refine((s) => s === "" || /^https?:\/\/\S+$/.test(s), "Escriba una dirección completa que empiece por https://"),
    cc_number: z.string(),
    cc_holder: z.string().trim(),
    cc_month: z.string(),
    cc_year: z.string(),
    cc_cvc: z.string(),
    installments: z.string(),
    nequi_phone: z.string(),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (v.tab === "card") {
      const digits = v.cc_number.replace(/\D/g, "");
      need("detail", v.detail.length <= 99, "Máximo 99 caracteres para un cobro con tarjeta");
      need("cc_number", digits.length >= 13 && digits.length <= 19 && luhnValid(digits), digits.length === 0 ? "Escriba el número de la tarjeta" : "El número de tarjeta no es válido; revíselo");
      need("cc_holder", v.cc_holder.length > 0, "Escriba el nombre como aparece en la tarjeta");
      need("cc_month", v.cc_month !== "", "Elija el mes");
      need("cc_year", v.cc_year !== "", "Elija el año");
      need("cc_cvc", /^\d{3,4}$/.test(v.cc_cvc), "El CVV son los 3 o 4 dígitos del reverso");
    } else if (v.tab === "nequi") {
      need("email", v.email.length > 0, "Escriba el correo del pagador; allí recibe el recibo de Nequi");
      const d = v.nequi_phone.replace(/[\s().-]/g, "");
      need("nequi_phone", /^3\d{9}$/.test(d), d ? "El celular Nequi son 10 dígitos que empiezan por 3, p. ej. 300 123 4567" : "Escriba el celular Nequi del pagador");
    } else {
      need("detail", v.detail.length > 0, "Escriba qué se paga, por ejemplo «Dos noches, habitación doble»");
      need("email", v.email.length > 0, "Escriba el correo del pagador; allí recibe la referencia");
      need("phone", v.phone.length > 0, "Escriba el teléfono del pagador");
      need("fiscal_number", /^[A-Za-z0-9-]{4,20}$/.test(v.fiscal_number), v.fiscal_number ? "El número de documento no es válido" : "Escriba el número de documento");
      need("address", v.address.length > 0, "Escriba la dirección del pagador");
      if (v.tab === "bank") need("bank_code", v.bank_code !== "", "Elija el banco del pagador");
    }
  });
export type TakePaymentValues = z.input<typeof takePaymentSchema>;
/** The values as checked, what a submission sends. */
export type TakePaymentSent = z.output<typeof takePaymentSchema>;

/** API field names -> this form's fields, so a rule from the server lands under its field. */
export const FIELD_FOR: Record<string, keyof TakePaymentValues> = {
  hotel_id: "hotel_id",
  ref_name: "ref_name",
  ref_lastname: "ref_lastname",
  ref_number: "ref_number",
  detail: "detail",
  amount: "amount",
  tax_percent: "tax",
  service_percent: "service",
  email: "email",
  phone: "phone",
  fiscal_number: "fiscal_number",
  address: "address",
  response_url: "response_url",
  bank_code: "bank_code",
  cc_number: "cc_number",
  cc_holder: "cc_holder",
  cc_code: "cc_cvc",
  phone_number: "nequi_phone",
};

/** The form's starting values: card tab, no taxes broken down, and what the page filled in from a reservation. */
export function takePaymentDefaults(prefill: Partial<Pick<TakePaymentValues, "hotel_id" | "ref_name" | "ref_lastname" | "ref_number" | "amount" | "email" | "phone" | "detail">>): TakePaymentValues {
  return {
    tab: "card",
    hotel_id: prefill.hotel_id ?? "",
    ref_name: prefill.ref_name ?? "",
    ref_lastname: prefill.ref_lastname ?? "",
    ref_number: prefill.ref_number ?? "",
    detail: prefill.detail ?? "",
    amount: prefill.amount ?? null,
    // Hotel stays are charged with taxes included and not broken down unless the agent says so; the voucher
    // then shows no tax line, the same as for link and reservation payments.
    tax: 0,
    service: 0,
    email: prefill.email ?? "",
    phone: prefill.phone ?? "",
    fiscal_number: "",
    fiscal_number_type: "CC",
    user_type: "0",
    address: "",
    payment_type: "EFECTY",
    bank_code: "",
    response_url: "",
    cc_number: "",
    cc_holder: "",
    cc_month: "",
    cc_year: "",
    cc_cvc: "",
    installments: "1",
    // A reservation's phone is the Nequi number when it is a Colombian mobile (10 digits starting with 3, +57 or not).
    nequi_phone: /^(\+?57)?3\d{9}$/.test((prefill.phone ?? "").replace(/[\s().-]/g, "")) ? (prefill.phone ?? "").replace(/[\s().-]/g, "").slice(-10) : "",
  };
}
