import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { orNotFound, serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { formatDateTime, formatMoney, cityLabel } from "@/lib/format";
import { guestCheckout } from "@/lib/payments/service";
import { refreshWompiOrder } from "@/lib/wompi/apply";
import { CASH_METHODS, lookupName } from "@/lib/money/lookups";
import { paymentMessages } from "@/lib/payments/messages";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { CopyBlock } from "@/components/CopyBlock";
import { CheckoutActions } from "./CheckoutActions";
import { PendingWatcher } from "./PendingWatcher";

export const metadata: Metadata = { title: "Pago", robots: { index: false } };
export const dynamic = "force-dynamic";

/**
 * The hosted checkout page of a cash or PSE order, and PSE's return page (Wompi's redirect_url). What it shows is
 * read from our record, after asking the gateway about a pending order (refreshWompiOrder), never from the URL.
 */
export default async function CheckoutPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { id } = await params;
  // Wompi sends the payer back from the bank with ?id=<its transaction>: only a hint that they were there.
  const returned = typeof (await searchParams).id === "string";
  if (!/^tx_[A-Za-z0-9]{8,64}$/.test(id)) notFound();
  const { t, locale } = await getDict(paymentMessages);
  const { database, now } = await serviceContext();
  await refreshWompiOrder(database, id, now);
  const tx = await orNotFound(guestCheckout(database, id));
  const isCash = tx.method === "cash";
  const pending = tx.status === "pending";
  const tone = { approved: "bg-emerald-50 text-emerald-700", pending: "bg-amber-50 text-amber-800", rejected: "bg-red-50 text-red-700", expired: "bg-slate-100 text-slate-600", cancelled: "bg-slate-100 text-slate-600", refunded: "bg-sky-50 text-sky-700" }[tx.status];
  const outcome = { approved: t("checkout.approvedTitle"), rejected: t("checkout.rejectedTitle"), expired: t("checkout.expiredTitle"), cancelled: t("checkout.cancelledTitle"), refunded: t("checkout.refundedTitle"), pending: null }[tx.status];

  return (
    <main className="mx-auto min-h-screen max-w-lg px-4 py-8">
      <div className="mb-6 flex items-center justify-between">
        <span className="text-xl font-bold text-brand-700">HotelPay</span>
        <LocaleSwitch />
      </div>
      <section className="card overflow-hidden" data-testid="checkout">
        <div className="bg-brand-600 px-6 py-5 text-white">
          <p className="text-sm opacity-90">{t(`method.${tx.method}`)}</p>
          <h1 className="text-2xl font-semibold">{t("checkout.title")}</h1>
        </div>
        <div className="space-y-5 p-6">
          <div>
            <p className="text-sm text-slate-600">{t("checkout.amount")}</p>
            <p className="text-3xl font-bold" data-testid="checkout-amount">{formatMoney(tx.amount, tx.currency, locale)}</p>
            {pending && tx.expires_at && (
              <p className="mt-1 text-sm font-medium text-amber-900" data-testid="checkout-expires">
                {t("checkout.payBefore", { date: formatDateTime(tx.expires_at, locale) })}
              </p>
            )}
          </div>

          {outcome && (
            <div className={`rounded-lg p-4 ${tone}`} role="status" data-testid="checkout-outcome">
              <p className="text-lg font-semibold">{outcome}</p>
              {tx.status === "rejected" && <p className="text-sm">{t("checkout.rejectedHint")}</p>}
              {tx.status !== "approved" && tx.decline_reason && <p className="text-sm">{t("checkout.why", { reason: tx.decline_reason.replace(/^rechazada: /, "") })}</p>}
            </div>
          )}

          {pending && isCash && tx.cash_codes && (
            <div className="space-y-3" data-testid="checkout-collect">
              <p className="text-sm text-slate-700">{t("checkout.collectSteps")}</p>
              <div>
                <p className="mb-1 text-sm font-medium text-slate-700">{t("checkout.agreement")}</p>
                <CopyBlock code={tx.cash_codes.business_agreement_code} label={t("checkout.agreement")} copyLabel={t("checkout.copy")} copiedLabel={t("checkout.copied")} testId="checkout-agreement" large />
              </div>
              <div>
                <p className="mb-1 text-sm font-medium text-slate-700">{t("checkout.intention")}</p>
                <CopyBlock code={tx.cash_codes.payment_intention_identifier} label={t("checkout.intention")} copyLabel={t("checkout.copy")} copiedLabel={t("checkout.copied")} testId="checkout-intention" large />
              </div>
            </div>
          )}

          {pending && isCash && !tx.cash_codes && (
            <>
              {tx.payment_reference ? (
                <div className="rounded-lg border-2 border-dashed border-brand-500 bg-brand-50 p-4 text-center">
                  <p className="text-sm text-slate-600">{t("checkout.reference")}</p>
                  <p className="font-mono text-2xl font-bold tracking-widest text-brand-900" data-testid="checkout-reference">{tx.payment_reference}</p>
                </div>
              ) : (
                <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" role="status">{t("checkout.noReferenceYet")}</p>
              )}
              <p className="text-sm text-slate-700">{t("checkout.cashSteps", { network: lookupName(CASH_METHODS, tx.cash_method) })}</p>
            </>
          )}

          {pending && !isCash && (
            <div className="space-y-3">
              <p className="text-sm text-slate-700">{t("checkout.bankSteps", { bank: tx.bank_name ?? "" })}</p>
              {!tx.sandbox && (returned || !tx.bank_url) && <PendingWatcher waiting={t("checkout.waiting")} stillPending={t("checkout.stillPending")} refresh={t("checkout.refresh")} />}
              {tx.bank_url && (
                <a href={tx.bank_url} className={`${returned ? "btn-secondary" : "btn-primary"} w-full`} data-testid="checkout-bank">
                  {t("checkout.goToBank")}
                </a>
              )}
            </div>
          )}

          {!isCash && tx.payment_reference && (
            <p className="text-sm text-slate-600">
              {t("checkout.reference")}: <span className="font-mono">{tx.payment_reference}</span>
            </p>
          )}

          <dl className="grid grid-cols-3 gap-y-2 text-sm">
            <dt className="text-slate-600">{t("checkout.hotel")}</dt>
            <dd className="col-span-2">{tx.hotel_name}{tx.hotel_city ? ` · ${cityLabel(tx.hotel_city)}` : ""}</dd>
            {tx.order_ref && (
              <>
                <dt className="text-slate-600">{t("checkout.order")}</dt>
                <dd className="col-span-2">{tx.order_ref}</dd>
              </>
            )}
            <dt className="text-slate-600">{t("checkout.payer")}</dt>
            <dd className="col-span-2">{tx.ref_name} {tx.ref_lastname}</dd>
            <dt className="text-slate-600">{t("checkout.statusTitle")}</dt>
            <dd className="col-span-2">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`} data-testid="checkout-status">{t(`status.${tx.status}`)}</span>
            </dd>
          </dl>
          <CheckoutActions transactionId={tx.transaction_id} status={tx.status} sandbox={tx.sandbox} voucherUrl={tx.voucher_url} />
        </div>
      </section>
    </main>
  );
}
