// Channex, faked from its public documentation (docs.channex.io API v1) and what public integrations measured on
// its staging server (../shared/research/channex.md): a node:http server with properties, room types, rate plans,
// ARI reads limited per property (10 availability and 10 restriction reads a minute, then 429
// http_too_many_requests), webhooks that carry only the custom headers registered with them, and the Booking
// CRS API: POST /bookings processed asynchronously (a GET right after answers 404 until it is processed), no
// idempotency (the same body twice is two bookings), full-body PUT to modify or cancel (partial `days` is 422),
// no DELETE, and availability that a booking takes even when it is 0 (it goes negative). It shares nothing
// with our database; tests drive it through its controls (failNext, stallNext, processAll, setAvailability...).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, daysBetween } from "@/lib/time";

interface FProperty {
  id: string;
  title: string;
  currency: string;
  city: string;
  country: string;
  settings: Record<string, unknown>;
  /** The booking_crs application: without it POST /bookings answers 403 (measured). */
  crsInstalled: boolean;
}

interface FRoomType {
  id: string;
  propertyId: string;
  title: string;
  occAdults: number;
  occChildren: number;
  countOfRooms: number;
}

interface FRatePlan {
  id: string;
  propertyId: string;
  roomTypeId: string;
  title: string;
  currency: string;
  sellMode: "per_room" | "per_person";
  mealType: string;
  options: Array<{ occupancy: number; is_primary: boolean; rate: string }>;
}

interface FRestriction {
  rate: string;
  min_stay_arrival: number;
  min_stay_through: number;
  max_stay: number;
  closed_to_arrival: boolean;
  closed_to_departure: boolean;
  stop_sell: boolean;
}

export interface FakeBookingBody {
  property_id: string;
  ota_reservation_code: string;
  ota_name: string;
  arrival_date: string;
  departure_date: string;
  currency: string;
  customer: { name?: string; surname?: string; mail?: string; phone?: string };
  rooms: Array<{
    room_type_id: string;
    rate_plan_id: string;
    checkin_date?: string;
    checkout_date?: string;
    days: Record<string, string>;
    occupancy?: { adults: number; children: number; infants: number };
  }>;
  notes?: string;
  payment_collect?: string;
  payment_type?: string;
  status?: string;
}

export interface FakeBooking {
  id: string;
  propertyId: string;
  status: "new" | "modified" | "cancelled";
  processed: boolean;
  /** Every body received for it, the first being the POST's. */
  revisions: FakeBookingBody[];
  insertedAt: string;
}

interface FWebhook {
  id: string;
  property_id: string | null;
  callback_url: string;
  event_mask: string;
  headers: Record<string, string>;
  is_active: boolean;
  send_data: boolean;
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  at: number;
  status: number;
}

type Control = { prefix: string; left: number } & ({ kind: "fail"; status: number } | { kind: "stall"; ms: number; execute: boolean });

/** Known channel codes accepted as ota_name; "Direct", "Website" and "Manual" are refused (measured). */
const OTA_NAMES = new Set(["Offline", "BookingCom", "Booking.com", "Expedia", "Airbnb"]);
const ARI_LIMIT = 10;

