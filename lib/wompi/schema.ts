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
