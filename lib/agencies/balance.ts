// Preloaded-balance ledger: top-ups by the operator, debits when a reservation is paid from balance, refunds back.
// agencies.balance never goes negative: debits are a conditional UPDATE and a CHECK constraint backs it.
import type { PrismaClient } from "@/lib/db/generated/client";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { conflict, notFound } from "@/lib/http/errors";
import { isoBogota } from "@/lib/time";
import { emailBalanceLow } from "@/lib/mail/notices";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";

type Tx = Prisma.TransactionClient;
type EntryRow = { id: number; kind: string; amount: Prisma.Decimal; balanceAfter: Prisma.Decimal; reservationId: string | null; note: string | null; createdAt: Date };

export const presentEntry = (e: EntryRow) => ({
  id: e.id,
  kind: e.kind,
  amount: e.amount,
  balance_after: e.balanceAfter,
  reservation_id: e.reservationId,
  note: e.note,
  created_at: isoBogota(e.createdAt),
});

/**
 * Takes `amount` from a preloaded agency's balance inside the caller's transaction and writes the ledger entry.
 * Throws a 409 HttpError when the balance does not cover it (nothing changes then).
 */
export async function debitBalance(tx: Tx, agencyId: number, amount: Prisma.Decimal | string, reservationId: string | null, now: Date, note?: string) {
  const value = new Prisma.Decimal(amount);
  if (value.lte(0)) throw new Error("debitBalance: amount must be positive");
  const rows = await tx.$queryRawUnsafe<{ balance: string; threshold: string | null }[]>(
    `UPDATE agencies SET balance = balance - $1::numeric, updated_at = $3 WHERE id = $2 AND is_preloaded AND balance >= $1::numeric
     RETURNING balance::text AS balance, balance_alert_threshold::text AS threshold`,
    value.toFixed(2),
    agencyId,
    now,
  );
  if (rows.length === 0) {
    const agency = await tx.agency.findUnique({ where: { id: agencyId }, select: { balance: true, isPreloaded: true } });
    if (!agency) throw notFound(`La agencia ${agencyId} no existe`);
    if (!agency.isPreloaded) throw conflict("La agencia no usa saldo precargado");
    throw conflict(`Saldo insuficiente: disponible ${agency.balance.toFixed(2)} COP, requerido ${value.toFixed(2)} COP`);
  }
  const entry = await tx.balanceEntry.create({
    data: { agencyId, amount: value.neg(), balanceAfter: new Prisma.Decimal(rows[0].balance), kind: "debit", reservationId, note: note ?? null, createdAt: now },
  });
  // Crossed below the agency's alert (it was at or above before this debit): one notice per crossing.
  const { balance, threshold } = rows[0];
  if (threshold !== null && new Prisma.Decimal(balance).lt(threshold) && new Prisma.Decimal(balance).add(value).gte(threshold)) {
    await emailBalanceLow(tx, agencyId, { entryId: entry.id, balance, threshold, reservationId }, now);
  }
  return presentEntry(entry);
}

/**
 * Gives `amount` back to an agency's balance inside the caller's transaction (a refund of a balance payment) and writes
 * the ledger entry (kind "refund"). Works whether or not the agency is still preloaded: the money was theirs.
 */
export async function creditBalance(tx: Tx, agencyId: number, amount: Prisma.Decimal | string, reservationId: string | null, now: Date, note: string) {
  const value = new Prisma.Decimal(amount);
  if (value.lte(0)) throw new Error("creditBalance: amount must be positive");
  const rows = await tx.$queryRawUnsafe<{ balance: string }[]>(
    `UPDATE agencies SET balance = balance + $1::numeric, updated_at = $3 WHERE id = $2 RETURNING balance::text AS balance`,
    value.toFixed(2),
    agencyId,
    now,
  );
  if (rows.length === 0) throw notFound(`La agencia ${agencyId} no existe`);
  const entry = await tx.balanceEntry.create({
    data: { agencyId, amount: value, balanceAfter: new Prisma.Decimal(rows[0].balance), kind: "refund", reservationId, note, createdAt: now },
  });
  return presentEntry(entry);
}

export async function topUpBalance(db: PrismaClient, agencyId: number, input: { amount: string; note?: string }, now: Date, effectKey?: EffectKey | null) {
  // An earlier attempt with this Idempotency-Key recorded the top-up (and maybe crashed): answer with it, credit once.
  const earlierEntry = async () => (effectKey ? earlierEffect(effectKey, await db.balanceEntry.findUnique({ where: effectWhere(effectKey) })) : null);
  const toppedUp = (entry: Awaited<ReturnType<typeof earlierEntry>> & object) => ({ msg: "Recarga registrada", balance: entry.balanceAfter, entry: presentEntry(entry) });
  const earlier = await earlierEntry();
  if (earlier) return toppedUp(earlier);
  const agency = await db.agency.findUnique({ where: { id: agencyId } });
  if (!agency) throw notFound(`La agencia ${agencyId} no existe`);
  if (!agency.isPreloaded) throw conflict("La agencia no usa saldo precargado; márquela como is_preloaded primero");
  return db
    .$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ balance: string }[]>(
      `UPDATE agencies SET balance = balance + $1::numeric, updated_at = $3 WHERE id = $2 RETURNING balance::text AS balance`,
      input.amount,
      agencyId,
      now,
    );
    const entry = await tx.balanceEntry.create({
      data: { agencyId, amount: new Prisma.Decimal(input.amount), balanceAfter: new Prisma.Decimal(rows[0].balance), kind: "topup", note: input.note ?? null, createdAt: now, ...effectColumns(effectKey) },
    });
    return { msg: "Recarga registrada", balance: new Prisma.Decimal(rows[0].balance), entry: presentEntry(entry) };
  })
    .catch(async (e: unknown) => {
      // A concurrent attempt with this key recorded its top-up first (this one's credit rolled back).
      const first = isEffectKeyViolation(e) ? await earlierEntry() : null;
      if (!first) throw e;
      return toppedUp(first);
    });
}

export async function getBalance(db: PrismaClient, principal: Principal, agencyId: number) {
  assertSameAgency(principal, agencyId, `La agencia ${agencyId}`);
  const agency = await db.agency.findUnique({ where: { id: agencyId } });
  if (!agency) throw notFound(`La agencia ${agencyId} no existe`);
  const entries = await db.balanceEntry.findMany({ where: { agencyId }, orderBy: { id: "desc" }, take: 200 });
  return { agency_id: agency.id, is_preloaded: agency.isPreloaded, currency: "COP" as const, balance: agency.balance, entries: entries.map(presentEntry) };
}