export interface FakeChannex {
  url: string;
  apiKey: string;
  calls: FakeCall[];
  /** Webhook deliveries made (event, property, the answer's status). */
  deliveries: Array<{ event: string; propertyId: string; status: number }>;
  addProperty(p?: Partial<Omit<FProperty, "id">> & { id?: string }): string;
  addRoomType(propertyId: string, r?: Partial<Omit<FRoomType, "id" | "propertyId">>): string;
  addRatePlan(propertyId: string, roomTypeId: string, r?: Partial<Omit<FRatePlan, "id" | "propertyId" | "roomTypeId">>): string;
  setCrsInstalled(propertyId: string, on: boolean): void;
  /** Sets availability on nights (sends an `ari` webhook unless `silent`). */
  setAvailability(roomTypeId: string, dates: string[], rooms: number, opts?: { silent?: boolean }): void;
  availabilityOf(roomTypeId: string, date: string): number;
  setRestriction(ratePlanId: string, dates: string[], r: Partial<FRestriction>, opts?: { silent?: boolean }): void;
  /** Another channel sells a room (availability down by one on each night, no booking of ours). */
  sellElsewhere(roomTypeId: string, checkin: string, nights: number, opts?: { silent?: boolean }): void;
  bookings(propertyId?: string): FakeBooking[];
  booking(id: string): FakeBooking | undefined;
  webhooks(propertyId?: string): FWebhook[];
  /** "manual": bookings wait for processAll(); "auto": processed after `processDelayMs`. */
  processing: "auto" | "manual";
  processDelayMs: number;
  processAll(): Promise<void>;
  /** Pretend Channex ignores the undocumented filter[ota_reservation_code] (unknown filters are ignored). */
  ignoreCodeFilter: boolean;
  /** The next `count` requests whose "METHOD /path" starts with `prefix` answer `status` (500) and do nothing. */
  failNext(prefix: string, count?: number, status?: number): void;
  /** Forgets every failNext and stallNext still pending. */
  clearControls(): void;
  /** The next `count` matching requests wait `ms` before answering; with `execute` they still take effect. */
  stallNext(prefix: string, opts: { ms: number; execute: boolean; count?: number }): void;
  /** ARI reads (availability or restrictions) sent for a property, with their times. */
  ariReads(propertyId: string, kind: "availability" | "restrictions"): number[];
  /** The most ARI reads of one kind received in any 60 s window. */
  maxAriReadsPerMinute(propertyId: string, kind: "availability" | "restrictions"): number;
  /** Sends `event` to the property's active webhooks now; resolves when delivered. */
  emit(propertyId: string, event: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeChannex(opts: { apiKey?: string; port?: number } = {}): Promise<FakeChannex> {
  const apiKey = opts.apiKey ?? "fake-channex-key";
  const properties = new Map<string, FProperty>();
  const roomTypes = new Map<string, FRoomType>();
  const ratePlans = new Map<string, FRatePlan>();
  const availability = new Map<string, Map<string, number>>();
  const restrictions = new Map<string, Map<string, Partial<FRestriction>>>();
  const bookings = new Map<string, FakeBooking>();
  const webhooks = new Map<string, FWebhook>();
  const calls: FakeCall[] = [];
  const deliveries: FakeChannex["deliveries"] = [];
  const controls: Control[] = [];
  const ariLog = new Map<string, number[]>();
  const pendingTimers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();

  const state = { processing: "auto" as "auto" | "manual", processDelayMs: 30, ignoreCodeFilter: false };

  const availOf = (rtId: string, d: string) => availability.get(rtId)?.get(d) ?? roomTypes.get(rtId)?.countOfRooms ?? 0;
  const setAvail = (rtId: string, d: string, n: number) => {
    if (!availability.has(rtId)) availability.set(rtId, new Map());
    availability.get(rtId)!.set(d, n);
  };
  const restrictionOf = (rp: FRatePlan, d: string): FRestriction => {
    const primary = rp.options.find((o) => o.is_primary) ?? rp.options[0];
    return {
      rate: primary?.rate ?? "0.00",
      min_stay_arrival: 1,
      min_stay_through: 1,
      max_stay: 0,
      closed_to_arrival: false,
      closed_to_departure: false,
      stop_sell: false,
      ...(restrictions.get(rp.id)?.get(d) ?? {}),
    };
  };
  const nightsOf = (arrival: string, departure: string) => Array.from({ length: Math.max(0, daysBetween(arrival, departure)) }, (_, i) => addDays(arrival, i));

  const roomNights = (b: FakeBookingBody, room: FakeBookingBody["rooms"][number]) => nightsOf(room.checkin_date ?? b.arrival_date, room.checkout_date ?? b.departure_date);
  function apply(b: FakeBookingBody, sign: 1 | -1) {
    for (const room of b.rooms) for (const d of roomNights(b, room)) setAvail(room.room_type_id, d, availOf(room.room_type_id, d) + sign);
  }

  async function deliver(propertyId: string, event: string) {
    const hooks = [...webhooks.values()].filter((w) => w.is_active && (w.property_id === propertyId || w.property_id === null));
    await Promise.all(
      hooks
        .filter((w) => w.event_mask === "*" || w.event_mask.split(/[;,]/).map((e) => e.trim()).includes(event))
        .map(async (w) => {
          const body: Record<string, unknown> = { event, property_id: propertyId, timestamp: new Date().toISOString(), user_id: null };
          if (w.send_data) body.payload = [];
          let status = 0;
          try {
            const r = await fetch(w.callback_url, { method: "POST", headers: { "content-type": "application/json", ...w.headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
            status = r.status;
            await r.arrayBuffer();
          } catch {
            status = 0;
          }
          deliveries.push({ event, propertyId, status });
        }),
    );
  }
  const emitLater = (propertyId: string, event: string) => {
    const p = deliver(propertyId, event).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  function process(b: FakeBooking) {
    if (b.processed) return;
    b.processed = true;
    // Channex takes the rooms itself, with no check: a booking on availability 0 leaves it at -1 (measured).
    if (properties.get(b.propertyId)?.settings.allow_availability_autoupdate_on_confirmation !== false) apply(b.revisions[0], -1);
    emitLater(b.propertyId, "booking");
    emitLater(b.propertyId, "ari");
  }

  /** The Booking CRS rules a body must pass (422 validation_error with details per field). */
  function validateBooking(b: FakeBookingBody | undefined): Record<string, string[]> | null {
    const errors: Record<string, string[]> = {};
    const add = (f: string, m: string) => (errors[f] ??= []).push(m);
    if (!b || typeof b !== "object") return { booking: ["is required"] };
    if (!properties.has(b.property_id)) add("property_id", "not found");
    if (!OTA_NAMES.has(b.ota_name)) add("ota_name", "is invalid");
    if (typeof b.ota_reservation_code !== "string" || b.ota_reservation_code === "") add("ota_reservation_code", "can't be blank");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(b.arrival_date ?? "") || !/^\d{4}-\d{2}-\d{2}$/.test(b.departure_date ?? "") || b.departure_date <= b.arrival_date) add("departure_date", "must be after arrival_date");
    if (typeof b.currency !== "string" || b.currency.length !== 3) add("currency", "is invalid");
    if (!b.customer?.name || !b.customer?.surname) add("customer", "name and surname are required");
    if (!Array.isArray(b.rooms) || b.rooms.length === 0) add("rooms", "can't be blank");
    (Array.isArray(b.rooms) ? b.rooms : []).forEach((r, i) => {
      if ((r.checkin_date ?? b.arrival_date) < b.arrival_date || (r.checkout_date ?? b.departure_date) > b.departure_date) add(`rooms.${i}.checkin_date`, "must be within the booking");
      const nights = errors.departure_date ? [] : roomNights(b, r);
      const rt = roomTypes.get(r.room_type_id);
      const rp = ratePlans.get(r.rate_plan_id);
      if (!rt || rt.propertyId !== b.property_id) add(`rooms.${i}.room_type_id`, "not found");
      if (!rp || rp.roomTypeId !== r.room_type_id) add(`rooms.${i}.rate_plan_id`, "not found");
      const days = Object.keys(r.days ?? {}).sort();
      // Every night, no more (a partial `days` is refused, measured on cancellations too).
      if (days.join(",") !== nights.join(",")) add(`rooms.${i}.days`, "must cover every night of the stay");
      if (Object.values(r.days ?? {}).some((a) => !/^\d+(\.\d{1,2})?$/.test(String(a)))) add(`rooms.${i}.days`, "amount is invalid");
    });
    return Object.keys(errors).length ? errors : null;
  }

  const bookingJson = (b: FakeBooking) => {
    const last = b.revisions[b.revisions.length - 1];
    return {
      data: {
        id: b.id,
        type: "booking",
        attributes: {
          id: b.id,
          status: b.status,
          property_id: b.propertyId,
          ota_reservation_code: last.ota_reservation_code,
          ota_name: last.ota_name,
          arrival_date: last.arrival_date,
          departure_date: last.departure_date,
          currency: last.currency,
          customer: last.customer,
          rooms: last.rooms,
          unique_id: `OFF-${last.ota_reservation_code}`,
          revision_id: crypto.randomUUID(),
          inserted_at: b.insertedAt,
        },
      },
    };
  };

  function ariAllowed(propertyId: string, kind: "availability" | "restrictions"): boolean {
    const k = `${propertyId}|${kind}`;
    const now = Date.now();
    const log = ariLog.get(k) ?? [];
    ariLog.set(k, log);
    log.push(now);
    return log.filter((t) => t > now - 60_000).length <= ARI_LIMIT;
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/api\/v1/, "");
    const q = url.searchParams;
    const line = `${req.method} ${path}`;
    const call: FakeCall = { method: req.method ?? "GET", path, query: q, at: Date.now(), status: 0 };
    calls.push(call);
    const send = (status: number, body?: unknown) => {
      call.status = status;
      if (res.destroyed) return;
      res.writeHead(status, body === undefined ? {} : { "content-type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const fail = (status: number, code: string, title: string, details?: unknown) => send(status, { errors: { code, title, ...(details !== undefined ? { details } : {}) } });

    if (req.headers["user-api-key"] !== apiKey) return fail(401, "unauthorized", "Unauthorized");
    const control = controls.find((c) => c.left > 0 && line.startsWith(c.prefix));
    if (control) control.left -= 1;
    if (control?.kind === "fail") return control.status === 429 ? fail(429, "http_too_many_requests", "Too Many Requests") : fail(control.status, "internal_error", "Internal Server Error");
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    } catch {
      return fail(400, "bad_request", "Bad Request", ["invalid JSON"]);
    }
    const stall = control?.kind === "stall" ? control : null;
    if (stall && !stall.execute) {
      // The request is lost: nothing happens, and the answer comes (if at all) after the client gave up.
      await new Promise((r) => setTimeout(r, stall.ms));
      return fail(503, "unavailable", "Service Unavailable");
    }
    const answer = handle(req.method ?? "GET", path, q, body);
    if (stall) await new Promise((r) => setTimeout(r, stall.ms));
    send(answer.status, answer.body);
  });

  function handle(method: string, path: string, q: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown } {
    const err = (status: number, code: string, title: string, details?: unknown) => ({ status, body: { errors: { code, title, ...(details !== undefined ? { details } : {}) } } });
    const page = <T>(rows: T[]) => {
      const limit = Math.min(100, Number(q.get("pagination[limit]") ?? 10) || 10);
      const p = Math.max(1, Number(q.get("pagination[page]") ?? 1) || 1);
      return { status: 200, body: { data: rows.slice((p - 1) * limit, p * limit), meta: { page: p, limit, total: rows.length } } };
    };
    let m: RegExpExecArray | null;
    if (method === "GET" && (m = /^\/properties\/([^/]+)$/.exec(path))) {
      const p = properties.get(m[1]);
      if (!p) return err(404, "not_found", "Resource Not Found");
      return { status: 200, body: { data: { id: p.id, type: "property", attributes: { id: p.id, title: p.title, currency: p.currency, city: p.city, country: p.country, timezone: "America/Bogota", settings: p.settings } } } };
    }
    if (method === "GET" && path === "/room_types") {
      const pid = q.get("filter[property_id]");
      return page(
        [...roomTypes.values()]
          .filter((r) => !pid || r.propertyId === pid)
          .map((r) => ({
            id: r.id,
            type: "room_type",
            attributes: { id: r.id, title: r.title, occ_adults: r.occAdults, occ_children: r.occChildren, occ_infants: 0, default_occupancy: r.occAdults, count_of_rooms: r.countOfRooms },
            relationships: { property: { data: { type: "property", id: r.propertyId } } },
          })),
      );
    }
    if (method === "GET" && path === "/rate_plans") {
      const pid = q.get("filter[property_id]");
      return page(
        [...ratePlans.values()]
          .filter((r) => !pid || r.propertyId === pid)
          .map((r) => ({
            id: r.id,
            type: "rate_plan",
            attributes: { id: r.id, title: r.title, currency: r.currency, sell_mode: r.sellMode, rate_mode: "manual", meal_type: r.mealType, options: r.options },
            relationships: { property: { data: { type: "property", id: r.propertyId } }, room_type: { data: { type: "room_type", id: r.roomTypeId } } },
          })),
      );
    }
    if (method === "GET" && (path === "/availability" || path === "/restrictions")) {
      const pid = q.get("filter[property_id]") ?? "";
      if (!properties.has(pid)) return err(400, "bad_request", "Bad Request", ["property_id is required"]);
      const kind = path === "/availability" ? "availability" : "restrictions";
      if (!ariAllowed(pid, kind)) return err(429, "http_too_many_requests", "Too Many Requests");
      if (kind === "restrictions" && !q.get("filter[restrictions]")) return err(400, "bad_request", "Bad Request", ["restrictions is required"]);
      const from = q.get("filter[date][gte]") ?? "";
      const to = q.get("filter[date][lte]") ?? "";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) return err(400, "bad_request", "Bad Request", ["date is invalid"]);
      const dates = Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
      const data: Record<string, Record<string, unknown>> = {};
      if (kind === "availability") {
        for (const rt of roomTypes.values()) if (rt.propertyId === pid) data[rt.id] = Object.fromEntries(dates.map((d) => [d, availOf(rt.id, d)]));
      } else {
        const wanted = (q.get("filter[restrictions]") ?? "").split(",");
        for (const rp of ratePlans.values()) {
          if (rp.propertyId !== pid) continue;
          data[rp.id] = Object.fromEntries(
            dates.map((d) => {
              const r = restrictionOf(rp, d) as unknown as Record<string, unknown>;
              return [d, Object.fromEntries(wanted.filter((k) => k in r).map((k) => [k, r[k]]))];
            }),
          );
        }
      }
      return { status: 200, body: { data } };
    }
    if (method === "GET" && path === "/webhooks") {
      const pid = q.get("filter[property_id]");
      return page([...webhooks.values()].filter((w) => !pid || w.property_id === pid).map((w) => ({ id: w.id, type: "webhook", attributes: { ...w } })));
    }
    if (method === "POST" && path === "/webhooks") {
      const w = body.webhook as Partial<FWebhook> | undefined;
      if (!w || typeof w.callback_url !== "string" || typeof w.event_mask !== "string") return err(422, "validation_error", "Validation Error", { callback_url: ["can't be blank"] });
      if (w.property_id && !properties.has(w.property_id)) return err(422, "validation_error", "Validation Error", { property_id: ["not found"] });
      const id = crypto.randomUUID();
      // Channex's default is_active is false: a subscription created without it never fires.
      const hook: FWebhook = {
        id,
        property_id: w.property_id ?? null,
        callback_url: w.callback_url,
        event_mask: w.event_mask,
        headers: (w.headers as Record<string, string>) ?? {},
        is_active: w.is_active === true,
        send_data: w.send_data === true,
      };
      webhooks.set(id, hook);
      return { status: 201, body: { data: { id, type: "webhook", attributes: { ...hook } } } };
    }
    if (method === "POST" && path === "/bookings") {
      const b = body.booking as FakeBookingBody | undefined;
      const p = b ? properties.get(b.property_id) : undefined;
      if (p && !p.crsInstalled) return err(403, "forbidden", "Forbidden", ["booking_crs application is not installed"]);
      const invalid = validateBooking(b);
      if (invalid) return err(422, "validation_error", "Validation Error", invalid);
      // No idempotency: the same body twice is two bookings.
      const booking: FakeBooking = { id: crypto.randomUUID(), propertyId: b!.property_id, status: "new", processed: false, revisions: [b!], insertedAt: new Date().toISOString() };
      bookings.set(booking.id, booking);
      if (state.processing === "auto") {
        const t = setTimeout(() => {
          pendingTimers.delete(t);
          process(booking);
        }, state.processDelayMs);
        pendingTimers.add(t);
      }
      return { status: 201, body: { data: { id: booking.id, type: "booking", attributes: { id: booking.id, status: "new", property_id: booking.propertyId, ota_reservation_code: b!.ota_reservation_code } } } };
    }
    if (method === "GET" && path === "/bookings") {
      const pid = q.get("filter[property_id]");
      const code = state.ignoreCodeFilter ? null : q.get("filter[ota_reservation_code]");
      return page(
        [...bookings.values()]
          .filter((b) => b.processed && (!pid || b.propertyId === pid) && (!code || b.revisions[b.revisions.length - 1].ota_reservation_code === code))
          .map((b) => bookingJson(b).data),
      );
    }
    if ((m = /^\/bookings\/([^/]+)$/.exec(path))) {
      const b = bookings.get(m[1]);
      if (method === "DELETE") return err(404, "not_found", "Resource Not Found");
      if (!b || !b.processed) return err(404, "not_found", "Resource Not Found");
      if (method === "GET") return { status: 200, body: bookingJson(b) };
      if (method === "PUT") {
        const next = body.booking as FakeBookingBody | undefined;
        if (next?.status !== "modified" && next?.status !== "cancelled") return err(422, "validation_error", "Validation Error", { status: ["is invalid"] });
        const invalid = validateBooking(next);
        if (invalid) return err(422, "validation_error", "Validation Error", invalid);
        if (b.status === "cancelled") return err(422, "validation_error", "Validation Error", { status: ["booking is already cancelled"] });
        const counted = properties.get(b.propertyId)?.settings.allow_availability_autoupdate_on_confirmation !== false;
        const prev = b.revisions[b.revisions.length - 1];
        if (counted) apply(prev, 1);
        if (next.status === "modified" && counted) apply(next, -1);
        b.status = next.status;
        b.revisions.push(next);
        emitLater(b.propertyId, "booking");
        emitLater(b.propertyId, "ari");
        return { status: 200, body: bookingJson(b) };
      }
    }
    if (method === "POST" && /^\/bookings\/[^/]+\/cancel$/.test(path)) return err(404, "not_found", "Resource Not Found");
    return err(404, "not_found", "Resource Not Found");
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeChannex = {
    url: `http://127.0.0.1:${port}/api/v1`,
    apiKey,
    calls,
    deliveries,
    get processing() {
      return state.processing;
    },
    set processing(v) {
      state.processing = v;
    },
    get processDelayMs() {
      return state.processDelayMs;
    },
    set processDelayMs(v) {
      state.processDelayMs = v;
    },
    get ignoreCodeFilter() {
      return state.ignoreCodeFilter;
    },
    set ignoreCodeFilter(v) {
      state.ignoreCodeFilter = v;
    },
    addProperty(p = {}) {
      const id = p.id ?? crypto.randomUUID();
      properties.set(id, {
        id,
        title: p.title ?? "Hotel Channex",
        currency: p.currency ?? "COP",
        city: p.city ?? "Cartagena",
        country: p.country ?? "CO",
        settings: p.settings ?? { allow_availability_autoupdate_on_confirmation: true, allow_availability_autoupdate_on_modification: true, allow_availability_autoupdate_on_cancellation: true },
        crsInstalled: p.crsInstalled ?? true,
      });
      return id;
    },
    addRoomType(propertyId, r = {}) {
      const id = crypto.randomUUID();
      roomTypes.set(id, { id, propertyId, title: r.title ?? "Habitación doble", occAdults: r.occAdults ?? 2, occChildren: r.occChildren ?? 1, countOfRooms: r.countOfRooms ?? 5 });
      return id;
    },
    addRatePlan(propertyId, roomTypeId, r = {}) {
      const id = crypto.randomUUID();
      ratePlans.set(id, {
        id,
        propertyId,
        roomTypeId,
        title: r.title ?? "Tarifa flexible",
        currency: r.currency ?? "COP",
        sellMode: r.sellMode ?? "per_room",
        mealType: r.mealType ?? "none",
        options: r.options ?? [{ occupancy: roomTypes.get(roomTypeId)?.occAdults ?? 2, is_primary: true, rate: "200000.00" }],
      });
      return id;
    },
    setCrsInstalled(propertyId, on) {
      properties.get(propertyId)!.crsInstalled = on;
    },
    setAvailability(roomTypeId, dates, rooms, o = {}) {
      for (const d of dates) setAvail(roomTypeId, d, rooms);
      if (!o.silent) emitLater(roomTypes.get(roomTypeId)!.propertyId, "ari");
    },
    availabilityOf: availOf,
    setRestriction(ratePlanId, dates, r, o = {}) {
      if (!restrictions.has(ratePlanId)) restrictions.set(ratePlanId, new Map());
      for (const d of dates) restrictions.get(ratePlanId)!.set(d, { ...(restrictions.get(ratePlanId)!.get(d) ?? {}), ...r });
      if (!o.silent) emitLater(ratePlans.get(ratePlanId)!.propertyId, "ari");
    },
    sellElsewhere(roomTypeId, checkin, nights, o = {}) {
      for (let i = 0; i < nights; i++) setAvail(roomTypeId, addDays(checkin, i), availOf(roomTypeId, addDays(checkin, i)) - 1);
      if (!o.silent) emitLater(roomTypes.get(roomTypeId)!.propertyId, "ari");
    },
    bookings: (propertyId) => [...bookings.values()].filter((b) => !propertyId || b.propertyId === propertyId),
    booking: (id) => bookings.get(id),
    webhooks: (propertyId) => [...webhooks.values()].filter((w) => !propertyId || w.property_id === propertyId),
    async processAll() {
      for (const b of bookings.values()) process(b);
      await Promise.all([...inFlight]);
    },
    failNext(prefix, count = 1, status = 500) {
      controls.push({ prefix, left: count, kind: "fail", status });
    },
    clearControls() {
      controls.length = 0;
    },
    stallNext(prefix, o) {
      controls.push({ prefix, left: o.count ?? 1, kind: "stall", ms: o.ms, execute: o.execute });
    },
    ariReads: (propertyId, kind) => [...(ariLog.get(`${propertyId}|${kind}`) ?? [])],
    maxAriReadsPerMinute(propertyId, kind) {
      const log = ariLog.get(`${propertyId}|${kind}`) ?? [];
      let max = 0;
      for (const t of log) max = Math.max(max, log.filter((u) => u >= t && u < t + 60_000).length);
      return max;
    },
    emit: (propertyId, event) => deliver(propertyId, event),
    async close() {
      for (const t of pendingTimers) clearTimeout(t);
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
