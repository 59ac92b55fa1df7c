// Main-guest data owed to the channel manager (docs/reservations.md "The channel-manager boundary"). A change
// of the main guest (4.4) commits with a row in channel_guest_syncs holding the booking's latest full guest
// data and a version one higher; the request then sends it, and whatever could not be sent (the channel
// manager is down) is sent by the channel-guests job. Full data with a version, not the fields changed: a late
// or repeated send can never overwrite newer data (a channel manager ignores a version older than its own).
import { jsonColumn, type Database } from "@/lib/db/open";
import type { Prisma } from "@/lib/db/generated/client";
import { errorLine, log } from "@/lib/http/log";
import type { ChannelManager, GuestData } from "./channel-manager";
import { guestSyncFailed, guestSyncRow, guestSyncSent, guestSyncsDue, oweGuestSync } from "./store";

type Tx = Prisma.TransactionClient;

/** Inside the transaction that changes the guest: `guest` (the full data after the change) is owed, one version up. */
export async function oweGuestData(tx: Tx, r: { bookingCode: string; hotelId: number; guest: GuestData; now: Date }) {
  await oweGuestSync(tx, r);
}

/** Sends what is owed for `bookingCode`, if anything; true when the channel manager has the latest version. */
export async function sendGuestData(database: Database, cm: ChannelManager, bookingCode: string): Promise<boolean> {
  const row = await guestSyncRow(database.sql, bookingCode);
  if (!row || row.sent_version >= row.version) return true;
  const guest = jsonColumn(row.guest);
  try {
    await cm.updateGuest({ hotelId: row.hotel_id, bookingCode, guest, version: row.version });
  } catch (e) {
    const error = errorLine(e);
    await guestSyncFailed(database.sql, bookingCode, error);
    log.warn("channel_guest_update_failed", { booking: bookingCode, version: row.version, error });
    return false;
  }
  // Only ever forward: a send of an older version finishing late does not undo a newer acknowledgement.
  await guestSyncSent(database.sql, bookingCode, row.version);
  return true;
}

/** The channel-guests job: everything still owed, oldest change first (200 per run); returns how many were sent. */
export async function sweepGuestData(database: Database, cm: ChannelManager): Promise<number> {
  const due = await guestSyncsDue(database.sql);
  let sent = 0;
  for (const { booking_code } of due) if (await sendGuestData(database, cm, booking_code)) sent += 1;
  return sent;
}
