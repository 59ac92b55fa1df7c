"use client";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer, type paths } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, EmptyState } from "@/components/ui";
import { Stars } from "@/components/Stars";
import { photoAt, srcSet } from "@/components/HotelGallery";
import { MoneyInput } from "@/components/MoneyInput";
import { boardLabel, cityLabel, countLabel, formatDate, formatMoney, guestsLabel, humanizeDetail } from "@/lib/format";
import { normalizeCity } from "@/lib/text/city";
import { addDays, isIsoDate } from "@/lib/time";
import { messages } from "./messages";
import { Field, fieldA11y } from "@/components/Form";
import { draftFromParams, searchQueryString, type SearchDraft } from "./search-url";

/** The channel manager's offers as the availability route (4.2) answers them. */
type HotelResult = ApiAnswer<"/v2/bookings/agencies/{agency_type}/availability", "post">[number];
type Product = HotelResult["availability"][number]["available_rooms"][number]["products"][number];
type AgencyType = paths["/v2/bookings/agencies/{agency_type}/availability"]["post"]["parameters"]["path"]["agency_type"];
/** A hotel's content as the results show it (its own route: 4.2's answer stays as the engine writes it). */
type HotelSummary = ApiAnswer<"/v2/hotel-content">[number];

interface Search {
  city: string;
  checkin: string;
  nights: number;
  groups: Array<{ adults: number; children: number[] }>;
  agencyType: AgencyType;
}

interface Filters {
  boards: string[];
  refundableOnly: boolean;
  maxPrice: number | null;
}
type Sort = "price-asc" | "price-desc" | "name";

const MAX_GROUPS = 9;
const NO_FILTERS: Filters = { boards: [], refundableOnly: false, maxPrice: null };

