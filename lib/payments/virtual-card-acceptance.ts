// Virtual cards of this service (docs/decisions.md 7.5, 10.6) are recognised by the hash of their number and
// accepted only while active; a one-time card is consumed by the claim of the payment that uses it, atomically
// (lib/payments/settle.ts consumeOneTimeCard), and given back if that payment is declined or voided.
import type { PrismaClient } from "@/lib/db/generated/client";
import { cardNumberHash } from "@/lib/gateways/card-issuer";

export const VIRTUAL_CARD_INACTIVE = { code: "virtual_card_inactive", reason: "tarjeta virtual no activa" };

export interface RecognisedCard {
  id: string;
  status: string;
  oneTimeUse: boolean;
}

export async function recogniseVirtualCard(db: PrismaClient, number: string): Promise<RecognisedCard | null> {
  return db.virtualCard.findUnique({ where: { numberHash: cardNumberHash(number) }, select: { id: true, status: true, oneTimeUse: true } });
}
