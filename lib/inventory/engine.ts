// The availability engine (issue 28): 4.2 and 4.3 answered from memory, without SQL per search.
//
// Per hotel, one snapshot of everything a search reads, as compact arrays indexed by night (day number minus
// the snapshot's first day): per active room type the sellable count (rooms - sold), its flags (row present,
// stop sell, closed to arrival / departure) and the minimum stay; per (room type, active rate plan, adult count
// of the price rows: 0 = any) the nightly price in cents (NaN: no price); per rate plan of a hotel linked to
// Channex the plan's own mirrored restrictions (minimum stay at arrival / through, maximum stay, closed to
// arrival / departure: docs/channel-managers.md). A search walks these arrays and writes the JSON answer
// straight from them (serialise*), with the catalogue's strings escaped once per snapshot.
//
// Exactness: a snapshot is read by ONE SQL statement, which also reads the hotel's counter in
// hotel_search_versions, so the snapshot is exactly the data of that counter (the counter is raised in the same
// transaction as every write a search reads: migration 20261123160000_search_versions, channex_restrictions
// included). A request reads the counters first (search-cache.ts, one indexed SELECT) and uses a hotel's
// snapshot only when the snapshot's counter is at least the one read; otherwise that hotel alone is reloaded
// (the others of the city stay). Several instances agree because the counters live in the shared database.
//
// Memory: bounded by ENGINE_MB (128 by default), least recently used hotel out first. Size per hotel:
// R x D x 9 bytes of inventory + R x P x A x D x 8 bytes of prices (+ P x D x 13 for a Channex hotel) + its
// strings, R room types, P rate plans, A adult counts priced, D nights from the hotel's first to its last loaded
// date: ~40 KiB for 5 x 3 x 1 over 60 nights, ~470 KiB over two years.
import type { Database } from "@/lib/db/open";
import { jsonColumn } from "@/lib/db/open";
import { config } from "@/lib/config";

const DAY_MS = 86_400_000;
export const dayNumber = (ymd: string) => Math.round(Date.parse(`${ymd}T00:00:00Z`) / DAY_MS);
export const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const PRESENT = 1;
const STOP = 2;
const CTA = 4;
const CTD = 8;

interface Room {
  id: number;
  roomIdUpper: string;
  roomTypeUpper: string;
  beds: number;
  maxAdults: number;
  maxChildren: number;
  /** `"roomId":…,"roomName":…,` (UTF-8) */
  idName: Buffer;
  /** Per plan: `{"roomId":…,"roomName":…,"roomType":…,"rateId":…,…,"baseDailyAmounts":[` (a product's start, UTF-8). */
  productHead: Buffer[];
  free: Int32Array;
  flags: Uint8Array;
  minStay: Int32Array;
  /** Per plan (index in `plans`): adult count -> cents per night. */
  prices: Array<Map<number, Float64Array>>;
}

interface Plan {
  id: number;
  /** `"rateId":…,…,"currency":…,"baseDailyAmounts":[` */
  body: string;
  /** Channex restrictions (linked hotels only): null when none is stored. */
  restr: { flags: Uint8Array; msa: Int32Array; mst: Int32Array; max: Int32Array } | null;
}

export interface HotelSnapshot {
  id: number;
  version: bigint;
  active: boolean;
  city: string;
  /** `{"hotel":{"id":…,"name":…,"channel_manager_id":…,"city":…,"largest_room_beds":…},"availability":[` (UTF-8) */
  hotelHead: Buffer;
  /** Hotel linked to a Channex property (its plans' restrictions filter products when CHANNEL_MANAGER=channex). */
  linked: boolean;
  first: number;
  days: number;
  rooms: Room[];
  plans: Plan[];
  bytes: number;
}

interface LoadRow {
  id: number;
  name: string;
  city: string;
  channel_manager_id: string;
  is_active: boolean;
  version: string | null;
  linked: boolean;
  rooms: Array<{ id: number; room_id: string; room_name: string; room_type: string; beds: number; max_adults: number; max_children: number }> | string | null;
  plans: Array<{
    id: number;
    rate_id: string;
    rate_description: string;
    board_type: string | null;
    board_type_description: string;
    refundable: string;
    cancellation_policy: string;
    currency: string;
  }> | string | null;
  inv: { rt: number[]; d: number[]; free: number[]; f: number[]; ms: number[] } | string | null;
  rates: { rt: number[]; rp: number[]; a: number[]; d: number[]; c: number[] } | string | null;
  restr: { rp: number[]; d: number[]; f: number[]; msa: number[]; mst: number[]; mx: number[] } | string | null;
}

