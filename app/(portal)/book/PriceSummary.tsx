"use client";
// The booking's summary beside the form: hotel, stay, room and rate, the price per night and the total for the
// number of rooms chosen.
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { boardLabel, cityLabel, countLabel, formatDate, formatMoney, guestsLabel } from "@/lib/format";
import type { BookProps } from "./book-schema";
import type { BookState } from "./useBooking";

export function PriceSummary({ props, state }: { props: BookProps; state: BookState }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const { hotel, room, rate, checkin, nights, adults } = props;
  const { ages, ageTexts, checkout } = state;
  return (
    <section className="card p-5" data-testid="price-summary">
      <h2 className="text-lg font-semibold">{hotel.name}</h2>
      <p className="text-sm text-slate-600">{cityLabel(hotel.city)}</p>
      <dl className="mt-4 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{t("book.stay")}</dt>
          <dd>
            {formatDate(checkin, locale)} → {formatDate(checkout, locale)} · {countLabel(nights, "noche")}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("book.room")}</dt>
          <dd>{room.roomName}</dd>
          <dd data-testid="book-guests">{guestsLabel(adults, ages ?? [], ageTexts.length)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t("book.rate")}</dt>
          <dd>
            {rate.rateDescription} · {boardLabel(rate.boardType, rate.boardTypeDescription)}
          </dd>
          <dd className="text-xs text-slate-600">
            {t(`book.refundable.${rate.refundable}`)} — {rate.cancellationPolicy}
          </dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <p className="mb-2 text-sm font-medium">{t("book.summary")}</p>
        {ages === null && <p className="text-sm text-amber-900">{t("book.agesHint")}</p>}
        {ages !== null && state.availability.isLoading && <p className="text-sm text-slate-600">{t("book.loadingPrice")}</p>}
        {ages !== null && !state.availability.isLoading && !state.product && <p className="text-sm text-red-700">{t("book.unavailable")}</p>}
        {state.product && <Price state={state} product={state.product} currency={rate.currency} />}
      </div>
    </section>
  );
}

function Price({ state, product, currency }: { state: BookState; product: NonNullable<BookState["product"]>; currency: string }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const { quantity, setQuantity, maxQty, offer } = state;
  return (
    <>
      <ul className="space-y-1 text-sm">
        {product.baseDailyAmounts.map((d) => (
          <li key={d.day} className="flex justify-between">
            <span className="text-slate-600">{formatDate(d.day, locale)}</span>
            <span>{formatMoney(d.amountBeforeTax, currency, locale)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center justify-between gap-2 text-sm">
        <label htmlFor="quantity" className="text-slate-600">
          {t("book.quantity")}
        </label>
        <select id="quantity" className="input w-20" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
          {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
      </div>
      <p className="mt-1 text-right text-xs text-slate-600">{t("book.available", { n: offer?.count ?? 0 })}</p>
      <div className="mt-3 flex items-baseline justify-between border-t border-slate-100 pt-3">
        <span className="font-medium">{t("book.total")}</span>
        <span className="text-xl font-semibold" data-testid="stay-total">
          {formatMoney(product.baseRate.amountBeforeTax * quantity, currency, locale)}
        </span>
      </div>
    </>
  );
}
