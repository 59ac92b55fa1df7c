"use client";
// One hotel in the results: its photo, stars, address and amenities, the lowest price for the whole party, and,
// opened, each room group's rooms and rate plans with "Reservar".
import { useId, useState } from "react";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { Stars } from "@/components/Stars";
import { photoAt, srcSet } from "@/components/HotelGallery";
import { cityLabel, countLabel, formatMoney, guestsLabel } from "@/lib/format";
import { messages } from "./messages";
import { price, productBoard, type HotelSummary, type HotelView, type Product, type Search } from "./search-model";

export function HotelCard({ view, content, search, partyText }: { view: HotelView; content: HotelSummary | null; search: Search | null; partyText: string }) {
  const t = useDict(messages);
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <article className="card overflow-hidden" data-testid="hotel-result">
      <header className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:p-4 xl:grid-cols-[12rem_minmax(0,1fr)_auto]">
        <ResultPhoto content={content} />
        <HotelFacts hotel={view.hotel} content={content} />
        <div className="col-span-2 flex flex-wrap items-end justify-between gap-3 xl:col-span-1 xl:flex-col xl:items-end xl:justify-start">
          <LowestPrice view={view} search={search} partyText={partyText} />
          <button type="button" className="btn-secondary whitespace-nowrap" aria-expanded={open} aria-controls={panel} onClick={() => setOpen(!open)}>
            {open ? t("hideRooms") : t("showRooms", { n: view.roomCount })}
          </button>
        </div>
      </header>
      {open && (
        <div id={panel} className="divide-y divide-slate-100 border-t border-slate-100">
          {view.groups.map((group, i) => (
            <GroupOffers key={i} index={i} group={group} many={view.groups.length > 1} hotelId={view.hotel.id} search={search} />
          ))}
        </div>
      )}
    </article>
  );
}

function ResultPhoto({ content }: { content: HotelSummary | null }) {
  const t = useDict(messages);
  return (
    <div className="self-start overflow-hidden rounded-md bg-slate-100" data-testid="result-photo">
      {content?.cover ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={photoAt(content.cover, 320)}
          srcSet={srcSet(content.cover)}
          sizes="(max-width: 640px) 6.5rem, 12rem"
          alt={content.cover.alt}
          width={content.cover.width}
          height={content.cover.height}
          loading="lazy"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
      ) : (
        <div className="flex aspect-[3/2] w-full items-center justify-center text-xs text-slate-600">{t("noPhoto")}</div>
      )}
    </div>
  );
}

function HotelFacts({ hotel, content }: { hotel: HotelView["hotel"]; content: HotelSummary | null }) {
  const t = useDict(messages);
  return (
    <div className="min-w-0 space-y-1">
      <h2 className="text-lg font-semibold text-slate-900">
        <a className="hover:underline" href={`/hotels/${hotel.id}`}>
          {hotel.name}
        </a>
      </h2>
      {content?.stars ? <Stars n={content.stars} /> : null}
      <p className="text-sm text-slate-700" data-testid="result-address">
        {content?.address ? `${content.address} · ${cityLabel(hotel.city)}` : cityLabel(hotel.city)}
      </p>
      <p className="text-sm text-slate-600">{hotel.largest_room_beds === 1 ? t("largestBedsOne") : t("largestBeds", { n: hotel.largest_room_beds })}</p>
      {content && content.amenities.length > 0 && (
        <ul className="flex flex-wrap gap-1 pt-1" data-testid="result-amenities">
          {content.amenities.slice(0, 4).map((a) => (
            <li key={a.code}>
              <Badge tone="gray">{a.name}</Badge>
            </li>
          ))}
          {content.amenities.length > 4 && (
            <li className="text-xs text-slate-600">{content.amenities.length === 5 ? t("moreAmenitiesOne") : t("moreAmenities", { n: content.amenities.length - 4 })}</li>
          )}
        </ul>
      )}
      <a className="inline-block pt-1 text-sm font-medium text-brand-700 underline" href={`/hotels/${hotel.id}`} aria-label={`${t("viewHotel")}: ${hotel.name}`}>
        {t("viewHotel")}
      </a>
    </div>
  );
}

