// The inventory's plain SQL that is not the search engine's (issue 25; the model is lib/reservations/store.ts). Why
// not Prisma, in general: the ARI writes touch many nights at once and must take their rows in the global lock order
// (room type, date) that a booking's hold uses (docs/reservations.md), as one statement over `unnest` arrays with
// `ORDER BY` and `FOR UPDATE`, which Prisma cannot express; the reason of each query is beside it. All are fixed text.
// The search's own hot SQL stays in its dedicated modules: engine.ts (one snapshot statement per hotel) and
// search-cache.ts (the version counters), measured by bench/ (docs/architecture.md "Database access").
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";

type Tx = Prisma.TransactionClient;

/** Creates the nights that do not exist yet, closed (0 rooms), in the order given. Plain SQL: one insert over arrays, in lock order, skipping existing rows. */
export async function openMissingNights(tx: Tx, roomTypeIds: number[], dates: string[]): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold, stop_sell, min_stay)
     SELECT u.rt, u.d, 0, 0, false, 1 FROM unnest($1::int[], $2::date[]) WITH ORDINALITY AS u(rt, d, n) ORDER BY u.n
     ON CONFLICT (room_type_id, date) DO NOTHING`,
    roomTypeIds,
    dates,
  );
}

/** Takes the rows of these nights in (room type, date) order. Plain SQL: a row lock in the global lock order. */
export async function lockNights(tx: Tx, roomTypeIds: number[], dates: string[]): Promise<void> {
  await tx.$queryRawUnsafe(
    `SELECT 1 FROM inventory_nights WHERE (room_type_id, date) IN (SELECT * FROM unnest($1::int[], $2::date[]))
     ORDER BY room_type_id, date FOR UPDATE`,
    roomTypeIds,
    dates,
  );
}

export interface NightsChange {
  roomTypeId: number;
  from: string;
  to: string;
  rooms: number | null;
  stopSell: boolean | null;
  minStay: number | null;
  closedToArrival: boolean | null;
  closedToDeparture: boolean | null;
}

/** Changes the fields sent (non-null) of a room type's nights between two dates, inclusive. Plain SQL: `coalesce` keeps each field not sent in one statement over the range. */
export async function changeNights(tx: Tx, c: NightsChange): Promise<void> {
  await tx.$executeRawUnsafe(
    `UPDATE inventory_nights SET
       rooms = coalesce($4::int, rooms),
       stop_sell = coalesce($5::boolean, stop_sell),
       min_stay = coalesce($6::int, min_stay),
       closed_to_arrival = coalesce($7::boolean, closed_to_arrival),
       closed_to_departure = coalesce($8::boolean, closed_to_departure)
     WHERE room_type_id = $1 AND date >= $2::date AND date <= $3::date`,
    c.roomTypeId,
    c.from,
    c.to,
    c.rooms,
    c.stopSell,
    c.minStay,
    c.closedToArrival,
    c.closedToDeparture,
  );
}

/** Rate-night keys as parallel arrays: rate plan ids, room type ids, dates, adult counts (0: any). */
export type RateNightKeys = [ratePlanIds: number[], roomTypeIds: number[], dates: string[], adults: number[]];

/** Sets the price of these rate nights, in the order given. Plain SQL: one upsert over arrays, in lock order. */
export async function setRateNights(tx: Tx, keys: RateNightKeys, amounts: string[]): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax)
     SELECT u.rp, u.rt, u.d, u.adults, u.amount
     FROM unnest($1::int[], $2::int[], $3::date[], $4::int[], $5::numeric[]) WITH ORDINALITY AS u(rp, rt, d, adults, amount, n)
     ORDER BY u.n
     ON CONFLICT (room_type_id, rate_plan_id, date, adults) DO UPDATE SET amount_before_tax = EXCLUDED.amount_before_tax`,
    ...keys,
    amounts,
  );
}

/** Removes the price of these rate nights. Plain SQL: a delete by a list of composite keys given as arrays. */
export async function removeRateNights(tx: Tx, keys: RateNightKeys): Promise<void> {
  await tx.$executeRawUnsafe(
    `DELETE FROM rate_nights WHERE (rate_plan_id, room_type_id, date, adults) IN (SELECT * FROM unnest($1::int[], $2::int[], $3::date[], $4::int[]))`,
    ...keys,
  );
}

/** Whether any hotel (active or not) is filed under the city. Plain SQL: on the search path (4.2), beside the engine's statements, without the Prisma client's overhead. */
export async function cityHasHotels(database: Database, city: string): Promise<boolean> {
  const rows = await database.sql.query<{ one: number }>("SELECT 1 AS one FROM hotels WHERE city = $1 LIMIT 1", [city]);
  return rows.length > 0;
}

/** Whether the hotel exists and is active. Plain SQL: on the search path (4.3), beside the engine's statements. */
export async function hotelIsActive(database: Database, hotelId: number): Promise<boolean> {
  const rows = await database.sql.query<{ id: number }>("SELECT id FROM hotels WHERE id = $1 AND is_active", [hotelId]);
  return rows.length > 0;
}
