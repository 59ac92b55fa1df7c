// The Channex adapter against the contract every channel manager passes (beside the built-in one and the HTTP
// fake), over a fake Channex, on PGlite and PostgreSQL.
import { openTestDatabase, testTarget } from "@/lib/testing/db";
import { startFakeChannex } from "@/lib/testing/fake-channex";
import { addDays, bogotaDate } from "@/lib/time";
import { describeChannelManagerContract } from "../channel-manager.contract";
import { ChannexChannelManager } from "./adapter";
import { fakeDeps, linkedHotel, stopChannexTimers } from "./testing";

describeChannelManagerContract(`Channex adapter against a fake Channex (${testTarget()})`, async () => {
  const database = await openTestDatabase();
  const fake = await startFakeChannex();
  const deps = fakeDeps(fake);
  const checkin = addDays(bogotaDate(new Date()), 10);
  return {
    cm: new ChannexChannelManager(database, deps),
    database,
    async stock(rooms) {
      const { hotelId, roomId } = await linkedHotel(database, fake, deps, { rooms, only: { checkin, nights: 3 } });
      return { hotelId, roomId, checkin, nights: 3 };
    },
    close: async () => {
      stopChannexTimers(database);
      await fake.close();
      await database.close();
    },
  };
});
