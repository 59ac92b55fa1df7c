// The search page's model: what the availability route answers, the agent's filters and sort, a hotel's view under
// them, and the rules that turn the form's draft into a search (or say, field by field, what is wrong with it).
import type { ApiAnswer, paths } from "@/lib/client/api";
import type { useDict } from "@/lib/i18n/client";
import { boardLabel, cityLabel } from "@/lib/format";
import { normalizeCity } from "@/lib/text/city";
import { isIsoDate } from "@/lib/time";
import type { messages } from "./messages";
import type { SearchDraft } from "./search-url";
export { MAX_GROUPS } from "./search-url";

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
export type HotelView = ReturnType<typeof viewOf>;

export const NO_FILTERS: Filters = {
  boards: [],
  refundableOnly: false,
  maxPrice: null,
};

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
  return {
    hotel: result.hotel,
    groups,
    lowest,
    currency,
    roomCount: groups.reduce((s, g) => s + g.available_rooms.length, 0),
  };
}

type Dict = ReturnType<typeof useDict<(typeof messages)["es"]>>;
export type FieldErrors = Partial<Record<"city" | "checkin" | "nights" | "ages", string>>;

/** Each field's problem, in words, under that field; an empty object when the search can run. */
export function validateDraft(d: SearchDraft, cities: string[], today: string, t: Dict): FieldErrors {
  const e: FieldErrors = {};
  const city = d.city.trim();
  if (!city) e.city = t("cityRequired");
  else if (!cities.includes(normalizeCity(city))) e.city = t("cityUnknown", { city, list: cities.map(cityLabel).join(", ") });
  if (!isIsoDate(d.checkin)) e.checkin = t("checkinRequired");
  else if (d.checkin < today) e.checkin = t("checkinPast");
  const n = Number(d.nights);
  if (!/^\d{1,2}$/.test(d.nights) || n < 1 || n > 30) e.nights = t("nightsRange");
  if (d.groups.some((g) => g.children.some((a) => a === null))) e.ages = t("agesMissing");
  return e;
}

/** The search a valid draft asks for (null while a field is wrong). */
export function toSearch(d: SearchDraft, cities: string[], today: string, agencyType: AgencyType | null): Search | null {
  const city = cities.find((c) => c === normalizeCity(d.city));
  const n = Number(d.nights);
  if (!city || !isIsoDate(d.checkin) || d.checkin < today || !/^\d{1,2}$/.test(d.nights) || n < 1 || n > 30) return null;
  if (d.groups.some((g) => g.children.some((a) => a === null))) return null;
  return {
    city,
    checkin: d.checkin,
    nights: n,
    groups: d.groups.map((g) => ({
      adults: g.adults,
      children: g.children.map((a) => a ?? 0),
    })),
    agencyType: agencyType ?? d.type,
  };
}
