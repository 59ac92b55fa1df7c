// Cached search answers (issue 17): 4.2 (a city) and 4.3 (one hotel) are built once per distinct question and
// per version of the data they read, kept serialised (and, on first use, gzip/br compressed), and reused while
// the data is unchanged.
//
// Exactness: every write that can change a search answer raises its hotel's counter in hotel_search_versions in
// the same transaction (database triggers, migration 20261123160000_search_versions). Each request first reads
// the counters of its city (all hotels in it, with their ids, so a hotel leaving or joining the city changes the
// key too) or of its hotel, in one indexed SELECT, and then answers from the cache only if an entry was built
// for exactly those counters; otherwise it builds the answer from the database AFTER that read, so an answer is
// never older than the counters it is filed under. Several instances agree because the counters live in the
// shared database; nothing is pushed between processes.
//
// Settings: SEARCH_CACHE=off (always build from the database), SEARCH_CACHE_MB (memory for answers, 64).
import type { Database } from "@/lib/db/open";
import type { Principal } from "@/lib/auth/principal";
import { COMPRESS_MIN_BYTES, compressAt, type Encoding, ONE_OFF_LEVELS, Precompressed } from "@/lib/http/compress";
import type { z } from "zod";
import { agencySearchAnswer, agencySearchRequest, hotelSearchAnswer, hotelSearchRequest, type AgencySearch, type HotelSearch } from "./availability";
import { notFound } from "@/lib/http/errors";
import { availabilityEngine, Out, stayOf, writeAgencyHotel, writeHotelAnswer } from "./engine";
import type { agencyAvailabilityBody, agencyAvailabilityQuery, hotelAvailabilityQuery } from "./schema";

const CITY_VERSION_SQL = `SELECT coalesce(string_agg(hotel_id::text || '.' || version::text, ',' ORDER BY hotel_id), '') AS v
FROM hotel_search_versions WHERE city = $1`;
const HOTEL_VERSION_SQL = `SELECT version::text AS v FROM hotel_search_versions WHERE hotel_id = $1`;

/** The counters of every hotel filed under the city ("id.version,..."); "" when the city has no hotel. */
export async function cityVersion(database: Database, city: string): Promise<string> {
  const rows = await database.sql.query<{ v: string }>(CITY_VERSION_SQL, [city], { prepared: true });
  return rows[0]?.v ?? "";
}

/** The hotel's counter; null when the hotel does not exist. */
export async function hotelVersion(database: Database, hotelId: number): Promise<string | null> {
  const rows = await database.sql.query<{ v: string }>(HOTEL_VERSION_SQL, [hotelId], { prepared: true });
  return rows[0]?.v ?? null;
}

interface Entry {
  version: string;
  answer: Promise<Precompressed>;
  bytes: number;
}

/**
 * One entry per question (least recently used first out), holding the answer for the last version asked. A
 * request with another version replaces it; concurrent requests for the same version share one build.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly once = new Map<string, string>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return this.entries.size;
  }

  /**
   * `build` gives the answer's JSON (text or UTF-8 bytes). With `firstAsk`, a question asked for the first time
   * (at this version) is answered by it and not kept: it is kept from its second ask on. Most searches are asked
   * once (another stay, another party); keeping each would copy out and hold a megabyte per answer only for the
   * garbage collector to sweep (issue 28: it was the largest cost of a one-off search).
   */
  get(key: string, version: string, build: () => Promise<string | Buffer>, firstAsk?: () => Promise<Precompressed>): Promise<Precompressed> {
    const found = this.entries.get(key);
    if (found && found.version === version) {
      this.hits += 1;
      // Most recently used goes last.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.answer;
    }
    this.misses += 1;
    if (found) this.remove(key, found);
    if (firstAsk && !this.askedBefore(key, version)) return firstAsk();
    const entry: Entry = { version, bytes: 0, answer: build().then((json) => new Precompressed(typeof json === "string" ? Buffer.from(json, "utf8") : json)) };
    this.entries.set(key, entry);
    entry.answer.then(
      (p) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = p.size() + key.length + version.length;
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        // Errors (404, a database failure) are not kept.
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.answer;
  }

  /** Whether `key` was asked at `version` before (remembered for the last 20,000 questions asked once). */
  private askedBefore(key: string, version: string): boolean {
    if (this.once.get(key) === version) {
      this.once.delete(key);
      return true;
    }
    this.once.delete(key);
    this.once.set(key, version);
    if (this.once.size > 20_000) this.once.delete(this.once.keys().next().value as string);
    return false;
  }

  clear() {
    this.once.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, e: Entry) {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  private evict() {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.remove(key, e);
    }
  }
}

