// Virtual cards of this service (docs/decisions.md 7.5, 10.6) are recognised by the hash of their number and
// accepted only while active; a one-time card is consumed by its first approved payment, atomically.
import type { PrismaClient, Prisma } from "@/lib/db/generated/client";
import { cardNumberHash } from "@/lib/gateways/card-issuer";
import { CARD_REASONS } from "@/lib/cards/service";

export const VIRTUAL_CARD_INACTIVE = { code: "virtual_card_inactive", reason: "tarjeta virtual no activa" };

export interface RecognisedCard {
  id: string;
  status: string;
  oneTimeUse: boolean;
}

export async function recogniseVirtualCard(db: PrismaClient, number: string): Promise<RecognisedCard | null> {
  return db.virtualCard.findUnique({ where: { numberHash: cardNumberHash(number) }, select: { id: true, status: true, oneTimeUse: true } });
}

/**
 * Inside the payment's transaction: true when the card may take this approved payment. A one-time card is
 * cancelled here; of two racing payments only one finds it still active.
 */
export async function acceptVirtualCard(tx: Prisma.TransactionClient, card: RecognisedCard, now: Date): Promise<boolean> {
  if (!card.oneTimeUse) {
    const rows = await tx.$queryRawUnsafe<{ status: string }[]>(`SELECT status::text AS status FROM virtual_cards WHERE id = $1 FOR SHARE`, card.id);
    return rows[0]?.status === "active";
  }
  const used = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE virtual_cards SET status = 'cancelled', used_at = $2::timestamptz WHERE id = $1 AND status = 'active' RETURNING id`,
    card.id,
    now.toISOString(),
  );
  if (used.length === 0) return false;
  await tx.virtualCardEvent.create({ data: { cardId: card.id, fromStatus: "active", toStatus: "cancelled", reason: CARD_REASONS.oneTimeUsePayment, at: now } });
  return true;
}
