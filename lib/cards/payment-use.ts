// How a card payment uses one of our virtual cards (decisions.md sections 7 and 10), for the payments gateway:
// call inside the payment's transaction. The card row is locked, so two concurrent payments with one one-time card
// cannot both pass; if the payment later rolls back, so does the cancellation.
import { Prisma } from "@/lib/db/generated/client";
import { bogotaDate, ymd } from "@/lib/time";
import { cardNumberHash } from "@/lib/gateways/card-issuer";
import { CARD_REASONS } from "./service";

type Tx = Prisma.TransactionClient;

export type VirtualCardUse =
  | { virtual: false }
  | { virtual: true; cardId: string; approved: true; cancelled: boolean }
  | { virtual: true; cardId: string; approved: false; reason: string };

/** `pan` is the decrypted card number (never stored); only its sha256 is looked up. */
export async function chargeVirtualCard(tx: Tx, pan: string, now: Date): Promise<VirtualCardUse> {
  const rows = await tx.$queryRawUnsafe<Array<{ id: string; status: string; one_time_use: boolean; activation: Date; expiration: Date }>>(
    `SELECT id, status::text AS status, one_time_use, activation, expiration FROM virtual_cards WHERE number_hash = $1 FOR UPDATE`,
    cardNumberHash(pan),
  );
  if (rows.length === 0) return { virtual: false };
  const card = rows[0];
  const today = bogotaDate(now);
  if (card.status === "frozen") return { virtual: true, cardId: card.id, approved: false, reason: "tarjeta virtual congelada" };
  if (card.status === "cancelled") return { virtual: true, cardId: card.id, approved: false, reason: "tarjeta virtual cancelada" };
  if (today < ymd(card.activation) || today >= ymd(card.expiration)) {
    return { virtual: true, cardId: card.id, approved: false, reason: "tarjeta virtual fuera de su vigencia" };
  }
  if (!card.one_time_use) return { virtual: true, cardId: card.id, approved: true, cancelled: false };
  await tx.virtualCard.update({ where: { id: card.id }, data: { status: "cancelled", usedAt: now } });
  await tx.virtualCardEvent.create({ data: { cardId: card.id, fromStatus: "active", toStatus: "cancelled", reason: CARD_REASONS.oneTimeUsePayment, at: now } });
  return { virtual: true, cardId: card.id, approved: true, cancelled: true };
}
