// The calendar's plain SQL (issue 25; the model is lib/reservations/store.ts), one named function per query with
// its reason. All fixed text. Everything else of the calendar is Prisma (ctx.database.prisma).
import type { Database } from "@/lib/db";

export type PostKind = "event" | "venue" | "organizer" | "image";

/** Which table of the shared id space holds an id (null: none). Plain SQL: one `UNION ALL` over four tables in one round trip, which Prisma would make four queries. */
export async function postKindOf(database: Database, id: number): Promise<PostKind | null> {
  const rows = await database.sql.query<{ kind: PostKind }>(
    `SELECT 'event' AS kind FROM calendar_events WHERE id = $1
     UNION ALL SELECT 'venue' FROM calendar_venues WHERE id = $1
     UNION ALL SELECT 'organizer' FROM calendar_organizers WHERE id = $1
     UNION ALL SELECT 'image' FROM calendar_images WHERE id = $1`,
    [id],
  );
  return rows[0]?.kind ?? null;
}

const PUBLISHED_COUNTS = `SELECT et.term_id, COUNT(*) AS n FROM calendar_event_terms et JOIN calendar_events e ON e.id = et.event_id
     WHERE e.status = 'publish' GROUP BY et.term_id`;
const PUBLISHED_COUNTS_OF = `SELECT et.term_id, COUNT(*) AS n FROM calendar_event_terms et JOIN calendar_events e ON e.id = et.event_id
     WHERE e.status = 'publish' AND et.term_id = ANY($1::int[]) GROUP BY et.term_id`;

/** Published events per term (all terms, or those given), as WordPress keeps term counts. Plain SQL: a count grouped over a join filtered on the joined table, which Prisma's groupBy cannot express. */
export async function publishedEventCounts(database: Database, termIds?: number[]): Promise<Map<number, number>> {
  const rows = await database.sql.query<{ term_id: number; n: number | string }>(termIds ? PUBLISHED_COUNTS_OF : PUBLISHED_COUNTS, termIds ? [termIds] : []);
  return new Map(rows.map((r) => [Number(r.term_id), Number(r.n)]));
}

const TRASH = {
  event: "UPDATE calendar_events SET status_before_trash = status, status = 'trash' WHERE id = $1 AND status <> 'trash' RETURNING id",
  venue: "UPDATE calendar_venues SET status_before_trash = status, status = 'trash' WHERE id = $1 AND status <> 'trash' RETURNING id",
  organizer: "UPDATE calendar_organizers SET status_before_trash = status, status = 'trash' WHERE id = $1 AND status <> 'trash' RETURNING id",
} as const;

/** Moves an event, venue or organizer to the trash, keeping its status to restore; false when it was there already (of two concurrent deletes only one wins). Plain SQL: a conditional update that copies one column into another, which Prisma cannot express. */
export async function moveToTrash(database: Database, kind: keyof typeof TRASH, id: number): Promise<boolean> {
  const rows = await database.sql.query<{ id: number }>(TRASH[kind], [id]);
  return rows.length > 0;
}
