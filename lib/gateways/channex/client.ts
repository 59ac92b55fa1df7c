// A typed client for the parts of Channex's API v1 the product uses (docs.channex.io, "FOR PMS"): properties,
// room types, rate plans, ARI reads, webhooks and the Booking CRS API. Facts and doubts: docs/channel-managers.md.
//   Auth: header `user-api-key`. Bodies wrapped in the entity name; answers {data: {id, type, attributes}, meta}.
//   Errors {errors: {code, title, details?}}: 400 bad_request, 401, 403, 404, 422 validation_error, 429
//   http_too_many_requests. Unknown query parameters are ignored silently, so lookups check what comes back.
// No call is retried here: a POST that timed out may have created a booking (Channex has no idempotency), so
// the caller decides (lib/gateways/channex/push.ts). The API key never appears in an error or a log line.
import { z } from "zod";

export type ChannexErrorKind = "rate_limited" | "unauthorized" | "forbidden" | "not_found" | "validation" | "bad_request" | "server" | "network" | "timeout" | "invalid_answer";

/** A call that did not succeed. `kind` says whether a retry can help (transient) and what to tell people. */
export class ChannexError extends Error {
  constructor(
    readonly kind: ChannexErrorKind,
    readonly status: number | null,
    /** Channex's own words (title and details), never our request. */
    readonly detail: string,
  ) {
    super(`Channex ${status ?? kind}: ${detail}`.slice(0, 300));
    this.name = "ChannexError";
  }

  /** Network, timeout, 5xx and 429: the same request may succeed later. */
  get transient(): boolean {
    return this.kind === "network" || this.kind === "timeout" || this.kind === "server" || this.kind === "rate_limited" || this.kind === "invalid_answer";
  }
}

export interface ChannexClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Per request. */
  timeoutMs?: number;
}

export interface ChannexPropertyInfo {
  id: string;
  title: string;
  currency: string | null;
  city: string | null;
  country: string | null;
  /** Channex takes a new booking's rooms off availability itself (property setting; assumed when not stated). */
  countsBookings: boolean;
}

export interface ChannexRoomType {
  id: string;
  title: string;
  occAdults: number;
  occChildren: number;
  countOfRooms: number | null;
}

export interface ChannexRateOption {
  occupancy: number;
  isPrimary: boolean;
  rate: string;
}

export interface ChannexRatePlan {
  id: string;
  title: string;
  currency: string | null;
  sellMode: "per_room" | "per_person";
  roomTypeId: string;
  mealType: string | null;
  options: ChannexRateOption[];
}

/** Room type id -> night -> rooms Channex can still sell (negative when overbooked). */
export type AvailabilityMap = Record<string, Record<string, number>>;

export interface RestrictionDay {
  rate: string | null;
  /** Per-occupancy rates when Channex sends them (not documented for reads; used when present). */
  rates: Array<{ occupancy: number; rate: string }> | null;
  minStayArrival: number;
  minStayThrough: number;
  maxStay: number;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  stopSell: boolean;
}

/** Rate plan id -> night -> restrictions. */
export type RestrictionMap = Record<string, Record<string, RestrictionDay>>;

export const RESTRICTIONS_READ = "rate,min_stay_arrival,min_stay_through,closed_to_arrival,closed_to_departure,stop_sell,max_stay";

export interface BookingRoom {
  room_type_id: string;
  rate_plan_id: string;
  /** The room's own stay (a room of a booking may be shorter than the booking). */
  checkin_date: string;
  checkout_date: string;
  /** Night -> amount as decimal text, every night of the stay. */
  days: Record<string, string>;
  occupancy: { adults: number; children: number; infants: number };
}

/** The Booking CRS body (POST /bookings; PUT /bookings/{id} with the full body and a status). */
export interface BookingBody {
  property_id: string;
  ota_reservation_code: string;
  ota_name: string;
  arrival_date: string;
  departure_date: string;
  currency: string;
  payment_collect: "property" | "ota";
  payment_type: "credit_card" | "bank_transfer";
  notes: string;
  customer: { name: string; surname: string; mail: string; phone: string };
  rooms: BookingRoom[];
  status?: "new" | "modified" | "cancelled";
}

export interface ChannexBookingView {
  id: string;
  status: string;
  propertyId: string | null;
  otaReservationCode: string | null;
  insertedAt: string | null;
}

