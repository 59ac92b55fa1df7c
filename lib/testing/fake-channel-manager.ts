// An external channel manager, faked: a node:http server keeping its inventory in memory and speaking the
// protocol of lib/gateways/http-channel-manager.ts. It shares nothing with our database, which is the point:
// the contract suite (lib/gateways/channel-manager.contract.ts) must pass against it through HttpChannelManager.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { HoldRequest, HotelOffer, RoomOffer, SearchQuery } from "@/lib/gateways/channel-manager";
import { addDays } from "@/lib/time";

interface FakeRoom {
  roomId: string;
  maxAdults: number;
  maxChildren: number;
  /** Per-night price, decimal text. */
  price: string;
  nights: Map<string, { rooms: number; sold: number }>;
}

interface FakeHotel {
  id: number;
  name: string;
  city: string;
  rooms: FakeRoom[];
}

export interface FakeChannelManager {
  url: string;
  /** Adds a hotel with one room type, `rooms` rooms on each of `nights` nights from `checkin`. */
  addHotel(opts: { id: number; city?: string; roomId: string; checkin: string; nights: number; rooms: number; price?: string }): void;
  /** Rooms sold on one night. */
  sold(hotelId: number, roomId: string, date: string): number;
  /**
   * The next `count` requests whose "METHOD /path" starts with `prefix` answer 503 (or `answer`) without doing
   * anything.
   */
  failNext(prefix: string, count?: number, answer?: { status: number; body: unknown }): void;
  /** The main-guest data it holds for a booking and its version (it keeps the newest version it was sent). */
  guest(bookingCode: string): { version: number; guest: Record<string, string> } | undefined;
  /** Every request received, as "METHOD /path", and the Authorization header of the last one. */
  calls: string[];
  lastAuthorization: string | null;
  close(): Promise<void>;
}

