"use client";
import { useState } from "react";
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok, type ApiQuery } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { PageHeader, EmptyState, Pager } from "@/components/ui";
import { countLabel, formatDate, formatDateTime, formatMoney } from "@/lib/format";
import { ReservationStatusBadge } from "./status";
import { backofficeMessages, composition } from "@/lib/reports/messages";

const EMPTY = { status: "", checkin_from: "", checkin_to: "", guest: "", code: "", hotel_id: "" };
export type ReservationFilters = typeof EMPTY;

/** The reservations list; `initial` comes from the URL (dashboard tiles link to filtered lists). */
export function ReservationList({ initial, hotels, hotelView = false, operator = false }: { initial?: Partial<ReservationFilters>; hotels?: Array<{ id: number; name: string }>; hotelView?: boolean; operator?: boolean }) {
  const t = useDict(reservationMessages);
  const tb = useDict(backofficeMessages);
  const { locale } = useI18n();
  const start = { ...EMPTY, ...initial };
  const [draft, setDraft] = useState(start);
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
  };
  const exportQuery = new URLSearchParams({ format: "csv" });
  for (const [k, v] of Object.entries(filters)) if (v) exportQuery.set(k, v);
  const q = useQuery({
    queryKey: ["reservations", query],
    queryFn: ({ signal }) => ok(api.GET("/v2/bookings", { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.per_page)) : 1;
  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setDraft({ ...draft, [k]: e.target.value });

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
      <form
        className={`card mb-4 grid gap-3 p-4 sm:grid-cols-2 ${hotels && hotels.length > 1 ? "lg:grid-cols-[repeat(6,minmax(0,1fr))_auto]" : "lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]"}`}
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
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
        {hotels && hotels.length > 1 && (
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
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-primary flex-1">
            {t("list.search")}
          </button>
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
              setPage(1);
            }}
          >
            {t("list.clear")}
          </button>
        </div>
      </form>

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
        <div className={`card overflow-x-auto ${q.isFetching ? "opacity-70" : ""}`} aria-busy={q.isFetching}>
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("list.code")}</th>
                <th>{t("list.guest")}</th>
                {operator && <th>{t("list.agency")}</th>}
                <th>{t("list.hotel")}</th>
                <th>{t("list.dates")}</th>
                <th className="text-right">{t("list.amount")}</th>
                <th>{t("list.status")}</th>
                <th>{t("list.deadline")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(q.data?.items ?? []).map((r) => (
                <tr key={r.chatbot_id} className="hover:bg-slate-50">
                  <td>
                    <Link href={`/reservations/${r.chatbot_id}`} className="font-mono font-semibold text-brand-700 hover:underline">
                      {r.chatbot_id}
                    </Link>
                  </td>
                  <td>
                    <p>{r.guest_name}</p>
                    <p className="text-xs text-slate-600">{hotelView ? composition(tb, r) : r.email}</p>
                  </td>
                  {operator && <td data-testid="reservation-agency">{r.agency.name}</td>}
                  <td>{r.hotel_name}</td>
                  {/* Each date stays whole; the pair wraps when the operator's Agencia column needs the room. */}
                  <td>
                    <span className="whitespace-nowrap">{formatDate(r.checkin, locale)} →</span> <span className="whitespace-nowrap">{formatDate(r.checkout, locale)}</span>
                  </td>
                  <td className="text-right whitespace-nowrap">
                    {formatMoney(r.amount, r.currency, locale)}
                    {hotelView && <p className="text-xs text-slate-500">{tb("arrivals.paid")}: {formatMoney(r.amount_paid, r.currency, locale)}</p>}
                  </td>
                  <td>
                    <ReservationStatusBadge status={r.status} />
                  </td>
                  <td className="whitespace-nowrap text-xs">{r.status === "pending_payment" ? formatDateTime(r.payment_deadline, locale) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {q.isLoading && <p className="p-4 text-sm text-slate-600">…</p>}
        </div>
      )}
      {q.data && q.data.total > 0 && (
        <Pager page={page} pages={pages} summary={t("list.page", { page, pages, total: countLabel(q.data.total, "reserva") })} prevLabel={t("list.prev")} nextLabel={t("list.next")} onPage={setPage} />
      )}
    </div>
  );
}
