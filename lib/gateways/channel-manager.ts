// The channel manager behind one interface (docs/decisions.md 5.1): search, hold, update guest, release.
// The built-in implementation keeps inventory in our own tables; an external one would plug in here.
import type { Prisma } from "@/lib/db/generated/client";

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

/** Thrown by holdRooms (inside the caller's transaction, which it rolls back) naming what could not be had. */
export class RoomsUnavailableError extends Error {
  constructor(readonly roomIds: string[]) {
    super(`Sin disponibilidad para: ${roomIds.join(", ")}`);
    this.name = "RoomsUnavailableError";
  }
}

export type Tx = Prisma.TransactionClient;

export interface ChannelManager {
  readonly name: string;
  /** Hotels with something to sell; with `includeEmpty`, also hotels where no layout item fits. */
  search(query: SearchQuery, opts?: { includeEmpty?: boolean }): Promise<HotelOffer[]>;
  /**
   * Takes rooms out of inventory for one or more stays (all of one reservation in one call), all or nothing;
   * throws RoomsUnavailableError. Run inside `tx`. Rows are locked in one global order, (room type, date), so
   * concurrent holds queue instead of deadlocking (docs/reservations.md "Locks and retries").
   */
  holdRooms(tx: Tx, req: HoldRequest | HoldRequest[]): Promise<void>;
  /** Gives held rooms back (cancellation, expiry), in the same lock order. Run inside `tx`. */
  releaseRooms(tx: Tx, req: HoldRequest | HoldRequest[]): Promise<void>;
  /** Tells the channel manager the new main-guest data of a booking. */
  updateGuest(booking: { hotelId: number; bookingCode: string; guest: { firstName?: string; lastName?: string; email?: string; telephone?: string } }): Promise<void>;
}