/** The form's value settles for a moment before it is searched (typing does not fire a request per key). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

const price = (p: Product) => p.baseRate.amountBeforeTax;
const productBoard = (p: Product) => boardLabel(p.boardType, p.boardTypeDescription);

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

export function SearchClient({ cities, today, defaultCheckin, agencyType, params = {} }: { cities: string[]; today: string; defaultCheckin: string; agencyType: AgencyType | null; params?: Record<string, string | string[] | undefined> }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  // The form starts from the address, so Back from the booking page, a reload or a shared link show the same search.
  const [draft, setDraft] = useState<SearchDraft>(() => draftFromParams(params, { checkin: defaultCheckin, type: agencyType ?? "retailer" }));
  const [touched, setTouched] = useState<Record<string, boolean>>(() => (params.city ? { city: true, checkin: true, nights: true, ages: true } : ({} as Record<string, boolean>)));
  const [sort, setSort] = useState<Sort>("price-asc");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const resultsRef = useRef<HTMLElement>(null);

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
          params: { path: { agency_type: a.agencyType }, query: { checkin: a.checkin, nights: a.nights, city: a.city } },
          body: { layout: a.groups.map((g) => ({ adults: g.adults, children_ages: g.children })) },
          signal,
        }),
      );
      // The results keep the search they answer, so links stay right while a newer search loads.
      return { search: a, results };
    },
  });

  const results = useMemo(() => query.data?.results ?? [], [query.data]);
  const shownSearch = query.data?.search ?? null;
  // Photos, stars, address and amenities of the city's hotels, fetched beside the availability.
  const contentCity = shownSearch?.city ?? null;
  const contents = useQuery({
    queryKey: ["hotel-content", contentCity],
    enabled: contentCity !== null,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: ({ signal }) => ok(api.GET("/v2/hotel-content", { params: { query: { city: contentCity! } }, signal })),
  });
  const contentById = useMemo(() => new Map((contents.data ?? []).map((c) => [c.hotel_id, c])), [contents.data]);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  const boards = useMemo(() => [...new Set(results.flatMap((r) => r.availability.flatMap((a) => a.available_rooms.flatMap((room) => room.products.map(productBoard)))))].sort(), [results]);
  const views = useMemo(() => {
    const list = results.map((r) => viewOf(r, filters)).filter((v) => v.lowest !== null);
    return list.sort((a, b) => (sort === "name" ? a.hotel.name.localeCompare(b.hotel.name, "es") : sort === "price-asc" ? a.lowest! - b.lowest! : b.lowest! - a.lowest!));
  }, [results, filters, sort]);
  const filtered = filters.boards.length > 0 || filters.refundableOnly || filters.maxPrice !== null;
  const partyText = shownSearch ? (shownSearch.groups.length === 1 ? guestsLabel(shownSearch.groups[0].adults, shownSearch.groups[0].children) : countLabel(shownSearch.groups.length, "habitación")) : "";

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <SearchForm
        draft={draft}
        setDraft={setDraft}
        cities={cities}
        today={today}
        agencyType={agencyType}
        errors={errors}
        touched={touched}
        touch={(f) => setTouched((x) => (x[f] ? x : { ...x, [f]: true }))}
        busy={query.isFetching}
        onSubmit={() => {
          setTouched({ city: true, checkin: true, nights: true, ages: true });
          const first = Object.keys(errors)[0];
          if (first) {
            document.getElementById(first === "ages" ? "search-ages" : first)?.focus();
            return;
          }
          setActive(toSearch(draft, cities, today, agencyType));
          // On a phone the results are under the form: take the agent there.
          if (window.matchMedia("(max-width: 1023px)").matches) resultsRef.current?.scrollIntoView({ block: "start" });
        }}
      />

      <section aria-live="polite" className="min-w-0" data-testid="search-results" ref={resultsRef}>
        {shownSearch && (
          <div className="mb-3 flex min-w-0 items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 shadow-sm lg:hidden" data-testid="search-summary">
            <p className="min-w-0 truncate text-sm text-slate-700">
              {t("summary", { city: cityLabel(shownSearch.city), date: formatDate(shownSearch.checkin, locale), nights: countLabel(shownSearch.nights, "noche") })} · {partyText}
            </p>
            <button
              type="button"
              className="btn-secondary shrink-0 px-3 py-1.5"
              onClick={() => {
                const city = document.getElementById("city");
                city?.scrollIntoView({ block: "center" });
                city?.focus();
              }}
            >
              {t("editSearch")}
            </button>
          </div>
        )}
        {query.isFetching && (
          <div className="mb-3 flex items-center gap-2 text-sm text-brand-700" role="status" data-testid="search-loading">
            <span className="h-3 w-3 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
            {query.data ? t("updating") : t("searching")}
          </div>
        )}
        {!active && !query.data && <EmptyState title={t("startTitle")}>{t("startHint")}</EmptyState>}
        {query.isError && !query.isFetching && (
          <div role="alert" className="card mb-4 border-red-200 bg-red-50 p-4 text-sm text-red-700">
            {notFound ? t("emptyTitle") : t("error")}: {humanizeDetail((query.error as ApiError).detail)}
          </div>
        )}
        {query.isSuccess && results.length === 0 && (
          <div data-testid="search-empty">
            <EmptyState title={t("emptyTitle")}>{t("emptyHint")}</EmptyState>
          </div>
        )}
        {results.length > 0 && (
          <div className={`space-y-4 transition-opacity ${query.isFetching ? "opacity-60" : ""}`}>
            <Toolbar boards={boards} filters={filters} setFilters={setFilters} sort={sort} setSort={setSort} />
            <p className="text-sm text-slate-600" data-testid="results-count">
              {filtered ? t("shownOf", { shown: views.length, n: results.length }) : results.length === 1 ? t("oneResult") : t("resultsCount", { n: results.length })}
            </p>
            {views.length === 0 && (
              <EmptyState title={t("filteredEmpty")}>
                <button type="button" className="btn-secondary" onClick={() => setFilters(NO_FILTERS)}>
                  {t("clearFilters")}
                </button>
              </EmptyState>
            )}
            {views.map((v) => (
              <HotelCard key={v.hotel.id} view={v} content={contentById.get(v.hotel.id) ?? null} search={shownSearch} partyText={partyText} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

type Dict = ReturnType<typeof useDict<(typeof messages)["es"]>>;
type FieldErrors = Partial<Record<"city" | "checkin" | "nights" | "ages", string>>;

/** Each field's problem, in words, under that field; an empty object when the search can run. */
function validateDraft(d: SearchDraft, cities: string[], today: string, t: Dict): FieldErrors {
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
function toSearch(d: SearchDraft, cities: string[], today: string, agencyType: AgencyType | null): Search | null {
  const city = cities.find((c) => c === normalizeCity(d.city));
  const n = Number(d.nights);
  if (!city || !isIsoDate(d.checkin) || d.checkin < today || !/^\d{1,2}$/.test(d.nights) || n < 1 || n > 30) return null;
  if (d.groups.some((g) => g.children.some((a) => a === null))) return null;
  return { city, checkin: d.checkin, nights: n, groups: d.groups.map((g) => ({ adults: g.adults, children: g.children.map((a) => a ?? 0) })), agencyType: agencyType ?? d.type };
}

/** The search form: always on screen; each field says what is wrong with it, under it. */
function SearchForm({
  draft,
  setDraft,
  cities,
  today,
  agencyType,
  errors,
  touched,
  touch,
  busy,
  onSubmit,
}: {
  draft: SearchDraft;
  setDraft: React.Dispatch<React.SetStateAction<SearchDraft>>;
  cities: string[];
  today: string;
  agencyType: AgencyType | null;
  errors: FieldErrors;
  touched: Record<string, boolean>;
  touch: (f: string) => void;
  busy: boolean;
  onSubmit: () => void;
}) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const knownCity = cities.find((c) => c === normalizeCity(draft.city)) ?? null;
  const shown = (f: keyof FieldErrors) => (touched[f] ? errors[f] : undefined);
  const set = (patch: Partial<SearchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const nights = Number(draft.nights);
  return (
    <form
      className="card h-fit space-y-4 p-4 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto"
      data-testid="search-form"
      aria-label={t("title")}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field id="city" label={t("city")} error={shown("city")}>
        <input
          {...fieldA11y("city", shown("city"))}
          className="input"
          list="known-cities"
          placeholder={t("cityPlaceholder")}
          value={draft.city}
          onChange={(e) => set({ city: e.target.value })}
          onBlur={() => touch("city")}
          autoComplete="off"
        />
        <datalist id="known-cities">
          {cities.map((c) => (
            <option key={c} value={cityLabel(c)} />
          ))}
        </datalist>
        <div className="mt-2 flex flex-wrap gap-1">
          {cities.map((c) => (
            <button
              key={c}
              type="button"
              onClick={() => {
                set({ city: cityLabel(c) });
                touch("city");
              }}
              aria-pressed={knownCity === c}
              className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${knownCity === c ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
            >
              {cityLabel(c)}
            </button>
          ))}
        </div>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="checkin" label={t("checkin")} error={shown("checkin")}>
          <input {...fieldA11y("checkin", shown("checkin"))} type="date" className="input" min={today} value={draft.checkin} onChange={(e) => set({ checkin: e.target.value })} onBlur={() => touch("checkin")} />
        </Field>
        <Field id="nights" label={t("nights")} error={shown("nights")}>
          <input {...fieldA11y("nights", shown("nights"))} type="number" inputMode="numeric" className="input" min={1} max={30} value={draft.nights} onChange={(e) => set({ nights: e.target.value })} onBlur={() => touch("nights")} />
        </Field>
      </div>
      {isIsoDate(draft.checkin) && !errors.nights && <p className="-mt-2 text-xs text-slate-600" data-testid="search-checkout">{t("checkout", { date: formatDate(addDays(draft.checkin, nights), locale) })}</p>}
      {agencyType === null && (
        <div>
          <label className="label" htmlFor="agency-type">
            {t("agencyType")}
          </label>
          <select id="agency-type" className="input" value={draft.type} onChange={(e) => set({ type: e.target.value === "wholesale" ? "wholesale" : "retailer" })}>
            <option value="retailer">{t("retailer")}</option>
            <option value="wholesale">{t("wholesale")}</option>
          </select>
        </div>
      )}
      <RoomGroups groups={draft.groups} setGroups={(groups) => setDraft((d) => ({ ...d, groups: typeof groups === "function" ? groups(d.groups) : groups }))} showMissing={Boolean(touched.ages)} />
      <button type="submit" className="btn-primary w-full">
        {busy ? t("searching") : t("search")}
      </button>
    </form>
  );
}

type Group = SearchDraft["groups"][number];

/** The rooms asked for: adults, children and each child's age (asked for, never assumed). */
function RoomGroups({ groups, setGroups, showMissing }: { groups: Group[]; setGroups: (g: Group[] | ((g: Group[]) => Group[])) => void; showMissing: boolean }) {
  const t = useDict(messages);
  const setGroup = (i: number, g: Group) => setGroups((gs) => gs.map((x, j) => (j === i ? g : x)));
  return (
    <fieldset className="space-y-3">
      <legend className="label">{t("groups")}</legend>
      {groups.map((g, i) => (
        <div key={i} className="rounded-md border border-slate-200 p-3" data-testid={`group-${i}`}>
          <div className="mb-2 flex items-center justify-between">
            <span className="text-sm font-medium text-slate-700">{t("group", { n: i + 1 })}</span>
            {groups.length > 1 && (
              <button type="button" className="text-xs text-red-700 hover:underline" onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))}>
                {t("removeGroup")}
              </button>
            )}
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div>
              <label className="label text-xs" htmlFor={`adults-${i}`}>
                {t("adults")}
              </label>
              <select id={`adults-${i}`} className="input" value={g.adults} onChange={(e) => setGroup(i, { ...g, adults: Number(e.target.value) })}>
                {Array.from({ length: 8 }, (_, k) => k + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="label text-xs" htmlFor={`children-${i}`}>
                {t("children")}
              </label>
              <select
                id={`children-${i}`}
                className="input"
                value={g.children.length}
                onChange={(e) => {
                  const n = Number(e.target.value);
                  setGroup(i, { ...g, children: Array.from({ length: n }, (_, k) => g.children[k] ?? null) });
                }}
              >
                {Array.from({ length: 5 }, (_, k) => k).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            {g.children.map((age, k) => {
              const missing = age === null && showMissing;
              const firstMissing = groups.flatMap((x, gi) => x.children.map((a, ci) => (a === null ? `${gi}-${ci}` : ""))).find(Boolean);
              return (
                <div key={k}>
                  <label className="label text-xs" htmlFor={firstMissing === `${i}-${k}` ? "search-ages" : `age-${i}-${k}`}>
                    {t("childAge", { n: k + 1 })}
                  </label>
                  <select
                    id={firstMissing === `${i}-${k}` ? "search-ages" : `age-${i}-${k}`}
                    className={`input ${age === null ? "border-amber-500" : ""}`}
                    aria-invalid={missing || undefined}
                    aria-describedby={age === null ? `ages-missing-${i}` : undefined}
                    value={age ?? ""}
                    onChange={(e) => setGroup(i, { ...g, children: g.children.map((a, j) => (j === k ? (e.target.value === "" ? null : Number(e.target.value)) : a)) })}
                  >
                    <option value="">{t("chooseAge")}</option>
                    {Array.from({ length: 18 }, (_, a) => a).map((a) => (
                      <option key={a} value={a}>
                        {a === 0 ? t("ageBaby") : a === 1 ? t("ageOne") : t("ageYears", { n: a })}
                      </option>
                    ))}
                  </select>
                </div>
              );
            })}
          </div>
          {g.children.some((a) => a === null) && (
            <p id={`ages-missing-${i}`} className={`mt-2 text-xs ${showMissing ? "text-red-700" : "text-amber-900"}`} data-testid="ages-missing">
              {t("agesMissing")}
            </p>
          )}
        </div>
      ))}
      {groups.length < MAX_GROUPS && (
        <button type="button" className="btn-secondary w-full" onClick={() => setGroups((gs) => [...gs, { adults: 2, children: [] }])}>
          + {t("addGroup")}
        </button>
      )}
    </fieldset>
  );
}

function Toolbar({ boards, filters, setFilters, sort, setSort }: { boards: string[]; filters: Filters; setFilters: (f: Filters) => void; sort: Sort; setSort: (s: Sort) => void }) {
  const t = useDict(messages);
  return (
    <div className="card flex flex-wrap items-end gap-x-5 gap-y-3 p-3" data-testid="results-toolbar">
      <div>
        <label className="label text-xs" htmlFor="sort">
          {t("sort")}
        </label>
        <select id="sort" className="input py-1.5" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
          <option value="price-asc">{t("sortPriceAsc")}</option>
          <option value="price-desc">{t("sortPriceDesc")}</option>
          <option value="name">{t("sortName")}</option>
        </select>
      </div>
      <div className="w-44">
        <label className="label text-xs" htmlFor="price-max">
          {t("priceMax")}
        </label>
        <MoneyInput id="price-max" value={filters.maxPrice} onValueChange={(v) => setFilters({ ...filters, maxPrice: v && v > 0 ? v : null })} className="py-1.5" />
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4" checked={filters.refundableOnly} onChange={(e) => setFilters({ ...filters, refundableOnly: e.target.checked })} />
        {t("refundableOnly")}
      </label>
      {boards.length > 1 && (
        <fieldset className="min-w-0">
          <legend className="label text-xs">{t("board")}</legend>
          <div className="flex flex-wrap gap-1">
            {boards.map((b) => {
              const on = filters.boards.includes(b);
              return (
                <button
                  key={b}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setFilters({ ...filters, boards: on ? filters.boards.filter((x) => x !== b) : [...filters.boards, b] })}
                  className={`rounded-full px-2.5 py-1 text-xs ring-1 ring-inset ${on ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
                >
                  {b}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}
    </div>
  );
}

function HotelCard({ view, content, search, partyText }: { view: ReturnType<typeof viewOf>; content: HotelSummary | null; search: Search | null; partyText: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const { hotel } = view;
  return (
    <article className="card overflow-hidden" data-testid="hotel-result">
      <header className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:p-4 xl:grid-cols-[12rem_minmax(0,1fr)_auto]">
        <div className="self-start overflow-hidden rounded-md bg-slate-100" data-testid="result-photo">
          {content?.cover ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img src={photoAt(content.cover, 320)} srcSet={srcSet(content.cover)} sizes="(max-width: 640px) 6.5rem, 12rem" alt={content.cover.alt} width={content.cover.width} height={content.cover.height} loading="lazy" className="aspect-[3/2] h-auto w-full object-cover" />
          ) : (
            <div className="flex aspect-[3/2] w-full items-center justify-center text-xs text-slate-600">{t("noPhoto")}</div>
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold text-slate-900">
            <a className="hover:underline" href={`/hotels/${hotel.id}`}>
              {hotel.name}
            </a>
          </h2>
          {content?.stars ? <Stars n={content.stars} /> : null}
          <p className="text-sm text-slate-700" data-testid="result-address">
            {content?.address ? `${content.address} · ${cityLabel(hotel.city)}` : cityLabel(hotel.city)}
          </p>
          <p className="text-sm text-slate-600">{hotel.largest_room_beds === 1 ? t("largestBedsOne") : t("largestBeds", { n: hotel.largest_room_beds })}</p>
          {content && content.amenities.length > 0 && (
            <ul className="flex flex-wrap gap-1 pt-1" data-testid="result-amenities">
              {content.amenities.slice(0, 4).map((a) => (
                <li key={a.code}>
                  <Badge tone="gray">{a.name}</Badge>
                </li>
              ))}
              {content.amenities.length > 4 && (
                <li className="text-xs text-slate-600">{content.amenities.length === 5 ? t("moreAmenitiesOne") : t("moreAmenities", { n: content.amenities.length - 4 })}</li>
              )}
            </ul>
          )}
          <a className="inline-block pt-1 text-sm font-medium text-brand-700 underline" href={`/hotels/${hotel.id}`} aria-label={`${t("viewHotel")}: ${hotel.name}`}>
            {t("viewHotel")}
          </a>
        </div>
        <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 xl:col-span-1 xl:flex-col xl:items-end xl:justify-start">
          <div className="xl:text-right">
            <p className="text-xs text-slate-600">{t("from")}</p>
            <p className="text-xl font-semibold text-slate-900" data-testid="lowest-price">
              {formatMoney(view.lowest ?? 0, view.currency, locale)}
            </p>
            {search && <p className="text-xs text-slate-600">{t("fromHint", { guests: partyText, nights: countLabel(search.nights, "noche") })}</p>}
            <p className="text-xs font-medium text-slate-700" title={t("taxesHint")} data-testid="taxes-note">
              {t("taxesExcluded")}
            </p>
          </div>
          <button type="button" className="btn-secondary whitespace-nowrap" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? t("hideRooms") : t("showRooms", { n: view.roomCount })}
          </button>
        </div>
      </header>
      {open && (
        <div id={panel} className="divide-y divide-slate-100 border-t border-slate-100">
          {view.groups.map((a, i) => {
            const guests = guestsLabel(a.adults, a.children_ages);
            return (
              <div key={i} className="px-4 py-3" data-testid="group-result">
                {view.groups.length > 1 && (
                  <h3 className="mb-2 text-sm font-semibold text-slate-700">
                    {t("group", { n: i + 1 })}: {guests}
                  </h3>
                )}
                {a.available_rooms.length === 0 && <p className="text-sm text-slate-600">{t("noRooms")}</p>}
                <div className="space-y-3">
                  {a.available_rooms.map((room) => (
                    <div key={room.roomId} className="rounded-md border border-slate-200">
                      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-3 py-2">
                        <span className="font-medium text-slate-800">{room.roomName}</span>
                        <span className="flex flex-wrap gap-2 text-xs text-slate-700">
                          <span>{t("fits", { guests })}</span>
                          <span aria-hidden="true">·</span>
                          <span>{room.beds === 1 ? t("bedsOne") : t("beds", { n: room.beds })}</span>
                          <Badge tone={room.count <= 2 ? "yellow" : "green"}>{room.count === 1 ? t("availableOne") : t("available", { n: room.count })}</Badge>
                        </span>
                      </div>
                      <ul className="divide-y divide-slate-100 border-t border-slate-100">
                        {room.products.map((p) => (
                          <li key={p.rateId} className="grid gap-2 px-3 py-2 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="product">
                            <div className="min-w-0">
                              <p className="text-sm font-medium text-slate-800">{p.rateDescription}</p>
                              <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs">
                                <Badge tone="blue">{productBoard(p)}</Badge>
                                <Badge tone={p.refundable === "full" ? "green" : p.refundable === "partial" ? "yellow" : "red"}>{t(`refundable.${p.refundable}`)}</Badge>
                              </p>
                              <p className="mt-1 text-xs text-slate-600">{p.cancellationPolicy}</p>
                            </div>
                            <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                              <div className="text-right">
                                <p className="text-xs text-slate-600">{t("stayPriceNoTax")}</p>
                                <p className="text-lg font-semibold text-slate-900" data-testid="stay-price">
                                  {formatMoney(price(p), p.currency, locale)}
                                </p>
                                <p className="text-xs text-slate-600">{t("perNight", { amount: formatMoney(Math.round(price(p) / p.baseDailyAmounts.length), p.currency, locale) })}</p>
                              </div>
                              {search && (
                                <a
                                  className="btn-primary whitespace-nowrap"
                                  href={`/book?${new URLSearchParams({
                                    hotel_id: String(hotel.id),
                                    room_id: room.roomId,
                                    rate_id: p.rateId,
                                    checkin: search.checkin,
                                    nights: String(search.nights),
                                    adults: String(a.adults),
                                    children_ages: a.children_ages ?? "",
                                  })}`}
                                >
                                  {t("book")}
                                </a>
                              )}
                            </div>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </article>
  );
}
