// Virtual cards (4.6; docs/decisions.md 10.6): created frozen, active on the activation date,
// cancelled on the expiration date; owners may freeze, unfreeze and cancel. Every change is a virtual_card_events row.
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { badRequest, conflict, notFound, HttpError } from "@/lib/http/errors";
import { bogotaDate, dateOnly, ymd, isoBogota } from "@/lib/time";
import { cardIssuer } from "@/lib/gateways/card-issuer";
import { organizationForCaller } from "./organizations";
import type { CreateCardInput } from "./schema";

type CardRow = Prisma.VirtualCardGetPayload<object>;
type CardStatus = CardRow["status"];

/** Reasons written to virtual_card_events. */
export const CARD_REASONS = {
  created: "created",
  activationDate: "activation_date",
  expirationDate: "expiration_date",
  frozenByUser: "frozen_by_user",
  unfrozenByUser: "unfrozen_by_user",
  cancelledByUser: "cancelled_by_user",
  oneTimeUsePayment: "one_time_use_payment",
} as const;

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

export async function createVirtualCard(db: PrismaClient, principal: Principal, input: CreateCardInput, now: Date) {
  const today = bogotaDate(now);
  validateCardDates(input.activation, input.expiration, today);
  const org = await organizationForCaller(db, principal, input.organization_id);
  const issuer = cardIssuer();
  for (let attempt = 0; attempt < 5; attempt++) {
    const issued = await issuer.issue({ accountHolderId: org.accountHolderId, expiration: input.expiration });
    try {
      const card = await db.$transaction(async (tx) => {
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
            createdAt: now,
          },
        });
        await tx.virtualCardEvent.create({ data: { cardId: row.id, fromStatus: null, toStatus: "frozen", reason: CARD_REASONS.created, at: now } });
        return row;
      });
      return { msg: "Tarjeta virtual creada; queda congelada hasta su fecha de activación", data: presentCard(card) };
    } catch (e) {
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

export async function listVirtualCards(db: PrismaClient, principal: Principal, f: CardFilters) {
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
  const rows = await db.virtualCard.findMany({ where, orderBy: { createdAt: "desc" }, take: 500 });
  return rows.map((c) => ({ ...presentCard(c), card_name: c.cardName, created_at: isoBogota(c.createdAt) }));
}

async function cardForCaller(db: PrismaClient, principal: Principal, cardId: string) {
  const card = await db.virtualCard.findUnique({ where: { id: cardId } });
  if (!card) throw notFound(`La tarjeta ${cardId} no existe`);
  assertSameAgency(principal, card.agencyId, `La tarjeta ${cardId}`);
  return card;
}

export async function getVirtualCard(db: PrismaClient, principal: Principal, cardId: string) {
  const card = await cardForCaller(db, principal, cardId);
  const history = await db.virtualCardEvent.findMany({ where: { cardId }, orderBy: { id: "asc" } });
  return {
    ...presentCard(card),
    card_name: card.cardName,
    external_reference: card.externalReference,
    brand: card.brand,
    agency_id: card.agencyId,
    used_at: card.usedAt ? isoBogota(card.usedAt) : null,
    created_at: isoBogota(card.createdAt),
    history: history.map((e) => ({ from_status: e.fromStatus, to_status: e.toStatus, reason: e.reason, at: isoBogota(e.at) })),
  };
}

/** One conditional transition: only from `from`, recorded with its event in the same transaction. */
async function transition(db: PrismaClient, card: CardRow, from: CardStatus[], to: CardStatus, reason: string, now: Date) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.virtualCard.updateMany({ where: { id: card.id, status: { in: from } }, data: { status: to } });
    if (count === 0) return null;
    await tx.virtualCardEvent.create({ data: { cardId: card.id, fromStatus: card.status, toStatus: to, reason, at: now } });
    return tx.virtualCard.findUniqueOrThrow({ where: { id: card.id } });
  });
}

const stateConflict = (card: CardRow, action: string) =>
  conflict(
    card.status === "cancelled"
      ? `La tarjeta ${card.id} está cancelada; no se puede ${action}`
      : `La tarjeta ${card.id} está ${card.status === "frozen" ? "congelada" : "activa"}; no se puede ${action}`,
  );

export async function freezeVirtualCard(db: PrismaClient, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status !== "active") throw stateConflict(card, "congelar");
  const updated = await transition(db, card, ["active"], "frozen", CARD_REASONS.frozenByUser, now);
  if (!updated) {
    card = await db.virtualCard.findUniqueOrThrow({ where: { id: cardId } });
    throw stateConflict(card, "congelar");
  }
  return { msg: "Tarjeta congelada", data: presentCard(updated) };
}

export async function unfreezeVirtualCard(db: PrismaClient, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status !== "frozen") throw stateConflict(card, "descongelar");
  const today = bogotaDate(now);
  const activation = ymd(card.activation);
  if (today < activation) throw conflict(`La tarjeta se activa el ${activation}; no puede descongelarse antes`);
  if (today >= ymd(card.expiration)) throw conflict(`La tarjeta venció el ${ymd(card.expiration)}; no puede descongelarse`);
  const updated = await transition(db, card, ["frozen"], "active", CARD_REASONS.unfrozenByUser, now);
  if (!updated) {
    card = await db.virtualCard.findUniqueOrThrow({ where: { id: cardId } });
    throw stateConflict(card, "descongelar");
  }
  return { msg: "Tarjeta activa", data: presentCard(updated) };
}

export async function cancelVirtualCard(db: PrismaClient, principal: Principal, cardId: string, now: Date) {
  let card = await cardForCaller(db, principal, cardId);
  if (card.status === "cancelled") throw stateConflict(card, "cancelar");
  const updated = await transition(db, card, ["frozen", "active"], "cancelled", CARD_REASONS.cancelledByUser, now);
  if (!updated) {
    card = await db.virtualCard.findUniqueOrThrow({ where: { id: cardId } });
    throw stateConflict(card, "cancelar");
  }
  return { msg: "Tarjeta cancelada", data: presentCard(updated) };
}

export async function sandboxCardDetails(db: PrismaClient, principal: Principal, cardId: string) {
  const card = await cardForCaller(db, principal, cardId);
  const details = cardIssuer().sandboxDetails(card);
  if (!details) throw notFound("Los datos completos solo existen con el emisor de pruebas (sandbox)");
  return details;
}
