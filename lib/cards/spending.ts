// Spending controls of a virtual card (docs/decisions.md 10.8), as they are stored and shown: a limit per charge
// and one for the card's whole life (COP, columns of virtual_cards), and the hotels it may pay (virtual_card_hotels).
// Enforced at each charge by lib/cards/authorize.ts.
import { Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import type { SpendingControlsInput } from "./schema";

type Tx = Prisma.TransactionClient;

export interface ResolvedControls {
  limitPerAuthorization: Prisma.Decimal | null;
  limitAllTime: Prisma.Decimal | null;
  hotelIds: number[];
}

/** The controls as stored, from the wire form; an unknown hotel is 404 naming the field (`path`). */
export async function resolveControls(db: Tx, input: SpendingControlsInput | undefined, path: string): Promise<ResolvedControls> {
  const limits = input?.spending_limits ?? [];
  const amount = (interval: string) => {
    const l = limits.find((x) => x.interval === interval);
    return l ? new Prisma.Decimal(String(l.amount)) : null;
  };
  const hotelIds = input?.allowed_hotel_ids ?? [];
  if (hotelIds.length > 0) {
    const found = await db.hotel.findMany({ where: { id: { in: hotelIds } }, select: { id: true } });
    const missing = hotelIds.filter((id) => !found.some((h) => h.id === id));
    if (missing.length > 0) throw notFound(`${path}.allowed_hotel_ids: ${missing.length === 1 ? `el hotel ${missing[0]} no existe` : `los hoteles ${missing.join(", ")} no existen`}`);
  }
  return { limitPerAuthorization: amount("per_authorization"), limitAllTime: amount("all_time"), hotelIds: [...hotelIds].sort((a, b) => a - b) };
}

/** Replaces the hotels a card may pay. */
export async function writeCardHotels(tx: Tx, cardId: string, hotelIds: number[]) {
  await tx.virtualCardHotel.deleteMany({ where: { cardId } });
  if (hotelIds.length > 0) await tx.virtualCardHotel.createMany({ data: hotelIds.map((hotelId) => ({ cardId, hotelId })) });
}

/** `spending_controls` on the wire: the same shape a client sends. */
export function presentControls(c: { limitPerAuthorization: Prisma.Decimal | null; limitAllTime: Prisma.Decimal | null; allowedHotels: { hotelId: number }[] }) {
  const spending_limits: { amount: number; interval: "per_authorization" | "all_time" }[] = [];
  if (c.limitPerAuthorization) spending_limits.push({ amount: c.limitPerAuthorization.toNumber(), interval: "per_authorization" });
  if (c.limitAllTime) spending_limits.push({ amount: c.limitAllTime.toNumber(), interval: "all_time" });
  return { spending_limits, allowed_hotel_ids: c.allowedHotels.map((h) => h.hotelId).sort((a, b) => a - b) };
}

/** What a card's page and detail show: the hotels by name, and what is spent and left of the all_time limit. */
export function spendingSummary(limitAllTime: Prisma.Decimal | null, spent: Prisma.Decimal) {
  return {
    spent_amount: spent.toNumber(),
    available_amount: limitAllTime ? Prisma.Decimal.max(limitAllTime.sub(spent), 0).toNumber() : null,
  };
}
