// 4.2 agency availability and 4.3 hotel availability: rules in the channel manager, wire shapes here.
import type { z } from "zod";
import type { Database } from "@/lib/db/open";
import type { Principal } from "@/lib/auth/principal";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";
import { cityHasHotels, hotelIsActive } from "./store";
import { addDays, bogotaDate } from "@/lib/time";
import type { LayoutItem, ProductOffer, RoomOffer } from "@/lib/gateways/channel-manager";
import { channelManager } from "@/lib/gateways";
import { normalizeCity } from "@/lib/text/city";
import type { agencyAvailabilityBody, agencyAvailabilityQuery, hotelAvailabilityQuery } from "./schema";

const ZERO = 0;

const agesText = (ages: number[]) => (ages.length === 0 ? null : ages.join(","));

function assertBookableCheckin(checkin: string, now: Date) {
  if (checkin < bogotaDate(now)) throw badRequest("checkin: no puede ser anterior a hoy");
  if (checkin > addDays(bogotaDate(now), 730)) throw badRequest("checkin: debe estar dentro de los próximos dos años");
}

// Exact decimal text from the database becomes a JSON number only here, as the pipeline does for Decimals.
function productWire(room: RoomOffer, p: ProductOffer, agency: boolean) {
  return {
    roomId: room.roomId,
    roomName: room.roomName,
    roomType: room.roomType,
    rateId: p.rateId,
    rateDescription: p.rateDescription,
    boardType: p.boardType,
    boardTypeDescription: p.boardTypeDescription,
    refundable: p.refundable,
    cancellationPolicy: p.cancellationPolicy,
    currency: p.currency,
    baseDailyAmounts: agency
      ? p.nightly.map((n) => ({ day: n.day, amountBeforeTax: Number(n.amount), amountAfterTax: ZERO }))
      : p.nightly.map((n) => ({ day: n.day, amountBeforeTax: Number(n.amount) })),
    // Agency availability reports after-tax amounts as 0.0 (spec); the built-in channel manager has no
    // tax model, so single-hotel availability states the stay total as its after-tax amount.
    baseRate: { amountBeforeTax: Number(p.total), amountAfterTax: agency ? ZERO : Number(p.total) },
  };
}

export interface AgencySearch {
  city: string;
  /** The city as the client wrote it (for the 404 message). */
  cityAsSent: string;
  checkin: string;
  nights: number;
  layout: LayoutItem[];
}

/** 4.2's checks that depend on the caller and the clock (run on every request, cached answer or not). */
export function agencySearchRequest(
  principal: Principal,
  input: { agencyType: "retailer" | "wholesale"; query: z.output<typeof agencyAvailabilityQuery>; body: z.output<typeof agencyAvailabilityBody> },
  now: Date,
): AgencySearch {
  if (principal.role === "agency" && principal.agencyType !== input.agencyType) {
    throw forbidden(`Su agencia es de tipo ${principal.agencyType ?? "desconocido"}; no puede consultar la disponibilidad ${input.agencyType}`);
  }
  const { checkin, nights } = input.query;
  assertBookableCheckin(checkin, now);
  const city = normalizeCity(input.query.city);
  if (!city) throw badRequest("city: es obligatorio");
  const layout: LayoutItem[] = input.body.layout.map((l) => ({ adults: l.adults, childrenAges: l.children_ages ?? [] }));
  return { city, cityAsSent: input.query.city, checkin, nights, layout };
}

/** 4.2's answer from the database: every active hotel of the city that can host at least one layout item. */
export async function agencySearchAnswer(database: Database, q: AgencySearch) {
  const { city, checkin, nights, layout } = q;
  const cm = channelManager(database);
  const offers = await cm.search({ where: { city }, checkin, nights, layout });
  if (offers.length === 0) {
    // An unknown city is a 404; a known city with nothing to sell is an empty list.
    if (!(await cityHasHotels(database, city))) throw notFound(`city: no hay hoteles en ${q.cityAsSent}`);
  }
  return offers.map((o) => ({
    hotel: {
      id: o.hotel.id,
      name: o.hotel.name,
      channel_manager_id: o.hotel.channelManagerId,
      city: o.hotel.city,
      largest_room_beds: o.hotel.largestRoomBeds,
    },
    availability: o.items.map(({ layout: l, rooms }) => ({
      adults: l.adults,
      children_ages: agesText(l.childrenAges),
      total_count: rooms.reduce((s, r) => s + r.count, 0),
      available_rooms: rooms.map((r) => ({
        roomId: r.roomId,
        roomName: r.roomName,
        beds: r.beds,
        adults: l.adults,
        children_ages: agesText(l.childrenAges),
        count: r.count,
        products: r.products.map((p) => productWire(r, p, true)),
      })),
    })),
  }));
}

/** 4.2 without cache: checks, then the answer from the database. */
export async function agencyAvailability(
  database: Database,
  principal: Principal,
  input: { agencyType: "retailer" | "wholesale"; query: z.output<typeof agencyAvailabilityQuery>; body: z.output<typeof agencyAvailabilityBody> },
  now: Date,
) {
  return agencySearchAnswer(database, agencySearchRequest(principal, input, now));
}

export interface HotelSearch {
  hotelId: number;
  checkin: string;
  nights: number;
  adults: number;
  childrenAges: number[];
  roomType: string | null;
}

/** 4.3's checks that depend on the request and the clock. */
export function hotelSearchRequest(input: z.output<typeof hotelAvailabilityQuery>, now: Date): HotelSearch {
  const { hotel_id, checkin, nights, adults } = input;
  if (input.children.length > 0 && input.children_ages.length > 0 && input.children.join(",") !== input.children_ages.join(",")) {
    throw badRequest("children_ages: no coincide con children; envíe solo uno de los dos");
  }
  const childrenAges = input.children_ages.length > 0 ? input.children_ages : input.children;
  assertBookableCheckin(checkin, now);
  return { hotelId: hotel_id, checkin, nights, adults, childrenAges, roomType: input.room_type ? input.room_type.toUpperCase() : null };
}

/** 4.3's answer from the database: one hotel, one occupancy. */
export async function hotelSearchAnswer(database: Database, q: HotelSearch) {
  const { hotelId, checkin, nights, adults, childrenAges } = q;
  if (!(await hotelIsActive(database, hotelId))) throw notFound(`hotel_id: el hotel ${hotelId} no existe`);

  const cm = channelManager(database);
  const [offer] = await cm.search({ where: { hotelId }, checkin, nights, layout: [{ adults, childrenAges }] }, { includeEmpty: true });
  let rooms = offer?.items[0]?.rooms ?? [];
  if (q.roomType) {
    const wanted = q.roomType;
    rooms = rooms.filter((r) => r.roomType.toUpperCase() === wanted || r.roomId.toUpperCase() === wanted);
  }
  return {
    total_count: rooms.reduce((s, r) => s + r.count, 0),
    available_rooms: rooms.map((r) => ({ roomId: r.roomId, roomName: r.roomName, count: r.count, products: r.products.map((p) => productWire(r, p, false)) })),
  };
}

/** 4.3 without cache. */
export async function hotelAvailability(database: Database, input: z.output<typeof hotelAvailabilityQuery>, now: Date) {
  return hotelSearchAnswer(database, hotelSearchRequest(input, now));
}
