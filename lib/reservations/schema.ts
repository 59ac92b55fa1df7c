// Wire formats of reservations: 4.1 create (every field a string, as the spec shows), 4.4 update, reads.
import { z } from "zod";
import { channelSyncOut } from "@/lib/gateways/channex/schema";
import { MAX_DB_ID, MAX_PAGE, maxIdMessage, maxPageMessage } from "@/lib/http/limits";
import { isoDate, text, typeError } from "@/lib/http/zod-helpers";
const digits = (label: string, min = 0, max = 999) =>
  z
    .string(typeError("debe ser texto"))
    .regex(/^\d{1,4}$/, "debe ser un número entero escrito como texto, p. ej. \"2\"")
    .transform(Number)
    .refine((n) => n >= min && n <= max, `debe estar entre ${min} y ${max}`);
const currency = z
  .string(typeError("debe ser texto"))
  .regex(/^[A-Za-z]{3}$/, "debe ser un código de moneda de 3 letras (p. ej. COP)")
  .transform((s) => s.toUpperCase());

export const ccData = z.object({
  ccCode: z.string(typeError("debe ser texto")).regex(/^\d{3,4}$/, "debe tener 3 o 4 dígitos"),
  ccNumber: z
    .string(typeError("debe ser texto"))
    .transform((s) => s.replace(/[\s-]/g, ""))
    .refine((s) => /^\d{13,19}$/.test(s), "debe tener entre 13 y 19 dígitos"),
  ccHolder: text(100),
  ccExpireDate: z.string(typeError("debe ser texto")).regex(/^(0[1-9]|1[0-2])\/\d{4}$/, "debe tener la forma MM/AAAA"),
});

export const roomsDataItem = z.object({
  id: text(100),
  checkin: isoDate,
  checkout: isoDate,
  rateId: text(100),
  quantity: digits("la cantidad", 1, 20),
  currency,
  adults: digits("los adultos", 1, 20),
  children: digits("los niños", 0, 20),
});

export const reservationInput = z.object({
  checkin: isoDate,
  checkout: isoDate,
  nights: digits("las noches", 1, 30),
  rooms: digits("las habitaciones", 1, 50),
  adults: digits("los adultos", 1, 200),
  children: digits("los niños", 0, 200).optional(),
  children_ages: z.string().trim().max(200, "máximo 200 caracteres").optional(),
  firstName: text(100),
  lastName: text(100),
  city: z.string().trim().max(100, "máximo 100 caracteres").optional(),
  country: z
    .string(typeError("debe ser texto"))
    .regex(/^[A-Za-z]{3}$/, "debe ser un código de país de 3 letras (ISO 3166-1 alfa-3, p. ej. COL)")
    .transform((s) => s.toUpperCase()),
  email: z.string(typeError("debe ser texto")).trim().pipe(z.email("debe ser un correo electrónico válido")).pipe(z.string().max(200)),
  telephone: z
    .string(typeError("debe ser texto"))
    .transform((s) => s.replace(/[\s()-]/g, "").replace(/^\+/, ""))
    .refine((s) => /^\d{8,15}$/.test(s), "debe tener solo dígitos, con el indicativo del país (8 a 15 dígitos, p. ej. 573001234567)"),
  currency,
  notes: z.string().max(1000, "máximo 1000 caracteres").optional(),
  ccData: ccData.optional(),
  roomsData: z.array(roomsDataItem, typeError("debe ser texto")).min(1, "debe incluir al menos una habitación").max(10, "máximo 10 elementos"),
});

export const createReservationBody = z.object({ reservation: reservationInput });
export type ReservationInput = z.output<typeof reservationInput>;

export const createReservationResponse = z.union([
  z.object({ msg: z.string(), chatbot_id: z.string() }),
  z.object({ msg: z.string(), no_available_rooms: z.array(z.object({ room: z.string(), product: z.string() })) }),
]);

export const hotelIdParam = z.object({
  hotel_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
});

