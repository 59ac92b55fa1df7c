import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { orNotFound, serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { formatDateTime, formatMoney, cityLabel } from "@/lib/format";
import { guestCheckout } from "@/lib/payments/service";
import { BANKS, CASH_METHODS, lookupName } from "@/lib/money/lookups";
import { paymentMessages } from "@/lib/payments/messages";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { CheckoutActions } from "./CheckoutActions";

export const metadata: Metadata = { title: "Pago", robots: { index: false } };
export const dynamic = "force-dynamic";

export default async function CheckoutPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^tx_[A-Za-z0-9]{8,64}$/.test(id)) notFound();
  const { t, locale } = await getDict(paymentMessages);
  const { db } = await serviceContext();
  const tx = await orNotFound(guestCheckout(db, id));
  const isCash = tx.method === "cash";
  const tone = { approved: "bg-emerald-50 text-emerald-700", pending: "bg-amber-50 text-amber-800", rejected: "bg-red-50 text-red-700", expired: "bg-slate-100 text-slate-600", cancelled: "bg-slate-100 text-slate-600", refunded: "bg-sky-50 text-sky-700" }[tx.status];

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
            <p className="text-sm text-slate-500">{t("checkout.amount")}</p>
            <p className="text-3xl font-bold" data-testid="checkout-amount">{formatMoney(tx.amount, tx.currency, locale)}</p>
          </div>
          <div className="rounded-lg border-2 border-dashed border-brand-500 bg-brand-50 p-4 text-center">
            <p className="text-sm text-slate-600">{t("checkout.reference")}</p>
            <p className="font-mono text-2xl font-bold tracking-widest text-brand-900" data-testid="checkout-reference">{tx.payment_reference}</p>
          </div>
          <p className="text-sm text-slate-700">
            {isCash ? t("checkout.cashSteps", { network: lookupName(CASH_METHODS, tx.cash_method) }) : t("checkout.bankSteps", { bank: lookupName(BANKS, tx.bank_code) })}
          </p>
          <dl className="grid grid-cols-3 gap-y-2 text-sm">
            <dt className="text-slate-500">{t("checkout.hotel")}</dt>
            <dd className="col-span-2">{tx.hotel_name}{tx.hotel_city ? ` · ${cityLabel(tx.hotel_city)}` : ""}</dd>
            {tx.order_ref && (
              <>
                <dt className="text-slate-500">{t("checkout.order")}</dt>
                <dd className="col-span-2">{tx.order_ref}</dd>
              </>
            )}
            <dt className="text-slate-500">{t("checkout.payer")}</dt>
            <dd className="col-span-2">{tx.ref_name} {tx.ref_lastname}</dd>
            {tx.expires_at && tx.status === "pending" && (
              <>
                <dt className="text-slate-500">{t("checkout.expires")}</dt>
                <dd className="col-span-2">{formatDateTime(tx.expires_at, locale)}</dd>
              </>
            )}
            <dt className="text-slate-500">{t("checkout.statusTitle")}</dt>
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
