import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { orNotFound, serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { formatDate, formatDateTime, formatMoney, cityLabel, countLabel, guestsLabel } from "@/lib/format";
import { guestVoucher, hotelLine, percentText } from "@/lib/payments/voucher";
import { paymentMessages } from "@/lib/payments/messages";
import { LocaleSwitch } from "@/components/LocaleSwitch";

export const metadata: Metadata = { title: "Comprobante de pago", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function VoucherPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(code)) notFound();
  const { t, locale } = await getDict(paymentMessages);
  const { database } = await serviceContext();
  const v = await orNotFound(guestVoucher(database, code));
  const money = (n: { toString(): string }) => formatMoney(n, v.currency, locale);
  const tone = { approved: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", pending: "bg-amber-50 text-amber-800 ring-amber-600/20", rejected: "bg-red-50 text-red-700 ring-red-600/20", expired: "bg-slate-100 text-slate-600 ring-slate-500/20", cancelled: "bg-slate-100 text-slate-600 ring-slate-500/20", refunded: "bg-sky-50 text-sky-700 ring-sky-600/20" }[v.status];
  const rows: [string, React.ReactNode][] = [
    [t("voucher.date"), formatDateTime(v.paid_at, locale)],
    [t("voucher.method"), t(`method.${v.method}`)],
  ];
  if (v.method === "card") {
    rows.push([t("voucher.card"), `${(v.card_brand ?? "").toUpperCase()} ${t("voucher.endingIn", { last4: v.card_last4 ?? "----" })}`]);
    if (v.installments) rows.push([t("voucher.installments"), String(v.installments)]);
    if (v.authorization_code) rows.push([t("voucher.authorization"), v.authorization_code]);
  } else {
    rows.push([t("voucher.paymentReference"), v.payment_reference ?? "—"]);
    if (v.cash_method) rows.push([t("voucher.network"), v.cash_method]);
    if (v.bank) rows.push([t("voucher.bank"), v.bank]);
    if (v.order_expires_at) rows.push([t("voucher.orderExpires"), formatDateTime(v.order_expires_at, locale)]);
  }
  // The guest sees the reservation as "Reserva" below, and never a link's own secret code (lib/payments/voucher.ts).
  if (v.order_ref) rows.push([t("voucher.order"), v.order_ref]);
  if (v.detail) rows.push([t("voucher.detail"), v.detail]);
  rows.push([t("voucher.hotel"), <span key="h" data-testid="voucher-hotel">{hotelLine(v.hotel)}</span>]);
  if (v.hotel.address) rows.push([t("voucher.hotelAddress"), `${v.hotel.address}, ${cityLabel(v.hotel.city)}`]);
  if (v.hotel.rnt) rows.push([t("voucher.rnt"), <span key="r" data-testid="voucher-rnt">{v.hotel.rnt}</span>]);
  const stay = v.stay;
  if (stay) {
    rows.push([t("voucher.reservation"), stay.reservation_code]);
    rows.push([t("voucher.stay"), `${formatDate(stay.checkin, locale)} → ${formatDate(stay.checkout, locale)} · ${countLabel(stay.nights, "noche")}`]);
    rows.push([t("voucher.guests"), <span key="g" data-testid="voucher-guests">{guestsLabel(stay.adults, stay.children_ages, stay.children)}</span>]);
  }
  rows.push([t("voucher.payer"), v.payer.name]);
  if (v.payer.fiscal_number) rows.push([t("voucher.document"), v.payer.fiscal_number]);

  return (
    <main className="mx-auto min-h-screen max-w-xl px-4 py-8">
      <div className="mb-6 flex items-center justify-between print:hidden">
        <span className="text-xl font-bold text-brand-700">{v.operator}</span>
        <LocaleSwitch />
      </div>
      <article className="card overflow-hidden" data-testid="voucher">
        <header className="flex items-start justify-between bg-brand-700 px-6 py-5 text-white">
          <div>
            <p className="text-lg font-bold">{v.operator}</p>
            <h1 className="text-sm opacity-90">{t("voucher.title")}</h1>
          </div>
          <p className="font-mono text-lg font-semibold" data-testid="voucher-number">
            {t("voucher.number")} {v.voucher_number}
          </p>
        </header>
        <div className="space-y-5 p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${tone}`} data-testid="voucher-status">
              {t(`status.${v.status}`)}
            </span>
            <span className="text-2xl font-bold">{money(v.amount)}</span>
          </div>
          {v.decline_reason && (
            <p className="rounded-md bg-red-50 p-3 text-sm text-red-700">
              {t("voucher.reason")}: {v.decline_reason}
            </p>
          )}
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            {rows.map(([k, val]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{k}</dt>
                <dd className="break-words sm:col-span-2">{val}</dd>
              </div>
            ))}
          </dl>
          <dl className="grid grid-cols-2 gap-y-1 border-t border-slate-200 pt-4 text-sm">
            {/* Taxes and service appear only when the payment broke them down (Cobrar's default is 0 %, as links). */}
            {(percentText(v.tax_percent) !== "0" || percentText(v.service_percent) !== "0") && (
              <>
                <dt className="text-slate-600">{t("voucher.base")}</dt>
                <dd className="text-right">{money(v.base_amount)}</dd>
              </>
            )}
            {percentText(v.tax_percent) !== "0" && (
              <>
                <dt className="text-slate-600">{t("voucher.tax", { p: percentText(v.tax_percent) })}</dt>
                <dd className="text-right">{money(v.tax_amount)}</dd>
              </>
            )}
            {percentText(v.service_percent) !== "0" && (
              <>
                <dt className="text-slate-600">{t("voucher.service", { p: percentText(v.service_percent) })}</dt>
                <dd className="text-right">{money(v.service_amount)}</dd>
              </>
            )}
            <dt className="font-semibold">{t("voucher.total")}</dt>
            <dd className="text-right font-semibold" data-testid="voucher-total">{money(v.amount)} {v.currency}</dd>
          </dl>
          <p className="text-xs text-slate-600">
            {t("voucher.issuedBy", { operator: v.operator })} · {formatDateTime(v.issued_at, locale)} · {t("voucher.transaction")} <span className="font-mono">{v.transaction_id}</span>
          </p>
          <div className="flex flex-wrap gap-2 print:hidden">
            <a href={`/api/v2/vouchers/${v.code}?format=pdf`} className="btn-primary" data-testid="voucher-pdf">
              {t("voucher.download")}
            </a>
          </div>
        </div>
      </article>
    </main>
  );
}
