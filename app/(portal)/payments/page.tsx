import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, EmptyState, Badge, StatCard, Pager } from "@/components/ui";
import { DataList, type Column } from "@/components/DataList";
import { FilterPanel } from "@/components/FilterPanel";
import type { Locale, Translate } from "@/lib/i18n";
import { formatDateTime, formatMoney } from "@/lib/format";
import { listPayments, paymentTotals } from "@/lib/payments/service";
import { listQuery } from "@/lib/payments/schema";
import { paymentMessages } from "@/lib/payments/messages";

export const metadata: Metadata = { title: "Pagos" };

const TONES = { approved: "green", pending: "yellow", rejected: "red", expired: "gray", cancelled: "gray", refunded: "blue" } as const;

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { database, principal } = await portalContext(["agency", "operator"]);
  const { t, locale } = await getDict(paymentMessages);
  // "1 pago", "3 pagos".
  const total = (n: number) => t(n === 1 ? "list.totalOne" : "list.total", { n });
  const raw = await searchParams;
  const flat = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = listQuery.safeParse(flat);
  const query = parsed.success ? parsed.data : {};
  const operator = principal.role === "operator";
  const [result, totals] = await Promise.all([listPayments(database, principal, { ...query, per_page: 25 }), paymentTotals(database, principal)]);
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
        <StatCard label={t("list.approvedSum")} value={formatMoney(totals.approved.amount, "COP", locale)} hint={total(totals.approved.count)} />
        <StatCard label={t("list.pendingSum")} value={formatMoney(totals.pending.amount, "COP", locale)} hint={total(totals.pending.count)} />
        <StatCard label={t("list.rejectedCount")} value={totals.rejected.count} />
      </div>

      <FilterPanel active={Object.keys(flat).filter((k) => k !== "page").length}>
        <PaymentFilters flat={flat} t={t} summary={total(result.total)} />
      </FilterPanel>

      {result.items.length === 0 ? (
        <EmptyState title={t("list.empty")}>{t("list.emptyHint")}</EmptyState>
      ) : (
        <PaymentRows items={result.items} operator={operator} t={t} locale={locale} />
      )}
      {pages > 1 && <Pager page={result.page} pages={pages} summary={`${t("list.page", { page: result.page, pages })} · ${total(result.total)}`} prevLabel={t("list.prev")} nextLabel={t("list.next")} hrefFor={pageHref} />}
    </div>
  );
}

type T = Translate<(typeof paymentMessages)["es"]>;
type Payment = Awaited<ReturnType<typeof listPayments>>["items"][number];

/** The filters, sent as the page's query string (so Back, reload and a shared address show the same list). */
function PaymentFilters({ flat, t, summary }: { flat: Record<string, string | undefined>; t: T; summary: string }) {
  return (
        <form method="get" className="card grid gap-3 p-4 sm:grid-cols-2 xl:grid-cols-6" role="search">
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
            {(["card", "cash", "bank_transfer", "nequi"] as const).map((m) => (
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
            <span className="ml-auto self-center text-sm text-slate-500">{summary}</span>
          </div>
        </form>
  );
}

/** The rows: payer and reference on top, then hotel, method, amount, status, date and the links. */
function PaymentRows({ items, operator, t, locale }: { items: Payment[]; operator: boolean; t: T; locale: Locale }) {
  const columns: Array<Column<Payment> | false> = [
    {
      key: "payer",
      header: t("list.payer"),
      card: "title",
      cell: (p) => (
        <>
          <div className="font-medium text-slate-900">
            {p.ref_name} {p.ref_lastname}
          </div>
          <div className="text-xs text-slate-600">{p.ref_number}</div>
        </>
      ),
    },
    operator && { key: "agency", header: t("list.agency"), cell: (p) => <span data-testid="payment-agency">{p.agency?.name ?? "—"}</span> },
    { key: "hotel", header: t("list.hotel"), cell: (p) => p.hotel_name },
    {
      key: "method",
      header: t("list.methodCol"),
      nowrap: true,
      cell: (p) => (
        <>
          {t(`method.${p.method}`)}
          {p.card_last4 && <span className="text-slate-600"> ···· {p.card_last4}</span>}
        </>
      ),
    },
    {
      key: "amount",
      header: t("list.amount"),
      align: "right",
      nowrap: true,
      cell: (p) => (
        <>
          <span className="font-medium">{formatMoney(p.amount, p.currency, locale)}</span>
          {Number(p.refunded_amount) > 0 && <div className="text-xs font-normal text-sky-700">{t("list.refundedBadge", { amount: formatMoney(p.refunded_amount, p.currency, locale) })}</div>}
        </>
      ),
    },
    {
      key: "status",
      header: t("list.statusCol"),
      cell: (p) => (
        <>
          <Badge tone={TONES[p.status]}>{t(`status.${p.status}`)}</Badge>
          {p.decline_reason && (p.status === "rejected" || p.status === "refunded") && <div className="mt-1 text-xs text-red-700">{p.decline_reason}</div>}
        </>
      ),
    },
    { key: "date", header: t("list.date"), nowrap: true, cell: (p) => <span className="text-xs">{formatDateTime(p.created_at, locale)}</span> },
    {
      key: "open",
      header: <span className="sr-only">{t("list.actions")}</span>,
      card: "plain",
      cell: (p) => (
        <div className="flex gap-4 md:flex-col md:items-end md:gap-1">
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
      ),
    },
  ];
  return <DataList rows={items} columns={columns} rowKey={(p) => p.transaction_id} caption={t("list.title")} testId="payments-table" rowTestId="payment-row" />;
}
