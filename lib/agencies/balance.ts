// Preloaded-balance ledger: top-ups by the operator, debits when a reservation is paid from balance, refunds back.
// agencies.balance never goes negative: debits are a conditional UPDATE and a CHECK constraint backs it.
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { doesNotExist, notSupported, overLimit } from "@/lib/domain/errors";
import { isoBogota } from "@/lib/time";
import { addToBalance, takeFromBalance } from "./store";
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
 * Refuses (`over_limit`, 409 at the edges) when the balance does not cover it (nothing changes then).
 */
export async function debitBalance(tx: Tx, agencyId: number, amount: Prisma.Decimal | string, reservationId: string | null, now: Date, note?: string) {
  const value = new Prisma.Decimal(amount);
  if (value.lte(0)) throw new Error("debitBalance: amount must be positive");
  const taken = await takeFromBalance(tx, agencyId, value.toFixed(2), now);
  if (!taken) {
    const agency = await tx.agency.findUnique({ where: { id: agencyId }, select: { balance: true, isPreloaded: true } });
    if (!agency) throw doesNotExist(`La agencia ${agencyId} no existe`);
    if (!agency.isPreloaded) throw notSupported("La agencia no usa saldo precargado");
    throw overLimit(`Saldo insuficiente: disponible ${agency.balance.toFixed(2)} COP, requerido ${value.toFixed(2)} COP`);
  }
  const entry = await tx.balanceEntry.create({
    data: { agencyId, amount: value.neg(), balanceAfter: new Prisma.Decimal(taken.balance), kind: "debit", reservationId, note: note ?? null, createdAt: now },
  });
  // Crossed below the agency's alert (it was at or above before this debit): one notice per crossing.
  const { balance, threshold } = taken;
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
  const balance = await addToBalance(tx, agencyId, value.toFixed(2), now);
  if (balance === undefined) throw doesNotExist(`La agencia ${agencyId} no existe`);
  const entry = await tx.balanceEntry.create({
    data: { agencyId, amount: value, balanceAfter: new Prisma.Decimal(balance), kind: "refund", reservationId, note, createdAt: now },
  });
  return presentEntry(entry);
}

export async function topUpBalance(db: Database, agencyId: number, input: { amount: string; note?: string }, now: Date, effectKey?: EffectKey | null) {
  // An earlier attempt with this Idempotency-Key recorded the top-up (and maybe crashed): answer with it, credit once.
  const earlierEntry = async () => (effectKey ? earlierEffect(effectKey, await db.prisma.balanceEntry.findUnique({ where: effectWhere(effectKey) })) : null);
  const toppedUp = (entry: Awaited<ReturnType<typeof earlierEntry>> & object) => ({ msg: "Recarga registrada", balance: entry.balanceAfter, entry: presentEntry(entry) });
  const earlier = await earlierEntry();
  if (earlier) return toppedUp(earlier);
  const agency = await db.prisma.agency.findUnique({ where: { id: agencyId } });
  if (!agency) throw doesNotExist(`La agencia ${agencyId} no existe`);
  if (!agency.isPreloaded) throw notSupported("La agencia no usa saldo precargado; márquela como is_preloaded primero");
  return db.prisma
    .$transaction(async (tx) => {
    // The agency was read above and agencies are never deleted: the row is there.
    const balance = (await addToBalance(tx, agencyId, input.amount, now))!;
    const entry = await tx.balanceEntry.create({
      data: { agencyId, amount: new Prisma.Decimal(input.amount), balanceAfter: new Prisma.Decimal(balance), kind: "topup", note: input.note ?? null, createdAt: now, ...effectColumns(effectKey) },
    });
    return { msg: "Recarga registrada", balance: new Prisma.Decimal(balance), entry: presentEntry(entry) };
  })
    .catch(async (e: unknown) => {
      // A concurrent attempt with this key recorded its top-up first (this one's credit rolled back).
      const first = isEffectKeyViolation(e) ? await earlierEntry() : null;
      if (!first) throw e;
      return toppedUp(first);
    });
}

export async function getBalance(db: Database, principal: Principal, agencyId: number) {
  assertSameAgency(principal, agencyId, `La agencia ${agencyId}`);
  const agency = await db.prisma.agency.findUnique({ where: { id: agencyId } });
  if (!agency) throw doesNotExist(`La agencia ${agencyId} no existe`);
  const entries = await db.prisma.balanceEntry.findMany({ where: { agencyId }, orderBy: { id: "desc" }, take: 200 });
  return { agency_id: agency.id, is_preloaded: agency.isPreloaded, currency: "COP" as const, balance: agency.balance, entries: entries.map(presentEntry) };
}