// One statement per batch of hotels: one snapshot of the database, counter included. Days are numbers since
// 1970-01-01, prices integer cents (amount_before_tax is numeric(14,2)), so sums are exact.
const LOAD_SQL = `
SELECT h.id, h.name, h.city, h.channel_manager_id, h.is_active,
  (SELECT v.version::text FROM hotel_search_versions v WHERE v.hotel_id = h.id) AS version,
  EXISTS (SELECT 1 FROM channex_properties cp WHERE cp.hotel_id = h.id) AS linked,
  (SELECT json_agg(json_build_object('id', rt.id, 'room_id', rt.room_id, 'room_name', rt.room_name, 'room_type', rt.room_type,
          'beds', rt.beds, 'max_adults', rt.max_adults, 'max_children', rt.max_children) ORDER BY rt.id)
   FROM room_types rt WHERE rt.hotel_id = h.id AND rt.is_active) AS rooms,
  (SELECT json_agg(json_build_object('id', rp.id, 'rate_id', rp.rate_id, 'rate_description', rp.rate_description,
          'board_type', rp.board_type, 'board_type_description', rp.board_type_description, 'refundable', rp.refundable,
          'cancellation_policy', rp.cancellation_policy, 'currency', rp.currency) ORDER BY rp.id)
   FROM rate_plans rp WHERE rp.hotel_id = h.id AND rp.is_active) AS plans,
  (SELECT json_build_object('rt', array_agg(i.room_type_id), 'd', array_agg(i.date - DATE '1970-01-01'), 'free', array_agg(i.rooms - i.sold),
          'f', array_agg(CASE WHEN i.stop_sell THEN 2 ELSE 0 END + CASE WHEN i.closed_to_arrival THEN 4 ELSE 0 END
                       + CASE WHEN i.closed_to_departure THEN 8 ELSE 0 END), 'ms', array_agg(i.min_stay))
   FROM inventory_nights i JOIN room_types rt ON rt.id = i.room_type_id AND rt.hotel_id = h.id AND rt.is_active) AS inv,
  (SELECT json_build_object('rt', array_agg(r.room_type_id), 'rp', array_agg(r.rate_plan_id), 'a', array_agg(r.adults),
          'd', array_agg(r.date - DATE '1970-01-01'), 'c', array_agg((r.amount_before_tax * 100)::bigint))
   FROM rate_nights r
   JOIN room_types rt ON rt.id = r.room_type_id AND rt.hotel_id = h.id AND rt.is_active
   JOIN rate_plans rp ON rp.id = r.rate_plan_id AND rp.is_active) AS rates,
  (SELECT json_build_object('rp', array_agg(c.rate_plan_id), 'd', array_agg(c.date - DATE '1970-01-01'),
          'f', array_agg(CASE WHEN c.closed_to_arrival THEN 4 ELSE 0 END + CASE WHEN c.closed_to_departure THEN 8 ELSE 0 END),
          'msa', array_agg(c.min_stay_arrival), 'mst', array_agg(c.min_stay_through), 'mx', array_agg(c.max_stay))
   FROM channex_restrictions c JOIN rate_plans rp ON rp.id = c.rate_plan_id AND rp.hotel_id = h.id AND rp.is_active
   WHERE EXISTS (SELECT 1 FROM channex_properties cp WHERE cp.hotel_id = h.id)) AS restr
FROM hotels h WHERE h.id = ANY($1::int[])`;

const j = (v: unknown) => JSON.stringify(v);

