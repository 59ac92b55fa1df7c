// The search page's results as pure data: the availability answer's types and a hotel's view under the filters.
import type { ApiAnswer, paths } from "@/lib/client/api";
import { boardLabel } from "@/lib/format";

/** The channel manager's offers as the availability route (4.2) answers them. */
export type HotelResult = ApiAnswer<"/v2/bookings/agencies/{agency_type}/availability", "post">[number];
export type Product = HotelResult["availability"][number]["available_rooms"][number]["products"][number];
export type AgencyType = paths["/v2/bookings/agencies/{agency_type}/availability"]["post"]["parameters"]["path"]["agency_type"];
/** A hotel's content as the results show it (its own route: 4.2's answer stays as the engine writes it). */
export type HotelSummary = ApiAnswer<"/v2/hotel-content">[number];

export interface Search {
  city: string;
  checkin: string;
  nights: number;
  groups: Array<{ adults: number; children: number[] }>;
  agencyType: AgencyType;
}

export interface Filters {
  boards: string[];
  refundableOnly: boolean;
  maxPrice: number | null;
}
export type Sort = "price-asc" | "price-desc" | "name";

export const NO_FILTERS: Filters = { boards: [], refundableOnly: false, maxPrice: null };

export const price = (p: Product) => p.baseRate.amountBeforeTax;
export const productBoard = (p: Product) => boardLabel(p.boardType, p.boardTypeDescription);

/** A hotel's rooms kept by the filters, cheapest first, and its lowest price for the whole party (null: nothing left). */
export function viewOf(result: HotelResult, f: Filters) {
  const groups = result.availability.map((a) => {
    const rooms = a.available_rooms
      .map((r) => ({
        ...r,
        products: r.products
          .filter((p) => (f.boards.length === 0 || f.boards.includes(productBoard(p))) && (!f.refundableOnly || p.refundable === "full") && (f.maxPrice === null || price(p) <= f.maxPrice))
          .sort((x, y) => price(x) - price(y)),
      }))
      .filter((r) => r.products.length > 0)
      .sort((x, y) => price(x.products[0]) - price(y.products[0]));
    return { ...a, available_rooms: rooms };
  });
  const lowest = groups.every((g) => g.available_rooms.length > 0) ? groups.reduce((s, g) => s + price(g.available_rooms[0].products[0]), 0) : null;
  const currency = groups[0]?.available_rooms[0]?.products[0]?.currency ?? "COP";
  return { hotel: result.hotel, groups, lowest, currency, roomCount: groups.reduce((s, g) => s + g.available_rooms.length, 0) };
}
export type HotelView = ReturnType<typeof viewOf>;
