// The built-in channel manager against the contract every implementation must pass (on PGlite and PostgreSQL).
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { sellableHotel } from "@/lib/testing/booking-fixtures";
import { addDays, bogotaDate } from "@/lib/time";
import { describe, expect, it } from "vitest";
import { BuiltinChannelManager, KEEP_RELEASED_KEYS_MS } from "./builtin-channel-manager";
import { HoldKeyConflictError } from "./channel-manager";
import { describeChannelManagerContract } from "./channel-manager.contract";

describeChannelManagerContract(`built-in on ${testTarget()}`, async () => {
  const database = await openTestDatabase();
  const checkin = addDays(bogotaDate(new Date()), 10);
  return {
    cm: new BuiltinChannelManager(database),
    database,
    async stock(rooms) {
      const { hotel, room } = await sellableHotel(database, { from: checkin, nights: 3, rooms, price: 100_000 });
      return { hotelId: hotel.id, roomId: room.roomId, checkin, nights: 3 };
    },
    close: () => database.close(),
  };
});

describe(`built-in housekeeping on ${testTarget()}`, () => {
  it("forgets keys released a month ago, keeps recent releases and every held key", async () => {
    const database = await openTestDatabase();
    try {
      const cm = new BuiltinChannelManager(database);
      const checkin = addDays(bogotaDate(new Date()), 12);
      const { hotel, room } = await sellableHotel(database, { from: checkin, nights: 2, rooms: 3, price: 100_000 });
      const holds = [{ hotelId: hotel.id, checkin, nights: 2, rooms: [{ roomId: room.roomId, quantity: 1 }] }];
      await cm.hold({ key: "kept-held", holds });
      await cm.hold({ key: "old-release", holds });
      await cm.release("old-release");
      await cm.release("never-held");
      const keys = async () => (await database.sql.query<{ key: string }>(`SELECT key FROM cm_holds ORDER BY key`)).map((r) => r.key);
      expect(await keys()).toEqual(["kept-held", "never-held", "old-release"]);

      // A day later nothing is forgotten: a late hold with a released key is still refused.
      expect(await cm.housekeeping(new Date(Date.now() + 24 * 3_600_000))).toBe(0);
      await expect(cm.hold({ key: "old-release", holds })).rejects.toBeInstanceOf(HoldKeyConflictError);

      expect(await cm.housekeeping(new Date(Date.now() + KEEP_RELEASED_KEYS_MS + 60_000))).toBe(2);
      expect(await keys()).toEqual(["kept-held"]);
      // The held key still gives its room back.
      await cm.release("kept-held");
      const free = await cm.search({ where: { hotelId: hotel.id }, checkin, nights: 2, layout: [{ adults: 1, childrenAges: [] }] });
      expect(free[0].items[0].rooms[0].count).toBe(3);
    } finally {
      await database.close();
    }
  });
});
