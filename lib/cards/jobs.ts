// Job `virtual-cards` (docs/decisions.md 9.1, 10.6): frozen -> active on the activation date, active/frozen ->
// cancelled on the expiration date, in Bogotá dates of `now`. Each transition is one statement that claims its
// rows with SKIP LOCKED and writes the event with the change, so two runs at once change each card once.
import type { Job } from "@/lib/cron/job";
import { bogotaDate } from "@/lib/time";
import type { PrismaClient } from "@/lib/db/generated/client";
import { CARD_REASONS } from "./service";

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

export async function runCardLifecycle(db: PrismaClient, now: Date): Promise<{ activated: number; cancelled: number }> {
  const today = bogotaDate(now);
  const cancelled = await db.$queryRawUnsafe<{ card_id: string }[]>(EXPIRE_SQL, today, now);
  const activated = await db.$queryRawUnsafe<{ card_id: string }[]>(ACTIVATE_SQL, today, now);
  return { activated: activated.length, cancelled: cancelled.length };
}

export const virtualCardsJob: Job = {
  name: "virtual-cards",
  summary: "Tarjetas virtuales: activar en la fecha de activación y cancelar en la de vencimiento (fechas de Bogotá)",
  async run({ db, now, log }) {
    const r = await runCardLifecycle(db, now);
    if (r.activated + r.cancelled > 0) log.info("virtual_cards_lifecycle", r);
    return r.activated + r.cancelled;
  },
};
