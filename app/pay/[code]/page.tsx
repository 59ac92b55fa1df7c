import type { Metadata } from "next";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { payMessages } from "@/lib/links/pay-messages";
import { publicLinkView } from "@/lib/links/service";
import { LINK_CODE_RE } from "@/lib/links/schema";
import { formatMoney, cityLabel } from "@/lib/format";
import { config } from "@/lib/config";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { CASH_METHODS, DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";
import { pseBanks } from "@/lib/payments/banks";
import { PayForm, type ReturnStatus } from "./PayForm";
import { LinkHeader, LinkState, LinkSummary, PendingCheckout } from "./LinkParts";

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
  const { t } = await getDict(payMessages);
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
            <LinkHeader link={link} />
            <div className="space-y-4 px-6 py-5">
              <LinkSummary link={link} />
              {link.status === "active" && !link.agencyArchived ? (
                <PayForm
                  code={link.code}
                  amount={link.amount}
                  currency={link.currency}
                  expiresAt={link.expiresAt}
                  returned={returned}
                  nequiPending={link.pendingNequi}
                  pending={link.pendingCheckout && <PendingCheckout transactionId={link.pendingCheckout.transactionId} />}
                  banks={banks}
                  cashMethods={CASH_METHODS}
                  documentTypes={DOCUMENT_TYPES}
                  personTypes={PERSON_TYPES}
                />
              ) : (
                <LinkState link={link} />
              )}
            </div>
          </section>
        )}
        {link?.status !== "active" && <p className="mt-4 text-center text-xs text-slate-600">{t("secureGeneric")}</p>}
      </div>
    </main>
  );
}
