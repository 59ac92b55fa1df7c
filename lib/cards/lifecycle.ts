// The virtual card's lifecycle (docs/decisions.md 10.6 "The card's lifecycle"): every change of
// `virtual_cards.status` is one of the named transitions below, run inside the caller's transaction (or, for the
// daily ones, one statement over every card due). Each is guarded by a conditional write (`UPDATE … WHERE status IN
// (<from>) … RETURNING`) and writes its `virtual_card_events` row in the same statement or transaction. Nothing else
// writes the status column: lib/cards/lifecycle.test.ts scans for other writers and compares TRANSITIONS with the
// diagram. Plain SQL: conditional updates with RETURNING, and the daily ones as one statement with their events.
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;
export type CardStatus = "frozen" | "active" | "cancelled";

/** Reasons written to virtual_card_events. */
export const CARD_REASONS = {
  created: "created",
  activationDate: "activation_date",
  expirationDate: "expiration_date",
  frozenByUser: "frozen_by_user",
  unfrozenByUser: "unfrozen_by_user",
  cancelledByUser: "cancelled_by_user",
  oneTimeUsePayment: "one_time_use_payment",
  /** Not a change of state: the owner changed the spending controls (the event keeps the status it had). */
  spendingControlsUpdated: "spending_controls_updated",
} as const;

/** Every transition; `issue` is the creation (lib/cards/service.ts createVirtualCard inserts it `frozen`). */
export const TRANSITIONS = {
  issue: { from: null, to: "frozen" },
  /** The job, on the activation date, for a card never active before. */
  activate: { from: ["frozen"], to: "active" },
  /** The job, on the expiration date. */
  expire: { from: ["active", "frozen"], to: "cancelled" },
  freeze: { from: ["active"], to: "frozen" },
  unfreeze: { from: ["frozen"], to: "active" },
  cancel: { from: ["frozen", "active"], to: "cancelled" },
  /** A one-time card used up by the payment that claims it. */
  consume: { from: ["active"], to: "cancelled" },
  /** The charge that used up a one-time card was not completed: usable again. */
  giveBack: { from: ["cancelled"], to: "active" },
} as const satisfies Record<string, { from: readonly CardStatus[] | null; to: CardStatus }>;

type Name = Exclude<keyof typeof TRANSITIONS, "issue">;
const fromList = (name: Name) => (TRANSITIONS[name].from as readonly string[]).map((s) => `'${s}'`).join(", ");

/**
 * The guarded write: the card row locked (its state read), then changed only from a from-state (with `set`, more
 * assignments, and `also`, more conditions; $1 the id, then `args`); the event written. True when it changed the card.
 */
async function transition(tx: Tx, name: Name, cardId: string, reason: string, now: Date, set = "", also = "", args: unknown[] = []): Promise<boolean> {
  const t = TRANSITIONS[name];
  const locked = await tx.$queryRawUnsafe<{ status: CardStatus }[]>(`SELECT status::text AS status FROM virtual_cards WHERE id = $1 FOR UPDATE`, cardId);
  const from = locked[0]?.status;
  if (!from || !(t.from as readonly string[]).includes(from)) return false;
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE virtual_cards SET status = '${t.to}'${set ? `, ${set}` : ""} WHERE id = $1 AND status IN (${fromList(name)})${also ? ` AND ${also}` : ""} RETURNING id`,
    cardId,
    ...args,
  );
  if (rows.length === 0) return false;
  await tx.virtualCardEvent.create({ data: { cardId, fromStatus: from, toStatus: t.to, reason, at: now } });
  return true;
}

/** active → frozen, by its owner or an operator. */
export const freeze = (tx: Tx, cardId: string, now: Date) => transition(tx, "freeze", cardId, CARD_REASONS.frozenByUser, now);

/** frozen → active, by its owner or an operator (the dates are checked by the caller). */
export const unfreeze = (tx: Tx, cardId: string, now: Date) => transition(tx, "unfreeze", cardId, CARD_REASONS.unfrozenByUser, now);

/** frozen or active → cancelled, by its owner or an operator (final). */
export const cancel = (tx: Tx, cardId: string, now: Date) => transition(tx, "cancel", cardId, CARD_REASONS.cancelledByUser, now);

/** A one-time card is used up by the payment that claims it (active → cancelled); true when this payment got it. */
export const consumeOneTime = (tx: Tx, cardId: string, now: Date) =>
  transition(tx, "consume", cardId, CARD_REASONS.oneTimeUsePayment, now, "used_at = $2::timestamptz", "one_time_use", [now.toISOString()]);

/**
 * The one-time card consumed by a claim made at `claimedAt` (its used_at) is usable again (cancelled → active):
 * nothing was charged. Not once it expired.
 */
export const giveBackOneTime = (tx: Tx, cardId: string, claimedAt: Date, now: Date) =>
  transition(tx, "giveBack", cardId, "payment_not_completed", now, "used_at = NULL", "one_time_use AND used_at = $2::timestamptz AND expiration >= $3::date", [
    claimedAt.toISOString(),
    now.toISOString().slice(0, 10),
  ]);

// The daily transitions (job `virtual-cards`): one statement each claims its rows with SKIP LOCKED and writes the
// events with the change, so two runs at once change each card once.
const EXPIRE_SQL = `
WITH due AS (
  SELECT id, status FROM virtual_cards
  WHERE status IN ('active', 'frozen') AND expiration <= $1::date
  ORDER BY expiration
  LIMIT 1000
  FOR UPDATE SKIP LOCKED
), changed AS (
  UPDATE virtual_cards c SET status = 'cancelled'
  FROM due WHERE c.id = due.id AND c.status = due.status
  RETURNING c.id, due.status AS from_status
)
INSERT INTO virtual_card_events (card_id, from_status, to_status, reason, at)
SELECT id, from_status, 'cancelled'::"CardStatus", '${CARD_REASONS.expirationDate}', $2::timestamptz FROM changed
RETURNING card_id`;

// Only cards frozen since creation: a card that has been active before and is frozen now was frozen by its owner.
const ACTIVATE_SQL = `
WITH due AS (
  SELECT c.id FROM virtual_cards c
  WHERE c.status = 'frozen' AND c.activation <= $1::date AND c.expiration > $1::date
    AND NOT EXISTS (SELECT 1 FROM virtual_card_events e WHERE e.card_id = c.id AND e.to_status = 'active')
  ORDER BY c.activation
  LIMIT 1000
  FOR UPDATE OF c SKIP LOCKED
), changed AS (
  UPDATE virtual_cards c SET status = 'active'
  FROM due WHERE c.id = due.id AND c.status = 'frozen'
  RETURNING c.id
)
INSERT INTO virtual_card_events (card_id, from_status, to_status, reason, at)
SELECT id, 'frozen'::"CardStatus", 'active'::"CardStatus", '${CARD_REASONS.activationDate}', $2::timestamptz FROM changed
RETURNING card_id`;

/** active or frozen → cancelled for every card whose expiration date (Bogotá `today`) came; their ids. */
export async function expireDue(db: Tx, today: string, now: Date): Promise<string[]> {
  return (await db.$queryRawUnsafe<{ card_id: string }[]>(EXPIRE_SQL, today, now)).map((r) => r.card_id);
}

/** frozen → active for every card never active before whose activation date came; their ids. */
export async function activateDue(db: Tx, today: string, now: Date): Promise<string[]> {
  return (await db.$queryRawUnsafe<{ card_id: string }[]>(ACTIVATE_SQL, today, now)).map((r) => r.card_id);
}
