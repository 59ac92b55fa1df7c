// Queues of work owed to someone outside (docs/deploy.md "Metrics"): each is one line here, read at every scrape
// as hotelpay_outbox_depth{outbox} (items waiting) and hotelpay_outbox_oldest_seconds{outbox} (how long the oldest
// has waited). A new outbox (e-mail, channel-manager pushes ...) adds a line with its own two-number query.
import type { Database } from "@/lib/db/open";

export interface OutboxGauge {
  name: string;
  /** One row: `depth` items waiting, `oldest` seconds the oldest has waited (null when empty). */
  sql: string;
}

export const OUTBOXES: OutboxGauge[] = [];

/** Registers an outbox for /api/metrics. */
export function registerOutbox(name: string, sql: string): void {
  if (!OUTBOXES.some((o) => o.name === name)) OUTBOXES.push({ name, sql });
}

registerOutbox("webhooks", `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM webhook_deliveries WHERE status = 'pending'`);
registerOutbox("emails", `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM emails WHERE status = 'pending'`);
registerOutbox("channel_releases", `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(updated_at))::float8 AS oldest FROM channel_holds WHERE state = 'releasing'`);
registerOutbox("channel_guest_syncs", `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(updated_at))::float8 AS oldest FROM channel_guest_syncs WHERE sent_version < version`);
registerOutbox("channex_pushes", `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(updated_at))::float8 AS oldest FROM channex_bookings WHERE state IN ('owed', 'uncertain', 'pushed', 'cancel_owed') OR (state = 'confirmed' AND modify_owed)`);

export async function readOutboxes(database: Database): Promise<Array<{ name: string; depth: number; oldest: number }>> {
  return Promise.all(
    OUTBOXES.map(async (o) => {
      const [row] = await database.sql.query<{ depth: number; oldest: number | null }>(o.sql);
      return { name: o.name, depth: Number(row?.depth ?? 0), oldest: Number(row?.oldest ?? 0) };
    }),
  );
}
