import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getDict, getT } from "@/lib/i18n/server";
import { PageHeader, StatCard } from "@/components/ui";
import { agencyTypeLabel, formatDateTime, formatMoney, cityLabel } from "@/lib/format";
import type { Locale } from "@/lib/i18n";
import { PaidState } from "@/components/PaidState";
import { addDays, bogotaDate } from "@/lib/time";
import Link from "next/link";
import { summaryReport } from "@/lib/reports/service";
import { actionLists, type ActionItem } from "@/lib/reports/actions";
import { dashboardTiles } from "@/lib/reports/dashboard";
import { backofficeMessages, ddmmyyyy } from "@/lib/reports/messages";
import { DashboardCharts } from "./Charts";

export const metadata: Metadata = { title: "Inicio" };

export default async function DashboardPage() {
  const { database, principal, user, now } = await portalContext();
  const { t, locale } = await getT();
  const role = principal.role;
  const tiles = await dashboardTiles(database, principal, now);

  let stats: Array<{ label: string; value: React.ReactNode; id: string; href?: string }> = [];
  let extra: React.ReactNode = null;

  if (tiles.role === "operator") {
    stats = [
      { id: "agencies", label: t("dashboard.operator.agencies"), value: tiles.agencies, href: "/agencies" },
      { id: "hotels", label: t("dashboard.operator.hotels"), value: tiles.hotels, href: "/hotels" },
      { id: "cities", label: t("dashboard.operator.cities"), value: tiles.cities.length, href: "/search" },
      { id: "keys", label: t("dashboard.operator.keys"), value: tiles.keys, href: "/api-keys" },
      { id: "users", label: t("dashboard.operator.users"), value: tiles.users },
    ];
    extra = (
      <div className="card mt-6 p-4">
        <p className="mb-2 text-sm font-medium text-slate-600">{t("dashboard.operator.cities")}</p>
        <div className="flex flex-wrap gap-2">
          {tiles.cities.map((c) => (
            <span key={c} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700">
              {cityLabel(c)}
            </span>
          ))}
        </div>
      </div>
    );
  } else if (tiles.role === "agency") {
    stats = [
      { id: "pending", label: t("dashboard.agency.pending"), value: tiles.pending, href: "/reservations?status=pending_payment" },
      { id: "confirmed", label: t("dashboard.agency.confirmed"), value: tiles.confirmed, href: "/reservations?status=confirmed" },
      { id: "links", label: t("dashboard.agency.links"), value: tiles.links, href: "/links" },
      { id: "payments", label: t("dashboard.agency.payments"), value: formatMoney(tiles.approved_30d.amount, "COP", locale), href: "/payments?status=approved" },
      { id: "type", label: t("dashboard.agency.type"), value: agencyTypeLabel(tiles.agency_type) },
    ];
    if (tiles.balance !== null) stats.push({ id: "balance", label: t("dashboard.agency.balance"), value: formatMoney(tiles.balance, "COP", locale) });
  } else {
    stats = [
      { id: "hotels", label: t("dashboard.hotel.hotels"), value: tiles.hotels.length, href: "/reservations" },
      { id: "room-types", label: t("dashboard.hotel.roomTypes"), value: tiles.roomTypes, href: "/inventory" },
      { id: "events", label: t("dashboard.hotel.events"), value: tiles.events, href: "/calendar" },
    ];
    extra = (
      <div className="card mt-6 divide-y divide-slate-100">
        <p className="px-4 py-3 text-sm font-medium text-slate-600">{t("dashboard.yourHotels")}</p>
        {tiles.hotels.map((h) => (
          <div key={h.id} className="flex items-center justify-between px-4 py-3 text-sm">
            <span className="font-medium">{h.name}</span>
            <span className="text-slate-500">{cityLabel(h.city)}</span>
          </div>
        ))}
      </div>
    );
  }

  // The period report and the lists to act on (issue 16 item 5; docs/reports.md).
  const { t: b } = await getDict(backofficeMessages);
  const today = bogotaDate(now);
  const range = { from: addDays(today, -13), to: addDays(today, 14) };
  const [summary, actions] = await Promise.all([summaryReport(database, principal, range), actionLists(database, principal, now)]);
  const isAgency = role === "agency";
  const canSeePayments = role !== "hotel_admin";
  const money = (n: number) => formatMoney(n, "COP", locale);
  const pct = (n: number) => new Intl.NumberFormat("es-CO", { style: "percent", maximumFractionDigits: 1 }).format(n);
  const paymentsHref = (extra: Record<string, string> = {}) => `/payments?${new URLSearchParams({ status: "approved", from: range.from, to: range.to, ...extra })}`;
  const kpis: Array<{ id: string; label: string; value: string; href: string }> = [
    ...(isAgency ? [] : [{ id: "occupancy", label: b("dash.occupancy"), value: pct(summary.occupancy ?? 0), href: "/reservations?status=confirmed" }]),
    { id: "room-nights", label: b("dash.roomNights"), value: String(summary.room_nights_sold), href: "/reservations?status=confirmed" },
    { id: "adr", label: b("dash.adr"), value: money(summary.adr), href: "/reservations?status=confirmed" },
    ...(isAgency ? [] : [{ id: "revpar", label: b("dash.revpar"), value: money(summary.revpar ?? 0), href: "/reservations?status=confirmed" }]),
    { id: "revenue", label: b("dash.revenue"), value: money(summary.revenue.total), href: canSeePayments ? paymentsHref() : "/reservations?status=confirmed" },
    { id: "refunds", label: b("dash.refunds"), value: money(summary.refunds_total), href: canSeePayments ? "/payments" : "/reservations" },
  ];
  const methodHref = canSeePayments ? Object.fromEntries(["card", "cash", "bank_transfer", "nequi", "balance"].map((m) => [m, paymentsHref({ method: m })])) : null;
  const outcomeHref = { created: "/reservations", confirmed: "/reservations?status=confirmed", expired: "/reservations?status=expired", cancelled: "/reservations?status=cancelled" };
  const arrivalsHref = role === "hotel_admin" ? "/reservations/arrivals" : `/reservations?checkin_from=${today}&checkin_to=${today}`;

  return (
    <div data-testid="dashboard">
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.welcome", { name: user.name })} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.map((s) =>
          s.href ? (
            <Link key={s.id} href={s.href} className="block rounded-xl transition hover:ring-2 hover:ring-brand-200">
              <StatCard testId={`stat-${s.id}`} label={s.label} value={s.value} />
            </Link>
          ) : (
            <StatCard key={s.id} testId={`stat-${s.id}`} label={s.label} value={s.value} />
          ),
        )}
      </div>
      {extra}

      <section className="mt-8" aria-labelledby="actions-title">
        <h2 id="actions-title" className="mb-3 text-lg font-semibold text-slate-900">{b("dash.actions")}</h2>
        <div className="grid gap-4 lg:grid-cols-3">
          <ActionList testId="action-arrivals" title={b("dash.arrivalsToday")} href={arrivalsHref} list={actions.arrivals} none={b("dash.none")} seeAll={b("dash.seeAll")} money={money} locale={locale} />
          <ActionList testId="action-pending" title={b("dash.pendingSoon")} href="/reservations?status=pending_payment" list={actions.pending} none={b("dash.none")} seeAll={b("dash.seeAll")} money={money} locale={locale} due={(at) => b("dash.due", { at })} />
          {actions.links && <ActionList testId="action-links" title={b("dash.linksSoon")} href="/links" list={actions.links} none={b("dash.none")} seeAll={b("dash.seeAll")} money={money} locale={locale} due={(at) => b("dash.due", { at })} />}
        </div>
      </section>

      <section className="mt-8" aria-labelledby="report-title" data-testid="report">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="report-title" className="text-lg font-semibold text-slate-900">{b("dash.range", { from: ddmmyyyy(range.from), to: ddmmyyyy(range.to) })}</h2>
        </div>
        <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          {kpis.map((k) => (
            <Link key={k.id} href={k.href} className="card block p-3 transition hover:ring-2 hover:ring-brand-200" data-testid={`kpi-${k.id}`}>
              <p className="text-xs text-slate-500">{k.label}</p>
              <p className="mt-1 text-lg font-semibold text-slate-900">{k.value}</p>
            </Link>
          ))}
        </div>
        <DashboardCharts summary={summary} showOccupancy={!isAgency} methodHref={methodHref} outcomeHref={outcomeHref} />
      </section>
    </div>
  );
}

