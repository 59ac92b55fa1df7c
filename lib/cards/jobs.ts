// Job `virtual-cards` (docs/decisions.md 9.1, 10.6): frozen -> active on the activation date, active/frozen ->
// cancelled on the expiration date, in Bogotá dates of `now`. Each transition is one statement that claims its
// rows with SKIP LOCKED and writes the event with the change, so two runs at once change each card once.
import type { Job } from "@/lib/cron/job";
import { bogotaDate } from "@/lib/time";
import type { Database } from "@/lib/db";
import { activateDue, expireDue } from "./lifecycle";

export async function runCardLifecycle(db: Database, now: Date): Promise<{ activated: number; cancelled: number }> {
  const today = bogotaDate(now);
  const cancelled = await expireDue(db.prisma, today, now);
  const activated = await activateDue(db.prisma, today, now);
  return { activated: activated.length, cancelled: cancelled.length };
}

export const virtualCardsJob: Job = {
  name: "virtual-cards",
  summary: "Tarjetas virtuales: activar en la fecha de activación y cancelar en la de vencimiento (fechas de Bogotá)",
  async run({ database, now, log }) {
    const r = await runCardLifecycle(database, now);
    if (r.activated + r.cancelled > 0) log.info("virtual_cards_lifecycle", r);
    return r.activated + r.cancelled;
  },
};
