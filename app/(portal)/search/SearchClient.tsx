"use client";
import { useEffect, useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, EmptyState } from "@/components/ui";
import { cityLabel, formatDate, formatMoney } from "@/lib/format";
import { normalizeCity } from "@/lib/inventory/city";
import { messages } from "./messages";

interface Group {
  adults: number;
  children: number[];
}

interface Product {
  rateId: string;
  rateDescription: string;
  boardType: string | null;
  boardTypeDescription: string;
  refundable: "full" | "partial" | "none";
  cancellationPolicy: string;
  currency: string;
  baseDailyAmounts: Array<{ day: string; amountBeforeTax: number }>;
  baseRate: { amountBeforeTax: number };
}

interface Room {
  roomId: string;
  roomName: string;
  beds: number;
  count: number;
  products: Product[];
}

interface HotelResult {
  hotel: { id: number; name: string; city: string; channel_manager_id: string; largest_room_beds: number };
  availability: Array<{ adults: number; children_ages: string | null; total_count: number; available_rooms: Room[] }>;
}

interface Search {
  city: string;
  checkin: string;
  nights: number;
  groups: Group[];
  agencyType: string;
}

const MAX_GROUPS = 9;

function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The form's value settles for a moment before it is searched (typing does not fire a request per key). */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const h = setTimeout(() => setV(value), ms);
    return () => clearTimeout(h);
  }, [value, ms]);
  return v;
}