// The counters track our own inventory tables: an external channel manager's answers are never cached.
const enabled = () => process.env.SEARCH_CACHE !== "off" && !process.env.CHANNEL_MANAGER_URL;
const maxBytes = () => Math.max(1, Number(process.env.SEARCH_CACHE_MB ?? 64) || 64) * 1024 * 1024;

// One cache per open database (a server has one; tests open many, whose counters can coincide). Kept on
// globalThis since Next.js may load this module more than once.
const g = globalThis as unknown as { __hbSearchCaches?: WeakMap<Database, AnswerCache> };
export function searchCache(database: Database): AnswerCache {
  g.__hbSearchCaches ??= new WeakMap();
  let cache = g.__hbSearchCaches.get(database);
  if (!cache) g.__hbSearchCaches.set(database, (cache = new AnswerCache(maxBytes())));
  return cache;
}

const layoutKey = (q: AgencySearch) => q.layout.map((l) => `${l.adults}:${l.childrenAges.join(".")}`).join("|");

// SEARCH_ENGINE=off: answers built by the channel manager's SQL search (availability.ts), as before issue 28.
const engineOn = () => process.env.SEARCH_ENGINE !== "off";

/** "id.version,..." -> [id, version] pairs. */
function parseVersions(v: string): Array<[number, bigint]> {
  return v.split(",").map((part) => {
    const dot = part.indexOf(".");
    return [Number(part.slice(0, dot)), BigInt(part.slice(dot + 1))];
  });
}

// The city's active hotels in answer order (name, then id, in the database's collation), per city counters:
// any change to a hotel's name, city or state raises its counter, so the order is read again only then.
const ORDER_SQL = `SELECT id FROM hotels WHERE city = $1 AND is_active ORDER BY name, id`;
const g2 = globalThis as unknown as { __hbCityOrders?: WeakMap<Database, Map<string, { version: string; ids: Promise<number[]> }>> };
function cityOrder(database: Database, city: string, version: string): Promise<number[]> {
  g2.__hbCityOrders ??= new WeakMap();
  let m = g2.__hbCityOrders.get(database);
  if (!m) g2.__hbCityOrders.set(database, (m = new Map()));
  const found = m.get(city);
  if (found && found.version === version) return found.ids;
  const ids = database.sql.query<{ id: number }>(ORDER_SQL, [city], { prepared: true }).then((rows) => rows.map((r) => r.id));
  const entry = { version, ids };
  m.set(city, entry);
  ids.catch(() => {
    if (m.get(city) === entry) m.delete(city);
  });
  if (m.size > 10_000) m.delete(m.keys().next().value as string);
  return ids;
}

/** 4.2's answer (UTF-8 JSON) from the engine, for the city's counters `version` (non-empty). */
export async function engineAgencyAnswer(database: Database, q: AgencySearch, version: string): Promise<Buffer> {
  return (await engineAgencyOut(database, q, version)).take();
}

/** 4.2's answer written into an engine buffer (the caller takes or lends it, then releases it). */
async function engineAgencyOut(database: Database, q: AgencySearch, version: string): Promise<Out> {
  const [snaps, order] = await Promise.all([availabilityEngine(database).snapshots(parseVersions(version)), cityOrder(database, q.city, version)]);
  // From here on synchronous: the bytes go straight into the engine's output buffer.
  const stay = stayOf(q.checkin, q.nights);
  const w = new Out();
  w.byte(91); // [
  let any = false;
  for (const id of order) {
    const s = snaps.get(id);
    if (!s || !s.active || s.city !== q.city) continue;
    if (writeAgencyHotel(w, s, stay, q.layout, any)) any = true;
  }
  // The city has hotels (its counters are not empty): nothing to sell is an empty list, not a 404.
  w.byte(93); // ]
  return w;
}

