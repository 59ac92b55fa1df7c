import { describe, expect, it } from "vitest";
import { draftFromParams, searchQueryString } from "@/app/(portal)/search/search-url";

const defaults = { checkin: "2026-12-04", type: "retailer" as const };

describe("the search in the address", () => {
  it("reads back exactly the search it wrote, children's ages included", () => {
    const draft = { city: "Santa Marta", checkin: "2026-12-10", nights: "3", groups: [{ adults: 2, children: [7] }, { adults: 1, children: [] }], type: "wholesale" as const };
    const qs = new URLSearchParams(searchQueryString(draft));
    const params: Record<string, string | string[]> = {};
    for (const k of new Set(qs.keys())) params[k] = qs.getAll(k).length > 1 ? qs.getAll(k) : qs.get(k)!;
    expect(draftFromParams(params, defaults)).toEqual(draft);
  });
  it("keeps a child whose age is not given as a child without age, never as a baby", () => {
    expect(draftFromParams({ room: "2,,5" }, defaults).groups).toEqual([{ adults: 2, children: [null, 5] }]);
  });
  it("falls back to the defaults for what it cannot read", () => {
    expect(draftFromParams({ checkin: "12/10/2026", nights: "abc", room: ["0", "x"], type: "admin" }, defaults)).toEqual({ city: "", checkin: "2026-12-04", nights: "2", groups: [{ adults: 2, children: [] }], type: "retailer" });
  });
});
