import type { Metadata } from "next";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { payMessages } from "@/lib/links/pay-messages";
import { publicLinkView } from "@/lib/links/service";
import { LINK_CODE_RE } from "@/lib/links/schema";
import { formatDate, formatDateTime, formatMoney, cityLabel } from "@/lib/format";
import { config } from "@/lib/config";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";
import { pseBanks } from "@/lib/payments/banks";
import { PayForm, type ReturnStatus } from "./PayForm";
import { Stars } from "@/components/Stars";

export const dynamic = "force-dynamic";

/** What WhatsApp, e-mail and social apps show when the link is shared: hotel, amount and the product's image. */
export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  const { code } = await params;
  const base = config().publicBaseUrl;
  const robots = { index: false, follow: false };
  const { database, now } = await serviceContext();
  const link = LINK_CODE_RE.test(code) ? await publicLinkView(database, code, now) : null;
  if (!link) return { title: "Pago", robots };
  const amount = formatMoney(link.amount, link.currency).replace(/\u00a0/g, " ");
  const title = `Pago de su reserva en ${link.hotel.name}`;
  const description = `${amount} · ${link.hotel.name}, ${cityLabel(link.hotel.city)}. Pague con tarjeta, Nequi, PSE o efectivo de forma segura. Gestionado por ${link.agency}.`;
  const image = { url: `${base}/og-pago.png`, width: 1200, height: 630, alt: `HotelPay · ${link.hotel.name}` };
  return {
    title,
    description,
    robots,
    metadataBase: new URL(base),
    openGraph: { type: "website", locale: "es_CO", siteName: "HotelPay", title, description, url: `${base}/pay/${code}`, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
  };
}

export default async function PayPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { code } = await params;
  const sp = await searchParams;
  // PSE sends the guest back here with the bank's answer; approved shows as paid once the payment is applied.
  const returned: ReturnStatus = sp.status === "rejected" || sp.status === "failed" || sp.status === "declined" ? "rejected" : sp.status === "pending" || sp.status === "approved" ? "pending" : null;
  const { t, locale } = await getDict(payMessages);
  const { database, now } = await serviceContext();
  const link = LINK_CODE_RE.test(code) ? await publicLinkView(database, code, now) : null;
  // The PSE banks of the gateway in use (Wompi's list in Wompi mode); Wompi not answering leaves PSE without banks.
  const banks = link?.status === "active" ? await pseBanks().catch(() => []) : [];

  return (
    <main className="min-h-screen bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto max-w-lg px-4 py-6 sm:py-10">
        <div className="mb-5 flex items-center justify-between">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="HotelPay" width={132} height={32} className="h-8 w-auto" />
          <LocaleSwitch />
        </div>
        {!link ? (
          <section className="card p-6 text-center" data-testid="pay-missing">
            <p className="font-medium">{t("notFound")}</p>
          </section>
        ) : (
          <section className="card overflow-hidden" data-testid="pay-page">
            <div className="bg-brand-700 px-6 py-5 text-white">
              <p className="text-sm opacity-90">{t("title")}</p>
              <p className="mt-1 text-3xl font-bold" data-testid="pay-amount">
                {formatMoney(link.amount, link.currency, locale)}
              </p>
              <p className="mt-1 text-sm opacity-90">
                {t("for")} {link.guestName}
              </p>
            </div>
            <div className="space-y-4 px-6 py-5">
              <dl className="space-y-3 text-sm">
                <div>
                  <dt className="text-slate-600">{t("hotel")}</dt>
                  <dd className="font-medium" data-testid="pay-hotel">
                    {link.hotel.name} · {cityLabel(link.hotel.city)}
                  </dd>
                  {link.hotel.stars && (
                    <dd className="text-slate-700">
                      <Stars n={link.hotel.stars} />
                    </dd>
                  )}
                  {link.hotel.address && <dd className="text-slate-700">{link.hotel.address}</dd>}
                  {link.hotel.rnt && (
                    <dd className="text-xs text-slate-600" data-testid="pay-rnt">
                      {t("rnt", { rnt: link.hotel.rnt })}
                    </dd>
                  )}
                </div>
                <div>
                  <dt className="sr-only">{t("description")}</dt>
                  <dd className="whitespace-pre-wrap break-words text-slate-700" data-testid="pay-description">
                    {link.description}
                  </dd>
                </div>
                {link.bookingDates && (
                  <div>
                    <dt className="text-slate-600">{t("dates")}</dt>
                    <dd>
                      {formatDate(link.bookingDates.from, locale)} → {formatDate(link.bookingDates.to, locale)}
                    </dd>
                  </div>
                )}
                <div>
                  <dt className="text-slate-600">{t("agency")}</dt>
                  <dd>{link.agency}</dd>
                </div>
              </dl>

              {link.status === "active" && link.agencyArchived && (
                <div className="rounded-lg bg-slate-100 p-4 text-slate-700" data-testid="pay-state">
                  <p className="text-lg font-semibold">{t("archived")}</p>
                  <p className="text-sm">{t("archivedHint")}</p>
                </div>
              )}
              {link.status === "active" && !link.agencyArchived && (
                <>
                  <PayForm
                    code={link.code}
                    amount={link.amount}
                    currency={link.currency}
                    expiresAt={link.expiresAt}
                    returned={returned}
                    nequiPending={link.pendingNequi}
                    pending={
                      link.pendingCheckout && (
                        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
                          <p className="font-medium text-amber-900">{t("pending")}</p>
                          <p className="text-amber-800">{t("pendingHint")}</p>
                          <a className="mt-1 inline-block font-medium text-brand-700 underline" href={`/checkout/${link.pendingCheckout.transactionId}`}>
                            {t("pendingGo")}
                          </a>
                        </div>
                      )
                    }
                    banks={banks}
                    cashMethods={CASH_METHODS}
                    documentTypes={DOCUMENT_TYPES}
                    personTypes={PERSON_TYPES}
                  />
                </>
              )}
              {link.status === "paid" && (
                <div className="rounded-lg bg-emerald-50 p-4 text-emerald-900" data-testid="pay-state">
                  <p className="text-lg font-semibold">{t("paid")}</p>
                  {link.paidAt && <p className="text-sm">{t("paidOn", { date: formatDateTime(link.paidAt, locale) })}</p>}
                  {link.voucherUrl && (
                    <a className="mt-2 inline-block font-medium text-brand-700 underline" href={link.voucherUrl.replace(/^\/v2/, "")}>
                      {t("voucher")}
                    </a>
                  )}
                </div>
              )}
              {link.status === "expired" && (
                <div className="rounded-lg bg-slate-100 p-4 text-slate-700" data-testid="pay-state">
                  <p className="text-lg font-semibold">{t("expired")}</p>
                  <p className="text-sm">{t("expiredHint")}</p>
                </div>
              )}
              {link.status === "cancelled" && (
                <div className="rounded-lg bg-red-50 p-4 text-red-800" data-testid="pay-state">
                  <p className="text-lg font-semibold">{t("cancelled")}</p>
                  <p className="text-sm">{t("cancelledHint")}</p>
                </div>
              )}
            </div>
          </section>
        )}
        {link?.status !== "active" && <p className="mt-4 text-center text-xs text-slate-600">{t("secureGeneric")}</p>}
      </div>
    </main>
  );
}
