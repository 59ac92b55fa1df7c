import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { orNotFound, portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader, Badge } from "@/components/ui";
import { Stars } from "@/components/Stars";
import { Gallery } from "@/components/HotelGallery";
import { cityLabel } from "@/lib/format";
import { getContent } from "@/lib/hotel-content/service";
import { canManageHotel } from "@/lib/auth/principal";
import { hotelMessages } from "./messages";

export const metadata: Metadata = { title: "Hotel" };

export default async function HotelPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const { database, principal } = await portalContext(["agency", "operator", "hotel_admin"]);
  const { t } = await getDict(hotelMessages);
  const h = await orNotFound(getContent(database, principal, Number(raw)));
  const canEdit = principal.role !== "agency" && canManageHotel(principal, h.hotel_id);
  return (
    <div className="space-y-6" data-testid="hotel-page">
      <PageHeader
        title={h.name}
        subtitle={cityLabel(h.city)}
        actions={
          <div className="flex flex-wrap gap-2">
            <a className="btn-secondary" href={principal.role === "agency" ? "/search" : "/hotels"}>
              {principal.role === "agency" ? t("backToSearch") : t("backToHotels")}
            </a>
            {canEdit && (
              <a className="btn-primary" href={`/hotels/${h.hotel_id}/content`}>
                {t("edit")}
              </a>
            )}
          </div>
        }
      />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {h.stars ? <Stars n={h.stars} className="text-lg" /> : <span className="text-slate-600">{t("noStars")}</span>}
      </div>
      <section aria-labelledby="gallery-title">
        <h2 id="gallery-title" className="sr-only">
          {t("gallery")}
        </h2>
        {h.photos.length > 0 ? <Gallery photos={h.photos} label={t("gallery")} /> : <p className="card p-4 text-sm text-slate-600">{t("noPhotos")}</p>}
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          {h.description && (
            <section className="card p-4" aria-labelledby="desc-title">
              <h2 id="desc-title" className="mb-2 text-base font-semibold text-slate-900">
                {t("description")}
              </h2>
              <p className="whitespace-pre-line break-words text-sm text-slate-700" data-testid="hotel-description">
                {h.description}
              </p>
            </section>
          )}
          <section className="card p-4" aria-labelledby="amenities-title">
            <h2 id="amenities-title" className="mb-2 text-base font-semibold text-slate-900">
              {t("amenities")}
            </h2>
            {h.amenities.length > 0 ? (
              <ul className="grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-2" data-testid="hotel-amenities">
                {h.amenities.map((a) => (
                  <li key={a.code} className="flex items-center gap-2">
                    <span aria-hidden="true" className="text-emerald-700">
                      ✓
                    </span>
                    {a.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t("noAmenities")}</p>
            )}
          </section>
        </div>
        <aside className="min-w-0 space-y-4">
          <section className="card space-y-1 p-4 text-sm" aria-labelledby="address-title">
            <h2 id="address-title" className="text-base font-semibold text-slate-900">
              {t("address")}
            </h2>
            <p className="text-slate-700" data-testid="hotel-address">
              {h.address ? `${h.address}, ${cityLabel(h.city)}` : t("noAddress")}
            </p>
            {h.map_url && (
              <a className="inline-block font-medium text-brand-700 underline" href={h.map_url} target="_blank" rel="noopener noreferrer" data-testid="hotel-map">
                {t("map")}
              </a>
            )}
          </section>
          <section className="card space-y-1 p-4 text-sm" aria-labelledby="times-title">
            <h2 id="times-title" className="text-base font-semibold text-slate-900">
              {t("times")}
            </h2>
            {h.check_in_time || h.check_out_time ? (
              <ul className="text-slate-700" data-testid="hotel-times">
                {h.check_in_time && <li>{t("checkIn", { time: h.check_in_time })}</li>}
                {h.check_out_time && <li>{t("checkOut", { time: h.check_out_time })}</li>}
              </ul>
            ) : (
              <p className="text-slate-600">{t("noTimes")}</p>
            )}
          </section>
          <section className="card space-y-1 p-4 text-sm" aria-labelledby="rnt-title">
            <h2 id="rnt-title" className="text-base font-semibold text-slate-900">
              {t("rnt")}
            </h2>
            {h.rnt ? (
              <p className="font-mono text-slate-800" data-testid="hotel-rnt">
                {h.rnt}
              </p>
            ) : (
              <p className="text-slate-600">
                <Badge tone="yellow">{t("rntMissing")}</Badge>
              </p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}