function ActionList({ testId, title, href, list, none, seeAll, money, due, locale }: { locale: Locale; testId: string; title: string; href: string; list: { count: number; items: ActionItem[] }; none: string; seeAll: string; money: (n: number) => string; due?: (at: string) => string }) {
  return (
    <div className="card flex flex-col" data-testid={testId}>
      <Link href={href} className="flex items-center justify-between border-b border-slate-100 px-4 py-3 hover:bg-slate-50">
        <span className="font-medium text-slate-800">{title}</span>
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-700">{list.count}</span>
      </Link>
      {list.items.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-500">{none}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {list.items.map((i) => (
            <li key={i.key}>
              <Link href={i.href} className="flex items-start justify-between gap-3 px-4 py-2 text-sm hover:bg-slate-50">
                <span>
                  <span className="block font-medium text-slate-800">{i.title}</span>
                  <span className="block text-xs text-slate-500">
                    {i.detail}
                    {due && i.at ? ` · ${due(formatDateTime(i.at, locale))}` : ""}
                  </span>
                </span>
                <span className="whitespace-nowrap text-right font-medium">
                  {money(i.amount)}
                  {i.paid !== undefined && (
                    <span className="block font-normal">
                      <PaidState amount={i.amount} paid={i.paid} locale={locale} />
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {list.count > list.items.length && (
        <Link href={href} className="mt-auto px-4 py-2 text-sm text-brand-700 hover:underline">
          {seeAll}
        </Link>
      )}
    </div>
  );
}
