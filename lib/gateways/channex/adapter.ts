// The channel manager when CHANNEL_MANAGER=channex (docs/channel-managers.md). Hotels not linked to a Channex
// property are the built-in channel manager's, untouched. A linked hotel's inventory is the mirror in our own
// tables (mirror.ts), so search and holds are the built-in ones over it; on top of them:
//   hold     re-checks Channex's availability for the stay when the property's budget allows, then holds
//            against the mirror (row locks: two agencies never sell the same last room through us), then
//            records the Channex booking as owed (push.ts), keyed by the hold's key;
//   confirm  (the reservation is written) pushes it: one Channex booking, never two;
//   release  owes the cancellation (a full-body PUT), then gives the rooms back;
//   updateGuest owes a full-body PUT with status "modified".
import type { Database } from "@/lib/db/open";
import { errorLine, log } from "@/lib/http/log";
import { addDays } from "@/lib/time";
import { BuiltinChannelManager } from "../builtin-channel-manager";
import type { ChannelManager, GuestData, HoldCall, HotelOffer, SearchQuery } from "../channel-manager";
import type { ChannexDeps } from "./deps";
import { linkedHotels, recheckAvailability } from "./mirror";
import { oweCancellation, processBooking } from "./push";
import { forgetCallsBefore, oweGuestChange, owePush, planRestrictions } from "./store";

export class ChannexChannelManager implements ChannelManager {
  readonly name = "channex";
  private readonly builtin: BuiltinChannelManager;

  constructor(
    private readonly database: Database,
    private readonly deps: ChannexDeps,
    builtin?: BuiltinChannelManager,
  ) {
    this.builtin = builtin ?? new BuiltinChannelManager(database);
  }

  async search(q: SearchQuery, opts: { includeEmpty?: boolean } = {}): Promise<HotelOffer[]> {
    const offers = await this.builtin.search(q, opts);
    return this.allowedByPlans(offers, q, opts.includeEmpty === true);
  }

  /**
   * A linked hotel's rate plans each keep their own Channex restrictions (minimum stay at arrival and through,
   * maximum stay, closed to arrival and departure); the room-type nights carry only the most permissive of
   * them, so a product whose own plan refuses the stay is dropped here. Built-in hotels pass untouched.
   */
  private async allowedByPlans(offers: HotelOffer[], q: SearchQuery, includeEmpty: boolean): Promise<HotelOffer[]> {
    const linked = await linkedHotels(
      this.database,
      offers.map((o) => o.hotel.id),
    );
    if (linked.size === 0) return offers;
    const checkout = addDays(q.checkin, q.nights);
    const rows = await planRestrictions(this.database, [...linked.keys()], q.checkin, checkout);
    const refused = new Set<string>();
    for (const r of rows) {
      const k = `${r.hotel_id}|${r.rate_id}`;
      if (r.date === q.checkin && (r.min_stay_arrival > q.nights || r.closed_to_arrival || (r.max_stay > 0 && r.max_stay < q.nights))) refused.add(k);
      if (r.date < checkout && r.min_stay_through > q.nights) refused.add(k);
      if (r.date === checkout && r.closed_to_departure) refused.add(k);
    }
    if (refused.size === 0) return offers;
    const out: HotelOffer[] = [];
    for (const o of offers) {
      if (!linked.has(o.hotel.id)) {
        out.push(o);
        continue;
      }
      const items = o.items.map((it) => ({
        layout: it.layout,
        rooms: it.rooms
          .map((room) => ({ ...room, products: room.products.filter((p) => !refused.has(`${o.hotel.id}|${p.rateId}`)) }))
          .filter((room) => room.products.length > 0),
      }));
      if (!includeEmpty && items.every((i) => i.rooms.length === 0)) continue;
      out.push({ ...o, items });
    }
    return out;
  }

  async hold(call: HoldCall): Promise<void> {
    const linked = await linkedHotels(this.database, [...new Set(call.holds.map((h) => h.hotelId))]);
    if (linked.size === 0) return this.builtin.hold(call);
    // Right before the hold: what Channex has now (another channel may have sold the last room since the last
    // pull), within the budget. The window that remains is in docs/channel-managers.md.
    for (const [hotelId, propertyId] of linked) {
      const stays = call.holds.filter((h) => h.hotelId === hotelId);
      const from = stays.map((h) => h.checkin).sort()[0];
      const to = stays.map((h) => addDays(h.checkin, h.nights - 1)).sort().at(-1)!;
      await recheckAvailability(this.database, this.deps, hotelId, propertyId, from, to);
    }
    await this.builtin.hold(call);
    const now = this.deps.clock.now();
    for (const [hotelId, propertyId] of linked) {
      // The push is owed from the moment the rooms are ours; its key is the hold's (the reservation id).
      await owePush(this.database, call.key, hotelId, propertyId, now);
    }
  }

  /** The reservation holding `key` is written: push its booking now (a failure stays owed for the job). */
  async confirm(key: string): Promise<void> {
    await this.attempt(key);
  }

  async release(key: string): Promise<void> {
    // First what Channex is owed (and the mirror stops counting a processed booking), then our rooms back.
    const ours = await oweCancellation(this.database, key, this.deps.clock.now());
    await this.builtin.release(key);
    if (ours) await this.attempt(key);
  }

  async updateGuest(b: { hotelId: number; bookingCode: string; guest: GuestData; version: number }): Promise<void> {
    // The full body is built from the reservation when sent, so it carries the newest guest whatever the version.
    for (const key of await oweGuestChange(this.database, b.bookingCode, this.deps.clock.now())) await this.attempt(key);
  }

  async housekeeping(now: Date): Promise<number> {
    const gone = await forgetCallsBefore(this.database, new Date(now.getTime() - 10 * 60_000));
    return (await this.builtin.housekeeping(now)) + gone;
  }

  private async attempt(key: string) {
    try {
      await processBooking(this.database, this.deps, key, { inline: true });
    } catch (e) {
      log.warn("channex_inline_failed", { key, error: errorLine(e) });
    }
  }
}