export interface WebhookRegistration {
  property_id: string;
  callback_url: string;
  event_mask: string;
  headers: Record<string, string>;
  is_active: true;
  send_data: boolean;
}

const intLike = z.union([z.number(), z.string().regex(/^-?\d+$/).transform(Number)]);
const decimalText = z.union([z.number().transform((n) => String(n)), z.string()]).pipe(z.string().regex(/^-?\d{1,12}(\.\d+)?$/).transform(money2));
const flag = z.union([z.boolean(), z.number().transform((n) => n !== 0)]).optional();

const errorBody = z.object({ errors: z.object({ code: z.string().optional(), title: z.string().optional(), details: z.unknown().optional() }) });

const entity = <A extends z.ZodType>(attributes: A) =>
  z.object({
    id: z.string(),
    type: z.string().optional(),
    attributes,
    relationships: z.record(z.string(), z.object({ data: z.object({ id: z.string() }).nullable().optional() }).nullable()).optional(),
  });

const propertyAttributes = z.object({
  title: z.string(),
  currency: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  settings: z.record(z.string(), z.unknown()).nullable().optional(),
});
const roomTypeAttributes = z.object({
  title: z.string(),
  occ_adults: intLike,
  occ_children: intLike.nullable().optional(),
  count_of_rooms: intLike.nullable().optional(),
  property_id: z.string().optional(),
});
const ratePlanAttributes = z.object({
  title: z.string(),
  currency: z.string().nullable().optional(),
  sell_mode: z.enum(["per_room", "per_person"]).catch("per_room"),
  meal_type: z.string().nullable().optional(),
  room_type_id: z.string().optional(),
  options: z.array(z.object({ occupancy: intLike, is_primary: z.boolean().optional(), rate: decimalText.nullable().optional() })).nullable().optional(),
});
const bookingAttributes = z.object({
  status: z.string(),
  property_id: z.string().nullable().optional(),
  ota_reservation_code: z.string().nullable().optional(),
  inserted_at: z.string().nullable().optional(),
});
const listMeta = z.object({ total: intLike.optional(), page: intLike.optional(), limit: intLike.optional() }).optional();

