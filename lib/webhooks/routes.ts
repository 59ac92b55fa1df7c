// Webhooks (docs/decisions.md section 8): signing secret, agency settings, test event, delivery log, redelivery.
import { defineRoute, json } from "@/lib/http/route";
import * as s from "./schema";
import { getDelivery, getSettings, listDeliveries, redeliver, rotateSecret, sendTestEvent, updateSettings } from "./service";
import { kickDeliveries } from "./outbox";

const tags = ["Webhooks"];

export const webhookRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/agencies/{id}/webhook-secret",
    access: ["operator", "agency"],
    summary: "Crear o rotar el secreto de firma de webhooks de una agencia (se muestra una sola vez)",
    tags,
    params: s.agencyIdParam,
    responses: [{ status: 200, description: "Secreto nuevo", schema: s.secretOut }],
    handler: ({ database, principal, params }) => rotateSecret(database, principal, params.id),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/webhooks/settings",
    access: ["operator", "agency"],
    summary: "Configuración de webhooks de la agencia (el operador indica agency_id)",
    tags,
    query: s.agencyQuery,
    responses: [{ status: 200, description: "Configuración", schema: s.settingsOut }],
    handler: ({ database, principal, query }) => getSettings(database, principal, query.agency_id),
  }),
  defineRoute({
    method: "PUT",
    path: "/v2/webhooks/settings",
    access: ["operator", "agency"],
    summary: "Cambiar la URL de webhooks de la agencia (null la quita)",
    tags,
    body: s.settingsBody,
    responses: [{ status: 200, description: "Configuración", schema: s.settingsOut }],
    handler: ({ database, principal, body }) => updateSettings(database, principal, body),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/webhooks/test",
    access: ["operator", "agency"],
    summary: "Enviar un evento webhook.test a la URL de la agencia",
    tags,
    body: s.testBody,
    optionalBody: true,
    responses: [{ status: 201, description: "Entrega creada (se envía enseguida)", schema: s.deliveryOut }],
    async handler({ database, principal, body, clock }) {
      const delivery = await sendTestEvent(database, principal, body?.agency_id, clock.now());
      void kickDeliveries();
      return json(201, delivery);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/webhooks/deliveries",
    access: ["operator", "agency"],
    summary: "Registro de entregas de webhooks con cada intento (filtros status y event; paginado)",
    tags,
    query: s.deliveriesQuery,
    responses: [{ status: 200, description: "Entregas", schema: s.deliveriesPage }],
    handler: ({ database, principal, query }) => listDeliveries(database, principal, query),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/webhooks/deliveries/{id}",
    access: ["operator", "agency"],
    summary: "Una entrega de webhook con sus intentos",
    tags,
    params: s.deliveryIdParam,
    responses: [{ status: 200, description: "Entrega", schema: s.deliveryOut }],
    handler: ({ database, principal, params }) => getDelivery(database, principal, params.id),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/webhooks/deliveries/{id}/redeliver",
    access: ["operator", "agency"],
    summary: "Reenviar una entrega ahora (mismo webhook-id)",
    tags,
    params: s.deliveryIdParam,
    responses: [{ status: 200, description: "Entrega programada para ahora", schema: s.deliveryOut }],
    async handler({ database, principal, params, clock }) {
      const delivery = await redeliver(database, principal, params.id, clock.now());
      void kickDeliveries();
      return delivery;
    },
  }),
];