/** "Desde": the lowest price for the whole party and the stay, taxes not included. */
function LowestPrice({ view, search, partyText }: { view: HotelView; search: Search | null; partyText: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  return (
    <div className="xl:text-right">
      <p className="text-xs text-slate-600">{t("from")}</p>
      <p className="text-xl font-semibold text-slate-900" data-testid="lowest-price">
        {formatMoney(view.lowest ?? 0, view.currency, locale)}
      </p>
      {search && (
        <p className="text-xs text-slate-600">
          {t("fromHint", {
            guests: partyText,
            nights: countLabel(search.nights, "noche"),
          })}
        </p>
      )}
      <p className="text-xs font-medium text-slate-700" title={t("taxesHint")} data-testid="taxes-note">
        {t("taxesExcluded")}
      </p>
    </div>
  );
}

type Group = HotelView["groups"][number];

/** One room group's rooms and their rate plans. */
function GroupOffers({ index: i, group: a, many, hotelId, search }: { index: number; group: Group; many: boolean; hotelId: number; search: Search | null }) {
  const t = useDict(messages);
  const guests = guestsLabel(a.adults, a.children_ages);
  return (
    <div className="px-4 py-3" data-testid="group-result">
      {many && (
        <h3 className="mb-2 text-sm font-semibold text-slate-700">
          {t("group", { n: i + 1 })}: {guests}
        </h3>
      )}
      {a.available_rooms.length === 0 && <p className="text-sm text-slate-600">{t("noRooms")}</p>}
      <div className="space-y-3">
        {a.available_rooms.map((room) => (
          <div key={room.roomId} className="rounded-md border border-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-50 px-3 py-2">
              <span className="font-medium text-slate-800">{room.roomName}</span>
              <span className="flex flex-wrap gap-2 text-xs text-slate-700">
                <span>{t("fits", { guests })}</span>
                <span aria-hidden="true">·</span>
                <span>{room.beds === 1 ? t("bedsOne") : t("beds", { n: room.beds })}</span>
                <Badge tone={room.count <= 2 ? "yellow" : "green"}>{room.count === 1 ? t("availableOne") : t("available", { n: room.count })}</Badge>
              </span>
            </div>
            <ul className="divide-y divide-slate-100 border-t border-slate-100">
              {room.products.map((p) => (
                <ProductOffer
                  key={p.rateId}
                  product={p}
                  bookHref={
                    search
                      ? bookHref({
                          hotelId,
                          roomId: room.roomId,
                          product: p,
                          search,
                          group: a,
                        })
                      : null
                  }
                />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

/** The booking page for one rate plan of one room, for this group and stay. */
function bookHref({ hotelId, roomId, product, search, group }: { hotelId: number; roomId: string; product: Product; search: Search; group: Group }) {
  return `/book?${new URLSearchParams({
    hotel_id: String(hotelId),
    room_id: roomId,
    rate_id: product.rateId,
    checkin: search.checkin,
    nights: String(search.nights),
    adults: String(group.adults),
    children_ages: group.children_ages ?? "",
  })}`;
}

/** A rate plan: its board, refund policy and price for the stay, and "Reservar". */
function ProductOffer({ product: p, bookHref: href }: { product: Product; bookHref: string | null }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  return (
    <li key={p.rateId} className="grid gap-2 px-3 py-2 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="product">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800">{p.rateDescription}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs">
          <Badge tone="blue">{productBoard(p)}</Badge>
          <Badge tone={p.refundable === "full" ? "green" : p.refundable === "partial" ? "yellow" : "red"}>{t(`refundable.${p.refundable}`)}</Badge>
        </p>
        <p className="mt-1 text-xs text-slate-600">{p.cancellationPolicy}</p>
      </div>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <div className="text-right">
          <p className="text-xs text-slate-600">{t("stayPriceNoTax")}</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="stay-price">
            {formatMoney(price(p), p.currency, locale)}
          </p>
          <p className="text-xs text-slate-600">
            {t("perNight", {
              amount: formatMoney(Math.round(price(p) / p.baseDailyAmounts.length), p.currency, locale),
            })}
          </p>
        </div>
        {href && (
          <a className="btn-primary whitespace-nowrap" href={href}>
            {t("book")}
          </a>
        )}
      </div>
    </li>
  );
}
