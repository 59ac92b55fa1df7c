"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { apiFetch, ApiError, useSubmissionKey } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { formatDate, formatMoney, cityLabel } from "@/lib/format";
import { addDays } from "@/lib/time";

interface Props {
  hotel: { id: number; name: string; city: string };
  room: { roomId: string; roomName: string; roomType: string };
  rate: { rateId: string; rateDescription: string; boardTypeDescription: string; refundable: string; cancellationPolicy: string; currency: string };
  checkin: string;
  nights: number;
  adults: number;
  childrenAges: string[];
}

interface Availability {
  total_count: number;
  available_rooms: Array<{ roomId: string; count: number; products: Array<{ rateId: string; baseDailyAmounts: Array<{ day: string; amountBeforeTax: number }>; baseRate: { amountBeforeTax: number } }> }>;
}

const COUNTRIES: Array<[string, string, string]> = [
  ["COL", "Colombia", "57"],
  ["USA", "Estados Unidos", "1"],
  ["MEX", "México", "52"],
  ["ARG", "Argentina", "54"],
  ["BRA", "Brasil", "55"],
  ["CHL", "Chile", "56"],
  ["PER", "Perú", "51"],
  ["ECU", "Ecuador", "593"],
  ["VEN", "Venezuela", "58"],
  ["PAN", "Panamá", "507"],
  ["CRI", "Costa Rica", "506"],
  ["ESP", "España", "34"],
  ["FRA", "Francia", "33"],
  ["DEU", "Alemania", "49"],
  ["GBR", "Reino Unido", "44"],
  ["CAN", "Canadá", "1"],
];