function build(row: LoadRow): HotelSnapshot {
  const rooms0 = jsonColumn(row.rooms) ?? [];
  const plans0 = jsonColumn(row.plans) ?? [];
  const inv = jsonColumn(row.inv);
  const rates = jsonColumn(row.rates);
  const restr = row.linked ? jsonColumn(row.restr) : null;
  // The day range covers every loaded row.
  let lo = Infinity;
  let hi = -Infinity;
  for (const list of [inv?.d, rates?.d, restr?.d]) {
    if (!list) continue;
    for (const d of list) {
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
  }
  const first = lo === Infinity ? 0 : lo;
  const days = lo === Infinity ? 0 : hi - lo + 1;
  let bytes = 512;
  const planIndex = new Map<number, number>();
  const plans: Plan[] = plans0.map((p, i) => {
    planIndex.set(p.id, i);
    const body =
      `"rateId":${j(p.rate_id)},"rateDescription":${j(p.rate_description)},"boardType":${j(p.board_type)},` +
      `"boardTypeDescription":${j(p.board_type_description)},"refundable":${j(p.refundable)},"cancellationPolicy":${j(p.cancellation_policy)},` +
      `"currency":${j(p.currency)},"baseDailyAmounts":[`;
    bytes += body.length * 2;
    return { id: p.id, body, restr: null };
  });
  const roomIndex = new Map<number, number>();
  const rooms: Room[] = rooms0.map((r, i) => {
    roomIndex.set(r.id, i);
    const idNameText = `"roomId":${j(r.room_id)},"roomName":${j(r.room_name)},`;
    const idName = Buffer.from(idNameText, "utf8");
    const room: Room = {
      id: r.id,
      roomIdUpper: r.room_id.toUpperCase(),
      roomTypeUpper: r.room_type.toUpperCase(),
      beds: r.beds,
      maxAdults: r.max_adults,
      maxChildren: r.max_children,
      idName,
      productHead: plans.map((p) => Buffer.from(`{${idNameText}"roomType":${j(r.room_type)},${p.body}`, "utf8")),
      free: new Int32Array(days),
      flags: new Uint8Array(days),
      minStay: new Int32Array(days),
      prices: plans.map(() => new Map()),
    };
    bytes += days * 9 + idName.length + plans.reduce((n, p) => n + p.body.length * 2, 0);
    return room;
  });
  if (inv?.rt) {
    for (let k = 0; k < inv.rt.length; k++) {
      const ri = roomIndex.get(inv.rt[k]);
      if (ri === undefined) continue;
      const room = rooms[ri];
      const d = inv.d[k] - first;
      room.free[d] = inv.free[k];
      room.flags[d] = PRESENT | inv.f[k];
      room.minStay[d] = inv.ms[k];
    }
  }
  if (rates?.rt) {
    for (let k = 0; k < rates.rt.length; k++) {
      const ri = roomIndex.get(rates.rt[k]);
      const pi = planIndex.get(rates.rp[k]);
      if (ri === undefined || pi === undefined) continue;
      const byAdults = rooms[ri].prices[pi];
      let arr = byAdults.get(rates.a[k]);
      if (!arr) {
        byAdults.set(rates.a[k], (arr = new Float64Array(days).fill(NaN)));
        bytes += days * 8;
      }
      arr[rates.d[k] - first] = Number(rates.c[k]);
    }
  }
  if (restr?.rp) {
    for (let k = 0; k < restr.rp.length; k++) {
      const pi = planIndex.get(restr.rp[k]);
      if (pi === undefined) continue;
      const plan = plans[pi];
      if (!plan.restr) {
        plan.restr = { flags: new Uint8Array(days), msa: new Int32Array(days), mst: new Int32Array(days), max: new Int32Array(days) };
        bytes += days * 13;
      }
      const d = restr.d[k] - first;
      plan.restr.flags[d] = PRESENT | restr.f[k];
      plan.restr.msa[d] = restr.msa[k];
      plan.restr.mst[d] = restr.mst[k];
      plan.restr.max[d] = restr.mx[k];
    }
  }
  const largest = rooms.length ? Math.max(...rooms.map((r) => r.beds)) : 0;
  return {
    id: row.id,
    version: BigInt(row.version ?? "0"),
    active: row.is_active,
    city: row.city,
    hotelHead: Buffer.from(
      `{"hotel":{"id":${row.id},"name":${j(row.name)},"channel_manager_id":${j(row.channel_manager_id)},"city":${j(row.city)},"largest_room_beds":${largest}},"availability":[`,
      "utf8",
    ),
    linked: row.linked,
    first,
    days,
    rooms,
    plans,
    bytes,
  };
}

/** The snapshots of one database, least recently used first. */
export class AvailabilityEngine {
  private readonly hotels = new Map<number, HotelSnapshot>();
  private readonly loading = new Map<number, Promise<void>>();
  private bytes = 0;
  loads = 0;
  reused = 0;

  constructor(
    private readonly database: Database,
    private readonly maxBytes: number,
  ) {}

  get size() {
    return this.hotels.size;
  }

  get memoryBytes() {
    return this.bytes;
  }

  clear() {
    this.hotels.clear();
    this.bytes = 0;
  }

  /**
   * The snapshots of `wanted` (hotel id -> counter read by the request), each at least as new as its counter:
   * the ones held already, the others loaded in one statement. A hotel the database no longer has is absent.
   */
  async snapshots(wanted: Array<[number, bigint]>): Promise<Map<number, HotelSnapshot>> {
    const out = new Map<number, HotelSnapshot>();
    let missing: Array<[number, bigint]> = [];
    for (const [id, version] of wanted) {
      const s = this.hotels.get(id);
      if (s && s.version >= version) {
        this.touch(s);
        out.set(id, s);
        this.reused += 1;
      } else missing.push([id, version]);
    }
    // Hotels another request is loading: wait for that load, then look again.
    for (let round = 0; missing.length > 0 && round < 3; round++) {
      const pending = [...new Set(missing.map(([id]) => this.loading.get(id)).filter((p): p is Promise<void> => !!p))];
      const free = missing.filter(([id]) => !this.loading.has(id)).map(([id]) => id);
      if (free.length > 0) pending.push(this.load(free));
      await Promise.all(pending);
      const still: Array<[number, bigint]> = [];
      for (const [id, version] of missing) {
        const s = this.hotels.get(id);
        if (s && s.version >= version) out.set(id, s);
        else if (s || this.loading.has(id) || round === 0) still.push([id, version]);
      }
      missing = still;
    }
    return out;
  }

  private load(ids: number[]): Promise<void> {
    const p = (async () => {
      const rows = await this.database.sql.query<LoadRow>(LOAD_SQL, [ids], { prepared: true });
      this.loads += 1;
      const seen = new Set<number>();
      for (const row of rows) {
        seen.add(row.id);
        const snap = build(row);
        const old = this.hotels.get(row.id);
        if (old && old.version > snap.version) continue;
        if (old) this.drop(old);
        this.hotels.set(row.id, snap);
        this.bytes += snap.bytes;
      }
      for (const id of ids) {
        const old = this.hotels.get(id);
        if (!seen.has(id) && old) this.drop(old);
      }
      this.evict();
    })();
    for (const id of ids) this.loading.set(id, p);
    const done = () => {
      for (const id of ids) if (this.loading.get(id) === p) this.loading.delete(id);
    };
    p.then(done, done);
    return p;
  }

  private touch(s: HotelSnapshot) {
    this.hotels.delete(s.id);
    this.hotels.set(s.id, s);
  }

  private drop(s: HotelSnapshot) {
    if (this.hotels.get(s.id) === s) {
      this.hotels.delete(s.id);
      this.bytes -= s.bytes;
    }
  }

  private evict() {
    for (const s of this.hotels.values()) {
      if (this.bytes <= this.maxBytes || this.hotels.size <= 1) break;
      this.drop(s);
    }
  }
}

const maxBytes = () => Math.max(1, Number(process.env.ENGINE_MB ?? 128) || 128) * 1024 * 1024;

const g = globalThis as unknown as { __hbEngines?: WeakMap<Database, AvailabilityEngine> };
/** One engine per open database (kept on globalThis: Next.js may load this module more than once). */
export function availabilityEngine(database: Database): AvailabilityEngine {
  g.__hbEngines ??= new WeakMap();
  let e = g.__hbEngines.get(database);
  if (!e) g.__hbEngines.set(database, (e = new AvailabilityEngine(database, maxBytes())));
  return e;
}

/** Products filtered by each plan's own Channex restrictions: only with CHANNEL_MANAGER=channex (adapter.ts). */
export const channexPlansApply = () => config().channelManager === "channex";

/** One stay asked for, in the snapshot's terms. */
export interface Stay {
  checkin: number;
  nights: number;
  /** `{"day":"…","amountBeforeTax":` per night. */
  dayHeads: Buffer[];
}

export function stayOf(checkin: string, nights: number): Stay {
  const c = dayNumber(checkin);
  return { checkin: c, nights, dayHeads: Array.from({ length: nights }, (_, i) => Buffer.from(`{"day":"${dayText(c + i)}","amountBeforeTax":`, "latin1")) };
}

const B = (t: string) => Buffer.from(t, "latin1");
const COMMA = 44;
const AFTER_TAX_0 = B(`,"amountAfterTax":0}`);
const CLOSE = 125; // }
const BASE_RATE = B(`],"baseRate":{"amountBeforeTax":`);
const AFTER_TAX = B(`,"amountAfterTax":`);
const CLOSE2 = B(`}}`);
const ITEM_ADULTS = B(`{"adults":`);
const CHILDREN_AGES = B(`,"children_ages":`);
const TOTAL_COUNT = B(`,"total_count":`);
const AVAILABLE_ROOMS = B(`,"available_rooms":[`);
const BEDS = B(`"beds":`);
const ADULTS = B(`,"adults":`);
const COUNT = B(`,"count":`);
const COUNT_FIRST = B(`"count":`);
const PRODUCTS = B(`,"products":[`);
const END_LIST_OBJ = B(`]}`);
const NULL = B("null");

/**
 * The answer's bytes, written straight into a buffer reused by the next searches of this process (searches build
 * synchronously once their snapshots are in hand). `take()` copies out exactly what was written and hands the
 * buffer back; `view()` lends the written bytes (to compress them without a copy) until `release()`.
 */
const EMPTY = Buffer.alloc(0);

export class Out {
  /** Buffers free for the next answer: one per answer being compressed at once, up to four kept. */
  private static free: Buffer[] = [];
  buf = Out.free.pop() ?? Buffer.allocUnsafe(1 << 20);
  pos = 0;

  private room(n: number) {
    if (this.pos + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(bigger, 0, 0, this.pos);
    this.buf = bigger;
  }

  raw(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  byte(c: number) {
    this.room(1);
    this.buf[this.pos++] = c;
  }

  /** A non-negative integer (up to 2^53), as JSON writes it. */
  uint(v: number) {
    this.room(17);
    if (v < 10) {
      this.buf[this.pos++] = 48 + v;
      return;
    }
    let digits = 1;
    for (let t = v; t >= 10; t = Math.floor(t / 10)) digits++;
    let at = this.pos + digits - 1;
    for (let t = v; ; ) {
      const q = Math.floor(t / 10);
      this.buf[at--] = 48 + (t - q * 10);
      if (q === 0) break;
      t = q;
    }
    this.pos += digits;
  }

  /**
   * An amount in integer cents as JSON writes cents / 100: "150000", "150000.5", "150000.25" (a numeric(14,2)
   * has at most 15 significant digits, so this decimal is exactly the shortest form of that double).
   */
  money(cents: number) {
    const units = Math.floor(cents / 100);
    const frac = cents - units * 100;
    this.uint(units);
    if (frac === 0) return;
    this.room(3);
    this.buf[this.pos++] = 46; // .
    const tens = Math.floor(frac / 10);
    const ones = frac - tens * 10;
    this.buf[this.pos++] = 48 + tens;
    if (ones !== 0) this.buf[this.pos++] = 48 + ones;
  }

  ascii(t: string) {
    this.room(t.length);
    for (let i = 0; i < t.length; i++) this.buf[this.pos++] = t.charCodeAt(i);
  }

  /** A copy of the bytes written since `from`, to the end. */
  copyFrom(from: number, to: number) {
    const n = to - from;
    this.room(n);
    this.buf.copyWithin(this.pos, from, to);
    this.pos += n;
  }

  take(): Buffer {
    const copy = Buffer.from(this.buf.subarray(0, this.pos));
    this.release();
    return copy;
  }

  /** The bytes written, lent until `release()` (nothing may be written meanwhile). */
  view(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** Hands the buffer back for the next answers (kept up to 64 MiB: the largest answer sets its size). */
  release() {
    if (this.buf.length > 0 && this.buf.length <= 64 << 20 && Out.free.length < 4) Out.free.push(this.buf);
    this.buf = EMPTY;
    this.pos = 0;
  }
}

/** Rooms sellable over the whole stay (min over the nights), 0 when any night is missing, stopped or restricted. */
function countFor(s: HotelSnapshot, room: Room, stay: Stay): number {
  const a = stay.checkin - s.first;
  const n = stay.nights;
  if (a < 0 || a + n > s.days) return 0;
  let min = Infinity;
  for (let d = a; d < a + n; d++) {
    const f = room.flags[d];
    if (!(f & PRESENT) || f & STOP) return 0;
    if (room.free[d] < min) min = room.free[d];
  }
  if (room.minStay[a] > n || room.flags[a] & CTA) return 0;
  const out = a + n;
  if (out < s.days && room.flags[out] & CTD) return 0;
  return min;
}

/** A Channex plan's own restrictions refuse the stay (the rules of adapter.ts `allowedByPlans`). */
function refusedByPlan(s: HotelSnapshot, plan: Plan, stay: Stay): boolean {
  const r = plan.restr;
  if (!r) return false;
  const a = stay.checkin - s.first;
  const n = stay.nights;
  const out = a + n;
  if (a >= 0 && a < s.days && r.flags[a] & PRESENT) {
    if (r.msa[a] > n || r.flags[a] & CTA || (r.max[a] > 0 && r.max[a] < n)) return true;
  }
  for (let d = Math.max(a, 0); d < Math.min(out, s.days); d++) if (r.flags[d] & PRESENT && r.mst[d] > n) return true;
  if (out >= 0 && out < s.days && r.flags[out] & PRESENT && r.flags[out] & CTD) return true;
  return false;
}

/**
 * Per plan, the nightly prices in cents for `adults` over the stay (the price for that adult count wins over the
 * general one, adults 0, night by night), or null when some night has neither or the plan is refused.
 */
function pricedPlans(s: HotelSnapshot, room: Room, adults: number, stay: Stay, refused: boolean[] | null): Array<Float64Array | null> {
  const a = stay.checkin - s.first;
  const n = stay.nights;
  const out: Array<Float64Array | null> = [];
  for (let p = 0; p < s.plans.length; p++) {
    out.push(null);
    if (a < 0 || a + n > s.days || (refused && refused[p])) continue;
    const byAdults = room.prices[p];
    const own = byAdults.get(adults);
    const general = adults === 0 ? undefined : byAdults.get(0);
    if (!own && !general) continue;
    const nights = new Float64Array(n);
    let ok = true;
    for (let i = 0; i < n; i++) {
      let c = own ? own[a + i] : NaN;
      if (c !== c) c = general ? general[a + i] : NaN;
      if (c !== c) {
        ok = false;
        break;
      }
      nights[i] = c;
    }
    if (ok) out[p] = nights;
  }
  return out;
}

const anyPriced = (ps: Array<Float64Array | null>) => ps.some((x) => x !== null);

/** The products of one room (comma-separated objects), from its priced plans. */
function writeProducts(w: Out, room: Room, priced: Array<Float64Array | null>, stay: Stay, agency: boolean) {
  let first = true;
  for (let p = 0; p < priced.length; p++) {
    const nights = priced[p];
    if (!nights) continue;
    if (!first) w.byte(COMMA);
    first = false;
    w.raw(room.productHead[p]);
    let total = 0;
    for (let i = 0; i < nights.length; i++) {
      if (i > 0) w.byte(COMMA);
      w.raw(stay.dayHeads[i]);
      w.money(nights[i]);
      if (agency) w.raw(AFTER_TAX_0);
      else w.byte(CLOSE);
      total += nights[i];
    }
    w.raw(BASE_RATE);
    w.money(total);
    w.raw(AFTER_TAX);
    if (agency) w.byte(48);
    else w.money(total);
    w.raw(CLOSE2);
  }
}

function refusedPlans(s: HotelSnapshot, stay: Stay): boolean[] | null {
  if (!s.linked || !channexPlansApply()) return null;
  return s.plans.map((p) => refusedByPlan(s, p, stay));
}

export interface LayoutAsked {
  adults: number;
  childrenAges: number[];
}

/** Writes 4.2's entry for one hotel; false (nothing written) when no layout item fits (the hotel is left out). */
export function writeAgencyHotel(w: Out, s: HotelSnapshot, stay: Stay, layout: LayoutAsked[], comma: boolean): boolean {
  const refused = refusedPlans(s, stay);
  const counts = s.rooms.map((r) => countFor(s, r, stay));
  // Which rooms each item offers, decided before writing (total_count comes first).
  const priced = new Map<string, Array<Float64Array | null>>();
  const offered: number[][] = [];
  let any = false;
  for (const l of layout) {
    const rooms: number[] = [];
    for (let r = 0; r < s.rooms.length; r++) {
      const room = s.rooms[r];
      if (counts[r] <= 0 || l.adults > room.maxAdults || l.childrenAges.length > room.maxChildren) continue;
      const pk = `${r}:${l.adults}`;
      let ps = priced.get(pk);
      if (!ps) priced.set(pk, (ps = pricedPlans(s, room, l.adults, stay, refused)));
      if (anyPriced(ps)) rooms.push(r);
    }
    if (rooms.length > 0) any = true;
    offered.push(rooms);
  }
  if (!any) return false;
  if (comma) w.byte(COMMA);
  w.raw(s.hotelHead);
  // The products of a (room, adult count) are written once and copied for the next item that offers them.
  const written = new Map<string, [number, number]>();
  for (let k = 0; k < layout.length; k++) {
    const l = layout[k];
    const ages = l.childrenAges.length === 0 ? null : `"${l.childrenAges.join(",")}"`;
    const writeAges = () => (ages === null ? w.raw(NULL) : w.ascii(ages));
    if (k > 0) w.byte(COMMA);
    w.raw(ITEM_ADULTS);
    w.uint(l.adults);
    w.raw(CHILDREN_AGES);
    writeAges();
    w.raw(TOTAL_COUNT);
    w.uint(offered[k].reduce((t, r) => t + counts[r], 0));
    w.raw(AVAILABLE_ROOMS);
    offered[k].forEach((r, i) => {
      const room = s.rooms[r];
      if (i > 0) w.byte(COMMA);
      w.byte(123); // {
      w.raw(room.idName);
      w.raw(BEDS);
      w.uint(room.beds);
      w.raw(ADULTS);
      w.uint(l.adults);
      w.raw(CHILDREN_AGES);
      writeAges();
      w.raw(COUNT);
      w.uint(counts[r]);
      w.raw(PRODUCTS);
      const pk = `${r}:${l.adults}`;
      const done = written.get(pk);
      if (done) w.copyFrom(done[0], done[1]);
      else {
        const from = w.pos;
        writeProducts(w, room, priced.get(pk)!, stay, true);
        written.set(pk, [from, w.pos]);
      }
      w.raw(END_LIST_OBJ);
    });
    w.raw(END_LIST_OBJ);
  }
  w.raw(END_LIST_OBJ);
  return true;
}

/** 4.3's answer for one hotel and one occupancy, optionally one room type (by type or room id, any case). */
export function writeHotelAnswer(w: Out, s: HotelSnapshot, stay: Stay, adults: number, childrenAges: number[], roomType: string | null) {
  const refused = refusedPlans(s, stay);
  const offered: Array<[Room, number, Array<Float64Array | null>]> = [];
  for (const room of s.rooms) {
    const count = countFor(s, room, stay);
    if (count <= 0 || adults > room.maxAdults || childrenAges.length > room.maxChildren) continue;
    if (roomType !== null && room.roomTypeUpper !== roomType && room.roomIdUpper !== roomType) continue;
    const ps = pricedPlans(s, room, adults, stay, refused);
    if (anyPriced(ps)) offered.push([room, count, ps]);
  }
  w.ascii(`{"total_count":`);
  w.uint(offered.reduce((t, o) => t + o[1], 0));
  w.raw(AVAILABLE_ROOMS);
  offered.forEach(([room, count, ps], i) => {
    if (i > 0) w.byte(COMMA);
    w.byte(123);
    w.raw(room.idName);
    w.raw(COUNT_FIRST);
    w.uint(count);
    w.raw(PRODUCTS);
    writeProducts(w, room, ps, stay, false);
    w.raw(END_LIST_OBJ);
  });
  w.raw(END_LIST_OBJ);
}
