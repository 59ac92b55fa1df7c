// A channel manager outside our database, spoken to over HTTP (CHANNEL_MANAGER_URL). The protocol, in
// docs/reservations.md "The channel-manager boundary":
//   POST   {base}/search               {query, include_empty}  -> 200 {hotels: HotelOffer[]}
//   PUT    {base}/holds/{key}          {holds: HoldRequest[]}  -> 200 {key, state: "held"} (also when already held)
//                                                              -> 409 {error: "unavailable", room_ids} | {error: "released"}
//                                                              -> 422 {error: "key_reused"}
//   DELETE {base}/holds/{key}                                  -> 200 {key, state: "released"} (always: idempotent)
//   PUT    {base}/bookings/{code}/guest  {hotel_id, guest}     -> 204
// Holds and releases are retried on a network failure, a timeout or a 5xx: the key makes that safe.
import {
  ChannelManagerUnavailableError,
  HoldKeyConflictError,
  RoomsUnavailableError,
  type ChannelManager,
  type GuestData,
  type HoldCall,
  type HotelOffer,
  type SearchQuery,
} from "./channel-manager";

export interface HttpChannelManagerOptions {
  baseUrl: string;
  token?: string;
  /** Per attempt. */
  timeoutMs?: number;
  attempts?: number;
  /** Back-off before attempt n+1: base * 2^(n-1) ms. */
  backoffMs?: number;
}

interface Answer {
  status: number;
  body: { error?: string; room_ids?: string[]; hotels?: HotelOffer[] } | null;
}

export class HttpChannelManager implements ChannelManager {
  readonly name = "http";
  private readonly base: string;

  constructor(private readonly opts: HttpChannelManagerOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, "");
  }

  async search(query: SearchQuery, opts: { includeEmpty?: boolean } = {}): Promise<HotelOffer[]> {
    const r = await this.call("POST", "/search", { query, include_empty: opts.includeEmpty ?? false });
    if (r.status !== 200 || !Array.isArray(r.body?.hotels)) throw new ChannelManagerUnavailableError(`search: ${r.status}`);
    return r.body.hotels;
  }

  async hold(call: HoldCall): Promise<void> {
    const r = await this.call("PUT", `/holds/${encodeURIComponent(call.key)}`, { holds: call.holds });
    if (r.status === 200) return;
    if (r.status === 409 && r.body?.error === "unavailable") throw new RoomsUnavailableError(r.body.room_ids ?? []);
    if (r.status === 409 && r.body?.error === "released") throw new HoldKeyConflictError(call.key, "released");
    if (r.status === 422 && r.body?.error === "key_reused") throw new HoldKeyConflictError(call.key, "different_request");
    throw new ChannelManagerUnavailableError(`hold: ${r.status}`);
  }

  async release(key: string): Promise<void> {
    const r = await this.call("DELETE", `/holds/${encodeURIComponent(key)}`);
    if (r.status !== 200) throw new ChannelManagerUnavailableError(`release: ${r.status}`);
  }

  async updateGuest(booking: { hotelId: number; bookingCode: string; guest: GuestData; version: number }): Promise<void> {
    const r = await this.call("PUT", `/bookings/${encodeURIComponent(booking.bookingCode)}/guest`, { hotel_id: booking.hotelId, guest: booking.guest, version: booking.version });
    if (r.status !== 204 && r.status !== 200) throw new ChannelManagerUnavailableError(`guest: ${r.status}`);
  }

  /** One request, retried while the answer is a transport failure or a 5xx; then ChannelManagerUnavailableError. */
  private async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const attempts = this.opts.attempts ?? 3;
    let last = "";
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((r) => setTimeout(r, (this.opts.backoffMs ?? 100) * 2 ** (attempt - 2)));
      try {
        const res = await fetch(`${this.base}${path}`, {
          method,
          headers: {
            accept: "application/json",
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
        });
        const text = await res.text();
        if (res.status >= 500) {
          last = `${res.status}`;
          continue;
        }
        let parsed: Answer["body"] = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        return { status: res.status, body: parsed };
      } catch (e) {
        last = (e as Error).name ?? "error";
      }
    }
    throw new ChannelManagerUnavailableError(`${method} ${path}: ${last}`);
  }
}
