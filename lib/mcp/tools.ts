// The assistant's tools. Each one is the twin of a REST route: the engine (./engine.ts) checks the route's
// roles, parses with the route's own zod schemas and runs the route's handler, so rules, tenants and
// answers are the REST ones. A tool only says how its arguments map onto the route and how to say the
// answer aloud in Spanish.
import { z } from "zod";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { Method } from "@/lib/http/route";
import type { Principal } from "@/lib/auth/principal";
import type { Database } from "@/lib/db";
import { badRequest } from "@/lib/http/errors";
import { agencyAvailabilityBody, agencyAvailabilityParams, agencyAvailabilityQuery, hotelAvailabilityQuery } from "@/lib/inventory/schema";
import { bookingIdParam, hotelIdParam, reservationInput, updateReservationBody } from "@/lib/reservations/schema";
import { createLinkBody, linkCodeParam } from "@/lib/links/schema";
import { getReservation } from "@/lib/reservations/service";
import { getLink } from "@/lib/links/service";
import { nequiMethodSchema, nequiOrderSchema, transactionIdParam } from "@/lib/payments/schema";
import { cityLabel, formatPhone, PAYMENT_STATUS_WORDS, statusWord } from "@/lib/format";
import { normalizeCity } from "@/lib/text/city";
import { addDays } from "@/lib/time";
import { day, instant, linkStatus, list, money, party, plural, reservationStatus } from "./speech";

export interface ToolEnv {
  principal: Principal;
  db: Database;
  now: Date;
}

/** What the REST route would have received: raw path parameters, query and body, before its schemas. */
export interface RestInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type Args = Record<string, unknown>;
// The route's parsed input is handed to `say`; its shape is the route's business, so it stays loose here.
type Parsed = { params: Args; query: Args; body: Args | undefined };

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  /** The REST route this tool is the twin of. */
  route: { method: Method; path: string };
  /** The arguments, built from the route's own field schemas (JSON Schema for the model, first validation). */
  input: z.ZodObject;
  annotations: ToolAnnotations;
  toRest(args: Args, env: ToolEnv): RestInput;
  /** A short Spanish sentence or two about the REST answer, to be read to a guest. */
  say(body: unknown, input: Parsed, env: ToolEnv): Promise<string> | string;
}

// The header's rule (visible ASCII, no spaces), said up front so a model does not build keys from guest names.
const idempotencyKey = z
  .string({ error: "debe ser texto" })
  .min(1, "no puede estar vacía")
  .max(255, "máximo 255 caracteres")
  .regex(/^[\x21-\x7e]+$/, "solo letras, dígitos y signos ASCII, sin espacios ni tildes (p. ej. wa-573001234567-0001)")
  .optional();

const without = (o: Args, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k, v]) => !keys.includes(k) && v !== undefined));

// ------------------------------------------------------------------ answers as read aloud

type Offered = { roomName: string; products: Array<{ rateDescription: string; boardTypeDescription: string; baseRate: { amountBeforeTax: number }; currency: string }> };
type AgencyOffer = { hotel: { id: number; name: string; city: string }; availability: Array<{ available_rooms: Offered[] }> };
type Product = { roomName: string; rateDescription: string; boardTypeDescription: string; amount: number; currency: string };

function cheapestOf(rooms: Offered[]): Product | null {
  let best: Product | null = null;
  for (const r of rooms)
    for (const p of r.products) {
      const amount = p.baseRate.amountBeforeTax;
      if (!best || amount < best.amount) best = { roomName: r.roomName, rateDescription: p.rateDescription, boardTypeDescription: p.boardTypeDescription, amount, currency: p.currency };
    }
  return best;
}

const productPhrase = (p: Product) => `${p.roomName}, ${p.rateDescription.charAt(0).toLowerCase()}${p.rateDescription.slice(1)}`;
const stayPhrase = (checkin: string, nights: number) => `del ${day(checkin)} al ${day(addDays(checkin, nights))}`;

