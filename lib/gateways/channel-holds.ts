// The caller's side of the channel-manager protocol: a ledger (channel_holds) of every hold we asked for, so no
// crash leaves rooms taken for nothing. The channel manager may be another system, so a hold can never share
// our transaction; instead (docs/reservations.md "The channel-manager boundary"):
//   holding   written before the hold is asked for;
//   held      set inside the transaction that writes the reservation (the write and the ledger commit together);
//   releasing set inside the transaction that ends the reservation, or when the write failed (compensation);
//   released  once the channel manager acknowledged the release.
// Whatever is left in holding (the writer died between hold and write) or releasing (the release did not get
// through) is finished by the channel-holds job; releases are idempotent, so finishing twice is harmless.
import type { Database } from "@/lib/db/open";
import type { SqlRunner } from "@/lib/db/migrate";
import type { Prisma } from "@/lib/db/generated/client";
import { withTxRetry } from "@/lib/db/retry";
import { errorLine, log } from "@/lib/http/log";
import { HoldKeyConflictError, RoomsUnavailableError, type ChannelManager, type HoldRequest } from "./channel-manager";
import { claimHold, insertHoldingEntry } from "./store";

type Tx = Prisma.TransactionClient;

/** A hold still `holding` this long after it was asked for has no writer any more: it is released. */
export const ORPHAN_AFTER_MS = 10 * 60_000;
/** Released entries are kept this long for inspection, then deleted by the job. */
const KEEP_RELEASED_MS = 30 * 24 * 3_600_000;

export interface HeldWrite {
  /** The idempotency key of the hold: the id of the record the write creates (a reservation id). */
  key: string;
  hotelId: number;
  holds: HoldRequest[];
  now: Date;
}

/**
 * Holds `holds` under `key`, then runs `write` in a plain-SQL transaction that also marks the hold as held. Throws
 * RoomsUnavailableError when the channel manager refuses (nothing held, nothing written). When the write fails
 * (or the hold's outcome is unknown), the hold is released before the error is rethrown; if that release
 * fails too, the ledger keeps it as `releasing` for the job.
 */
export async function holdThenWrite<T>(database: Database, cm: ChannelManager, req: HeldWrite, write: (tx: SqlRunner) => Promise<T>): Promise<T> {
  const db = database.prisma;
  const { key, hotelId, now } = req;
  // Plain SQL on the booking's path (4.1 is hot; Database.transaction): lib/gateways/store.ts.
  await insertHoldingEntry(database.sql, key, hotelId, now);
  try {
    await cm.hold({ key, holds: req.holds });
  } catch (e) {
    if (e instanceof RoomsUnavailableError) {
      // Refused: nothing was taken under this key, so there is nothing to remember.
      await db.channelHold.deleteMany({ where: { key, state: "holding" } });
    } else {
      await compensate(database, cm, key, now);
    }
    throw e;
  }
  let out: T;
  try {
    out = await withTxRetry(() =>
      database.transaction(async (tx) => {
        const result = await write(tx);
        // The claim: if the job already took this hold for an orphan, the write must not stand without it.
        // Released by the job while this request was slow: the write is undone and the caller asked to try again (409).
        if (!(await claimHold(tx, key, now))) throw new HoldKeyConflictError(key, "released");
        return result;
      }),
    );
  } catch (e) {
    await compensate(database, cm, key, now);
    throw e;
  }
  // The record stands: a channel manager that tells another system (Channex) does it now; its failures are its own.
  await cm.confirm?.(key).catch((e: unknown) => log.warn("channel_confirm_failed", { key, error: errorLine(e) }));
  return out;
}

/** Compensation: the write did not happen, the hold may stand; give it back now, or leave it to the job. */
async function compensate(database: Database, cm: ChannelManager, key: string, now: Date) {
  await database.prisma.channelHold.updateMany({ where: { key, state: "holding" }, data: { state: "releasing", updatedAt: now } });
  await finishRelease(database, cm, key, now);
}

/**
 * Inside the transaction that ends the record holding `key` (cancel, expiry): the hold is to be released. The
 * release itself is a call to the channel manager, made after the commit with finishRelease. A record from
 * before the ledger (or written without it) gets its entry here.
 */
export async function markReleasing(tx: Tx, req: { key: string; hotelId: number; now: Date }) {
  await tx.channelHold.upsert({
    where: { key: req.key },
    create: { key: req.key, hotelId: req.hotelId, state: "releasing", createdAt: req.now, updatedAt: req.now },
    update: { state: "releasing", updatedAt: req.now },
  });
}

/** Asks the channel manager to release `key`; true when it did. A failure stays `releasing` for the job. */
export async function finishRelease(database: Database, cm: ChannelManager, key: string, now: Date): Promise<boolean> {
  try {
    await cm.release(key);
  } catch (e) {
    const error = errorLine(e);
    await database.prisma.channelHold.updateMany({ where: { key, state: "releasing" }, data: { attempts: { increment: 1 }, lastError: error, updatedAt: now } });
    log.warn("channel_release_failed", { key, error });
    return false;
  }
  await database.prisma.channelHold.updateMany({ where: { key, state: "releasing" }, data: { state: "released", lastError: null, updatedAt: now } });
  return true;
}

/**
 * The channel-holds job: orphaned holds (still `holding` after ORPHAN_AFTER_MS) and releases that did not get
 * through are released; returns how many were. Safe to run twice at once (releases are idempotent).
 */
export async function sweepChannelHolds(database: Database, cm: ChannelManager, now: Date): Promise<number> {
  const db = database.prisma;
  await db.channelHold.updateMany({
    where: { state: "holding", createdAt: { lte: new Date(now.getTime() - ORPHAN_AFTER_MS) } },
    data: { state: "releasing", updatedAt: now },
  });
  // One batch per run (every minute): a channel manager that is down is tried again next time, not in a loop.
  const due = await db.channelHold.findMany({ where: { state: "releasing" }, select: { key: true }, orderBy: { updatedAt: "asc" }, take: 200 });
  let released = 0;
  for (const { key } of due) if (await finishRelease(database, cm, key, now)) released += 1;
  await db.channelHold.deleteMany({ where: { state: "released", updatedAt: { lt: new Date(now.getTime() - KEEP_RELEASED_MS) } } });
  // The channel manager's own records (the built-in one forgets keys released a month ago).
  await cm.housekeeping?.(now);
  return released;
}
