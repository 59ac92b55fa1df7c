import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, EmptyState, Badge, StatCard } from "@/components/ui";
import { formatDateTime, formatMoney } from "@/lib/format";
import { listPayments, paymentTotals } from "@/lib/payments/service";
import { listQuery } from "@/lib/payments/schema";
import { paymentMessages } from "@/lib/payments/messages";

export const metadata: Metadata = { title: "Pagos" };

const TONES = { approved: "green", pending: "yellow", rejected: "red", expired: "gray", cancelled: "gray", refunded: "blue" } as const;

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { db, principal } = await portalContext(["agency", "operator"]);
  const { t, locale } = await getDict(paymentMessages);
  const raw = await searchParams;
  const flat = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = listQuery.safeParse(flat);
  const query = parsed.success ? parsed.data : {};
  const operator = principal.role === "operator";
  const [result, totals] = await Promise.all([listPayments(db, principal, { ...query, per_page: 25 }), paymentTotals(db, principal)]);
  const pages = Math.max(1, Math.ceil(result.total / result.per_page));
  const exportQuery = new URLSearchParams({ ...(Object.fromEntries(Object.entries(flat).filter(([k]) => k !== "page" && k !== "per_page")) as Record<string, string>), format: "csv" }).toString();
  const pageHref = (p: number) => `/payments?${new URLSearchParams({ ...(flat as Record<string, string>), page: String(p) }).toString()}`;

  return (
    <div data-testid="payments-page">
      <PageHeader
        title={t("list.title")}
        subtitle={operator ? t("list.subtitleOperator") : t("list.subtitle")}
        actions={
          <>
            {/* Every row of the current filter as CSV (issue 16; docs/reports.md). */}
            <a href={`/api/v2/payments?${exportQuery}`} className="btn-secondary" download data-testid="export-payments">
              Exportar
            </a>
            {principal.role === "agency" && (
              <Link href="/payments/new" className="btn-primary">
                {t("list.newPayment")}
              </Link>
            )}
          </>
        }
      />
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard label={t("list.approvedSum")} value={formatMoney(totals.approved.amount, "COP", locale)} hint={t("list.total", { n: totals.approved.count })} />
        <StatCard label={t("list.pendingSum")} value={formatMoney(totals.pending.amount, "COP", locale)} hint={t("list.total", { n: totals.pending.count })} />
        <StatCard label={t("list.rejectedCount")} value={totals.rejected.count} />
      </div>

      <form method="get" className="card mb-4 grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-6" role="search">
        <input name="q" defaultValue={flat.q} className="input sm:col-span-2" placeholder={t("list.search")} aria-label={t("list.search")} />
        <select name="status" defaultValue={flat.status ?? ""} className="input" aria-label={t("list.statusCol")}>
          <option value="">{t("list.allStatuses")}</option>
          {(["approved", "pending", "rejected", "expired", "cancelled", "refunded"] as const).map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        <select name="method" defaultValue={flat.method ?? ""} className="input" aria-label={t("list.methodCol")}>
          <option value="">{t("list.allMethods")}</option>
          {(["card", "cash", "bank_transfer"] as const).map((m) => (
            <option key={m} value={m}>
              {t(`method.${m}`)}
            </option>
          ))}
        </select>
        <input type="date" name="from" defaultValue={flat.from} className="input" aria-label={t("list.from")} title={t("list.from")} />
        <input type="date" name="to" defaultValue={flat.to} className="input" aria-label={t("list.to")} title={t("list.to")} />
        <div className="flex gap-2 sm:col-span-2 xl:col-span-6">
          <button type="submit" className="btn-primary">
            {t("list.filter")}
          </button>
          <Link href="/payments" className="btn-secondary">
            {t("list.clear")}
          </Link>
          <span className="ml-auto self-center text-sm text-slate-500">{t("list.total", { n: result.total })}</span>
        </div>
      </form>

      {result.items.length === 0 ? (
        <EmptyState title={t("list.empty")}>{t("list.emptyHint")}</EmptyState>
      ) : (
        <div className="card overflow-x-auto">
          <table className="table-basic" data-testid="payments-table">
            <thead>
              <tr>
                <th>{t("list.date")}</th>
                <th>{t("list.reference")}</th>
                <th>{t("list.payer")}</th>
                {operator && <th>{t("list.agency")}</th>}
                <th>{t("list.hotel")}</th>
                <th>{t("list.methodCol")}</th>
                <th className="text-right">{t("list.amount")}</th>
                <th>{t("list.statusCol")}</th>
                <th />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {result.items.map((p) => (
                <tr key={p.transaction_id} data-testid="payment-row">
                  <td className="whitespace-nowrap">{formatDateTime(p.created_at, locale)}</td>
                  <td>
                    <div className="font-medium">{p.ref_number}</div>
                    <div className="font-mono text-xs text-slate-400">#{p.apm_detail_id}</div>
                  </td>
                  <td>
                    {p.ref_name} {p.ref_lastname}
                  </td>
                  {operator && <td data-testid="payment-agency">{p.agency?.name ?? "—"}</td>}
                  <td>{p.hotel_name}</td>
                  <td className="whitespace-nowrap">
                    {t(`method.${p.method}`)}
                    {p.card_last4 && <span className="text-slate-500"> ···· {p.card_last4}</span>}
                  </td>
                  <td className="whitespace-nowrap text-right font-medium">
                    {formatMoney(p.amount, p.currency, locale)}
                    {Number(p.refunded_amount) > 0 && <div className="text-xs font-normal text-sky-700">{t("list.refundedBadge", { amount: formatMoney(p.refunded_amount, p.currency, locale) })}</div>}
                  </td>
                  <td>
                    <Badge tone={TONES[p.status]}>{t(`status.${p.status}`)}</Badge>
                    {p.decline_reason && (p.status === "rejected" || p.status === "refunded") && <div className="mt-1 text-xs text-red-700">{p.decline_reason}</div>}
                  </td>
                  <td className="whitespace-nowrap text-right">
                    <div className="flex flex-col items-end gap-1">
                    <Link href={`/payments/${p.transaction_id}`} className="text-sm font-medium text-brand-600 hover:underline" data-testid="payment-open">
                      {t("list.view")}
                    </Link>
                    {p.voucher_url ? (
                      <Link href={p.voucher_url.replace(/^\/v2/, "")} className="text-sm font-medium text-brand-600 hover:underline">
                        {t("list.voucher")}
                      </Link>
                    ) : p.checkout_url && p.status === "pending" ? (
                      <a href={`/checkout/${p.transaction_id}`} className="text-sm font-medium text-brand-600 hover:underline">
                        {t("list.checkout")}
                      </a>
                    ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="mt-4 flex items-center justify-between text-sm">
          {result.page > 1 ? <Link href={pageHref(result.page - 1)} className="btn-secondary">{t("list.prev")}</Link> : <span />}
          <span className="text-slate-500">
            {result.page} / {pages}
          </span>
          {result.page < pages ? <Link href={pageHref(result.page + 1)} className="btn-secondary">{t("list.next")}</Link> : <span />}
        </nav>
      )}
    </div>
  );
}
