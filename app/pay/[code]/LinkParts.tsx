// The pay page's server parts: what is paid (amount, hotel, description, dates, agency), the open cash or PSE
// checkout of the link (the hosted checkout page to go back to), and the link's state when it no longer takes payments.
import { getDict } from "@/lib/i18n/server";
import { payMessages } from "@/lib/links/pay-messages";
import type { PublicLinkView } from "@/lib/links/service";
import { formatDate, formatDateTime, formatMoney, cityLabel } from "@/lib/format";
import { Stars } from "@/components/Stars";

export async function LinkHeader({ link }: { link: PublicLinkView }) {
  const { t, locale } = await getDict(payMessages);
  return (
    <div className="bg-brand-700 px-6 py-5 text-white">
      <p className="text-sm opacity-90">{t("title")}</p>
      <p className="mt-1 text-3xl font-bold" data-testid="pay-amount">
        {formatMoney(link.amount, link.currency, locale)}
      </p>
      <p className="mt-1 text-sm opacity-90">
        {t("for")} {link.guestName}
      </p>
    </div>
  );
}

export async function LinkSummary({ link }: { link: PublicLinkView }) {
  const { t, locale } = await getDict(payMessages);
  return (
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
  );
}

/** A cash or PSE order of this link is open: its hosted checkout page, rather than a second order. */
export async function PendingCheckout({ transactionId }: { transactionId: string }) {
  const { t } = await getDict(payMessages);
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
      <p className="font-medium text-amber-900">{t("pending")}</p>
      <p className="text-amber-800">{t("pendingHint")}</p>
      <a className="mt-1 inline-block font-medium text-brand-700 underline" href={`/checkout/${transactionId}`}>
        {t("pendingGo")}
      </a>
    </div>
  );
}

/** Paid (with the receipt), expired, cancelled, or its agency archived: the link takes no payment. */
export async function LinkState({ link }: { link: PublicLinkView }) {
  const { t, locale } = await getDict(payMessages);
  if (link.status === "active" && link.agencyArchived) return <StateBox tone="bg-slate-100 text-slate-700" title={t("archived")} hint={t("archivedHint")} />;
  if (link.status === "expired") return <StateBox tone="bg-slate-100 text-slate-700" title={t("expired")} hint={t("expiredHint")} />;
  if (link.status === "cancelled") return <StateBox tone="bg-red-50 text-red-800" title={t("cancelled")} hint={t("cancelledHint")} />;
  if (link.status !== "paid") return null;
  return (
    <div className="rounded-lg bg-emerald-50 p-4 text-emerald-900" data-testid="pay-state">
      <p className="text-lg font-semibold">{t("paid")}</p>
      {link.paidAt && <p className="text-sm">{t("paidOn", { date: formatDateTime(link.paidAt, locale) })}</p>}
      {link.voucherUrl && (
        <a className="mt-2 inline-block font-medium text-brand-700 underline" href={link.voucherUrl.replace(/^\/v2/, "")}>
          {t("voucher")}
        </a>
      )}
    </div>
  );
}

function StateBox({ tone, title, hint }: { tone: string; title: string; hint: string }) {
  return (
    <div className={`rounded-lg p-4 ${tone}`} data-testid="pay-state">
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm">{hint}</p>
    </div>
  );
}
