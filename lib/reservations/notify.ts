// The reservation.expired notification (docs/decisions.md section 8), written to the webhook outbox in the
// same transaction as the expiry, for the agency's webhook_url.
import crypto from "node:crypto";
import { isoBogota } from "@/lib/time";
import type { Prisma } from "@/lib/db/generated/client";

export async function enqueueReservationExpired(
  tx: Prisma.TransactionClient,
  r: { id: string; code: string; hotelId: number; amount: Prisma.Decimal; agencyId: number; agency: { webhookUrl: string | null } },
  now: Date,
) {
  if (!r.agency.webhookUrl) return;
  const payload = JSON.stringify({ event: "reservation.expired", chatbot_id: r.code, hotel_id: r.hotelId, expired_at: isoBogota(now), amount: r.amount.toNumber() });
  await tx.webhookDelivery.create({
    data: {
      id: `msg_${crypto.randomBytes(12).toString("base64url")}`,
      agencyId: r.agencyId,
      event: "reservation.expired",
      url: r.agency.webhookUrl,
      payload,
      status: "pending",
      nextAttemptAt: now,
      reservationId: r.id,
      createdAt: now,
    },
  });
}
