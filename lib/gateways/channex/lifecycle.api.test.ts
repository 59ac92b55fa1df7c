// The pushed booking's transitions against a real database: a release that comes in while a POST is in flight
// (the worker holds the lease, the release does not take it) is never overwritten by the worker's answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/db/open";
import { openTestDatabase } from "@/lib/testing/db";
import * as lifecycle from "./lifecycle";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const now = new Date("2026-11-27T15:00:00Z");
let n = 0;
/** A booking whose POST is in flight (uncertain), released meanwhile (cancel_owed). */
async function releasedDuringPost() {
  const key = `cx-race-${++n}`;
  await db.prisma.channexBooking.create({ data: { key, hotelId: 1, propertyId: "prop-1", state: "uncertain", postedAt: now, createdAt: now, updatedAt: now } });
  await db.transaction((tx) => lifecycle.oweCancellation(tx, key, now));
  return key;
}
const row = (key: string) => db.prisma.channexBooking.findUniqueOrThrow({ where: { key } });

describe("a release during the POST", () => {
  it("Channex's id arrives: the cancellation stays owed and goes to that id", async () => {
    const key = await releasedDuringPost();
    await lifecycle.push(db.sql, key, `cx-id-${key}`, now);
    expect(await row(key)).toMatchObject({ state: "cancel_owed", channexBookingId: `cx-id-${key}` });
  });

  it("Channex refuses the POST, or it was never sent: the cancellation stays owed (its lookup finds nothing and releases it)", async () => {
    const key = await releasedDuringPost();
    await lifecycle.refuse(db.sql, key, "Rechazada", "422", now);
    await lifecycle.unpost(db.sql, key);
    await lifecycle.keyRefused(db.sql, key, "401", now);
    expect(await row(key)).toMatchObject({ state: "cancel_owed", refusal: null });
    await lifecycle.releaseNeverArrived(db.sql, key, now);
    expect((await row(key)).state).toBe("released");
    // A late "cancelled" cannot bring a released booking back.
    await lifecycle.cancelled(db.sql, key, now);
    expect((await row(key)).state).toBe("released");
  });

  it("without a release the worker's answer is written as before", async () => {
    const key = `cx-plain-${++n}`;
    await db.prisma.channexBooking.create({ data: { key, hotelId: 1, propertyId: "prop-1", state: "uncertain", postedAt: now, createdAt: now, updatedAt: now } });
    await lifecycle.push(db.sql, key, `cx-id-${key}`, now);
    expect(await row(key)).toMatchObject({ state: "pushed", channexBookingId: `cx-id-${key}` });
  });
});
