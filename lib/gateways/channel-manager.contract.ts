// The contract every ChannelManager must pass, as a describe factory: the built-in one runs it in
// builtin-channel-manager.api.test.ts, the HTTP client against an external one (faked) in
// http-channel-manager.api.test.ts. Availability is measured the way callers see it: through search.
import { describe, expect, it } from "vitest";
import { contractSubject } from "./contract-subject";
import type { Database } from "@/lib/db/open";
import { holdThenWrite } from "./channel-holds";
import { HoldKeyConflictError, RoomsUnavailableError, type ChannelManager, type HoldRequest } from "./channel-manager";

export interface ContractStay {
  hotelId: number;
  roomId: string;
  checkin: string;
  nights: number;
}

export interface ContractSubject {
  cm: ChannelManager;
  /** Our database: the ledger of holds lives there (compensation). */
  database: Database;
  /** A new hotel whose one room type has `rooms` rooms free on every night of the stay returned, priced. */
  stock(rooms: number): Promise<ContractStay>;
  close(): Promise<void>;
}

export function describeChannelManagerContract(name: string, open: () => Promise<ContractSubject>) {
  describe(`channel manager contract: ${name}`, () => {
    let s: ContractSubject;
    const key = contractSubject(open, (subject) => (s = subject), (run, n) => `contract_${run}_${n}`);
    const holds = (st: ContractStay, quantity = 1): HoldRequest[] => [{ hotelId: st.hotelId, checkin: st.checkin, nights: st.nights, rooms: [{ roomId: st.roomId, quantity }] }];
    async function free(st: ContractStay): Promise<number> {
      const [offer] = await s.cm.search({ where: { hotelId: st.hotelId }, checkin: st.checkin, nights: st.nights, layout: [{ adults: 2, childrenAges: [] }] }, { includeEmpty: true });
      return offer?.items[0]?.rooms.find((r) => r.roomId === st.roomId)?.count ?? 0;
    }

    it("a hold reduces availability by what it holds", async () => {
      const st = await s.stock(3);
      expect(await free(st)).toBe(3);
      await s.cm.hold({ key: key(), holds: holds(st, 2) });
      expect(await free(st)).toBe(1);
    });

    it("a hold retried with the same key holds once, even when the retries race", async () => {
      const st = await s.stock(3);
      const k = key();
      await s.cm.hold({ key: k, holds: holds(st) });
      await s.cm.hold({ key: k, holds: holds(st) });
      await Promise.all([s.cm.hold({ key: k, holds: holds(st) }), s.cm.hold({ key: k, holds: holds(st) })]);
      expect(await free(st)).toBe(2);
      // The key names that request: other rooms under it are refused, and take nothing.
      await expect(s.cm.hold({ key: k, holds: holds(st, 2) })).rejects.toBeInstanceOf(HoldKeyConflictError);
      expect(await free(st)).toBe(2);
    });

    it("release gives the rooms back", async () => {
      const st = await s.stock(2);
      const k = key();
      await s.cm.hold({ key: k, holds: holds(st, 2) });
      expect(await free(st)).toBe(0);
      await s.cm.release(k);
      expect(await free(st)).toBe(2);
    });

    it("releasing twice, or a key that never held, is harmless; a released key never holds again", async () => {
      const st = await s.stock(3);
      const k = key();
      await s.cm.hold({ key: k, holds: holds(st) });
      await s.cm.hold({ key: key(), holds: holds(st) });
      await s.cm.release(k);
      await s.cm.release(k);
      await Promise.all([s.cm.release(k), s.cm.release(k)]);
      expect(await free(st)).toBe(2);
      // A release that overtook its hold (compensation after a timeout): the late hold must not take rooms.
      const early = key();
      await s.cm.release(early);
      expect(await free(st)).toBe(2);
      await expect(s.cm.hold({ key: early, holds: holds(st) })).rejects.toBeInstanceOf(HoldKeyConflictError);
      await expect(s.cm.hold({ key: k, holds: holds(st) })).rejects.toBeInstanceOf(HoldKeyConflictError);
      expect(await free(st)).toBe(2);
    });

    it("a hold beyond availability is refused, names the room and takes nothing", async () => {
      const st = await s.stock(2);
      const err = (await s.cm.hold({ key: key(), holds: holds(st, 3) }).catch((e: unknown) => e)) as RoomsUnavailableError;
      expect(err).toBeInstanceOf(RoomsUnavailableError);
      expect(err.roomIds).toEqual([st.roomId]);
      expect(await free(st)).toBe(2);
      // All or nothing: a stay that fits next to one that does not is not held either.
      const more: HoldRequest[] = [...holds(st, 1), { ...holds(st, 1)[0], checkin: st.checkin, nights: st.nights + 30 }];
      await expect(s.cm.hold({ key: key(), holds: more })).rejects.toBeInstanceOf(RoomsUnavailableError);
      expect(await free(st)).toBe(2);
    });

    it("concurrent holds for the last rooms never oversell", async () => {
      const st = await s.stock(3);
      const results = await Promise.allSettled(Array.from({ length: 12 }, () => s.cm.hold({ key: key(), holds: holds(st) })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      expect(results.filter((r) => r.status === "rejected" && r.reason instanceof RoomsUnavailableError)).toHaveLength(9);
      expect(await free(st)).toBe(0);
    });

    it("compensation: when the write after a successful hold fails, the hold is released", async () => {
      const st = await s.stock(2);
      const k = key();
      // The same channel manager, watched: availability right after the hold, before the write.
      let afterHold = -1;
      const watched: ChannelManager = {
        name: s.cm.name,
        search: (q, o) => s.cm.search(q, o),
        hold: async (call) => {
          await s.cm.hold(call);
          afterHold = await free(st);
        },
        release: (k2) => s.cm.release(k2),
        updateGuest: (b) => s.cm.updateGuest(b),
      };
      const write = async () => {
        throw new Error("the reservation write failed");
      };
      await expect(holdThenWrite(s.database, watched, { key: k, hotelId: st.hotelId, holds: holds(st), now: new Date() }, write)).rejects.toThrow("the reservation write failed");
      expect(afterHold).toBe(1);
      expect(await free(st)).toBe(2);
      expect((await s.database.prisma.channelHold.findUniqueOrThrow({ where: { key: k } })).state).toBe("released");
      // And the same protocol with a write that succeeds leaves the hold standing, recorded as held.
      const ok = key();
      await holdThenWrite(s.database, s.cm, { key: ok, hotelId: st.hotelId, holds: holds(st), now: new Date() }, async () => undefined);
      expect(await free(st)).toBe(1);
      expect((await s.database.prisma.channelHold.findUniqueOrThrow({ where: { key: ok } })).state).toBe("held");
    });
  });
}
