// Virtual cards (4.6; docs/decisions.md 10.6): created frozen, active on the activation date,
// cancelled on the expiration date; owners may freeze, unfreeze and cancel. Every change is a virtual_card_events row.
// Spending controls and the card's charges: docs/decisions.md 10.8 (lib/cards/spending.ts, authorize.ts).
import crypto from "node:crypto";
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { badRequest, notFound, HttpError } from "@/lib/http/errors";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { bogotaDate, dateOnly, ymd, isoBogota } from "@/lib/time";
import { cardIssuer } from "@/lib/gateways/card-issuer";
import { organizationForCaller } from "./organizations";
import type { CreateCardInput, SpendingControlsInput } from "./schema";
import { presentControls, resolveControls, spendingSummary, writeCardHotels } from "./spending";
import { cardSpent, lockCardControls } from "./store";
import { voucherPath } from "@/lib/money/voucher-code";
import * as lifecycle from "./lifecycle";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";

const CARD_INCLUDE = { allowedHotels: { select: { hotelId: true } } } as const;
type CardRow = Prisma.VirtualCardGetPayload<{ include: typeof CARD_INCLUDE }>;
type CardStatus = CardRow["status"];

export function presentCard(c: CardRow) {
  return {
    card_id: c.id,
    subaccount_id: c.subaccountId,
    one_time_use: c.oneTimeUse,
    nickname: c.nickname,
    last_four: c.lastFour,
    expiration: ymd(c.expiration),
    activation: ymd(c.activation),
    organization_id: c.organizationId,
    destination: { external_id: c.destinationExternalId, name: c.destinationName, email: c.destinationEmail },
    status: c.status,
    spending_controls: presentControls(c),
  };
}

/** The same day one year later (29 February becomes 28 February). */
export function oneYearAfter(day: string): string {
  const y = Number(day.slice(0, 4)) + 1;
  const md = day.slice(5);
  return md === "02-29" ? `${y}-02-28` : `${y}-${md}`;
}

export function validateCardDates(activation: string, expiration: string, today: string) {
  if (activation < today) throw badRequest(`activation: debe ser hoy (${today}) o una fecha futura`);
  if (expiration <= activation) throw badRequest("expiration: debe ser posterior a activation");
  const limit = oneYearAfter(today);
  if (expiration > limit) throw badRequest(`expiration: debe ser como máximo un año desde hoy (${limit})`);
}

const CARD_CREATED = "Tarjeta virtual creada; queda congelada hasta su fecha de activación";

export async function createVirtualCard(db: Database, principal: Principal, input: CreateCardInput, now: Date, effectKey?: EffectKey | null) {
  // An earlier attempt with this Idempotency-Key issued the card (and maybe crashed): answer with it, issue no other.
  const earlierCard = async () => (effectKey ? earlierEffect(effectKey, await db.prisma.virtualCard.findUnique({ where: effectWhere(effectKey), include: CARD_INCLUDE })) : null);
  const earlier = await earlierCard();
  if (earlier) return { msg: CARD_CREATED, data: presentCard(earlier) };
  const today = bogotaDate(now);
  validateCardDates(input.activation, input.expiration, today);
  const org = await organizationForCaller(db, principal, input.organization_id);
  const controls = await resolveControls(db.prisma, input.spending_controls, "spending_controls");
  const issuer = cardIssuer();
  for (let attempt = 0; attempt < 5; attempt++) {
    const issued = await issuer.issue({ accountHolderId: org.accountHolderId, expiration: input.expiration });
    try {
      const card = await db.prisma.$transaction(async (tx) => {
        const row = await tx.virtualCard.create({
          data: {
            id: `vc_${crypto.randomBytes(9).toString("base64url")}`,
            subaccountId: issued.subaccountId,
            organizationId: org.id,
            agencyId: org.accountHolder.agencyId,
            cardName: input.card_name,
            oneTimeUse: input.one_time_use,
            nickname: `VC-${input.external_reference}`,
            lastFour: issued.lastFour,
            brand: issued.brand,
            expiration: dateOnly(input.expiration),
            activation: dateOnly(input.activation),
            status: "frozen",
            destinationExternalId: input.destination.external_id,
            destinationName: input.destination.name,
            destinationEmail: input.destination.email,
            externalReference: input.external_reference,
            numberEncrypted: issued.numberEncrypted,
            cvcEncrypted: issued.cvcEncrypted,
            numberHash: issued.numberHash,
            expMonth: issued.expMonth,
            expYear: issued.expYear,
            limitPerAuthorization: controls.limitPerAuthorization,
            limitAllTime: controls.limitAllTime,
            createdAt: now,
            ...effectColumns(effectKey),
          },
        });
        await writeCardHotels(tx, row.id, controls.hotelIds);
        await tx.virtualCardEvent.create({ data: { cardId: row.id, fromStatus: null, toStatus: "frozen", reason: lifecycle.CARD_REASONS.created, at: now } });
        return tx.virtualCard.findUniqueOrThrow({ where: { id: row.id }, include: CARD_INCLUDE });
      });
      return { msg: CARD_CREATED, data: presentCard(card) };
    } catch (e) {
      const first = isEffectKeyViolation(e) ? await earlierCard() : null;
      if (first) return { msg: CARD_CREATED, data: presentCard(first) };
      // A number already issued (unique number_hash): draw another one.
      if ((e as { code?: string }).code === "P2002" && attempt < 4) continue;
      throw e;
    }
  }
  throw new HttpError(500, "No se pudo emitir un número de tarjeta único");
}

