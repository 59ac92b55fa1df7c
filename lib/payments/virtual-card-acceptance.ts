// Virtual cards of this service (docs/decisions.md 7.5, 10.6, 10.8) are recognised by the hash of their number.
// In the transaction that records the charge, the card's issuer rules decide it (lib/cards/authorize.ts: active,
// a hotel it may pay, within its limits; the card row stays locked until the charge is written), and a one-time
// card is consumed by that claim (lib/cards/lifecycle.ts consumeOneTime), given back if the charge is declined
// or voided.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { cardNumberHash } from "@/lib/gateways/card-issuer";
import { authorizeCardCharge, CARD_DECLINE_CODES, INACTIVE_PREFIX, type CardDecline } from "@/lib/cards/authorize";
import { consumeOneTime } from "@/lib/cards/lifecycle";

export const VIRTUAL_CARD_INACTIVE: CardDecline = { code: CARD_DECLINE_CODES.inactive, reason: INACTIVE_PREFIX };

export interface RecognisedCard {
  id: string;
  status: string;
  oneTimeUse: boolean;
}

export async function recogniseVirtualCard(db: Database, number: string): Promise<RecognisedCard | null> {
  return db.prisma.virtualCard.findUnique({ where: { numberHash: cardNumberHash(number) }, select: { id: true, status: true, oneTimeUse: true } });
}

/** Null when the card may pay `amount` at `hotelId` (a one-time card is then used up); otherwise why not. */
export async function acceptVirtualCard(tx: Prisma.TransactionClient, card: RecognisedCard, charge: { amount: Prisma.Decimal; hotelId: number }, now: Date): Promise<CardDecline | null> {
  const declined = await authorizeCardCharge(tx, card.id, charge, now);
  if (declined) return declined;
  if (card.oneTimeUse && !(await consumeOneTime(tx, card.id, now))) return VIRTUAL_CARD_INACTIVE;
  return null;
}