function sayCitySearch(body: unknown, input: Parsed): string {
  const offers = body as AgencyOffer[];
  const q = input.query as { city: string; checkin: string; nights: number };
  const layout = (input.body as { layout: Array<{ adults: number; children_ages?: number[] | null }> }).layout;
  const city = cityLabel(normalizeCity(q.city));
  const who = layout.length === 1 ? party(layout[0].adults, layout[0].children_ages ?? []) : `${plural(layout.length, "habitación", "habitaciones")} (${list(layout.map((l) => party(l.adults, l.children_ages ?? [])))})`;
  const when = stayPhrase(q.checkin, q.nights);
  // A hotel counts when it can host every requested room; its price is the sum of the cheapest option for each.
  const priced = offers
    .map((o) => {
      const picks = o.availability.map((a) => cheapestOf(a.available_rooms));
      if (picks.some((p) => p === null)) return null;
      return { hotel: o.hotel.name, picks: picks as Product[], total: (picks as Product[]).reduce((s, p) => s + p.amount, 0) };
    })
    .filter((x): x is NonNullable<typeof x> => x !== null)
    .sort((a, b) => a.total - b.total);
  if (priced.length === 0) return `No encontré disponibilidad en ${city} para ${who} ${when}. Puedo buscar otras fechas u otra ciudad.`;
  const best = priced[0];
  const nights = plural(q.nights, "noche", "noches");
  const detail = best.picks.length === 1 ? productPhrase(best.picks[0]) : list(best.picks.map(productPhrase));
  let text = `Encontré ${plural(priced.length, "hotel", "hoteles")} en ${city} para ${who} ${when}. El más económico: ${best.hotel}, ${detail}, ${money(best.total, best.picks[0].currency)} por ${nights}.`;
  if (priced.length > 1) text += ` Otras opciones: ${list(priced.slice(1, 3).map((p) => `${p.hotel} desde ${money(p.total, p.picks[0].currency)}`))}.`;
  return text;
}

async function sayHotelSearch(body: unknown, input: Parsed, env: ToolEnv): Promise<string> {
  const res = body as { available_rooms: Offered[] };
  const q = input.query as { hotel_id: number; checkin: string; nights: number; adults: number; children: number[]; children_ages: number[] };
  const hotel = await env.db.prisma.hotel.findUnique({ where: { id: q.hotel_id }, select: { name: true } });
  const name = hotel?.name ?? `El hotel ${q.hotel_id}`;
  const ages = q.children_ages.length ? q.children_ages : q.children;
  const who = party(q.adults, ages);
  const when = stayPhrase(q.checkin, q.nights);
  const best = cheapestOf(res.available_rooms);
  if (!best) return `${name} no tiene habitaciones disponibles para ${who} ${when}.`;
  const kinds = res.available_rooms.length;
  return `${name} tiene ${plural(kinds, "tipo de habitación disponible", "tipos de habitación disponibles")} para ${who} ${when}. La opción más económica: ${productPhrase(best)} (${best.boardTypeDescription.toLowerCase()}), ${money(best.amount, best.currency)} por ${plural(q.nights, "noche", "noches")}.`;
}

async function sayReservation(code: string, env: ToolEnv, lead: string): Promise<string> {
  const r = await getReservation(env.db, env.principal, code);
  const due = Number(r.amount_due);
  let text = `${lead} ${r.chatbot_id}: ${r.guest_name}, ${r.hotel_name}, del ${day(r.checkin)} al ${day(r.checkout)} (${plural(r.nights, "noche", "noches")}), ${plural(r.rooms, "habitación", "habitaciones")}. Estado: ${reservationStatus(r.status)}. Total ${money(Number(r.amount), r.currency)}`;
  if (r.status === "pending_payment") text += `; por pagar ${money(due, r.currency)} antes del ${instant(r.payment_deadline)}. Si no se paga a tiempo, la reserva vence y las habitaciones se liberan.`;
  else text += Number(r.amount_paid) > 0 ? `; pagado ${money(Number(r.amount_paid), r.currency)}.` : ".";
  return text;
}

async function sayLink(code: string, env: ToolEnv, created: boolean): Promise<string> {
  const l = await getLink(env.db, env.principal, code, env.now);
  const amount = money(Number(l.amount), l.currency);
  if (created) return `Listo: el enlace de pago por ${amount} para ${l.guest_name} acepta pagos hasta el ${instant(l.expires_at)}. Enlace para enviar al huésped: ${l.url}`;
  const status = linkStatus(l.status);
  if (l.status === "paid") return `El enlace de ${amount} para ${l.guest_name} está ${status}${l.paid_at ? ` desde el ${instant(l.paid_at)}` : ""}.`;
  if (l.status === "active") return `El enlace de ${amount} para ${l.guest_name} está ${status} hasta el ${instant(l.expires_at)}; todavía no se ha pagado.${l.attempts.length ? ` Lleva ${plural(l.attempts.length, "intento de pago", "intentos de pago")}.` : ""} Enlace: ${l.url}`;
  return `El enlace de ${amount} para ${l.guest_name} está ${status}; ya no acepta pagos. Puedo crear uno nuevo.`;
}

type NequiAnswer = { transaction_id: string; status: string; detail: string; voucher_url: string | null };
type TransactionAnswer = { transaction_id: string; status: string; method: string; amount: number; currency: string; nequi_phone: string | null; decline_reason: string | null; voucher_url: string | null };

