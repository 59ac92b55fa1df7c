// Wire formats of the Wompi events endpoint (docs/payments.md "Wompi events"). The body is Wompi's; the route
// reads it loosely and checks it itself, so a missing signature answers 401 (not 400) and nothing is trusted
// before the checksum is verified (lib/wompi/events.ts).
import { z } from "zod";

export const wompiEventBody = z
  .looseObject({
    event: z.unknown().optional().meta({ description: "Tipo de evento, p. ej. `transaction.updated`" }),
    data: z.unknown().optional().meta({ description: "`{transaction: {...}}`: la transacción de Wompi" }),
    environment: z.unknown().optional().meta({ description: "`test` o `prod`" }),
    signature: z.unknown().optional().meta({ description: "`{properties: [...], checksum}`: rutas firmadas (dentro de `data`) y SHA-256" }),
    timestamp: z.unknown().optional().meta({ description: "Segundos Unix, parte del checksum" }),
    sent_at: z.unknown().optional(),
  })
  .meta({ description: "Evento de Wompi tal como lo envía Wompi (docs.wompi.co, Eventos)" });

export const wompiEventAnswer = z
  .object({
    received: z.literal(true),
    outcome: z.enum(["accepted", "refused"]).meta({ description: "accepted: verificado y de un tipo que se procesa; refused: verificado pero no se procesa (motivo en `reason`)" }),
    reason: z.string().nullable(),
    duplicate: z.boolean().meta({ description: "El mismo (transacción, estado) ya se había recibido" }),
    applied: z.boolean().meta({ description: "Si el evento ya se aplicó al pago" }),
  });

export const manualRefundIdParam = z.object({ id: z.string().max(100, "máximo 100 caracteres") });

export const manualRefundOwed = z.object({
  id: z.string().meta({ description: "rf_… (reembolso de un pago aprobado) o tx_… (cobro aprobado que no se pudo aplicar)" }),
  kind: z.enum(["refund", "not_applied"]),
  payment_id: z.string(),
  method: z.string(),
  amount: z.number().meta({ description: "Lo que hay que devolver, COP" }),
  payer_name: z.string(),
  payer_email: z.string().nullable(),
  payer_phone: z.string().nullable(),
  payer_document: z.string().nullable(),
  reason: z.string().nullable(),
  since: z.string(),
});

export const gatewayOverview = z.object({
  gateway: z.enum(["sandbox", "wompi-test", "wompi-production", "misconfigured"]),
  events_url: z.string().nullable().meta({ description: "La URL a registrar en el panel de Wompi (null con el sandbox)" }),
  events: z.array(
    z.object({
      received_at: z.string(),
      times_received: z.number(),
      transaction_id: z.string().nullable(),
      reference: z.string().nullable(),
      status: z.string().nullable(),
      outcome: z.string(),
      reason: z.string().nullable(),
      applied: z.boolean(),
      apply_result: z.string().nullable(),
    }),
  ),
  mismatches: z.array(z.object({ reference: z.string(), wompi_id: z.string().nullable(), status: z.string(), amount_in_cents: z.string(), mismatch: z.string(), at: z.string() })),
  manual_refunds: z.array(manualRefundOwed),
});
