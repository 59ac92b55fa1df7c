"use client";
// The search page's state: the form's draft (from the address first), which fields the agent has left, the search
// being shown (the last valid one while a field is wrong), the availability and the hotels' content, and the
// results under the agent's filters and sort.
import { useEffect, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { cityLabel, countLabel, guestsLabel } from "@/lib/format";
import { messages } from "./messages";
import { draftFromParams, searchQueryString, type SearchDraft } from "./search-url";
import { NO_FILTERS, productBoard, toSearch, validateDraft, viewOf, type AgencyType, type Filters, type Search, type Sort } from "./search-model";

const ALL_TOUCHED = { city: true, checkin: true, nights: true, ages: true };

/** The form's value settles for a moment before it is searched (typing does not fire a request per key). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

export interface SearchPageProps {
  cities: string[];
  today: string;
  defaultCheckin: string;
  agencyType: AgencyType | null;
  params?: Record<string, string | string[] | undefined>;
}

/** The form, its field errors and what is searched; a valid settled draft becomes the search and the address. */
function useSearchForm({ cities, today, defaultCheckin, agencyType, params = {} }: SearchPageProps) {
  const t = useDict(messages);
  // The form starts from the address, so Back from the booking page, a reload or a shared link show the same search.
  const [draft, setDraft] = useState<SearchDraft>(() =>
    draftFromParams(params, {
      checkin: defaultCheckin,
      type: agencyType ?? "retailer",
    }),
  );
  const [touched, setTouched] = useState<Record<string, boolean>>(() => (params.city ? ALL_TOUCHED : ({} as Record<string, boolean>)));
  const errors = useMemo(() => validateDraft(draft, cities, today, t), [draft, cities, today, t]);
  const settled = useDebounced(draft, 350);
  // What is searched: the settled form once every field is right; the last good search stays while a field is wrong.
  const [active, setActive] = useState<Search | null>(() => toSearch(draft, cities, today, agencyType));
  const settledSearch = useMemo(() => toSearch(settled, cities, today, agencyType), [settled, cities, today, agencyType]);
  const [seen, setSeen] = useState(settledSearch);
  if (seen !== settledSearch) {
    // A newly settled valid form becomes the search (state adjusted while rendering, not in an effect).
    setSeen(settledSearch);
    if (settledSearch && JSON.stringify(settledSearch) !== JSON.stringify(active)) setActive(settledSearch);
  }
  useEffect(() => {
    if (!active) return;
    const href = `/search?${searchQueryString({ ...active, city: cityLabel(active.city), type: agencyType === null ? active.agencyType : null })}`;
    if (`${window.location.pathname}${window.location.search}` !== href) window.history.replaceState(window.history.state, "", href);
  }, [active, agencyType]);

  const touch = (f: string) => setTouched((x) => (x[f] ? x : { ...x, [f]: true }));
  /** Buscar: every field's problem shown and the first one focused, or the draft searched now. */
  const submit = (): boolean => {
    setTouched(ALL_TOUCHED);
    const first = Object.keys(errors)[0];
    if (first) {
      document.getElementById(first === "ages" ? "search-ages" : first)?.focus();
      return false;
    }
    setActive(toSearch(draft, cities, today, agencyType));
    return true;
  };
  return { draft, setDraft, errors, touched, touch, active, submit };
}

/** The availability of the search (the previous results stay while a newer one loads) and the city's hotels' content. */
function useAvailability(active: Search | null) {
  const query = useQuery({
    queryKey: ["availability", active],
    enabled: active !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const a = active!;
      const results = await ok(
        api.POST("/v2/bookings/agencies/{agency_type}/availability", {
          params: {
            path: { agency_type: a.agencyType },
            query: { checkin: a.checkin, nights: a.nights, city: a.city },
          },
          body: {
            layout: a.groups.map((g) => ({
              adults: g.adults,
              children_ages: g.children,
            })),
          },
          signal,
        }),
      );
      // The results keep the search they answer, so links stay right while a newer search loads.
      return { search: a, results };
    },
  });
  // Photos, stars, address and amenities of the city's hotels, fetched beside the availability.
  const contentCity = query.data?.search.city ?? null;
  const contents = useQuery({
    queryKey: ["hotel-content", contentCity],
    enabled: contentCity !== null,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: ({ signal }) =>
      ok(
        api.GET("/v2/hotel-content", {
          params: { query: { city: contentCity! } },
          signal,
        }),
      ),
  });
  const contentById = useMemo(() => new Map((contents.data ?? []).map((c) => [c.hotel_id, c])), [contents.data]);
  return { query, contentById };
}

/** The page's whole state: the form, the availability, and the results under the agent's filters and sort. */
export function useSearch(props: SearchPageProps) {
  const form = useSearchForm(props);
  const { query, contentById } = useAvailability(form.active);
  const [sort, setSort] = useState<Sort>("price-asc");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const results = useMemo(() => query.data?.results ?? [], [query.data]);
  const shownSearch = query.data?.search ?? null;
  const boards = useMemo(() => [...new Set(results.flatMap((r) => r.availability.flatMap((a) => a.available_rooms.flatMap((room) => room.products.map(productBoard)))))].sort(), [results]);
  const views = useMemo(() => {
    const list = results.map((r) => viewOf(r, filters)).filter((v) => v.lowest !== null);
    return list.sort((a, b) => (sort === "name" ? a.hotel.name.localeCompare(b.hotel.name, "es") : sort === "price-asc" ? a.lowest! - b.lowest! : b.lowest! - a.lowest!));
  }, [results, filters, sort]);
  const partyText = shownSearch
    ? shownSearch.groups.length === 1
      ? guestsLabel(shownSearch.groups[0].adults, shownSearch.groups[0].children)
      : countLabel(shownSearch.groups.length, "habitación")
    : "";
  return {
    form,
    query,
    results,
    shownSearch,
    contentById,
    notFound: query.error instanceof ApiError && query.error.status === 404,
    boards,
    views,
    filtered: filters.boards.length > 0 || filters.refundableOnly || filters.maxPrice !== null,
    partyText,
    sort,
    setSort,
    filters,
    setFilters,
  };
}
export type SearchState = ReturnType<typeof useSearch>;
