// Test wiring for the Channex adapter against the fake (lib/testing/fake-channex.ts): deps pointing at it, and
// a property with one room type and one plan, linked to a new hotel of ours.
import type { Database } from "@/lib/db/open";
import { systemClock } from "@/lib/clock";
import type { FakeChannex } from "@/lib/testing/fake-channex";
import { ChannexClient } from "./client";
import type { ChannexDeps } from "./deps";
import { linkProperty } from "./link";
import { stopPulls } from "./mirror";
import { stopBookingTimers } from "./push";
import { addDays, bogotaDate } from "@/lib/time";

export const TEST_WEBHOOK_SECRET = "channex-test-secret-0123456789abcdef";

export function fakeDeps(fake: FakeChannex, overrides: Partial<ChannexDeps> = {}): ChannexDeps {
  return {
    client: new ChannexClient({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 3000 }),
    clock: systemClock,
    webhookSecret: TEST_WEBHOOK_SECRET,
    callbackUrl: "http://127.0.0.1:9/unused",
    mirrorDays: 400,
    maxStaleMs: 6 * 3_600_000,
    ...overrides,
  };
}

/**
 * A Channex property with `rooms` rooms of one room type (2 adults, 1 child) and one per-room plan, linked to a
 * new hotel. With `only`, rooms are free on those nights alone (none on the others of the mirror's window).
 */
export async function linkedHotel(database: Database, fake: FakeChannex, deps: ChannexDeps, opts: { rooms: number; price?: string; title?: string; only?: { checkin: string; nights: number } }) {
  const propertyId = fake.addProperty({ title: opts.title ?? "Hotel Channex de prueba" });
  const roomId = fake.addRoomType(propertyId, { title: "Habitación doble", countOfRooms: opts.rooms, occAdults: 2, occChildren: 1 });
  if (opts.only) {
    const today = bogotaDate(new Date());
    const stay = new Set(Array.from({ length: opts.only.nights }, (_, i) => addDays(opts.only!.checkin, i)));
    const others = Array.from({ length: deps.mirrorDays }, (_, i) => addDays(today, i)).filter((d) => !stay.has(d));
    fake.setAvailability(roomId, others, 0, { silent: true });
  }
  const rateId = fake.addRatePlan(propertyId, roomId, { title: "Tarifa flexible", options: [{ occupancy: 2, is_primary: true, rate: opts.price ?? "100000.00" }] });
  const { hotelId } = await linkProperty(database, deps, { property_id: propertyId, city: "Cartagena" }, new Date());
  return { propertyId, roomId, rateId, hotelId };
}

/** This process's scheduled pulls and booking steps for `database`, cancelled (before it closes). */
export function stopChannexTimers(database: Database) {
  stopPulls(database);
  stopBookingTimers(database);
}