/** A payment as read aloud: what it is, its state and what to do next. */
function sayPayment(t: { transaction_id: string; status: string; amount: number; currency: string; nequi_phone: string | null; decline_reason: string | null; voucher_url: string | null }): string {
  const where = t.nequi_phone ? ` por Nequi (${formatPhone(t.nequi_phone)})` : "";
  const head = `El pago ${t.transaction_id} de ${money(t.amount, t.currency)}${where}`;
  if (t.status === "pending") return `${head} sigue pendiente: el pagador aún no lo aprueba en su app. Consulte de nuevo en unos segundos.`;
  if (t.status === "approved") return `${head} fue aprobado.${t.voucher_url ? ` Comprobante: ${t.voucher_url}` : ""}`;
  return `${head} está ${statusWord(PAYMENT_STATUS_WORDS, t.status)}${t.decline_reason ? `: ${t.decline_reason}` : ""}. Puede intentarlo de nuevo con otro número o enviar un enlace de pago.`;
}

const GUEST_FIELDS: Record<string, string> = { email: "correo", firstName: "nombre", lastName: "apellido", telephone: "teléfono" };

// ------------------------------------------------------------------ the tools

const guest = updateReservationBody.shape.reservation.shape;

export const tools: ToolDef[] = [
  {
    name: "list_cities",
    title: "Ciudades con hoteles",
    description: "Lista las ciudades donde hay hoteles activos, con cuántos hoteles tiene cada una. Úsela cuando el huésped no sepa dónde buscar o para escribir bien la ciudad.",
    route: { method: "GET", path: "/v2/cities" },
    input: z.object({}),
    annotations: { title: "Ciudades con hoteles", readOnlyHint: true, openWorldHint: false },
    toRest: () => ({}),
    say(body) {
      const cities = body as Array<{ city: string; name?: string; hotels: number }>;
      if (cities.length === 0) return "Por ahora no hay hoteles activos en ninguna ciudad.";
      return `Hay hoteles en ${plural(cities.length, "ciudad", "ciudades")}: ${list(cities.map((c) => `${c.name ?? cityLabel(c.city)} (${plural(c.hotels, "hotel", "hoteles")})`))}.`;
    },
  },
  {
    name: "search_city_availability",
    title: "Buscar hoteles en una ciudad",
    description:
      "Busca disponibilidad en todos los hoteles de una ciudad para unas fechas y una o varias habitaciones (layout). Devuelve por hotel las habitaciones y productos (roomId, rateId, precio total de la estadía en baseRate.amountBeforeTax). Con esos roomId y rateId se reserva con create_reservation.",
    route: { method: "POST", path: "/v2/bookings/agencies/{agency_type}/availability" },
    input: z.object({
      agency_type: agencyAvailabilityParams.shape.agency_type.optional(),
      city: agencyAvailabilityQuery.shape.city,
      checkin: agencyAvailabilityQuery.shape.checkin,
      nights: agencyAvailabilityQuery.shape.nights,
      layout: agencyAvailabilityBody.shape.layout,
    }),
    annotations: { title: "Buscar hoteles en una ciudad", readOnlyHint: true, openWorldHint: false },
    toRest: (a, env) => ({
      params: { agency_type: a.agency_type ?? (env.principal.role === "agency" ? env.principal.agencyType : undefined) },
      query: without({ checkin: a.checkin, nights: a.nights, city: a.city }),
      body: { layout: a.layout },
    }),
    say: sayCitySearch,
  },
  {
    name: "search_hotel_availability",
    title: "Buscar habitaciones en un hotel",
    description:
      "Disponibilidad de un hotel para una ocupación (adultos y edades de los niños) y unas fechas: cada habitación con sus productos (rateId, régimen, política de cancelación y precio total de la estadía).",
    route: { method: "GET", path: "/v2/bookings/availability" },
    input: z.object({
      hotel_id: hotelAvailabilityQuery.shape.hotel_id,
      checkin: hotelAvailabilityQuery.shape.checkin,
      nights: hotelAvailabilityQuery.shape.nights,
      adults: hotelAvailabilityQuery.shape.adults,
      children_ages: z
        .array(z.number({ error: "cada edad debe ser un número entero" }).int("cada edad debe ser un número entero").min(0, "cada edad debe estar entre 0 y 17").max(17, "cada edad debe estar entre 0 y 17"), { error: "debe ser una lista de edades, p. ej. [5, 8]" })
        .max(10, "máximo 10 niños")
        .optional()
        .meta({ description: "Edades de los niños (0 a 17), p. ej. [5, 8]; omítalo si no hay niños." }),
      room_type: hotelAvailabilityQuery.shape.room_type,
    }),
    annotations: { title: "Buscar habitaciones en un hotel", readOnlyHint: true, openWorldHint: false },
    toRest: (a) => ({
      query: without({
        hotel_id: a.hotel_id,
        checkin: a.checkin,
        nights: a.nights,
        adults: a.adults,
        children_ages: Array.isArray(a.children_ages) ? a.children_ages.join(",") : undefined,
        room_type: a.room_type,
      }),
    }),
    say: sayHotelSearch,
  },
  {
    name: "create_reservation",
    title: "Reservar",
    description:
      "Reserva las habitaciones elegidas en la búsqueda (todas o ninguna) y las retiene hasta el plazo de pago. Los números van como texto (\"2\"). Responde chatbot_id (el código de la reserva) o, si algo ya no está disponible, no_available_rooms. No se aceptan datos de tarjeta: para cobrar, cree un enlace de pago con create_payment_link.",
    route: { method: "POST", path: "/v2/bookings/hotel_id={hotel_id}" },
    input: z.object({
      hotel_id: hotelIdParam.shape.hotel_id,
      reservation: reservationInput.omit({ ccData: true }),
      idempotency_key: idempotencyKey,
    }),
    annotations: { title: "Reservar", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    toRest(a) {
      // Card data never travels through an assistant's conversation; the guest pays on the link's page.
      const r = a.reservation as Args | undefined;
      if (r && typeof r === "object" && r.ccData !== undefined) {
        throw badRequest("reservation.ccData: no se aceptan datos de tarjeta por este canal; cobre con un enlace de pago (create_payment_link)");
      }
      return { params: { hotel_id: a.hotel_id }, body: { reservation: a.reservation } };
    },
    async say(body, _input, env) {
      const b = body as { chatbot_id?: string; no_available_rooms?: Array<{ room: string; product: string }> };
      if (b.chatbot_id) return sayReservation(b.chatbot_id, env, "Reserva creada");
      const missing = (b.no_available_rooms ?? []).map((x) => `${x.room} con la tarifa ${x.product}`);
      return `No se hizo la reserva: ya no hay disponibilidad para ${list(missing)}. Busque de nuevo para ver lo que queda.`;
    },
  },
  {
    name: "get_reservation",
    title: "Consultar una reserva",
    description: "Estado, huésped, fechas, habitaciones, total, lo pagado, lo que falta y el plazo de pago de una reserva de su agencia, por su código (chatbot_id).",
    route: { method: "GET", path: "/v2/bookings/chatbot/{booking_id}" },
    input: z.object({ booking_id: bookingIdParam.shape.booking_id }),
    annotations: { title: "Consultar una reserva", readOnlyHint: true, openWorldHint: false },
    toRest: (a) => ({ params: { booking_id: a.booking_id } }),
    say: (body, _i, env) => sayReservation((body as { chatbot_id: string }).chatbot_id, env, "Reserva"),
  },
  {
    name: "update_guest",
    title: "Corregir datos del huésped",
    description: "Cambia el correo, el nombre, el apellido o el teléfono del huésped principal de una reserva pendiente o confirmada; solo los campos enviados.",
    route: { method: "PUT", path: "/v2/bookings/chatbot/{booking_id}" },
    input: z.object({
      booking_id: bookingIdParam.shape.booking_id,
      email: guest.email,
      firstName: guest.firstName,
      lastName: guest.lastName,
      telephone: guest.telephone,
    }),
    annotations: { title: "Corregir datos del huésped", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    toRest: (a) => ({ params: { booking_id: a.booking_id }, body: { reservation: without(a, "booking_id") } }),
    say(_body, input) {
      const changed = Object.keys((input.body as { reservation: Args }).reservation).map((k) => GUEST_FIELDS[k] ?? k);
      return `Actualicé ${list(changed)} del huésped en la reserva ${String(input.params.booking_id).toUpperCase()}.`;
    },
  },
  {
    name: "cancel_reservation",
    title: "Cancelar una reserva",
    description: "Cancela una reserva pendiente de pago; las habitaciones vuelven a la venta. Una reserva pagada, vencida o ya cancelada no se cancela por aquí.",
    route: { method: "POST", path: "/v2/bookings/chatbot/{booking_id}/cancel" },
    input: z.object({ booking_id: bookingIdParam.shape.booking_id }),
    annotations: { title: "Cancelar una reserva", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    toRest: (a) => ({ params: { booking_id: a.booking_id } }),
    say: (_body, input) => `Cancelé la reserva ${String(input.params.booking_id).toUpperCase()}; las habitaciones quedaron libres.`,
  },
  {
    name: "create_payment_link",
    title: "Crear un enlace de pago",
    description:
      "Crea el enlace de la página donde el huésped paga (tarjeta, efectivo o transferencia). Para cobrar una reserva envíe reservation_code y amount igual a lo que falta por pagar (amount_due de get_reservation), como texto (\"640000.00\"). Devuelve url, la dirección para enviar al huésped.",
    route: { method: "POST", path: "/v2/links/schedule" },
    input: createLinkBody.extend({ agency_id: createLinkBody.shape.agency_id.optional(), idempotency_key: idempotencyKey }),
    annotations: { title: "Crear un enlace de pago", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    toRest(a, env) {
      // Key order is kept (the body is fingerprinted for idempotency); a missing agency_id comes from the key.
      const body = without(a, "idempotency_key");
      if (body.agency_id === undefined && env.principal.role === "agency") body.agency_id = env.principal.agencyId;
      return { body };
    },
    say: (body, _i, env) => sayLink((body as { code: string }).code, env, true),
  },
  {
    name: "request_nequi_payment",
    title: "Cobrar con Nequi",
    description:
      "Envía una solicitud de pago a la app Nequi del pagador (celular de 10 dígitos que empieza por 3); el pagador la aprueba o la rechaza en su app. Responde pending con transaction_id: siga el resultado con get_payment. Para cobrar una reserva, ref_number es su código (chatbot_id) y amount lo que falta por pagar (número JSON). Nunca repite el cobro con la misma idempotency_key.",
    route: { method: "POST", path: "/v2/apms/nequi" },
    input: z.object({
      phone_number: nequiMethodSchema.shape.phone_number,
      hotel_id: nequiOrderSchema.shape.hotel_id,
      amount: nequiOrderSchema.shape.amount.meta({ description: "Valor a cobrar en COP, número JSON con hasta dos decimales (640000)." }),
      ref_name: nequiOrderSchema.shape.ref_name,
      ref_lastname: nequiOrderSchema.shape.ref_lastname,
      ref_number: nequiOrderSchema.shape.ref_number,
      email: nequiOrderSchema.shape.email.meta({ description: "Correo de quien paga (Nequi le envía allí el recibo)." }),
      detail: nequiOrderSchema.shape.detail,
      idempotency_key: idempotencyKey,
    }),
    annotations: { title: "Cobrar con Nequi", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    toRest(a) {
      const order = without(a, "phone_number", "idempotency_key");
      return { body: { order, payment_method: { type: "NEQUI", phone_number: a.phone_number } } };
    },
    say(body, input) {
      const b = body as NequiAnswer;
      const phone = formatPhone(String((input.body as { payment_method: { phone_number: string } }).payment_method.phone_number));
      const amount = money((input.body as { order: { amount: number } }).order.amount);
      if (b.status === "pending") return `Envié la solicitud de pago por ${amount} al Nequi ${phone}. El pagador debe aprobarla en su app Nequi; consulte el resultado con get_payment (transacción ${b.transaction_id}).`;
      if (b.status === "approved") return `El pago por ${amount} con Nequi ${phone} ya fue aprobado (transacción ${b.transaction_id}).`;
      return `El pago por ${amount} con Nequi ${phone} no se completó: ${b.detail.charAt(0).toLowerCase()}${b.detail.slice(1)}.`;
    },
  },
  {
    name: "get_payment",
    title: "Consultar un pago",
    description: "Estado de un pago de su agencia por su transaction_id (p. ej. el de request_nequi_payment): pendiente, aprobado o rechazado, con el motivo y el comprobante.",
    route: { method: "GET", path: "/v2/apms/transactions/{transaction_id}" },
    input: z.object({ transaction_id: transactionIdParam.shape.transaction_id }),
    annotations: { title: "Consultar un pago", readOnlyHint: true, openWorldHint: true },
    toRest: (a) => ({ params: { transaction_id: a.transaction_id } }),
    say: (body) => sayPayment(body as TransactionAnswer),
  },
  {
    name: "get_payment_link",
    title: "Consultar un enlace de pago",
    description: "Estado de un enlace de pago de su agencia (activo, pagado, vencido o cancelado), con sus intentos de pago.",
    route: { method: "GET", path: "/v2/links/{code}" },
    input: z.object({ code: linkCodeParam.shape.code }),
    annotations: { title: "Consultar un enlace de pago", readOnlyHint: true, openWorldHint: false },
    toRest: (a) => ({ params: { code: a.code } }),
    say: (body, _i, env) => sayLink((body as { code: string }).code, env, false),
  },
];
