// The outbox: a notification is a webhook_deliveries row written in the same transaction as the change
// that caused it; kickDeliveries() after commit sends it right away, the `webhooks` cron job catches the rest.
import { getDatabase } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/http/log";
import { newDeliveryId } from "./signing";
import { deliverDue } from "./deliver";

/** A Prisma transaction client (or the client itself): the caller's transaction. */
export type OutboxClient = Pick<Prisma.TransactionClient, "webhookDelivery" | "agency">;

export interface EnqueueInput {
  agencyId: number;
  event: string;
  /** Target; defaults to the agency's webhook_url (no delivery when it has none). */
  url?: string | null;
  /** An object is serialised once here; the stored string is exactly what is sent and signed. */
  payload: string | object;
  linkId?: string | null;
  reservationId?: string | null;
}

/** Writes the delivery row; returns its id (the stable `webhook-id`), or null when there is nowhere to send it. */
export async function enqueueWebhook(tx: OutboxClient, input: EnqueueInput, now: Date): Promise<string | null> {
  let url = input.url ?? null;
  if (!url) url = (await tx.agency.findUnique({ where: { id: input.agencyId }, select: { webhookUrl: true } }))?.webhookUrl ?? null;
  if (!url) return null;
  const payload = typeof input.payload === "string" ? input.payload : JSON.stringify(input.payload);
  const row = await tx.webhookDelivery.create({
    data: {
      id: newDeliveryId(),
      agencyId: input.agencyId,
      event: input.event,
      url,
      payload,
      nextAttemptAt: now,
      linkId: input.linkId ?? null,
      reservationId: input.reservationId ?? null,
      createdAt: now,
    },
  });
  return row.id;
}

const g = globalThis as unknown as { __hbWebhookKick?: { running: Promise<void> | null; again: boolean } };
const kickState = (g.__hbWebhookKick ??= { running: null, again: false });

/**
 * Delivers what is due now, in the background; call it after the transaction that enqueued commits.
 * Overlapping kicks collapse into one more pass. The returned promise is for tests; callers need not await it.
 */
export function kickDeliveries(): Promise<void> {
  if (kickState.running) {
    kickState.again = true;
    return kickState.running;
  }
  kickState.running = (async () => {
    try {
      do {
        kickState.again = false;
        const database = await getDatabase();
        await deliverDue(database, new Date());
      } while (kickState.again);
    } catch (e) {
      log.error("webhook_kick_failed", { error: (e as Error)?.name, message: String((e as Error)?.message ?? "").slice(0, 200) });
    } finally {
      kickState.running = null;
    }
  })();
  return kickState.running;
}

/** Resolves once no background delivery is running (tests). */
export async function deliveriesIdle(): Promise<void> {
  while (kickState.running) await kickState.running;
}