export async function startFakeChannelManager(): Promise<FakeChannelManager> {
  const hotels = new Map<number, FakeHotel>();
  const holds = new Map<string, { state: "held" | "released"; request: string; holds: HoldRequest[] }>();
  const failures: Array<{ prefix: string; left: number; answer?: { status: number; body: unknown } }> = [];
  const calls: string[] = [];
  const guests = new Map<string, { version: number; guest: Record<string, string> }>();
  let lastAuthorization: string | null = null;

  const nightsOf = (h: HoldRequest) => Array.from({ length: h.nights }, (_, i) => addDays(h.checkin, i));
  const roomOf = (hotelId: number, roomId: string) => hotels.get(hotelId)?.rooms.find((r) => r.roomId === roomId);

  function search(q: SearchQuery, includeEmpty: boolean): HotelOffer[] {
    const days = Array.from({ length: q.nights }, (_, i) => addDays(q.checkin, i));
    const out: HotelOffer[] = [];
    for (const h of hotels.values()) {
      if ("city" in q.where ? h.city !== q.where.city : h.id !== q.where.hotelId) continue;
      const items = q.layout.map((layout) => {
        const rooms: RoomOffer[] = [];
        for (const r of h.rooms) {
          const free = Math.min(...days.map((d) => (r.nights.has(d) ? r.nights.get(d)!.rooms - r.nights.get(d)!.sold : 0)));
          if (free <= 0 || layout.adults > r.maxAdults || layout.childrenAges.length > r.maxChildren) continue;
          const cents = Math.round(Number(r.price) * 100);
          rooms.push({
            roomId: r.roomId,
            roomName: r.roomId,
            roomType: "DOUBLE",
            beds: 2,
            count: free,
            products: [
              {
                rateId: "RO",
                rateDescription: "Solo alojamiento",
                boardType: null,
                boardTypeDescription: "Sin comidas",
                refundable: "full",
                cancellationPolicy: "Cancelación gratuita",
                currency: "COP",
                nightly: days.map((day) => ({ day, amount: r.price })),
                total: ((cents * days.length) / 100).toFixed(2),
              },
            ],
          });
        }
        return { layout, rooms };
      });
      if (!includeEmpty && items.every((i) => i.rooms.length === 0)) continue;
      out.push({ hotel: { id: h.id, name: h.name, city: h.city, channelManagerId: `fake_${h.id}`, largestRoomBeds: 2 }, items });
    }
    return out;
  }

  /** All or nothing, in one synchronous step: nothing else runs between the check and the take. */
  function hold(key: string, req: HoldRequest[]): { status: number; body: unknown } {
    const request = JSON.stringify(req);
    const prior = holds.get(key);
    if (prior?.state === "released") return { status: 409, body: { error: "released" } };
    if (prior) return prior.request === request ? { status: 200, body: { key, state: "held" } } : { status: 422, body: { error: "key_reused" } };
    const want = new Map<string, number>();
    const missing = new Set<string>();
    for (const h of req) {
      for (const r of h.rooms) {
        if (!roomOf(h.hotelId, r.roomId)) missing.add(r.roomId);
        for (const d of nightsOf(h)) want.set(`${h.hotelId}|${r.roomId}|${d}`, (want.get(`${h.hotelId}|${r.roomId}|${d}`) ?? 0) + r.quantity);
      }
    }
    for (const [k, q] of want) {
      const [hotelId, roomId, d] = k.split("|");
      const night = roomOf(Number(hotelId), roomId)?.nights.get(d);
      if (!night || night.rooms - night.sold < q) missing.add(roomId);
    }
    if (missing.size > 0) return { status: 409, body: { error: "unavailable", room_ids: [...missing] } };
    for (const [k, q] of want) {
      const [hotelId, roomId, d] = k.split("|");
      roomOf(Number(hotelId), roomId)!.nights.get(d)!.sold += q;
    }
    holds.set(key, { state: "held", request, holds: req });
    return { status: 200, body: { key, state: "held" } };
  }

  function release(key: string) {
    const prior = holds.get(key);
    if (prior?.state === "held") {
      for (const h of prior.holds) for (const r of h.rooms) for (const d of nightsOf(h)) roomOf(h.hotelId, r.roomId)!.nights.get(d)!.sold -= r.quantity;
    }
    holds.set(key, { state: "released", request: prior?.request ?? "[]", holds: [] });
    return { status: 200, body: { key, state: "released" } };
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://fake").pathname);
    const line = `${req.method} ${path}`;
    calls.push(line);
    lastAuthorization = req.headers.authorization ?? null;
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const failure = failures.find((f) => f.left > 0 && line.startsWith(f.prefix));
    if (failure) {
      failure.left -= 1;
      return failure.answer ? send(failure.answer.status, failure.answer.body) : send(503, { error: "unavailable_for_test" });
    }
    const body = text ? JSON.parse(text) : {};
    let m: RegExpExecArray | null;
    if (req.method === "POST" && path === "/search") return send(200, { hotels: search(body.query, body.include_empty === true) });
    if ((m = /^\/holds\/(.+)$/.exec(path))) {
      if (req.method === "PUT") {
        // Canonical order, so a retry listing rooms differently is the same request.
        const canonical = (body.holds as HoldRequest[])
          .map((h) => ({ hotelId: h.hotelId, checkin: h.checkin, nights: h.nights, rooms: [...h.rooms].sort((a, b) => a.roomId.localeCompare(b.roomId) || a.quantity - b.quantity) }))
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
        const r = hold(m[1], canonical);
        return send(r.status, r.body);
      }
      if (req.method === "DELETE") {
        const r = release(m[1]);
        return send(r.status, r.body);
      }
    }
    if (req.method === "PUT" && (m = /^\/bookings\/([^/]+)\/guest$/.exec(path))) {
      // An older or repeated version changes nothing (the protocol, docs/reservations.md).
      const code = decodeURIComponent(m[1]);
      if ((guests.get(code)?.version ?? 0) < body.version) guests.set(code, { version: body.version, guest: body.guest });
      return send(204);
    }
    send(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    guest: (code) => guests.get(code),
    get lastAuthorization() {
      return lastAuthorization;
    },
    addHotel(o) {
      const nights = new Map<string, { rooms: number; sold: number }>();
      for (let i = 0; i < o.nights; i++) nights.set(addDays(o.checkin, i), { rooms: o.rooms, sold: 0 });
      const hotel = hotels.get(o.id) ?? { id: o.id, name: `Hotel ${o.id}`, city: o.city ?? "CARTAGENA", rooms: [] };
      hotel.rooms.push({ roomId: o.roomId, maxAdults: 4, maxChildren: 2, price: o.price ?? "100000.00", nights });
      hotels.set(o.id, hotel);
    },
    sold: (hotelId, roomId, date) => roomOf(hotelId, roomId)?.nights.get(date)?.sold ?? 0,
    failNext(prefix, count = 1, answer) {
      failures.push({ prefix, left: count, answer });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } as FakeChannelManager;
}