export function SearchClient({ cities, today, defaultCheckin, agencyType }: { cities: string[]; today: string; defaultCheckin: string; agencyType: string | null }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const [city, setCity] = useState("");
  const [checkin, setCheckin] = useState(defaultCheckin);
  const [nights, setNights] = useState(2);
  const [groups, setGroups] = useState<Group[]>([{ adults: 2, children: [] }]);
  const [type, setType] = useState(agencyType ?? "retailer");
  const [submitted, setSubmitted] = useState<Search | null>(null);

  const knownCity = useMemo(() => cities.find((c) => c === normalizeCity(city)) ?? null, [cities, city]);
  const current: Search = useMemo(() => ({ city: knownCity ?? city, checkin, nights, groups, agencyType: type }), [knownCity, city, checkin, nights, groups, type]);
  const valid = current.city.trim().length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(checkin) && checkin >= today && nights >= 1 && nights <= 30;
  const settled = useDebounced(current, 350);
  // Changes search by themselves once the city is a known one; the button searches any text.
  const active: Search | null = knownCity && valid ? settled : submitted;

  const query = useQuery({
    queryKey: ["availability", active],
    enabled: active !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const a = active!;
      const qs = new URLSearchParams({ checkin: a.checkin, nights: String(a.nights), city: a.city });
      const results = await apiFetch<HotelResult[]>(`/v2/bookings/agencies/${a.agencyType}/availability?${qs}`, {
        method: "POST",
        body: { layout: a.groups.map((g) => ({ adults: g.adults, children_ages: g.children })) },
        signal,
      });
      // The results keep the search they answer, so links stay right while a newer search loads.
      return { search: a, results };
    },
  });

  const setGroup = (i: number, g: Group) => setGroups((gs) => gs.map((x, j) => (j === i ? g : x)));
  const results = query.data?.results ?? [];
  const shownSearch = query.data?.search ?? null;
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <form
        className="card h-fit space-y-4 p-4"
        data-testid="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) setSubmitted(current);
        }}
      >
        <div>
          <label className="label" htmlFor="city">
            {t("city")}
          </label>
          <input id="city" className="input" list="known-cities" placeholder={t("cityPlaceholder")} value={city} onChange={(e) => setCity(e.target.value)} autoComplete="off" />
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
                onClick={() => setCity(cityLabel(c))}
                className={`rounded-full px-2 py-0.5 text-xs ring-1 ring-inset ${knownCity === c ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-600 ring-slate-300 hover:bg-slate-50"}`}
              >
                {cityLabel(c)}
              </button>
            ))}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label className="label" htmlFor="checkin">
              {t("checkin")}
            </label>
            <input id="checkin" type="date" className="input" min={today} value={checkin} onChange={(e) => setCheckin(e.target.value)} />
          </div>
          <div>
            <label className="label" htmlFor="nights">
              {t("nights")}
            </label>
            <input id="nights" type="number" className="input" min={1} max={30} value={nights} onChange={(e) => setNights(Math.max(1, Math.min(30, Number(e.target.value) || 1)))} />
          </div>
        </div>
        {/^\d{4}-\d{2}-\d{2}$/.test(checkin) && <p className="-mt-2 text-xs text-slate-500">{t("checkout", { date: formatDate(addDays(checkin, nights), locale) })}</p>}
        {agencyType === null && (
          <div>
            <label className="label" htmlFor="agency-type">
              {t("agencyType")}
            </label>
            <select id="agency-type" className="input" value={type} onChange={(e) => setType(e.target.value)}>
              <option value="retailer">{t("retailer")}</option>
              <option value="wholesale">{t("wholesale")}</option>
            </select>
          </div>
        )}
        <fieldset className="space-y-3">
          <legend className="label">{t("groups")}</legend>
          {groups.map((g, i) => (
            <div key={i} className="rounded-md border border-slate-200 p-3" data-testid={`group-${i}`}>
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-medium text-slate-700">{t("group", { n: i + 1 })}</span>
                {groups.length > 1 && (
                  <button type="button" className="text-xs text-red-600 hover:underline" onClick={() => setGroups((gs) => gs.filter((_, j) => j !== i))}>
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
                      setGroup(i, { ...g, children: Array.from({ length: n }, (_, k) => g.children[k] ?? 8) });
                    }}
                  >
                    {Array.from({ length: 5 }, (_, k) => k).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                {g.children.map((age, k) => (
                  <div key={k}>
                    <label className="label text-xs" htmlFor={`age-${i}-${k}`}>
                      {t("childAge", { n: k + 1 })}
                    </label>
                    <select
                      id={`age-${i}-${k}`}
                      className="input"
                      value={age}
                      onChange={(e) => setGroup(i, { ...g, children: g.children.map((a, j) => (j === k ? Number(e.target.value) : a)) })}
                    >
                      {Array.from({ length: 18 }, (_, a) => a).map((a) => (
                        <option key={a} value={a}>
                          {a}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              </div>
            </div>
          ))}
          {groups.length < MAX_GROUPS && (
            <button type="button" className="btn-secondary w-full" onClick={() => setGroups((gs) => [...gs, { adults: 2, children: [] }])}>
              + {t("addGroup")}
            </button>
          )}
        </fieldset>
        <button type="submit" className="btn-primary w-full" disabled={!valid}>
          {query.isFetching ? t("searching") : t("search")}
        </button>
      </form>

      <section aria-live="polite" className="min-w-0" data-testid="search-results">
        {query.isFetching && (
          <div className="mb-3 flex items-center gap-2 text-sm text-brand-700" role="status" data-testid="search-loading">
            <span className="h-3 w-3 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
            {query.data ? t("updating") : t("searching")}
          </div>
        )}
        {!active && !query.data && <EmptyState title={t("startTitle")}>{t("startHint")}</EmptyState>}
        {query.isError && !query.isFetching && (
          <div role="alert" className="card mb-4 border-red-200 bg-red-50 p-4 text-sm text-red-700">
            {notFound ? t("emptyTitle") : t("error")}: {(query.error as ApiError).detail}
          </div>
        )}
        {query.isSuccess && results.length === 0 && (
          <div data-testid="search-empty">
            <EmptyState title={t("emptyTitle")}>{t("emptyHint")}</EmptyState>
          </div>
        )}
        {results.length > 0 && (
          <div className={`space-y-4 transition-opacity ${query.isFetching ? "opacity-60" : ""}`}>
            <p className="text-sm text-slate-500">{results.length === 1 ? t("oneResult") : t("resultsCount", { n: results.length })}</p>
            {results.map((r) => (
              <HotelCard key={r.hotel.id} result={r} search={shownSearch} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

function HotelCard({ result, search }: { result: HotelResult; search: Search | null }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const { hotel } = result;
  return (
    <article className="card overflow-hidden" data-testid="hotel-result">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 bg-slate-50 px-4 py-3">
        <h2 className="text-lg font-semibold text-slate-900">{hotel.name}</h2>
        <span className="text-sm text-slate-500">
          {cityLabel(hotel.city)} · {t("largestBeds", { n: hotel.largest_room_beds })}
        </span>
      </header>
      <div className="divide-y divide-slate-100">
        {result.availability.map((a, i) => (
          <div key={i} className="px-4 py-3" data-testid="group-result">
            <h3 className="mb-2 text-sm font-semibold text-slate-700">
              {t("group", { n: i + 1 })}: {a.adults === 1 ? t("groupLabelOne") : t("groupLabel", { adults: a.adults })}
              {a.children_ages ? `, ${t("withChildren", { ages: a.children_ages.split(",").join(", ") })}` : ""}
            </h3>
            {a.available_rooms.length === 0 && <p className="text-sm text-slate-400">{t("noRooms")}</p>}
            <div className="space-y-3">
              {a.available_rooms.map((room) => (
                <div key={room.roomId} className="rounded-md border border-slate-200">
                  <div className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="font-medium text-slate-800">{room.roomName}</span>
                    <span className="flex gap-2 text-xs text-slate-500">
                      <span>{room.beds === 1 ? t("bedsOne") : t("beds", { n: room.beds })}</span>
                      <Badge tone={room.count <= 2 ? "yellow" : "green"}>{t("available", { n: room.count })}</Badge>
                    </span>
                  </div>
                  <ul className="divide-y divide-slate-100 border-t border-slate-100">
                    {room.products.map((p) => (
                      <li key={p.rateId} className="grid gap-2 px-3 py-2 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="product">
                        <div className="min-w-0">
                          <p className="text-sm font-medium text-slate-800">{p.rateDescription}</p>
                          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                            <Badge tone="blue">{p.boardType ? `${p.boardType} · ${p.boardTypeDescription}` : p.boardTypeDescription || t("noBoard")}</Badge>
                            <Badge tone={p.refundable === "full" ? "green" : p.refundable === "partial" ? "yellow" : "red"}>{t(`refundable.${p.refundable}`)}</Badge>
                          </p>
                          <p className="mt-1 text-xs text-slate-500">{p.cancellationPolicy}</p>
                        </div>
                        <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
                          <div className="text-right">
                            <p className="text-xs text-slate-500">{t("stayPrice")}</p>
                            <p className="text-lg font-semibold text-slate-900" data-testid="stay-price">
                              {formatMoney(p.baseRate.amountBeforeTax, p.currency, locale)}
                            </p>
                            <p className="text-xs text-slate-400">{t("perNight", { amount: formatMoney(Math.round(p.baseRate.amountBeforeTax / p.baseDailyAmounts.length), p.currency, locale) })}</p>
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
        ))}
      </div>
    </article>
  );
}