/** 4.3's answer (UTF-8 JSON) from the engine, for the hotel's counter `version`. */
export async function engineHotelAnswer(database: Database, q: HotelSearch, version: string): Promise<Buffer> {
  return (await engineHotelOut(database, q, version)).take();
}

async function engineHotelOut(database: Database, q: HotelSearch, version: string): Promise<Out> {
  const snaps = await availabilityEngine(database).snapshots([[q.hotelId, BigInt(version)]]);
  const s = snaps.get(q.hotelId);
  if (!s || !s.active) throw notFound(`hotel_id: el hotel ${q.hotelId} no existe`);
  const w = new Out();
  writeHotelAnswer(w, s, stayOf(q.checkin, q.nights), q.adults, q.childrenAges, q.roomType);
  return w;
}

/**
 * A first ask answered from the engine's buffer: compressed from it in the encoding the client takes (no copy of
 * the answer, nothing kept), or copied out when it will be sent as it is.
 */
async function sentOnce(out: Promise<Out>, encoding: Encoding): Promise<Precompressed> {
  const w = await out;
  const view = w.view();
  if (view.length < COMPRESS_MIN_BYTES) return new Precompressed(w.take());
  try {
    return Precompressed.encodedOnce(encoding, await compressAt(view, encoding, ONE_OFF_LEVELS[encoding]), view.length);
  } finally {
    w.release();
  }
}

const json = async (v: Promise<unknown>) => new Precompressed(Buffer.from(JSON.stringify(await v), "utf8"));

/** 4.2 through the cache: the caller's checks always run; the answer is reused while the city's counters hold. */
export async function cachedAgencyAvailability(
  database: Database,
  principal: Principal,
  input: { agencyType: "retailer" | "wholesale"; query: z.output<typeof agencyAvailabilityQuery>; body: z.output<typeof agencyAvailabilityBody> },
  now: Date,
  encoding: Encoding | null = null,
): Promise<Precompressed> {
  const q = agencySearchRequest(principal, input, now);
  if (!enabled()) return json(agencySearchAnswer(database, q));
  const version = await cityVersion(database, q.city);
  // No hotel filed under the city: the answer is a 404, built (and thrown) every time.
  if (version === "") return json(agencySearchAnswer(database, q));
  const key = `city|${q.city}|${q.checkin}|${q.nights}|${input.agencyType}|${layoutKey(q)}`;
  const build = engineOn() ? () => engineAgencyAnswer(database, q, version) : () => agencySearchAnswer(database, q).then((v) => JSON.stringify(v));
  const firstAsk = engineOn() && encoding ? () => sentOnce(engineAgencyOut(database, q, version), encoding) : undefined;
  return searchCache(database).get(key, version, build, firstAsk);
}

const hotelKey = (q: HotelSearch) => `hotel|${q.hotelId}|${q.checkin}|${q.nights}|${q.adults}|${q.childrenAges.join(".")}|${q.roomType ?? ""}`;

/** 4.3 through the cache. */
export async function cachedHotelAvailability(
  database: Database,
  input: z.output<typeof hotelAvailabilityQuery>,
  now: Date,
  encoding: Encoding | null = null,
): Promise<Precompressed> {
  const q = hotelSearchRequest(input, now);
  if (!enabled()) return json(hotelSearchAnswer(database, q));
  const version = await hotelVersion(database, q.hotelId);
  if (version === null) return json(hotelSearchAnswer(database, q));
  const build = engineOn() ? () => engineHotelAnswer(database, q, version) : () => hotelSearchAnswer(database, q).then((v) => JSON.stringify(v));
  const firstAsk = engineOn() && encoding ? () => sentOnce(engineHotelOut(database, q, version), encoding) : undefined;
  return searchCache(database).get(hotelKey(q), version, build, firstAsk);
}
