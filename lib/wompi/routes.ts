// Wompi's events reach us here (docs/payments.md "Wompi events"; the URL the operator registers in Wompi's
// dashboard: {PUBLIC_BASE_URL}/api/gateways/wompi/events). Public: Wompi sends no credentials, the checksum is
// the proof. Answers 404 while Wompi is not the gateway in use.
import { defineRoute } from "@/lib/http/route";
import { HttpError, notFound } from "@/lib/http/errors";
import { GatewayConfigError, paymentGatewaySettings } from "@/lib/config/payment-gateway";
import { wompiEventAnswer, wompiEventBody } from "./schema";
import { receiveWompiEvent, REFUSAL_TEXT } from "./events";

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
];
