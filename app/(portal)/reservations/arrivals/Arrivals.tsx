"use client";
// "Llegadas de hoy / próximos 7 días" for hotel admins: who arrives, with how many people and what is paid.
import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { PageHeader, EmptyState } from "@/components/ui";
import { formatMoney } from "@/lib/format";
import { addDays } from "@/lib/time";
import { backofficeMessages, composition, ddmmyyyy } from "@/lib/reports/messages";
import { ReservationStatusBadge } from "../status";
import { PaidState } from "@/components/PaidState";

export function Arrivals({ today, initialPeriod }: { today: string; initialPeriod: "today" | "week" }) {
  const t = useDict(backofficeMessages);
  const { locale } = useI18n();
  const [period, setPeriod] = useState(initialPeriod);
  const query = {
    checkin_from: today,
    checkin_to: period === "today" ? today : addDays(today, 7),
    status: "confirmed,pending_payment",
    sort: "checkin" as const,
    per_page: 100,
  };
  const q = useQuery({ queryKey: ["arrivals", query], queryFn: ({ signal }) => ok(api.GET("/v2/bookings", { params: { query }, signal })) });
  const exportHref = `/api/v2/bookings?${new URLSearchParams({ format: "csv", checkin_from: query.checkin_from, checkin_to: query.checkin_to, status: query.status, sort: "checkin" })}`;

  return (
    <div data-testid="arrivals">
      <PageHeader
        title={t("arrivals.title")}
        subtitle={t("arrivals.subtitle")}
        actions={
          <a href={exportHref} className="btn-secondary" download data-testid="export-arrivals">
            {t("export")}
          </a>
        }
      />
      <div role="tablist" aria-label={t("arrivals.title")} className="mb-4 inline-flex rounded-lg border border-slate-200 bg-white p-1">
        {(["today", "week"] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={period === p}
            className={`rounded-md px-4 py-1.5 text-sm font-medium ${period === p ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-50"}`}
            onClick={() => setPeriod(p)}
          >
            {p === "today" ? t("arrivals.today") : t("arrivals.week")}
          </button>
        ))}
      </div>
      {q.data && <p className="mb-2 text-sm text-slate-500">{t("arrivals.count", { n: q.data.total })}</p>}
      {q.data && q.data.items.length === 0 ? (
        <EmptyState title={t("arrivals.empty")} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {(q.data?.items ?? []).map((r) => (
            <Link key={r.chatbot_id} href={`/reservations/${r.chatbot_id}`} className="card block p-4 hover:ring-2 hover:ring-brand-200" data-testid="arrival">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-slate-900">{r.guest_name}</p>
                  <p className="text-sm text-slate-600">{composition(t, r)}</p>
                </div>
                <ReservationStatusBadge status={r.status} />
              </div>
              <p className="mt-2 text-sm text-slate-500">
                {r.hotel_name} · {ddmmyyyy(r.checkin)} → {ddmmyyyy(r.checkout)} · {r.nights === 1 ? t("arrivals.night") : t("arrivals.nights", { n: r.nights })}
              </p>
              <p className="mt-2 text-sm">
                <span className="font-semibold">{formatMoney(r.amount, r.currency, locale)}</span> · <PaidState amount={r.amount} paid={r.amount_paid} currency={r.currency} locale={locale} />
              </p>
              <p className="mt-1 font-mono text-xs text-slate-600">{r.chatbot_id}</p>
            </Link>
          ))}
        </div>
      )}
      {q.isLoading && <p className="p-4 text-sm text-slate-500">…</p>}
    </div>
  );
}
