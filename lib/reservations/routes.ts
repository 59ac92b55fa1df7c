import { defineRoute } from "@/lib/http/route";
import {
  bookingIdParam,
  createReservationBody,
  createReservationResponse,
  hotelIdParam,
  listQuery,
  reservationDetail,
  reservationSummary,
  updateReservationBody,
} from "./schema";
import { cancelReservation, createReservation, getReservation, updateGuest } from "./service";
import { listReservations, reservationsCsv } from "./list";
import { z } from "zod";

const TAGS = ["Reservas"];

export const reservationRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/bookings/hotel_id={hotel_id}",
    access: ["agency"],
    summary: "4.1 Crear reserva (todas las habitaciones o ninguna)",
    description:
      "Valida la solicitud, cotiza cada habitación con el channel manager y retiene todas las habitaciones de forma atómica. Sin disponibilidad responde 200 con `no_available_rooms`. Queda `pending_payment` hasta su plazo de pago. Admite `Idempotency-Key`.",
    tags: TAGS,
    params: hotelIdParam,
    body: createReservationBody,
    idempotent: true,
    responses: [{ status: 200, description: "Reserva registrada, o la lista de habitaciones sin disponibilidad", schema: createReservationResponse }],
    handler: ({ database, principal, params, body, clock, effectKey }) => createReservation(database, principal, params.hotel_id, body.reservation, clock.now(), effectKey),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/bookings",
    access: ["agency", "operator", "hotel_admin"],
    summary: "Listar reservas (filtros por estado, hotel, fechas de llegada, huésped y código; CSV con format=csv)",
    description:
      "El operador ve todas, una agencia las suyas y un administrador de hotel las de sus hoteles (`hotel_id` de otro hotel: 404). " +
      "Con `format=csv` responde `text/csv; charset=utf-8` con todas las filas del filtro (no una página), para Excel en español (docs/reports.md).",
    tags: TAGS,
    query: listQuery,
    responses: [{ status: 200, description: "Página de reservas", schema: z.object({ items: z.array(reservationSummary), total: z.number(), page: z.number(), per_page: z.number() }) }],
    handler: ({ database, principal, query }) => (query.format === "csv" ? reservationsCsv(database, principal, query) : listReservations(database, principal, query)),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/bookings/chatbot/{booking_id}",
    access: ["agency", "operator", "hotel_admin"],
    summary: "Consultar una reserva por su código (chatbot_id); el administrador de hotel, solo las de sus hoteles",
    tags: TAGS,
    params: bookingIdParam,
    responses: [{ status: 200, description: "La reserva", schema: reservationDetail }],
    handler: ({ database, principal, params }) => getReservation(database, principal, params.booking_id),
  }),
  defineRoute({
    method: "PUT",
    path: "/v2/bookings/chatbot/{booking_id}",
    access: ["agency", "operator"],
    summary: "4.4 Actualizar los datos del huésped principal (solo los campos enviados)",
    tags: TAGS,
    params: bookingIdParam,
    body: updateReservationBody,
    responses: [{ status: 200, description: "Actualizada", schema: z.object({ msg: z.string() }) }, { status: 409, description: "Reserva vencida o cancelada" }],
    handler: ({ database, principal, params, body, clock }) => updateGuest(database, principal, params.booking_id, body.reservation, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/bookings/chatbot/{booking_id}/cancel",
    access: ["agency", "operator"],
    summary: "Cancelar una reserva pendiente de pago (las habitaciones vuelven al inventario)",
    tags: TAGS,
    params: bookingIdParam,
    responses: [{ status: 200, description: "Cancelada", schema: z.object({ msg: z.string() }) }, { status: 409, description: "No está pendiente de pago" }],
    handler: ({ database, principal, params, clock }) => cancelReservation(database, principal, params.booking_id, clock.now()),
  }),
];
