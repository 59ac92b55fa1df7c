// Agencies (4.12, 4.13), their balance ledger and portal users.
import { z } from "zod";
import { defineRoute, json } from "@/lib/http/route";
import {
  agencyOut,
  balanceEntryOut,
  balanceOut,
  createAgencyBody,
  createAgencyResult,
  idParam,
  listAgenciesQuery,
  preloadedAgencyOut,
  topUpBody,
  updateAgencyBody,
} from "./schema";
import { createAgency, getAgency, listAgencies, listPreloadedAgencies, updateAgency } from "./service";
import { getBalance, topUpBalance } from "./balance";
import { teamRoutes } from "./team-routes";

const tags = ["Agencias"];

export const agencyRoutes = [
  defineRoute({
    method: "POST",
    path: "/v2/agencies",
    access: ["operator"],
    summary: "Crear agencia (4.13); un document_number existente devuelve esa agencia sin crear otra",
    tags,
    body: createAgencyBody,
    idempotent: true,
    responses: [{ status: 200, description: "Agencia creada o existente", schema: createAgencyResult }],
    async handler({ body, database, clock }) {
      return (await createAgency(database, body, clock.now())).body;
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/agencies",
    access: ["operator"],
    summary: "Listar agencias con búsqueda y filtros (cabecera X-Total-Count)",
    tags,
    query: listAgenciesQuery,
    responses: [{ status: 200, description: "Agencias", schema: z.array(agencyOut) }],
    async handler({ query, database }) {
      const { rows, total } = await listAgencies(database, query);
      return json(200, rows, { "x-total-count": String(total) });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/preloaded-balance/agencies",
    access: ["operator"],
    summary: "Listar las agencias de saldo precargado (4.12)",
    tags,
    responses: [{ status: 200, description: "Agencias sin payout_account_id", schema: z.array(preloadedAgencyOut) }],
    handler: ({ database }) => listPreloadedAgencies(database),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/agencies/{id}",
    access: ["operator", "agency"],
    summary: "Consultar una agencia (el operador, o la propia agencia)",
    tags,
    params: idParam,
    responses: [{ status: 200, description: "Agencia", schema: agencyOut }],
    handler: ({ params, database, principal }) => getAgency(database, principal, params.id),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v2/agencies/{id}",
    access: ["operator"],
    summary: "Modificar una agencia: is_active, is_archived (archivada implica inactiva), tipo, webhook y contacto",
    tags,
    params: idParam,
    body: updateAgencyBody,
    responses: [{ status: 200, description: "Agencia actualizada", schema: z.object({ msg: z.string(), agency: agencyOut }) }],
    handler: ({ params, body, database, clock }) => updateAgency(database, params.id, body, clock.now()),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/agencies/{id}/balance/top-ups",
    access: ["operator"],
    summary: "Recargar el saldo precargado de una agencia",
    tags,
    params: idParam,
    body: topUpBody,
    idempotent: true,
    responses: [{ status: 201, description: "Recarga registrada", schema: z.object({ msg: z.string(), balance: z.number(), entry: balanceEntryOut }) }],
    async handler({ params, body, database, clock, effectKey }) {
      return json(201, await topUpBalance(database, params.id, body, clock.now(), effectKey));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/agencies/{id}/balance",
    access: ["operator", "agency"],
    summary: "Saldo precargado y movimientos (el operador, o la propia agencia)",
    tags,
    params: idParam,
    responses: [{ status: 200, description: "Saldo", schema: balanceOut }],
    handler: ({ params, database, principal }) => getBalance(database, principal, params.id),
  }),
  // Portal users (agency teams) and hotel admins: team-routes.ts.
  ...teamRoutes,
];