const restrictionDay = z
  .object({
    rate: decimalText.nullable().optional(),
    rates: z.array(z.object({ occupancy: intLike, rate: decimalText })).nullable().optional(),
    min_stay_arrival: intLike.nullable().optional(),
    min_stay_through: intLike.nullable().optional(),
    min_stay: intLike.nullable().optional(),
    max_stay: intLike.nullable().optional(),
    closed_to_arrival: flag,
    closed_to_departure: flag,
    stop_sell: flag,
  })
  .transform(
    (d): RestrictionDay => ({
      rate: d.rate ?? null,
      rates: d.rates ?? null,
      minStayArrival: Math.max(1, d.min_stay_arrival ?? d.min_stay ?? 1),
      minStayThrough: Math.max(1, d.min_stay_through ?? 1),
      maxStay: Math.max(0, d.max_stay ?? 0),
      closedToArrival: d.closed_to_arrival ?? false,
      closedToDeparture: d.closed_to_departure ?? false,
      stopSell: d.stop_sell ?? false,
    }),
  );

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export class ChannexClient {
  private readonly base: string;

  constructor(private readonly opts: ChannexClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
  }

  async property(id: string): Promise<ChannexPropertyInfo> {
    const body = await this.request("GET", `/properties/${encodeURIComponent(id)}`);
    const p = parse(z.object({ data: entity(propertyAttributes) }), body).data;
    const s = p.attributes.settings ?? {};
    return {
      id: p.id,
      title: p.attributes.title,
      currency: p.attributes.currency ?? null,
      city: p.attributes.city ?? null,
      country: p.attributes.country ?? null,
      // Channex's setting (as its UI names it); when absent, Channex's default (on) is assumed: docs/channel-managers.md.
      countsBookings: s.allow_availability_autoupdate_on_confirmation !== false,
    };
  }

  async roomTypes(propertyId: string): Promise<ChannexRoomType[]> {
    const rows = await this.list("/room_types", { "filter[property_id]": propertyId }, entity(roomTypeAttributes));
    return rows
      .filter((r) => (r.attributes.property_id ?? r.relationships?.property?.data?.id ?? propertyId) === propertyId)
      .map((r) => ({
        id: r.id,
        title: r.attributes.title,
        occAdults: Math.max(1, r.attributes.occ_adults),
        occChildren: Math.max(0, r.attributes.occ_children ?? 0),
        countOfRooms: r.attributes.count_of_rooms ?? null,
      }));
  }

  async ratePlans(propertyId: string): Promise<ChannexRatePlan[]> {
    const rows = await this.list("/rate_plans", { "filter[property_id]": propertyId }, entity(ratePlanAttributes));
    const out: ChannexRatePlan[] = [];
    for (const r of rows) {
      const roomTypeId = r.relationships?.room_type?.data?.id ?? r.attributes.room_type_id;
      if (!roomTypeId) continue;
      out.push({
        id: r.id,
        title: r.attributes.title,
        currency: r.attributes.currency ?? null,
        sellMode: r.attributes.sell_mode,
        roomTypeId,
        mealType: r.attributes.meal_type ?? null,
        options: (r.attributes.options ?? [])
          .filter((o) => o.rate !== null && o.rate !== undefined)
          .map((o) => ({ occupancy: o.occupancy, isPrimary: o.is_primary ?? false, rate: o.rate as string })),
      });
    }
    return out;
  }

  /** Rooms per room type per night, `from` to `to` inclusive (one ARI read of the property's budget). */
  async availability(propertyId: string, from: string, to: string): Promise<AvailabilityMap> {
    const body = await this.request("GET", "/availability", { "filter[property_id]": propertyId, "filter[date][gte]": from, "filter[date][lte]": to });
    const data = parse(z.object({ data: z.record(z.string(), z.record(z.string(), intLike)) }), body).data;
    for (const nights of Object.values(data)) for (const d of Object.keys(nights)) if (!isoDay.test(d)) throw new ChannexError("invalid_answer", 200, "fecha inválida en la disponibilidad");
    return data;
  }

  /** Rates and restrictions per rate plan per night, `from` to `to` inclusive (one ARI read of the budget). */
  async restrictions(propertyId: string, from: string, to: string): Promise<RestrictionMap> {
    const body = await this.request("GET", "/restrictions", {
      "filter[property_id]": propertyId,
      "filter[date][gte]": from,
      "filter[date][lte]": to,
      "filter[restrictions]": RESTRICTIONS_READ,
    });
    const data = parse(z.object({ data: z.record(z.string(), z.record(z.string(), restrictionDay)) }), body).data;
    for (const nights of Object.values(data)) for (const d of Object.keys(nights)) if (!isoDay.test(d)) throw new ChannexError("invalid_answer", 200, "fecha inválida en las restricciones");
    return data;
  }

  /** The property's webhooks (to find ours before registering it again). */
  async webhooks(propertyId: string): Promise<Array<{ id: string; callbackUrl: string; isActive: boolean }>> {
    const rows = await this.list(
      "/webhooks",
      { "filter[property_id]": propertyId },
      entity(z.object({ callback_url: z.string(), is_active: z.boolean().optional(), property_id: z.string().nullable().optional() })),
    );
    return rows
      .filter((r) => (r.attributes.property_id ?? r.relationships?.property?.data?.id ?? propertyId) === propertyId)
      .map((r) => ({ id: r.id, callbackUrl: r.attributes.callback_url, isActive: r.attributes.is_active === true }));
  }

  async createWebhook(w: WebhookRegistration): Promise<{ id: string }> {
    const body = await this.request("POST", "/webhooks", undefined, { webhook: w });
    return { id: parse(z.object({ data: z.object({ id: z.string() }) }), body).data.id };
  }

  /** POST /bookings. Processing is asynchronous: a GET right after may answer 404. Never retried here. */
  async createBooking(b: BookingBody): Promise<ChannexBookingView> {
    return bookingView(await this.request("POST", "/bookings", undefined, { booking: b }));
  }

  /** The booking, or null while Channex has not processed it (404). */
  async booking(id: string): Promise<ChannexBookingView | null> {
    try {
      return bookingView(await this.request("GET", `/bookings/${encodeURIComponent(id)}`));
    } catch (e) {
      if (e instanceof ChannexError && e.kind === "not_found") return null;
      throw e;
    }
  }

  /**
   * Bookings of the property carrying our code. Filtering by ota_reservation_code is not in Channex's
   * documentation (public integrations use it), and unknown filters are ignored, so the answer is checked.
   */
  async bookingsByCode(propertyId: string, code: string): Promise<ChannexBookingView[]> {
    const body = await this.request("GET", "/bookings", { "filter[property_id]": propertyId, "filter[ota_reservation_code]": code, "pagination[limit]": "100" });
    const rows = parse(z.object({ data: z.array(entity(bookingAttributes)) }), body).data;
    return rows.map((r) => viewOf(r)).filter((b) => b.otaReservationCode === code && (b.propertyId === null || b.propertyId === propertyId));
  }

  /** PUT /bookings/{id} with the full body and status "modified" or "cancelled". */
  async updateBooking(id: string, b: BookingBody & { status: "modified" | "cancelled" }): Promise<ChannexBookingView> {
    return bookingView(await this.request("PUT", `/bookings/${encodeURIComponent(id)}`, undefined, { booking: b }));
  }

  private async list<T extends z.ZodType>(path: string, filter: Record<string, string>, item: T): Promise<Array<z.output<T>>> {
    const out: Array<z.output<T>> = [];
    for (let page = 1; page <= 50; page++) {
      const body = await this.request("GET", path, { ...filter, "pagination[page]": String(page), "pagination[limit]": "100" });
      const parsed = parse(z.object({ data: z.array(item), meta: listMeta }), body);
      out.push(...parsed.data);
      const total = parsed.meta?.total;
      if (parsed.data.length === 0 || (total !== undefined ? out.length >= total : parsed.data.length < 100)) break;
    }
    return out;
  }

  private async request(method: string, path: string, query?: Record<string, string>, body?: unknown): Promise<unknown> {
    const url = new URL(`${this.base}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          accept: "application/json",
          "user-api-key": this.opts.apiKey,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
      });
    } catch (e) {
      const name = (e as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw new ChannexError("timeout", null, `sin respuesta en ${this.opts.timeoutMs ?? 5000} ms (${method} ${path.split("/")[1] ?? ""})`);
      throw new ChannexError("network", null, `no se pudo conectar (${method} ${path.split("/")[1] ?? ""})`);
    }
    let text = "";
    try {
      text = await res.text();
    } catch {
      throw new ChannexError("network", res.status, "la respuesta se cortó");
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) {
      if (json === null && text !== "") throw new ChannexError("invalid_answer", res.status, "respuesta que no es JSON");
      return json;
    }
    throw errorOf(res.status, json);
  }
}

/** Decimal text to two places (half up), on integers: money is never a float. */
export function money2(v: string): string {
  const neg = v.startsWith("-");
  const [int, frac = ""] = (neg ? v.slice(1) : v).split(".");
  let cents = BigInt(int) * 100n + BigInt((frac + "00").slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1n;
  const abs = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  return neg && cents !== 0n ? `-${abs}` : abs;
}

function errorOf(status: number, json: unknown): ChannexError {
  const e = errorBody.safeParse(json);
  const title = e.success ? (e.data.errors.title ?? e.data.errors.code ?? "") : "";
  const details = e.success && e.data.errors.details !== undefined ? ` ${JSON.stringify(e.data.errors.details).slice(0, 200)}` : "";
  const detail = `${title}${details}`.trim() || `HTTP ${status}`;
  if (status === 429) return new ChannexError("rate_limited", status, detail);
  if (status === 401) return new ChannexError("unauthorized", status, detail);
  if (status === 403) return new ChannexError("forbidden", status, detail);
  if (status === 404) return new ChannexError("not_found", status, detail);
  if (status === 422) return new ChannexError("validation", status, detail);
  if (status >= 500) return new ChannexError("server", status, detail);
  return new ChannexError("bad_request", status, detail);
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const r = schema.safeParse(body);
  if (!r.success) throw new ChannexError("invalid_answer", 200, `respuesta inesperada: ${r.error.issues[0]?.path.join(".") || "cuerpo"}`);
  return r.data;
}

function viewOf(r: { id: string; attributes: z.output<typeof bookingAttributes> }): ChannexBookingView {
  return {
    id: r.id,
    status: r.attributes.status,
    propertyId: r.attributes.property_id ?? null,
    otaReservationCode: r.attributes.ota_reservation_code ?? null,
    insertedAt: r.attributes.inserted_at ?? null,
  };
}

function bookingView(body: unknown): ChannexBookingView {
  return viewOf(parse(z.object({ data: entity(bookingAttributes) }), body).data);
}
