// Wompi's events reach us here (docs/payments.md "Wompi events"; the URL the operator registers in Wompi's
// dashboard: {PUBLIC_BASE_URL}/api/gateways/wompi/events). Public: Wompi sends no credentials, the checksum is
// the proof. Answers 404 while Wompi is not the gateway in use.
import { defineRoute } from "@/lib/http/route";
import { HttpError, notFound } from "@/lib/http/errors";
import { GatewayConfigError, paymentGatewaySettings } from "@/lib/config/payment-gateway";
import { z } from "zod";
import { gatewayOverview, manualRefundIdParam, manualRefundOwed, wompiEventAnswer, wompiEventBody } from "./schema";
import { receiveWompiEvent, recentWompiEvents, REFUSAL_TEXT } from "./events";
import { manualRefundsOwed, markManualRefundDone } from "./manual-refunds";
import { paymentGatewayMode } from "@/lib/config/payment-gateway";
import { wompiMismatches } from "@/lib/gateways/wompi/store";
import { config } from "@/lib/config";
import { isoBogota } from "@/lib/time";

export const wompiRoutes = [
  defineRoute({
    method: "POST",
    path: "/gateways/wompi/events",
    access: "public",
    summary: "Eventos de Wompi (transaction.updated), verificados por su checksum",
    tags: ["Pasarela Wompi"],
    description:
      "La URL que se registra en el panel de Wompi. El cuerpo es el evento de Wompi; su checksum (SHA-256 de los valores de " +
      "`signature.properties` leídos dentro de `data`, luego `timestamp`, luego el secreto de eventos) debe coincidir: si falta " +
      "o no coincide la respuesta es 401 y nada cambia. Un evento verificado responde 200, también si ya se había recibido o si " +
      "no se procesa (`outcome: refused` y su motivo), para que Wompi no lo reintente. Cada (transacción, estado) se registra y " +
      "se aplica una sola vez. 404 si la pasarela activa no es Wompi.",
    body: wompiEventBody,
    responses: [
      { status: 200, description: "Evento verificado y registrado", schema: wompiEventAnswer },
      { status: 401, description: "Checksum ausente o inválido: no se procesa" },
      { status: 404, description: "Wompi no es la pasarela activa" },
    ],
    handler: async ({ body, req, database, clock, log }) => {
      let settings;
      try {
        settings = paymentGatewaySettings();
      } catch (e) {
        if (e instanceof GatewayConfigError) throw new HttpError(503, "La pasarela de pagos no está configurada");
        throw e;
      }
      if (settings.kind !== "wompi") throw notFound("Wompi no es la pasarela de pagos activa");
      const answer = await receiveWompiEvent(
        {
          database,
          now: clock.now(),
          eventsSecret: settings.eventsSecret,
          environment: settings.mode === "production" ? "prod" : "test",
          headerChecksum: req.headers.get("x-event-checksum"),
          log,
        },
        body,
      );
      if (answer.status === 401) throw new HttpError(401, `Evento no verificado: ${REFUSAL_TEXT[answer.reason]}`, { message: "Evento no verificado" });
      return answer.body;
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/gateway",
    access: ["operator"],
    summary: "Pasarela de pagos: cuál está activa, la URL de eventos, los últimos eventos, discrepancias y reembolsos manuales pendientes",
    tags: ["Pasarela Wompi"],
    responses: [{ status: 200, description: "Estado de la pasarela", schema: gatewayOverview }],
    async handler({ database }) {
      const mode = paymentGatewayMode();
      const wompi = mode === "wompi-test" || mode === "wompi-production";
      const [events, mismatches, manual] = await Promise.all([
        recentWompiEvents(database, 50),
        wompiMismatches(database, 50),
        manualRefundsOwed(database),
      ]);
      return {
        gateway: mode,
        events_url: wompi ? `${config().publicBaseUrl}/api/gateways/wompi/events` : null,
        events: events.map((e) => ({
          received_at: isoBogota(new Date(e.last_received_at)),
          times_received: Number(e.times_received),
          transaction_id: e.transaction_id,
          reference: e.reference,
          status: e.status,
          outcome: e.outcome,
          reason: e.reason ? (REFUSAL_TEXT[e.reason as keyof typeof REFUSAL_TEXT] ?? e.reason) : null,
          applied: e.applied,
          apply_result: e.apply_result,
        })),
        mismatches: mismatches.map((m) => ({ reference: m.reference, wompi_id: m.wompi_id, status: m.status, amount_in_cents: m.amount_in_cents, mismatch: m.mismatch, at: isoBogota(new Date(m.mismatch_at)) })),
        manual_refunds: manual,
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/v2/gateway/manual-refunds",
    access: ["operator"],
    summary: "Reembolsos manuales pendientes: lo que la pasarela no devuelve por API (qué devolver y a quién)",
    tags: ["Pasarela Wompi"],
    responses: [{ status: 200, description: "Pendientes, el más antiguo primero", schema: z.array(manualRefundOwed) }],
    handler: ({ database }) => manualRefundsOwed(database),
  }),
  defineRoute({
    method: "POST",
    path: "/v2/gateway/manual-refunds/{id}/done",
    access: ["operator"],
    summary: "Marcar un reembolso manual como pagado al pagador",
    tags: ["Pasarela Wompi"],
    params: manualRefundIdParam,
    idempotent: true,
    responses: [
      { status: 200, description: "Marcado como hecho", schema: z.object({ id: z.string(), status: z.literal("done") }) },
      { status: 404, description: "No existe" },
      { status: 409, description: "No está pendiente de pago manual" },
    ],
    handler: ({ database, params, clock }) => markManualRefundDone(database, params.id, clock.now()),
  }),
];
