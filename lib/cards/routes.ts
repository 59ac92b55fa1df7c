// Account holders (4.10), organizations (4.11) and virtual cards (4.6) under /v1/virtual-cards.
import { z } from "zod";
import { defineRoute, json } from "@/lib/http/route";
import { badRequest } from "@/lib/http/errors";
import {
  accountHolderOut,
  cardIdParam,
  cardTransactionList,
  cardTransactionsQuery,
  updateCardBody,
  createAccountHolderBody,
  createCardBody,
  createOrganizationBody,
  getAccountHolderBody,
  listCardsQuery,
  listOrganizationsQuery,
  organizationOut,
  sandboxDetailsOut,
  virtualCardDetailOut,
  virtualCardOut,
} from "./schema";
import { createAccountHolder, getAccountHolder, listAccountHolders } from "./account-holders";
import { createOrganization, listOrganizations } from "./organizations";
import {
  cancelVirtualCard,
  createVirtualCard,
  freezeVirtualCard,
  getVirtualCard,
  listCardTransactions,
  listVirtualCards,
  sandboxCardDetails,
  unfreezeVirtualCard,
  updateCardControls,
} from "./service";

const tags = ["Tarjetas virtuales"];
const cardResult = z.object({ msg: z.string(), data: virtualCardOut });

