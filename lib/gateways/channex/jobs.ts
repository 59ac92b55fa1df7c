// Jobs of the Channex connection (docs/channel-managers.md), each every minute under its cluster-wide lock:
//   channex-sync      per linked property: the webhook registered, the daily full sync (catalogue and the whole
//                     window), the pulls webhooks left owed, a mirror too old to sell from stopped;
//   channex-bookings  the push queue: bookings, guest changes and cancellations owed to Channex.
// With CHANNEL_MANAGER other than channex they do nothing (and say so if hotels are still linked).
import type { Job } from "@/lib/cron/job";
import type { Database } from "@/lib/db/open";
import { errorLine, log } from "@/lib/http/log";
import { bogotaDate } from "@/lib/time";
import { channexDeps, channexEnabled, type ChannexDeps } from "./deps";
import { fullSync, registerWebhook } from "./link";
import { mirrorWindow, pullProperty, raiseAlert, refreshNights } from "./mirror";
import { sweepBookings } from "./push";
import { linkedPropertyCount, resolvePastOverbookings } from "./store";

const DAY_MS = 24 * 3_600_000;
let warned = false;

/** The job's `now` (the test clock may move it ahead) unless real time has passed it. */
function jobDeps(now: Date): ChannexDeps {
  const deps = channexDeps();
  return { ...deps, clock: { now: () => new Date(Math.max(now.getTime(), deps.clock.now().getTime())) } };
}

async function notConfigured(database: Database): Promise<number> {
  if (!warned) {
    const n = await linkedPropertyCount(database);
    if (n > 0) {
      warned = true;
      log.warn("channex_not_configured", { linked_hotels: n, detail: "hay hoteles conectados a Channex pero CHANNEL_MANAGER no es channex: no se copian ni se envían reservas" });
    }
  }
  return 0;
}

export async function syncDue(database: Database, deps: ChannexDeps, now: Date): Promise<number> {
  const links = await database.prisma.channexProperty.findMany({ orderBy: { hotelId: "asc" } });
  let done = 0;
  for (const link of links) {
    try {
      if (!link.webhookId && (await registerWebhook(database, deps, link.hotelId, link.propertyId))) done += 1;
      const due = link.syncWanted || !link.syncedAt || now.getTime() - link.syncedAt.getTime() >= DAY_MS;
      if (due) {
        if (await fullSync(database, deps, link.hotelId)) done += 1;
      } else if (link.pullWantedAt) {
        if ((await pullProperty(database, deps, link.hotelId, { now })).pulled) done += 1;
      }
      await stopIfStale(database, deps, link.hotelId, now);
    } catch (e) {
      log.warn("channex_sync_failed", { hotel: link.hotelId, error: errorLine(e) });
    }
  }
  // Overbooking on nights already past is no longer actionable.
  await resolvePastOverbookings(database, now, bogotaDate(now));
  return done;
}

/** A mirror older than CHANNEX_MAX_STALE_HOURS stops selling (stop_sell on every night) until a pull succeeds. */
async function stopIfStale(database: Database, deps: ChannexDeps, hotelId: number, now: Date) {
  const { from, to } = mirrorWindow(now, deps.mirrorDays);
  await database.transaction(async (tx) => {
    const stopped = await tx.query(
      `UPDATE channex_properties SET stale_stopped = true
       WHERE hotel_id = $1 AND NOT stale_stopped AND (pulled_at IS NULL OR pulled_at < $2::timestamptz) AND linked_at < $2::timestamptz
       RETURNING hotel_id`,
      [hotelId, new Date(now.getTime() - deps.maxStaleMs)],
    );
    if (stopped.length === 0) return;
    await refreshNights(tx, hotelId, from, to);
    await raiseAlert(tx, {
      hotelId,
      kind: "sync_failing",
      subject: "stale",
      detail: "La copia de Channex lleva demasiado tiempo sin actualizarse: las ventas del hotel se detuvieron hasta la próxima lectura correcta.",
      now,
    });
  });
}

export const channexSyncJob: Job = {
  name: "channex-sync",
  summary: "Channex: sincronización diaria, lecturas pendientes tras los webhooks y copias demasiado antiguas",
  run: ({ database, now }) => (channexEnabled() ? syncDue(database, jobDeps(now), now) : notConfigured(database)),
};

export const channexBookingsJob: Job = {
  name: "channex-bookings",
  summary: "Channex: envía las reservas, los cambios de huésped y las cancelaciones pendientes",
  run: ({ database, now }) => (channexEnabled() ? sweepBookings(database, jobDeps(now), now) : Promise.resolve(0)),
};
