// The new link's rules (a Spanish sentence under each field), its starting values, and where the API's field
// names land so a rule from the server shows under its field.
import { z } from "zod";

export interface LinkPrefill {
  agencyId: number;
  reservationCode?: string;
  hotelId?: number;
  guestName?: string;
  email?: string;
  phone?: string;
  amount?: number | null;
  description?: string;
  from?: string;
  to?: string;
  /** The reservation's payment deadline (ISO) and the whole hours left until it: the link's default and maximum. */
  deadline?: string;
  maxHours?: number;
}

const url = z.string().trim().refine((s) => s === "" || /^https?:\/\/\S+$/.test(s), "Escriba una dirección completa que empiece por https://");

export function linkSchema(maxHours: number) {
  return z
    .object({
      agency_id: z.string(),
      hotel_id: z.string().min(1, "Elija el hotel"),
      guest_name: z.string().trim().min(1, "Escriba el nombre del huésped").max(150, "Máximo 150 caracteres"),
      email: z.string().trim().min(1, "Escriba el correo del huésped").refine((s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), "Escriba un correo válido, por ejemplo nombre@correo.com"),
      phone: z.string().trim().min(1, "Escriba el teléfono del huésped").refine((s) => /^\+?[\d\s()-]{7,20}$/.test(s), "Escriba un teléfono válido, por ejemplo +57 300 123 4567"),
      amount: z.number().nullable().refine((v) => v !== null && v > 0, "Escriba el valor a pagar, por ejemplo 350.000"),
      description: z.string().trim().min(1, "Escriba qué paga el huésped; lo verá en la página de pago").max(500, "Máximo 500 caracteres"),
      available_hours: z
        .number({ error: "Escriba la vigencia en horas" })
        .int("Use un número entero de horas")
        .min(1, "Mínimo 1 hora")
        .max(maxHours, maxHours < 720 ? `Como máximo ${maxHours} h: el plazo de pago de la reserva vence antes` : "Como máximo 720 horas (30 días)"),
      from: z.string(),
      to: z.string(),
      external_ref_id: z.string().trim().max(200, "Máximo 200 caracteres"),
      temp_webhook_url: url,
      success_url: url,
      failure_url: url,
    })
    .superRefine((v, ctx) => {
      if ((v.from === "") !== (v.to === "")) ctx.addIssue({ code: "custom", path: [v.from ? "to" : "from"], message: "Indique llegada y salida, o deje ambas vacías" });
      else if (v.from && v.to <= v.from) ctx.addIssue({ code: "custom", path: ["to"], message: "La salida debe ser posterior a la llegada" });
    });
}
export type LinkValues = z.input<ReturnType<typeof linkSchema>>;
export const FIELD_FOR: Record<string, keyof LinkValues> = {
  agency_id: "agency_id",
  hotel_id: "hotel_id",
  guest_name: "guest_name",
  email: "email",
  phone: "phone",
  amount: "amount",
  description: "description",
  available_hours: "available_hours",
  booking_dates: "to",
  external_ref_id: "external_ref_id",
  temp_webhook_url: "temp_webhook_url",
  success_url: "success_url",
  failure_url: "failure_url",
};
/** The form's starting values: what the page filled in (from a reservation), 48 h, or until the reservation's deadline. */
export function linkDefaults(prefill: LinkPrefill, maxHours: number): LinkValues {
  return {
    agency_id: String(prefill.agencyId),
    hotel_id: prefill.hotelId ? String(prefill.hotelId) : "",
    guest_name: prefill.guestName ?? "",
    email: prefill.email ?? "",
    phone: prefill.phone ?? "",
    amount: prefill.amount ?? null,
    description: prefill.description ?? "",
    // A link for a reservation lasts, by default, exactly until the reservation's payment deadline.
    available_hours: prefill.maxHours !== undefined ? Math.max(1, maxHours) : 48,
    from: prefill.from ?? "",
    to: prefill.to ?? "",
    external_ref_id: "",
    temp_webhook_url: "",
    success_url: "",
    failure_url: "",
  };
}

/** What POST /v2/links/schedule gets: optional parts only when given. */
export function scheduleBody(v: z.output<ReturnType<typeof linkSchema>>, prefill: LinkPrefill) {
  const redirect = { ...(v.success_url ? { success_url: v.success_url } : {}), ...(v.failure_url ? { failure_url: v.failure_url } : {}) };
  return {
    agency_id: Number(v.agency_id || prefill.agencyId),
    hotel_id: Number(v.hotel_id),
    guest_name: v.guest_name,
    email: v.email,
    phone: v.phone,
    amount: (v.amount ?? 0).toFixed(2),
    description: v.description,
    available_hours: v.available_hours,
    ...(v.from && v.to ? { booking_dates: `${v.from} - ${v.to}` } : {}),
    ...(prefill.reservationCode ? { reservation_code: prefill.reservationCode } : {}),
    ...(v.external_ref_id ? { external_ref_id: v.external_ref_id } : {}),
    ...(v.temp_webhook_url ? { temp_webhook_url: v.temp_webhook_url } : {}),
    ...(Object.keys(redirect).length ? { redirect } : {}),
  };
}
