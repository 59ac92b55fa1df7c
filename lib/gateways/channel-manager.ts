// The channel manager behind one interface (docs/decisions.md 5.1): search, hold, release, update guest.
// Every call is one a system outside our database could answer: no transaction of ours crosses the boundary.
// Holds and releases carry an idempotency key, so a retried call never holds twice and a release can be
// repeated; the caller's side of the protocol (ledger, compensation, retries) is lib/gateways/channel-holds.ts.
// The protocol, its guarantees and the crash cases: docs/reservations.md "The channel-manager boundary".
import { HttpError } from "@/lib/http/errors";

/** One room group asked for: adults and the ages of its children. */
export interface LayoutItem {
  adults: number;
  childrenAges: number[];
}

export interface HotelSummary {
  id: number;
  name: string;
  city: string;
  channelManagerId: string;
  largestRoomBeds: number;
}

export interface ProductOffer {
  rateId: string;
  rateDescription: string;
  boardType: string | null;
  boardTypeDescription: string;
  refundable: "full" | "partial" | "none";
  cancellationPolicy: string;
  currency: string;
  /** One per night, in stay order; amounts as exact decimal text ("100000.50"): make a Decimal to compute. */
  nightly: Array<{ day: string; amount: string }>;
  /** Exact sum of the nights (summed as numeric by the database), as decimal text. */
  total: string;
}

export interface RoomOffer {
  roomId: string;
  roomName: string;
  roomType: string;
  beds: number;
  /** Rooms available over the whole stay (minimum over the nights). */
  count: number;
  products: ProductOffer[];
}

export interface HotelOffer {
  hotel: HotelSummary;
  /** One per layout item, in layout order; rooms empty when nothing fits that item. */
  items: Array<{ layout: LayoutItem; rooms: RoomOffer[] }>;
}

export interface SearchQuery {
  /** Normalized city (SANTA_MARTA) or one hotel id. */
  where: { city: string } | { hotelId: number };
  checkin: string;
  nights: number;
  layout: LayoutItem[];
}

export interface HoldRequest {
  hotelId: number;
  checkin: string;
  nights: number;
  /** Rooms per room type (`roomId` of the hotel); the same roomId may appear more than once. */
  rooms: Array<{ roomId: string; quantity: number }>;
}

/** A hold refused because some room is not available over its stay; nothing of that call stays held. */
export class RoomsUnavailableError extends Error {
  constructor(readonly roomIds: string[]) {
    super(`Sin disponibilidad para: ${roomIds.join(", ")}`);
    this.name = "RoomsUnavailableError";
  }
}

/**
 * A hold whose key cannot hold (any more): the key was released before (a late retry after compensation must
 * not take rooms again), or it was used for another request. Nothing is held by this call.
 */
export class HoldKeyConflictError extends Error {
  constructor(
    readonly key: string,
    readonly reason: "released" | "different_request",
  ) {
    super(reason === "released" ? `La retención ${key} ya fue liberada` : `La clave ${key} ya se usó para otra retención`);
    this.name = "HoldKeyConflictError";
  }
}

/**
 * The channel manager did not answer (network, timeout, 5xx after retries): the outcome of a hold is unknown,
 * so the caller releases its key (harmless when nothing was held). Answered as 503 by the pipeline.
 */
export class ChannelManagerUnavailableError extends HttpError {
  constructor(readonly reason: string) {
    super(503, "El gestor de canales no respondió; intente de nuevo en unos minutos");
    this.name = "ChannelManagerUnavailableError";
  }
}

/** One hold call: all the rooms of one reservation, named by the caller's idempotency key. */
export interface HoldCall {
  /** The caller's idempotency key (our reservation id): the same key holds at most once, ever. */
  key: string;
  holds: HoldRequest[];
}

export interface ChannelManager {
  readonly name: string;
  /** Hotels with something to sell; with `includeEmpty`, also hotels where no layout item fits. */
  search(query: SearchQuery, opts?: { includeEmpty?: boolean }): Promise<HotelOffer[]>;
  /**
   * Takes rooms out of inventory for one or more stays, all or nothing, under `key`. Throws
   * RoomsUnavailableError (nothing held) or HoldKeyConflictError. The same key again with the same rooms is a
   * success that holds nothing more; it must never oversell under concurrent calls.
   */
  hold(call: HoldCall): Promise<void>;
  /**
   * Optional: the record holding `key` was written (after `hold`). An implementation that tells another system
   * about bookings (Channex: docs/channel-managers.md) sends it now or owes it; it never throws for that
   * system's failures, which it retries on its own.
   */
  confirm?(key: string): Promise<void>;
  /**
   * Gives back what `key` holds. Idempotent: releasing twice, or a key that never held (a hold that was
   * refused, lost or not yet arrived), succeeds and changes nothing, and a later hold with that key is refused.
   */
  release(key: string): Promise<void>;
  /**
   * Tells the channel manager a booking's main-guest data: all of it, with a version that grows with each change
   * (lib/gateways/guest-sync.ts). Repeating a version, or sending an older one, changes nothing.
   */
  updateGuest(booking: { hotelId: number; bookingCode: string; guest: GuestData; version: number }): Promise<void>;
  /** Optional upkeep of the implementation's own records, run by the channel-holds job; returns rows removed. */
  housekeeping?(now: Date): Promise<number>;
}

export interface GuestData {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
}
