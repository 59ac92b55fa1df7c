// The agency search lives in the address: /search?city=Cartagena&checkin=2026-12-04&nights=2&room=2&room=1,5
// (one `room` per room: its adults, then each child's age). Back, reload and a shared address give the same search.
import { isIsoDate } from "@/lib/time";

export type AgencyKind = "retailer" | "wholesale";

/** The form as the agent has it: a child's age is null until it is chosen; nights as typed. */
export interface SearchDraft {
  city: string;
  checkin: string;
  nights: string;
  groups: Array<{ adults: number; children: (number | null)[] }>;
  type: AgencyKind;
}

/** The most rooms one search asks for. */
export const MAX_GROUPS = 9;

/** The draft an address describes; what is missing or unreadable takes the defaults. */
export function draftFromParams(params: Record<string, string | string[] | undefined>, defaults: { checkin: string; type: AgencyKind }): SearchDraft {
  const one = (k: string) => {
    const v = params[k];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const all = (k: string) => {
    const v = params[k];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  const groups = all("room")
    .slice(0, MAX_GROUPS)
    .map((r) => r.split(",").map((s) => s.trim()))
    .filter((parts) => /^[1-8]$/.test(parts[0] ?? ""))
    .map((parts) => ({
      adults: Number(parts[0]),
      children: parts.slice(1, 5).map((a) => (/^\d{1,2}$/.test(a) && Number(a) <= 17 ? Number(a) : null)),
    }));
  const nights = one("nights");
  const type = one("type");
  return {
    city: one("city").slice(0, 80),
    checkin: isIsoDate(one("checkin")) ? one("checkin") : defaults.checkin,
    nights: /^\d{1,2}$/.test(nights) ? String(Number(nights)) : "2",
    groups: groups.length > 0 ? groups : [{ adults: 2, children: [] }],
    type: type === "wholesale" || type === "retailer" ? type : defaults.type,
  };
}

/** The address of a search (only what differs from nothing: the agency type only when asked for). */
export function searchQueryString(d: { city: string; checkin: string; nights: number | string; groups: Array<{ adults: number; children: Array<number | null> }>; type?: AgencyKind | null }): string {
  const q = new URLSearchParams();
  if (d.city) q.set("city", d.city);
  q.set("checkin", d.checkin);
  q.set("nights", String(d.nights));
  for (const g of d.groups) q.append("room", [g.adults, ...g.children.map((a) => (a === null ? "" : String(a)))].join(","));
  if (d.type) q.set("type", d.type);
  return q.toString();
}