export const bookingIdParam = z.object({ booking_id: z.string().trim().min(1).max(32) });

export const updateReservationBody = z.object({
  reservation: z
    .object({
      email: reservationInput.shape.email.optional(),
      firstName: text(100).optional(),
      lastName: text(100).optional(),
      telephone: reservationInput.shape.telephone.optional(),
    })
    .refine((r) => Object.values(r).some((v) => v !== undefined), "debe incluir al menos uno de: email, firstName, lastName, telephone"),
});

export const reservationStatus = z.enum(["pending_payment", "confirmed", "expired", "cancelled"]);

const positiveId = z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo");

export const listQuery = z.object({
  status: z
    .string()
    .trim()
    .transform((s) => (s === "" ? [] : s.split(",").map((x) => x.trim())))
    .pipe(z.array(reservationStatus, { error: "debe ser pending_payment, confirmed, expired o cancelled (varios separados por comas)" }))
    .optional()
    .meta({ description: "Uno o varios estados separados por comas (pending_payment, confirmed, expired, cancelled)" }),
  hotel_id: positiveId.optional(),
  sort: z.enum(["created", "checkin"], { error: "debe ser created o checkin" }).default("created").meta({ description: "created: más recientes primero; checkin: por fecha de llegada" }),
  format: z.enum(["json", "csv"], { error: "debe ser json o csv" }).default("json").meta({ description: "csv: todas las filas del filtro, para Excel en español (docs/reports.md)" }),
  checkin_from: isoDate.optional(),
  checkin_to: isoDate.optional(),
  guest: z.string().trim().max(100).optional(),
  code: z.string().trim().max(32).optional(),
  page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1, "debe ser 1 o más").max(MAX_PAGE, maxPageMessage).default(1),
  per_page: z.coerce.number({ error: "debe ser un número entero" }).int().min(1).max(100, "máximo 100").default(20),
});

const money = z.number();
export const reservationSummary = z.object({
  chatbot_id: z.string(),
  status: reservationStatus,
  hotel_id: z.number(),
  hotel_name: z.string(),
  agency: z.object({ id: z.number(), name: z.string() }).meta({ description: "La agencia que hizo la reserva" }),
  checkin: z.string(),
  checkout: z.string(),
  nights: z.number(),
  guest_name: z.string(),
  email: z.string(),
  rooms: z.number(),
  adults: z.number(),
  children: z.number(),
  currency: z.string(),
  amount: money,
  amount_paid: money,
  payment_deadline: z.string(),
  created_at: z.string(),
});

export const reservationDetail = reservationSummary.extend({
  hotel_city: z.string(),
  rooms: z.number(),
  adults: z.number(),
  children: z.number(),
  children_ages: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  telephone: z.string(),
  country: z.string(),
  city: z.string().nullable(),
  notes: z.string().nullable(),
  amount_due: money,
  card: z.object({ brand: z.string(), last_four: z.string() }).nullable(),
  rooms_data: z.array(
    z.object({
      room_id: z.string(),
      room_name: z.string(),
      rate_id: z.string(),
      rate_description: z.string(),
      board_type: z.string().nullable(),
      refundable: z.string(),
      cancellation_policy: z.string(),
      checkin: z.string(),
      checkout: z.string(),
      quantity: z.number(),
      adults: z.number(),
      children: z.number(),
      currency: z.string(),
      amount: money,
      nightly: z.array(z.object({ day: z.string(), amount: money })),
    }),
  ),
  payments: z.array(
    z.object({ transaction_id: z.string(), method: z.string(), status: z.string(), amount: money, created_at: z.string(), voucher_url: z.string().nullable() }),
  ),
  history: z.array(z.object({ from: reservationStatus.nullable(), to: reservationStatus, at: z.string(), reason: z.string().nullable() })),
  updated_at: z.string(),
  channel_sync: channelSyncOut.meta({ description: "La reserva en el sistema del hotel cuando este se gestiona en Channex (docs/channel-managers.md); null en los demás hoteles" }),
});
