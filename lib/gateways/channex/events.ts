// Channex's webhooks (docs/channel-managers.md "Webhooks"): no signature, only the custom header we registered
// with CHANNEX_WEBHOOK_SECRET, checked in constant time. A delivery may come late, twice or out of order, so it
// is only a reason to pull: the property's pull is marked owed (one UPDATE) and scheduled in this process; the
// answer is a quick 200. Pulls of one property are coalesced (mirror.ts), so a storm costs a few reads.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import { notFound, unauthorized } from "@/lib/http/errors";
import { errorLine, log } from "@/lib/http/log";
import { channexDeps, channexEnabled, WEBHOOK_SECRET_HEADER } from "./deps";
import { kickPull } from "./mirror";
import { processBooking } from "./push";
import { inFlightBookings, wantPullOfProperty } from "./store";

const digest = (s: string) => crypto.createHash("sha256").update(s, "utf8").digest();

/** The route's `verify`: the secret header, compared in constant time; nothing of the body is read before. */
export function verifyWebhookSecret(req: Request) {
  if (!channexEnabled()) throw notFound("No existe la ruta POST /api/gateways/channex/events");
  const expected = channexDeps().webhookSecret;
  const given = req.headers.get(WEBHOOK_SECRET_HEADER) ?? "";
  // Equal-length digests: the comparison takes the same time whatever was sent.
  if (!crypto.timingSafeEqual(digest(given), digest(expected))) throw unauthorized("Secreto de webhook inválido");
}

export async function receiveEvent(database: Database, body: { event?: string; property_id?: string } | undefined, now: Date) {
  const event = body?.event ?? "";
  const propertyId = (body?.property_id ?? "").toLowerCase();
  if (!propertyId) return { received: true };
  const hotelId = await wantPullOfProperty(database, propertyId, now);
  // A property we do not mirror (unlinked, another account's): nothing to do, and nothing to tell.
  if (hotelId === null) return { received: true };
  const deps = channexDeps();
  kickPull(database, deps, hotelId);
  if (event.startsWith("booking")) {
    // Perhaps one of ours was just processed: look now rather than at the next retry.
    void (async () => {
      for (const key of await inFlightBookings(database, hotelId)) await processBooking(database, deps, key, { inline: true });
    })().catch((e: unknown) => log.warn("channex_event_followup_failed", { error: errorLine(e) }));
  }
  return { received: true };
}
