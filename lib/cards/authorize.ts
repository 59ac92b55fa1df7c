// The authorization of a charge on a virtual card, as an issuer decides it (docs/decisions.md 10.8): the card is
// active, the hotel is one it may pay, the amount is within its limit per charge, and the card's charges together
// stay within its all_time limit. The card row is locked (FOR UPDATE) for the rest of the caller's transaction,
// which writes the charge `pending` before it commits: two charges racing on one card are decided one after the
// other, each seeing the other's amount, so together they never exceed the limit.
import { Prisma } from "@/lib/db/generated/client";
import { formatDate } from "@/lib/format";
import { bogotaDate, ymd } from "@/lib/time";
import { cardSpent, lockCardForCharge } from "./store";

type Tx = Prisma.TransactionClient;

export interface CardDecline {
  /** Stable, for programs: written to the payment's decline_code. */
  code: string;
  /** Spanish, for people: the rejection body's `detail` and the payment's decline_reason. */
  reason: string;
}

export const CARD_DECLINE_CODES = {
  inactive: "virtual_card_inactive",
  hotelNotAllowed: "virtual_card_hotel_not_allowed",
  overChargeLimit: "virtual_card_over_charge_limit",
  limitExceeded: "virtual_card_limit_exceeded",
} as const;

/** Kept as the start of every "not active" reason: clients written before issue 24 read this text. */
export const INACTIVE_PREFIX = "tarjeta virtual no activa";

/** What the rules read of a card. */
export interface CardForAuthorization {
  status: "frozen" | "active" | "cancelled";
  oneTimeUse: boolean;
  usedAt: Date | null;
  activation: Date;
  expiration: Date;
  limitPerAuthorization: Prisma.Decimal | null;
  limitAllTime: Prisma.Decimal | null;
}

/** "$ 1.650.000" or "$ 1.650.000,50" (es-CO), exact: a limit is never rounded in the reason that cites it. */
export function pesos(amount: Prisma.Decimal | number | string): string {
  const d = new Prisma.Decimal(amount);
  const whole = d.isInteger();
  return `$ ${Number(d.toFixed(2)).toLocaleString("es-CO", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** "Hotel A", "Hotel A y Hotel B", "Hotel A, Hotel B y Hotel C", or "4 hoteles autorizados" beyond three. */
function hotelList(names: string[]): string {
  if (names.length > 3) return `${names.length} hoteles autorizados`;
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}

function inactiveReason(card: CardForAuthorization, today: string): string {
  const activation = ymd(card.activation);
  const expiration = ymd(card.expiration);
  if (card.status === "frozen") {
    return today < activation ? `${INACTIVE_PREFIX}: se activa el ${formatDate(activation)}` : `${INACTIVE_PREFIX}: está congelada`;
  }
  if (card.oneTimeUse && card.usedAt) return `${INACTIVE_PREFIX}: es de uso único y ya se usó`;
  if (today >= expiration) return `${INACTIVE_PREFIX}: venció el ${formatDate(expiration)}`;
  return `${INACTIVE_PREFIX}: fue cancelada`;
}

/**
 * The first rule the charge breaks, or null when the card may pay it. Checked in the order issuers do: the card's
 * state, where it is used, then the amounts. `spent` is what already counts against the all_time limit.
 */
export function declineFor(
  card: CardForAuthorization,
  charge: { amount: Prisma.Decimal; hotelId: number; hotelName: string },
  ctx: { allowedHotels: { id: number; name: string }[]; spent: Prisma.Decimal; today: string },
): CardDecline | null {
  if (card.status !== "active") return { code: CARD_DECLINE_CODES.inactive, reason: inactiveReason(card, ctx.today) };
  if (ctx.allowedHotels.length > 0 && !ctx.allowedHotels.some((h) => h.id === charge.hotelId)) {
    return {
      code: CARD_DECLINE_CODES.hotelNotAllowed,
      reason: `la tarjeta virtual no puede pagar en ${charge.hotelName}: solo paga en ${hotelList(ctx.allowedHotels.map((h) => h.name))}`,
    };
  }
  if (card.limitPerAuthorization && charge.amount.gt(card.limitPerAuthorization)) {
    return {
      code: CARD_DECLINE_CODES.overChargeLimit,
      reason: `el cobro de ${pesos(charge.amount)} supera el límite por cobro de la tarjeta virtual (${pesos(card.limitPerAuthorization)})`,
    };
  }
  if (card.limitAllTime && ctx.spent.add(charge.amount).gt(card.limitAllTime)) {
    const available = Prisma.Decimal.max(card.limitAllTime.sub(ctx.spent), 0);
    return {
      code: CARD_DECLINE_CODES.limitExceeded,
      reason: `el cobro de ${pesos(charge.amount)} supera el saldo disponible de la tarjeta virtual: ${pesos(available)} de un límite total de ${pesos(card.limitAllTime)}`,
    };
  }
  return null;
}

/**
 * Inside the transaction that records the charge: locks the card row and answers whether it may pay `amount` at
 * `hotelId`. The lock is held until the caller's transaction ends, after it has written the charge.
 */
export async function authorizeCardCharge(tx: Tx, cardId: string, charge: { amount: Prisma.Decimal; hotelId: number }, now: Date): Promise<CardDecline | null> {
  const row = await lockCardForCharge(tx, cardId);
  if (!row) return { code: CARD_DECLINE_CODES.inactive, reason: INACTIVE_PREFIX };
  const card: CardForAuthorization = {
    status: row.status,
    oneTimeUse: row.one_time_use,
    usedAt: row.used_at,
    activation: row.activation,
    expiration: row.expiration,
    limitPerAuthorization: row.limit_per_authorization === null ? null : new Prisma.Decimal(row.limit_per_authorization),
    limitAllTime: row.limit_all_time === null ? null : new Prisma.Decimal(row.limit_all_time),
  };
  // One query at a time: they share the transaction's connection.
  const allowed = await tx.virtualCardHotel.findMany({ where: { cardId }, select: { hotel: { select: { id: true, name: true } } }, orderBy: { hotel: { name: "asc" } } });
  const hotel = await tx.hotel.findUnique({ where: { id: charge.hotelId }, select: { name: true } });
  const spent = card.limitAllTime ? await cardSpent(tx, cardId) : new Prisma.Decimal(0);
  return declineFor(card, { ...charge, hotelName: hotel?.name ?? `el hotel ${charge.hotelId}` }, { allowedHotels: allowed.map((a) => a.hotel), spent, today: bogotaDate(now) });
}