export const cardRoutes = [
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/account-holders",
    access: ["operator"],
    summary: "Registrar el titular de cuenta de una agencia (una por agencia)",
    tags,
    body: createAccountHolderBody,
    idempotent: true,
    responses: [{ status: 201, description: "Titular registrado", schema: accountHolderOut }],
    async handler({ body, database, clock }) {
      return json(201, await createAccountHolder(database, body, clock.now()));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards/account-holders",
    access: ["operator"],
    summary: "Listar los titulares de cuenta",
    tags,
    responses: [{ status: 200, description: "Titulares", schema: z.array(accountHolderOut) }],
    handler: ({ database }) => listAccountHolders(database),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/account-holder",
    access: ["operator", "agency"],
    summary: "Consultar el titular de cuenta (4.10); una agencia puede omitir account_holder_id",
    tags,
    body: getAccountHolderBody,
    optionalBody: true,
    responses: [{ status: 200, description: "Titular", schema: accountHolderOut }],
    handler: ({ body, database, principal }) => getAccountHolder(database, principal, body?.account_holder_id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/organizations",
    access: ["operator", "agency"],
    summary: "Crear organización (4.11) bajo el titular de cuenta de quien llama",
    tags,
    body: createOrganizationBody,
    idempotent: true,
    responses: [{ status: 200, description: "Organización", schema: organizationOut }],
    handler: ({ body, database, principal, clock }) => createOrganization(database, principal, body, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards/organizations",
    access: ["operator", "agency"],
    summary: "Listar las organizaciones de quien llama",
    tags,
    query: listOrganizationsQuery,
    responses: [{ status: 200, description: "Organizaciones", schema: z.array(organizationOut) }],
    handler: ({ query, database, principal }) => listOrganizations(database, principal, query.account_holder_id),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards",
    access: ["operator", "agency"],
    summary: "Crear tarjeta virtual (4.6): se crea congelada y se activa en su fecha de activación",
    description:
      "`spending_controls` (opcional, docs/decisions.md 10.8): `spending_limits` [{amount, interval}] con interval `per_authorization` (cada cobro) " +
      "o `all_time` (la suma de los cobros de toda la vida de la tarjeta), y `allowed_hotel_ids`, los únicos hoteles donde puede pagar. " +
      "Un cobro que no los cumple se rechaza (400 con el motivo en `detail`) y queda en `GET /v1/virtual-cards/{card_id}/transactions`.",
    tags,
    body: createCardBody,
    idempotent: true,
    responses: [{ status: 200, description: "Tarjeta creada", schema: cardResult }],
    handler: ({ body, database, principal, clock, effectKey }) => createVirtualCard(database, principal, body, clock.now(), effectKey),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards",
    access: ["operator", "agency"],
    summary: "Listar tarjetas virtuales con filtros",
    tags,
    query: listCardsQuery,
    responses: [{ status: 200, description: "Tarjetas", schema: z.array(virtualCardOut.extend({ card_name: z.string(), created_at: z.string() })) }],
    handler({ query, database, principal }) {
      if (principal.role === "agency" && query.agency_id !== undefined && query.agency_id !== principal.agencyId) {
        throw badRequest("agency_id: una agencia solo puede consultar sus propias tarjetas");
      }
      return listVirtualCards(database, principal, query);
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards/{card_id}",
    access: ["operator", "agency"],
    summary: "Consultar una tarjeta virtual con su historial de estados",
    tags,
    params: cardIdParam,
    responses: [{ status: 200, description: "Tarjeta", schema: virtualCardDetailOut }],
    handler: ({ params, database, principal }) => getVirtualCard(database, principal, params.card_id),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v1/virtual-cards/{card_id}",
    access: ["operator", "agency"],
    summary: "Cambiar los controles de gasto de una tarjeta (límites y hoteles autorizados)",
    description:
      "Cada parte de `spending_controls` que viene reemplaza la actual; la que no viene se conserva; una lista vacía la quita. " +
      "Bajar el límite total por debajo de lo ya gastado deja la tarjeta sin saldo disponible (los cobros hechos no se deshacen). Una tarjeta cancelada: 409.",
    tags,
    params: cardIdParam,
    body: updateCardBody,
    responses: [{ status: 200, description: "Controles actualizados", schema: cardResult }],
    handler: ({ params, body, database, principal, clock }) => updateCardControls(database, principal, params.card_id, body.spending_controls, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards/{card_id}/transactions",
    access: ["operator", "agency"],
    summary: "Cobros de la tarjeta: aprobados, en verificación, rechazados (con su motivo) y anulados, del más reciente al más antiguo",
    tags,
    params: cardIdParam,
    query: cardTransactionsQuery,
    responses: [{ status: 200, description: "Una página de cobros", schema: cardTransactionList }],
    handler: ({ params, query, database, principal }) => listCardTransactions(database, principal, params.card_id, query),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/{card_id}/freeze",
    access: ["operator", "agency"],
    summary: "Congelar una tarjeta activa",
    tags,
    params: cardIdParam,
    responses: [{ status: 200, description: "Congelada", schema: cardResult }],
    handler: ({ params, database, principal, clock }) => freezeVirtualCard(database, principal, params.card_id, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/{card_id}/unfreeze",
    access: ["operator", "agency"],
    summary: "Descongelar: vuelve a activa desde la fecha de activación y antes del vencimiento",
    tags,
    params: cardIdParam,
    responses: [{ status: 200, description: "Activa", schema: cardResult }],
    handler: ({ params, database, principal, clock }) => unfreezeVirtualCard(database, principal, params.card_id, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v1/virtual-cards/{card_id}/cancel",
    access: ["operator", "agency"],
    summary: "Cancelar una tarjeta (definitivo)",
    tags,
    params: cardIdParam,
    responses: [{ status: 200, description: "Cancelada", schema: cardResult }],
    handler: ({ params, database, principal, clock }) => cancelVirtualCard(database, principal, params.card_id, clock.now()),
  }),
  defineRoute({
    method: "GET",
    path: "/v1/virtual-cards/{card_id}/sandbox-details",
    access: ["operator", "agency"],
    summary: "Datos completos de una tarjeta del emisor de pruebas (solo sandbox), para usarla en 4.9",
    tags,
    params: cardIdParam,
    responses: [{ status: 200, description: "Número, CVC y vencimiento", schema: sandboxDetailsOut }],
    handler: ({ params, database, principal }) => sandboxCardDetails(database, principal, params.card_id),
  }),
];