export interface CardFilters {
  status?: CardStatus;
  organization_id?: number;
  one_time_use?: boolean;
  agency_id?: number;
  search?: string;
}

export async function listVirtualCards(db: Database, principal: Principal, f: CardFilters) {
  const where: Prisma.VirtualCardWhereInput = {
    agencyId: principal.role === "agency" ? principal.agencyId! : f.agency_id,
    status: f.status,
    organizationId: f.organization_id,
    oneTimeUse: f.one_time_use,
  };
  if (f.search) {
    where.OR = [
      { nickname: { contains: f.search, mode: "insensitive" } },
      { cardName: { contains: f.search, mode: "insensitive" } },
      { lastFour: { contains: f.search } },
      { destinationName: { contains: f.search, mode: "insensitive" } },
    ];
  }
  const rows = await db.prisma.virtualCard.findMany({ where, include: CARD_INCLUDE, orderBy: { createdAt: "desc" }, take: 500 });
  return rows.map((c) => ({ ...presentCard(c), card_name: c.cardName, created_at: isoBogota(c.createdAt) }));
}

async function cardForCaller(db: Database, principal: Principal, cardId: string) {
  const card = await db.prisma.virtualCard.findUnique({ where: { id: cardId }, include: CARD_INCLUDE });
  if (!card) throw doesNotExist(`La tarjeta ${cardId} no existe`);
  assertSameAgency(principal, card.agencyId, `La tarjeta ${cardId}`);
  return card;
}

export async function getVirtualCard(db: Database, principal: Principal, cardId: string) {
  const card = await cardForCaller(db, principal, cardId);
  const history = await db.prisma.virtualCardEvent.findMany({ where: { cardId }, orderBy: { id: "asc" } });
  const hotels = await db.prisma.hotel.findMany({ where: { id: { in: card.allowedHotels.map((h) => h.hotelId) } }, select: { id: true, name: true, city: true }, orderBy: { name: "asc" } });
  const org = await db.prisma.organization.findUnique({ where: { id: card.organizationId }, select: { name: true, accountHolder: { select: { firstName: true, lastName: true } } } });
  const spent = await cardSpent(db.prisma, card.id);
  return {
    ...presentCard(card),
    card_name: card.cardName,
    external_reference: card.externalReference,
    brand: card.brand,
    agency_id: card.agencyId,
    used_at: card.usedAt ? isoBogota(card.usedAt) : null,
    created_at: isoBogota(card.createdAt),
    history: history.map((e) => ({ from_status: e.fromStatus, to_status: e.toStatus, reason: e.reason, at: isoBogota(e.at) })),
    ...spendingSummary(card.limitAllTime, spent),
    allowed_hotels: hotels.map((h) => ({ hotel_id: h.id, name: h.name, city: h.city })),
    account_holder_name: org ? `${org.accountHolder.firstName} ${org.accountHolder.lastName}` : "",
    organization_name: org?.name ?? "",
  };
}

/** One transition of the card's lifecycle, in its own transaction; the card as it is after, or null when refused. */
async function transition(db: Database, card: CardRow, move: (tx: Prisma.TransactionClient, cardId: string, now: Date) => Promise<boolean>, now: Date) {
  return db.prisma.$transaction(async (tx) => {
    if (!(await move(tx, card.id, now))) return null;
    return tx.virtualCard.findUniqueOrThrow({ where: { id: card.id }, include: CARD_INCLUDE });
  });
}

/** The card as a person knows it (its nickname and last four digits), never its internal id. */
const cardLabel = (card: { nickname: string; lastFour: string }) => `${card.nickname} (•••• ${card.lastFour})`;

const stateConflict = (card: CardRow, action: string) =>
  wrongState(
    card.status === "cancelled"
      ? `La tarjeta ${cardLabel(card)} está cancelada; no se puede ${action}`
      : `La tarjeta ${cardLabel(card)} está ${card.status === "frozen" ? "congelada" : "activa"}; no se puede ${action}`,
  );

export async function freezeVirtualCard(db: Database, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status !== "active") throw stateConflict(card, "congelar");
  const updated = await transition(db, card, lifecycle.freeze, now);
  if (!updated) {
    card = await db.prisma.virtualCard.findUniqueOrThrow({ where: { id: cardId }, include: CARD_INCLUDE });
    throw stateConflict(card, "congelar");
  }
  return { msg: "Tarjeta congelada", data: presentCard(updated) };
}