export function BookForm({ hotel, room, rate, checkin, nights, adults, childrenAges }: Props) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const router = useRouter();
  const [country, setCountry] = useState("COL");
  const [phoneCode, setPhoneCode] = useState("57");
  const [quantity, setQuantity] = useState(1);
  const [guarantee, setGuarantee] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmissionKey();
  const checkout = addDays(checkin, nights);

  const qs = new URLSearchParams({ hotel_id: String(hotel.id), checkin, nights: String(nights), adults: String(adults), children_ages: childrenAges.join(",") });
  const availability = useQuery({
    queryKey: ["availability", qs.toString()],
    queryFn: ({ signal }) => apiFetch<Availability>(`/v2/bookings/availability?${qs}`, { signal }),
  });
  const offer = availability.data?.available_rooms.find((r) => r.roomId === room.roomId);
  const product = offer?.products.find((p) => p.rateId === rate.rateId);
  const maxQty = Math.max(1, Math.min(offer?.count ?? 1, 10));

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const reservation: Record<string, unknown> = {
      checkin,
      checkout,
      nights: String(nights),
      rooms: String(quantity),
      adults: String(adults * quantity),
      children: String(childrenAges.length * quantity),
      children_ages: Array.from({ length: quantity }, () => childrenAges).flat().join(","),
      firstName: s("firstName"),
      lastName: s("lastName"),
      email: s("email"),
      telephone: `${phoneCode}${s("phone").replace(/\D/g, "")}`,
      country,
      city: s("city"),
      currency: rate.currency,
      notes: s("notes"),
      roomsData: [
        { id: room.roomId, checkin, checkout, rateId: rate.rateId, quantity: String(quantity), currency: rate.currency, adults: String(adults), children: String(childrenAges.length) },
      ],
    };
    if (guarantee) {
      reservation.ccData = { ccNumber: s("ccNumber"), ccHolder: s("ccHolder"), ccExpireDate: s("ccExpire"), ccCode: s("ccCode") };
    }
    setBusy(true);
    setError(null);
    try {
      const r = await apiFetch<{ chatbot_id?: string; no_available_rooms?: unknown[] }>(`/v2/bookings/hotel_id=${hotel.id}`, {
        method: "POST",
        body: { reservation },
        headers: { "idempotency-key": submission.key(reservation) },
      });
      submission.done();
      if (r.chatbot_id) {
        router.push(`/reservations/${r.chatbot_id}?nueva=1`);
        return;
      }
      setError(t("book.gone"));
      void availability.refetch();
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) submission.done(); // answered: a retry is a new submission
      setError(err instanceof ApiError ? err.detail : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-6 lg:grid-cols-3" data-testid="book-form">
      <div className="space-y-6 lg:col-span-2">
        <section className="card p-5">
          <h2 className="mb-4 text-lg font-semibold">{t("book.guest")}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label className="label" htmlFor="firstName">{t("book.firstName")}</label>
              <input id="firstName" name="firstName" required maxLength={100} className="input" autoComplete="given-name" />
            </div>
            <div>
              <label className="label" htmlFor="lastName">{t("book.lastName")}</label>
              <input id="lastName" name="lastName" required maxLength={100} className="input" autoComplete="family-name" />
            </div>
            <div>
              <label className="label" htmlFor="email">{t("book.email")}</label>
              <input id="email" name="email" type="email" required className="input" autoComplete="email" />
            </div>
            <div>
              <label className="label" htmlFor="phone">{t("book.phone")}</label>
              <div className="flex gap-2">
                <select aria-label={t("book.phoneCode")} className="input w-28" value={phoneCode} onChange={(e) => setPhoneCode(e.target.value)}>
                  {[...new Set(COUNTRIES.map((c) => c[2]))].map((code) => (
                    <option key={code} value={code}>
                      +{code}
                    </option>
                  ))}
                </select>
                <input id="phone" name="phone" required inputMode="tel" pattern="[0-9 ]{6,14}" className="input" placeholder="300 123 4567" autoComplete="tel-national" />
              </div>
            </div>
            <div>
              <label className="label" htmlFor="country">{t("book.country")}</label>
              <select
                id="country"
                className="input"
                value={country}
                onChange={(e) => {
                  setCountry(e.target.value);
                  setPhoneCode(COUNTRIES.find((c) => c[0] === e.target.value)?.[2] ?? phoneCode);
                }}
              >
                {COUNTRIES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="label" htmlFor="city">{t("book.city")}</label>
              <input id="city" name="city" maxLength={100} className="input" autoComplete="address-level2" />
            </div>
            <div className="sm:col-span-2">
              <label className="label" htmlFor="notes">{t("book.notes")}</label>
              <textarea id="notes" name="notes" maxLength={1000} rows={3} className="input" placeholder={t("book.notesPlaceholder")} />
            </div>
          </div>
        </section>

        <section className="card p-5">
          <label className="flex items-center gap-2 font-medium">
            <input type="checkbox" checked={guarantee} onChange={(e) => setGuarantee(e.target.checked)} className="h-4 w-4" />
            {t("book.guarantee")}
          </label>
          <p className="mt-1 text-xs text-slate-500">{t("book.guaranteeHint")}</p>
          {guarantee && (
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                <label className="label" htmlFor="ccNumber">{t("book.ccNumber")}</label>
                <input id="ccNumber" name="ccNumber" required inputMode="numeric" autoComplete="cc-number" className="input" />
              </div>
              <div className="sm:col-span-2">
                <label className="label" htmlFor="ccHolder">{t("book.ccHolder")}</label>
                <input id="ccHolder" name="ccHolder" required autoComplete="cc-name" className="input" />
              </div>
              <div>
                <label className="label" htmlFor="ccExpire">{t("book.ccExpire")}</label>
                <input id="ccExpire" name="ccExpire" required placeholder="12/2028" pattern="(0[1-9]|1[0-2])/[0-9]{4}" className="input" />
              </div>
              <div>
                <label className="label" htmlFor="ccCode">{t("book.ccCode")}</label>
                <input id="ccCode" name="ccCode" required inputMode="numeric" pattern="[0-9]{3,4}" autoComplete="cc-csc" className="input" />
              </div>
            </div>
          )}
        </section>
      </div>

      <aside className="space-y-4">
        <section className="card p-5" data-testid="price-summary">
          <h2 className="text-lg font-semibold">{hotel.name}</h2>
          <p className="text-sm text-slate-500">{cityLabel(hotel.city)}</p>
          <dl className="mt-4 space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">{t("book.stay")}</dt>
              <dd>
                {formatDate(checkin, locale)} → {formatDate(checkout, locale)} · {t("book.nights", { n: nights })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("book.room")}</dt>
              <dd>
                {room.roomName} · {t("book.guests", { adults })}
                {childrenAges.length > 0 && t("book.children", { ages: childrenAges.join(", ") })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">{t("book.rate")}</dt>
              <dd>
                {rate.rateDescription} · {rate.boardTypeDescription}
              </dd>
              <dd className="text-xs text-slate-500">
                {t(`book.refundable.${rate.refundable}`)} — {rate.cancellationPolicy}
              </dd>
            </div>
          </dl>
          <div className="mt-4 border-t border-slate-100 pt-4">
            <p className="mb-2 text-sm font-medium">{t("book.summary")}</p>
            {availability.isLoading && <p className="text-sm text-slate-500">{t("book.loadingPrice")}</p>}
            {!availability.isLoading && !product && <p className="text-sm text-red-700">{t("book.unavailable")}</p>}
            {product && (
              <>
                <ul className="space-y-1 text-sm">
                  {product.baseDailyAmounts.map((d) => (
                    <li key={d.day} className="flex justify-between">
                      <span className="text-slate-500">{formatDate(d.day, locale)}</span>
                      <span>{formatMoney(d.amountBeforeTax, rate.currency, locale)}</span>
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex items-center justify-between gap-2 text-sm">
                  <label htmlFor="quantity" className="text-slate-500">
                    {t("book.quantity")}
                  </label>
                  <select id="quantity" className="input w-20" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
                    {Array.from({ length: maxQty }, (_, i) => i + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </div>
                <p className="mt-1 text-right text-xs text-slate-400">{t("book.available", { n: offer?.count ?? 0 })}</p>
                <div className="mt-3 flex items-baseline justify-between border-t border-slate-100 pt-3">
                  <span className="font-medium">{t("book.total")}</span>
                  <span className="text-xl font-semibold" data-testid="stay-total">
                    {formatMoney(product.baseRate.amountBeforeTax * quantity, rate.currency, locale)}
                  </span>
                </div>
              </>
            )}
          </div>
        </section>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy || !product}>
          {busy ? t("book.submitting") : t("book.submit")}
        </button>
        <Link href="/search" className="block text-center text-sm text-brand-700 hover:underline">
          {t("book.backToSearch")}
        </Link>
      </aside>
    </form>
  );
}
