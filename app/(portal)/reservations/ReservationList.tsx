"use client";
import { useState } from "react";
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok, type ApiQuery } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { PageHeader, EmptyState, Pager } from "@/components/ui";
import { DataList, type Column } from "@/components/DataList";
import { FilterPanel } from "@/components/FilterPanel";
import { PaidState } from "@/components/PaidState";
import { countLabel, formatDate, formatDateTime, formatMoney } from "@/lib/format";
import { ReservationStatusBadge } from "./status";
import { backofficeMessages, composition } from "@/lib/reports/messages";

const EMPTY = { status: "", checkin_from: "", checkin_to: "", guest: "", code: "", hotel_id: "", sort: "" };
export type ReservationFilters = typeof EMPTY;
type Booking = NonNullable<Awaited<ReturnType<typeof fetchPage>>>["items"][number];

const fetchPage = (query: ApiQuery<"/v2/bookings">, signal: AbortSignal) => ok(api.GET("/v2/bookings", { params: { query }, signal }));

/** The reservations list; `initial` comes from the URL (dashboard tiles link to filtered lists). */
export function ReservationList({ initial, hotels, hotelView = false, operator = false }: { initial?: Partial<ReservationFilters>; hotels?: Array<{ id: number; name: string }>; hotelView?: boolean; operator?: boolean }) {
  const t = useDict(reservationMessages);
  const tb = useDict(backofficeMessages);
  const start = { ...EMPTY, ...initial };
  const [filters, setFilters] = useState(start);
  const [page, setPage] = useState(1);
  const query: ApiQuery<"/v2/bookings"> = {
    page,
    per_page: 20,
    status: (filters.status || undefined) as ApiQuery<"/v2/bookings">["status"],
    checkin_from: filters.checkin_from || undefined,
    checkin_to: filters.checkin_to || undefined,
    guest: filters.guest || undefined,
    code: filters.code || undefined,
    hotel_id: filters.hotel_id ? Number(filters.hotel_id) : undefined,
    sort: filters.sort === "checkin" ? "checkin" : undefined,
  };
  const exportQuery = new URLSearchParams({ format: "csv" });
  for (const [k, v] of Object.entries(filters)) if (v) exportQuery.set(k, v);
  const q = useQuery({ queryKey: ["reservations", query], queryFn: ({ signal }) => fetchPage(query, signal), placeholderData: keepPreviousData });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.per_page)) : 1;
  const active = Object.entries(filters).filter(([k, v]) => v && k !== "sort").length;

  return (
    <div>
      <PageHeader
        title={hotelView ? tb("hotelList.title") : t("list.title")}
        subtitle={hotelView ? tb("hotelList.subtitle") : operator ? t("list.subtitleOperator") : t("list.subtitle")}
        actions={
          <a href={`/api/v2/bookings?${exportQuery.toString()}`} className="btn-secondary" download title={tb("exportHint")} data-testid="export-bookings">
            {tb("export")}
          </a>
        }
      />
      <FilterPanel active={active}>
        <ReservationFilterForm
          start={start}
          hotels={hotels}
          onApply={(f) => {
            setPage(1);
            setFilters(f);
          }}
        />
      </FilterPanel>

      {q.data && q.data.items.length === 0 ? (
        <EmptyState title={t("list.empty")}>
          {!hotelView && (
            <>
              <p>{t("list.emptyHint")}</p>
              <Link href="/search" className="mt-2 inline-block text-brand-700 underline">
                {t("list.goSearch")}
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        <>
          <ReservationRows items={q.data?.items ?? []} busy={q.isFetching} hotelView={hotelView} operator={operator} />
          {q.isLoading && <p className="p-4 text-sm text-slate-600">…</p>}
        </>
      )}
      {q.data && q.data.total > 0 && (
        <Pager page={page} pages={pages} summary={t("list.page", { page, pages, total: countLabel(q.data.total, "reserva") })} prevLabel={t("list.prev")} nextLabel={t("list.next")} onPage={setPage} />
      )}
    </div>
  );
}

/** The rows: guest, hotel, dates, amount with what is still to pay, status and deadline. */
function ReservationRows({ items, busy, hotelView, operator }: { items: Booking[]; busy: boolean; hotelView: boolean; operator: boolean }) {
  const t = useDict(reservationMessages);
  const tb = useDict(backofficeMessages);
  const { locale } = useI18n();
  const columns: Array<Column<Booking> | false> = [
    {
      key: "guest",
      header: t("list.guest"),
      card: "title",
      cell: (r) => (
        <>
          <Link href={`/reservations/${r.chatbot_id}`} className="font-semibold text-brand-700 hover:underline">
            {r.guest_name}
          </Link>
          <p className="font-mono text-xs text-slate-600">{r.chatbot_id}</p>
          <p className="text-xs text-slate-600">{hotelView ? composition(tb, r) : r.email}</p>
        </>
      ),
    },
    operator && { key: "agency", header: t("list.agency"), cell: (r) => <span data-testid="reservation-agency">{r.agency.name}</span> },
    { key: "hotel", header: t("list.hotel"), cell: (r) => r.hotel_name },
    {
      key: "dates",
      header: t("list.dates"),
      // Each date stays whole; the pair wraps when the operator's Agencia column needs the room.
      cell: (r) => (
        <>
          <span className="whitespace-nowrap">{formatDate(r.checkin, locale)} →</span> <span className="whitespace-nowrap">{formatDate(r.checkout, locale)}</span>
        </>
      ),
    },
    {
      key: "amount",
      header: t("list.amount"),
      align: "right",
      nowrap: true,
      cell: (r) => (
        <>
          <span className="font-medium">{formatMoney(r.amount, r.currency, locale)}</span>
          {r.status !== "cancelled" && r.status !== "expired" && (
            <p>
              <PaidState amount={r.amount} paid={r.amount_paid} currency={r.currency} locale={locale} />
            </p>
          )}
        </>
      ),
    },
    { key: "status", header: t("list.status"), cell: (r) => <ReservationStatusBadge status={r.status} /> },
    {
      key: "deadline",
      header: t("list.deadline"),
      nowrap: true,
      card: undefined,
      cell: (r) => <span className="text-xs">{r.status === "pending_payment" ? formatDateTime(r.payment_deadline, locale) : "—"}</span>,
    },
  ];
  return <DataList rows={items} columns={columns} rowKey={(r) => r.chatbot_id} caption={t("list.title")} busy={busy} testId="reservations-list" rowTestId="reservation-row" />;
}

/** The filter fields; applied together with Buscar, emptied with Limpiar. */
function ReservationFilterForm({ start, hotels, onApply }: { start: ReservationFilters; hotels?: Array<{ id: number; name: string }>; onApply: (f: ReservationFilters) => void }) {
  const t = useDict(reservationMessages);
  const tb = useDict(backofficeMessages);
  const [draft, setDraft] = useState(start);
  const set = (k: keyof ReservationFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [k]: e.target.value });
  const many = hotels && hotels.length > 1;
  return (
    <form
      className={`card grid gap-3 p-4 sm:grid-cols-2 ${many ? "lg:grid-cols-4 xl:grid-cols-[repeat(7,minmax(0,1fr))_auto]" : "lg:grid-cols-4 xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]"}`}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <div>
        <label className="label" htmlFor="f-status">{t("list.status")}</label>
        <select id="f-status" className="input" value={draft.status} onChange={set("status")}>
          <option value="">{t("list.all")}</option>
          {(["pending_payment", "confirmed", "expired", "cancelled"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {many && (
        <div>
          <label className="label" htmlFor="f-hotel">{tb("hotelFilter")}</label>
          <select id="f-hotel" className="input" value={draft.hotel_id} onChange={set("hotel_id")}>
            <option value="">{tb("allHotels")}</option>
            {hotels.map((h) => (
              <option key={h.id} value={String(h.id)}>
                {h.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div>
        <label className="label" htmlFor="f-from">{t("list.from")}</label>
        <input id="f-from" type="date" className="input" value={draft.checkin_from} onChange={set("checkin_from")} />
      </div>
      <div>
        <label className="label" htmlFor="f-to">{t("list.to")}</label>
        <input id="f-to" type="date" className="input" value={draft.checkin_to} onChange={set("checkin_to")} />
      </div>
      <div>
        <label className="label" htmlFor="f-guest">{t("list.guest")}</label>
        <input id="f-guest" className="input" placeholder={t("list.guestPlaceholder")} value={draft.guest} onChange={set("guest")} />
      </div>
      <div>
        <label className="label" htmlFor="f-code">{t("list.code")}</label>
        <input id="f-code" className="input uppercase" placeholder={t("list.codePlaceholder")} value={draft.code} onChange={set("code")} />
      </div>
      <div>
        <label className="label" htmlFor="f-sort">{t("list.sort")}</label>
        <select id="f-sort" className="input" value={draft.sort} onChange={set("sort")}>
          <option value="">{t("list.sortCreated")}</option>
          <option value="checkin">{t("list.sortCheckin")}</option>
        </select>
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary flex-1">
          {t("list.search")}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          {t("list.clear")}
        </button>
      </div>
    </form>
  );
}
