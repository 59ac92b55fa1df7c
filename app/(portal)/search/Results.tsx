"use client";
// The results beside (desktop) or under (phone) the form: the search in one line on a phone, its state, the
// filters and sort, and one card per hotel.
import { ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { EmptyState } from "@/components/ui";
import { MoneyInput } from "@/components/MoneyInput";
import { cityLabel, countLabel, formatDate, humanizeDetail } from "@/lib/format";
import { messages } from "./messages";
import { NO_FILTERS, type Filters, type Search, type Sort } from "./search-model";
import type { SearchState } from "./useSearch";
import { HotelCard } from "./HotelCard";

export function Results({ state, resultsRef }: { state: SearchState; resultsRef: React.RefObject<HTMLElement | null> }) {
  const t = useDict(messages);
  const { query, results, shownSearch, views, filtered, partyText, notFound } = state;
  return (
    <section aria-live="polite" className="min-w-0" data-testid="search-results" ref={resultsRef}>
      {shownSearch && <SearchSummary search={shownSearch} partyText={partyText} />}
      {query.isFetching && (
        <div className="mb-3 flex items-center gap-2 text-sm text-brand-700" role="status" data-testid="search-loading">
          <span className="h-3 w-3 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
          {query.data ? t("updating") : t("searching")}
        </div>
      )}
      {!state.form.active && !query.data && <EmptyState title={t("startTitle")}>{t("startHint")}</EmptyState>}
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
          <Toolbar boards={state.boards} filters={state.filters} setFilters={state.setFilters} sort={state.sort} setSort={state.setSort} />
          <p className="text-sm text-slate-600" data-testid="results-count">
            {filtered ? t("shownOf", { shown: views.length, n: results.length }) : results.length === 1 ? t("oneResult") : t("resultsCount", { n: results.length })}
          </p>
          {views.length === 0 && (
            <EmptyState title={t("filteredEmpty")}>
              <button type="button" className="btn-secondary" onClick={() => state.setFilters(NO_FILTERS)}>
                {t("clearFilters")}
              </button>
            </EmptyState>
          )}
          {views.map((v) => (
            <HotelCard key={v.hotel.id} view={v} content={state.contentById.get(v.hotel.id) ?? null} search={shownSearch} partyText={partyText} />
          ))}
        </div>
      )}
    </section>
  );
}

/** On a phone, the search in one line above the results, with a way back to the form. */
function SearchSummary({ search, partyText }: { search: Search; partyText: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  return (
    <div className="mb-3 flex min-w-0 items-center justify-between gap-3 rounded-md border border-slate-200 bg-white px-3 py-2 shadow-sm lg:hidden" data-testid="search-summary">
      <p className="min-w-0 truncate text-sm text-slate-700">
        {t("summary", {
          city: cityLabel(search.city),
          date: formatDate(search.checkin, locale),
          nights: countLabel(search.nights, "noche"),
        })}{" "}
        · {partyText}
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
                  onClick={() =>
                    setFilters({
                      ...filters,
                      boards: on ? filters.boards.filter((x) => x !== b) : [...filters.boards, b],
                    })
                  }
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
