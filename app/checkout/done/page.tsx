import type { Metadata } from "next";
import { orNull, serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { formatMoney } from "@/lib/format";
import { getCheckout } from "@/lib/payments/service";
import { refreshWompiOrder } from "@/lib/wompi/apply";
import { paymentMessages } from "@/lib/payments/messages";

export const metadata: Metadata = { title: "Resultado del pago", robots: { index: false } };
export const dynamic = "force-dynamic";

/** Default response_url of orders created in the portal: the buyer lands here after the hosted checkout. */
export default async function CheckoutDonePage({ searchParams }: { searchParams: Promise<{ transaction_id?: string }> }) {
  const { transaction_id: id } = await searchParams;
  const { t, locale } = await getDict(paymentMessages);
  const { database, now } = await serviceContext();
  // The status shown is read from the database (after asking Wompi about a pending order), not taken from the query string.
  const valid = id && /^tx_[A-Za-z0-9]{8,64}$/.test(id) ? id : null;
  if (valid) await refreshWompiOrder(database, valid, now);
  const tx = valid ? await orNull(getCheckout(database, valid)) : null;
  const title = !tx
    ? t("checkout.notFound")
    : tx.status === "approved"
      ? t("checkout.resultApproved")
      : tx.status === "rejected"
        ? t("checkout.resultRejected")
        : tx.status === "expired"
          ? t("checkout.resultExpired")
          : t("checkout.resultPending");
  return (
    <main className="mx-auto min-h-screen max-w-lg px-4 py-12">
      <p className="mb-6 text-xl font-bold text-brand-700">HotelPay</p>
      <section className="card p-6 text-center" data-testid="checkout-result">
        <h1 className={`text-2xl font-semibold ${tx?.status === "approved" ? "text-emerald-700" : "text-slate-800"}`}>{title}</h1>
        {tx && (
          <p className="mt-2 text-slate-600">
            {tx.hotel_name} · {formatMoney(tx.amount, tx.currency, locale)} · {tx.ref_number}
          </p>
        )}
        {tx?.voucher_url && (
          <a href={tx.voucher_url.replace(/^\/v2/, "")} className="btn-primary mt-6">
            {t("checkout.viewVoucher")}
          </a>
        )}
      </section>
    </main>
  );
}
