// The built-in channel manager against the contract every implementation must pass (on PGlite and PostgreSQL).
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { sellableHotel } from "@/lib/reservations/fixtures";
import { addDays, bogotaDate } from "@/lib/time";
import { BuiltinChannelManager } from "./builtin-channel-manager";
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