export async function unfreezeVirtualCard(db: Database, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status !== "frozen") throw stateConflict(card, "descongelar");
  const today = bogotaDate(now);
  const activation = ymd(card.activation);
  if (today < activation) throw wrongState(`La tarjeta se activa el ${activation}; no puede descongelarse antes`);
  if (today >= ymd(card.expiration)) throw wrongState(`La tarjeta venció el ${ymd(card.expiration)}; no puede descongelarse`);
  const updated = await transition(db, card, lifecycle.unfreeze, now);
  if (!updated) {
    card = await db.prisma.virtualCard.findUniqueOrThrow({ where: { id: cardId }, include: CARD_INCLUDE });
    throw stateConflict(card, "descongelar");
  }
  return { msg: "Tarjeta activa", data: presentCard(updated) };
}

export async function cancelVirtualCard(db: Database, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status === "cancelled") throw stateConflict(card, "cancelar");
  const updated = await transition(db, card, lifecycle.cancel, now);
  if (!updated) {
    card = await db.prisma.virtualCard.findUniqueOrThrow({ where: { id: cardId }, include: CARD_INCLUDE });
    throw stateConflict(card, "cancelar");
  }
  return { msg: "Tarjeta cancelada", data: presentCard(updated) };
}

export async function sandboxCardDetails(db: Database, principal: Principal, cardId: string) {
  const card = await cardForCaller(db, principal, cardId);
  const details = cardIssuer().sandboxDetails(card);
  if (!details) throw notFound("Los datos completos solo existen con el emisor de pruebas (sandbox)");
  return details;
}

/**
 * PATCH /v1/virtual-cards/{card_id}: replaces the parts of the spending controls the body names (an omitted part is
 * kept; an empty list removes it). Under the card's row lock, so no charge is decided half-way through the change;
 * recorded as a virtual_card_events row. A cancelled card is final (409).
 */
export async function updateCardControls(db: Database, principal: Principal, cardId: string, input: SpendingControlsInput, now: Date) {
  const card = await cardForCaller(db, principal, cardId);
  if (card.status === "cancelled") throw wrongState(`La tarjeta ${cardLabel(card)} está cancelada; sus controles de gasto ya no se pueden cambiar`);
  const next = await resolveControls(db.prisma, input, "spending_controls");
  const updated = await db.prisma.$transaction(async (tx) => {
    const row = await lockCardControls(tx, card.id);
    if (!row || row.status === "cancelled") return null;
    const limits = input.spending_limits;
    await tx.virtualCard.update({
      where: { id: card.id },
      data: limits === undefined ? {} : { limitPerAuthorization: next.limitPerAuthorization, limitAllTime: next.limitAllTime },
    });
    if (input.allowed_hotel_ids !== undefined) await writeCardHotels(tx, card.id, next.hotelIds);
    await tx.virtualCardEvent.create({ data: { cardId: card.id, fromStatus: row.status, toStatus: row.status, reason: lifecycle.CARD_REASONS.spendingControlsUpdated, at: now } });
    return tx.virtualCard.findUniqueOrThrow({ where: { id: card.id }, include: CARD_INCLUDE });
  });
  if (!updated) throw wrongState(`La tarjeta ${cardLabel(card)} está cancelada; sus controles de gasto ya no se pueden cambiar`);
  return { msg: "Controles de gasto actualizados", data: presentCard(updated) };
}

export interface CardTransactionsQuery {
  status?: "pending" | "approved" | "rejected" | "refunded";
  page?: number;
  per_page?: number;
}

/**
 * GET /v1/virtual-cards/{card_id}/transactions: every charge attempted with the card, approved or declined (an
 * issuer's authorizations), newest first. The receipt link only for the card's own agency's charges (or the
 * operator): another payer's receipt names its guest.
 */
export async function listCardTransactions(db: Database, principal: Principal, cardId: string, q: CardTransactionsQuery) {
  const card = await cardForCaller(db, principal, cardId);
  const where: Prisma.PaymentTransactionWhereInput = { virtualCardId: card.id, ...(q.status ? { status: q.status } : {}) };
  const perPage = q.per_page ?? 20;
  const page = q.page ?? 1;
  const [total, rows] = await Promise.all([
    db.prisma.paymentTransaction.count({ where }),
    db.prisma.paymentTransaction.findMany({
      where,
      include: { hotel: { select: { name: true } }, voucher: { select: { code: true } } },
      orderBy: [{ createdAt: "desc" }, { apmDetailId: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
  ]);
  const ownReceipts = principal.role === "operator";
  return {
    total,
    page,
    per_page: perPage,
    items: rows.map((t) => ({
      transaction_id: t.id,
      status: t.status as NonNullable<CardTransactionsQuery["status"]>,
      amount: t.amount.toNumber(),
      currency: t.currency,
      hotel_id: t.hotelId,
      hotel_name: t.hotel.name,
      decline_code: t.declineCode,
      decline_reason: t.declineReason,
      refunded_amount: t.refundedAmount.toNumber(),
      voucher_url: t.voucher && (ownReceipts || t.agencyId === card.agencyId) ? voucherPath(t.voucher.code) : null,
      created_at: isoBogota(t.createdAt),
      completed_at: t.completedAt ? isoBogota(t.completedAt) : null,
    })),
  };
}
