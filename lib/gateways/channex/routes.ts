// The Channex connection's routes (docs/channel-managers.md): the webhook Channex calls, and the operator's
// linking and view of linked properties, the push queue and alerts (a hotel admin sees their own hotels).
import { z } from "zod";
import { defineRoute, json } from "@/lib/http/route";
import { doesNotExist, notSupported, wrongState } from "@/lib/domain/errors";
import { channexDeps, channexEnabled } from "./deps";
import { receiveEvent, verifyWebhookSecret } from "./events";
import { fullSync, linkProperty } from "./link";
import { processBooking, retryRefused } from "./push";
import { getProperty, listAlerts, listProperties, listPushes, reservationKey } from "./status";
import { alertOut, bookingCodeParam, eventBody, hotelIdParam, linkBody, linkResult, propertyOut, pushOut, pushesQuery } from "./schema";

const TAGS = ["Channex"];
const viewers = ["operator", "hotel_admin"] as const;

function requireChannex() {
  if (!channexEnabled()) throw notSupported("Channex no está configurado: inicie el servicio con CHANNEL_MANAGER=channex, CHANNEX_API_KEY y CHANNEX_WEBHOOK_SECRET");
  return channexDeps();
}

export const channexRoutes = [
  defineRoute({
    method: "POST",
    path: "/gateways/channex/events",
    access: "public",
    summary: "Webhook de Channex (ari, booking): programa una lectura de la propiedad",
    description:
      "Lo llama Channex, no un cliente. Se autentica con el encabezado `X-HotelPay-Channex-Secret` (el valor de `CHANNEX_WEBHOOK_SECRET`, registrado con el webhook); sin él o distinto: 401. " +
      "Un aviso es solo un motivo para leer: responde 200 enseguida y la lectura se hace aparte, agrupando avisos repetidos.",
    tags: TAGS,
    body: eventBody,
    optionalBody: true,
    verify: verifyWebhookSecret,
    responses: [
      { status: 200, description: "Recibido", schema: z.object({ received: z.literal(true) }) },
      { status: 401, description: "Secreto ausente o inválido" },
    ],
    handler: ({ database, body, clock }) => receiveEvent(database, body, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/channex/properties",
    access: ["operator"],
    summary: "Conectar un hotel a una propiedad de Channex",
    description:
      "Con `hotel_id`, ese hotel pasa a gestionarse en Channex; sin él se crea un hotel con el nombre y la ciudad de la propiedad. Se importan sus tipos de habitación y planes de tarifa " +
      "(sus ids de Channex son los `roomId` y `rateId`), se registra el webhook en Channex y se copian disponibilidad, tarifas y restricciones de los próximos 400 días. Ver docs/channel-managers.md.",
    tags: TAGS,
    body: linkBody,
    responses: [
      { status: 201, description: "Conectado", schema: linkResult },
      { status: 404, description: "Channex no tiene la propiedad (o la clave no tiene acceso), o el hotel no existe" },
      { status: 409, description: "La propiedad o el hotel ya están conectados, o Channex no está configurado" },
      { status: 502, description: "Channex rechazó la clave de API" },
      { status: 503, description: "Channex no respondió" },
    ],
    async handler({ database, principal, body, clock }) {
      const deps = requireChannex();
      const out = await linkProperty(database, deps, body, clock.now());
      const view = await getProperty(database, principal, out.hotelId, clock.now());
      return json(201, { ...view, synced: out.synced, webhook: out.webhook });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/channex/properties",
    access: viewers,
    summary: "Hoteles conectados a Channex y la frescura de su copia",
    tags: TAGS,
    responses: [{ status: 200, description: "Propiedades", schema: z.array(propertyOut) }],
    handler: ({ database, principal, clock }) => listProperties(database, principal, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/channex/properties/{hotel_id}/sync",
    access: ["operator"],
    summary: "Sincronizar ahora un hotel conectado (catálogo y 400 días de disponibilidad)",
    description: "Respeta el límite de Channex (10 lecturas por minuto y propiedad): si no hay cupo, la sincronización queda pendiente y la hace el trabajo channex-sync.",
    tags: TAGS,
    params: hotelIdParam,
    responses: [{ status: 200, description: "Propiedad", schema: linkResult.omit({ webhook: true }) }],
    async handler({ database, principal, params, clock }) {
      const deps = requireChannex();
      await getProperty(database, principal, params.hotel_id, clock.now());
      const synced = await fullSync(database, deps, params.hotel_id);
      return { ...(await getProperty(database, principal, params.hotel_id, clock.now())), synced };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/channex/bookings",
    access: viewers,
    summary: "Reservas enviadas a Channex: cola pendiente, rechazos o todas",
    tags: TAGS,
    query: pushesQuery,
    responses: [{ status: 200, description: "Envíos", schema: z.array(pushOut) }],
    handler: ({ database, principal, query }) => listPushes(database, principal, query.state),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/channex/bookings/{booking_id}/retry",
    access: ["operator"],
    summary: "Reintentar el envío a Channex de una reserva rechazada",
    description: "Para después de corregir la causa en Channex (p. ej. instalar la aplicación Booking CRS). Si alguna vez se envió, primero se busca por su código: nunca se crea dos veces.",
    tags: TAGS,
    params: bookingCodeParam,
    responses: [
      { status: 200, description: "Estado del envío", schema: pushOut },
      { status: 409, description: "La reserva no está rechazada" },
    ],
    async handler({ database, principal, params, clock }) {
      const deps = requireChannex();
      const key = await reservationKey(database, params.booking_id);
      if (!(await retryRefused(database, key, clock.now()))) throw wrongState(`La reserva ${params.booking_id.toUpperCase()} no tiene un envío rechazado`);
      await processBooking(database, deps, key, { inline: true });
      const row = (await listPushes(database, principal, "all")).find((p) => p.chatbot_id === params.booking_id.toUpperCase());
      if (!row) throw doesNotExist("El recurso no existe");
      return row;
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/channex/alerts",
    access: viewers,
    summary: "Alertas abiertas: sobreventa, rechazos, lecturas que fallan",
    tags: TAGS,
    responses: [{ status: 200, description: "Alertas", schema: z.array(alertOut) }],
    handler: ({ database, principal }) => listAlerts(database, principal),
  }),
];
