"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { api, ok, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { cityLabel } from "@/lib/format";
import { messages } from "./messages";
import { RatePlanList, RoomTypeList } from "./CatalogEditors";
import { NewRatePlanForm, NewRoomTypeForm } from "./NewCatalogForms";
import { HotelAdmins } from "./HotelAdmins";
import { apiErrorText } from "@/components/Form";
import { NewHotelForm } from "./NewHotelForm";

type Hotel = ApiAnswer<"/v2/hotels/{id}">;

export function HotelsManager({ hotels, cities, canCreate = true }: { hotels: Hotel[]; cities: string[]; canCreate?: boolean }) {
  const t = useDict(messages);
  const router = useRouter();
  const [filter, setFilter] = useState("");
  // A hotel admin with one hotel lands on it.
  const [selected, setSelected] = useState<number | null>(hotels.length === 1 ? hotels[0].id : null);
  const [error, setError] = useState<string | null>(null);

  async function toggle(h: Hotel) {
    try {
      await ok(api.PATCH("/v2/hotels/{id}", { params: { path: { id: h.id } }, body: { is_active: !h.is_active } }));
      router.refresh();
    } catch (err) {
      setError(apiErrorText(err));
    }
  }

  const shown = hotels.filter((h) => `${h.name} ${h.city} ${cityLabel(h.city)} ${h.channel_manager_id}`.toLowerCase().includes(filter.toLowerCase()));
  const current = hotels.find((h) => h.id === selected) ?? null;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]">
      <div className="min-w-0 space-y-4">
        {canCreate && (
          <NewHotelForm
            cities={cities}
            onCreated={(id) => {
              setSelected(id);
              router.refresh();
            }}
          />
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}

        <div className="card overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 p-3">
            <h2 className="text-sm font-semibold text-slate-800">
              {t("list")} <span className="font-normal text-slate-600">· {hotels.length === 1 ? t("hotelsOne") : t("hotels", { n: hotels.length })}</span>
            </h2>
            <input className="input max-w-xs" placeholder={t("filter")} aria-label={t("filter")} value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
          <div className="max-h-[32rem] overflow-auto">
            <table className="table-basic">
              <thead className="sticky top-0 bg-white">
                <tr>
                  <th>{t("name")}</th>
                  <th>{t("city")}</th>
                  <th className="hidden 2xl:table-cell">ID</th>
                  <th />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((h) => (
                  <tr key={h.id} className={h.id === selected ? "bg-brand-50" : ""}>
                    <td className="font-medium text-slate-800">{h.name}</td>
                    <td>{cityLabel(h.city)}</td>
                    <td className="hidden font-mono text-xs 2xl:table-cell">{h.channel_manager_id}</td>
                    <td className="whitespace-nowrap text-right">
                      <button type="button" onClick={() => toggle(h)} className="mr-2" title={h.is_active ? t("deactivate") : t("activate")}>
                        <Badge tone={h.is_active ? "green" : "gray"}>{h.is_active ? t("active") : t("inactive")}</Badge>
                      </button>
                      <button type="button" className="mr-2 text-sm text-brand-700 hover:underline" onClick={() => setSelected(h.id)}>
                        {t("manage")}
                      </button>
                      <a className="text-sm text-brand-700 hover:underline" href={`/inventory?hotel=${h.id}`}>
                        {t("inventory")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
      <div className="min-w-0">{current ? <HotelDetail hotel={current} /> : <div className="card p-6 text-sm text-slate-500">{t("selectHotel")}</div>}</div>
    </div>
  );
}

/** The chosen hotel: its card with links, its room types and rate plans (each list with its "Agregar" form), its admins. */
function HotelDetail({ hotel }: { hotel: Hotel }) {
  const t = useDict(messages);
  const rooms = useQuery({
    queryKey: ["room-types", hotel.id],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotel.id } }, signal })),
  });
  const plans = useQuery({
    queryKey: ["rate-plans", hotel.id],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/rate-plans", { params: { path: { id: hotel.id } }, signal })),
  });
  return (
    <div className="space-y-4" data-testid="hotel-detail">
      <HotelCard hotel={hotel} />
      <CatalogSection title={t("roomTypes")}>
        <RoomTypeList hotelId={hotel.id} rows={rooms.data ?? []} />
        <NewRoomTypeForm key={hotel.id} hotelId={hotel.id} />
      </CatalogSection>
      <CatalogSection title={t("ratePlans")}>
        <RatePlanList hotelId={hotel.id} rows={plans.data ?? []} />
        <NewRatePlanForm key={hotel.id} hotelId={hotel.id} />
      </CatalogSection>
      <HotelAdmins hotelId={hotel.id} />
    </div>
  );
}

/** The hotel's name and city with its content editor and its public page. */
function HotelCard({ hotel }: { hotel: Hotel }) {
  const t = useDict(messages);
  return (
    <div className="card p-4">
      <h2 className="text-lg font-semibold text-slate-900">{hotel.name}</h2>
      <p className="text-sm text-slate-500">
        {cityLabel(hotel.city)} · <span className="font-mono">{hotel.channel_manager_id}</span>
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="btn-primary px-3 py-1.5" href={`/hotels/${hotel.id}/content`} data-testid="edit-content">
          {t("editContent")}
        </a>
        <a className="btn-secondary px-3 py-1.5" href={`/hotels/${hotel.id}`}>
          {t("viewPage")}
        </a>
      </div>
    </div>
  );
}

function CatalogSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card p-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-800">{title}</h3>
      {children}
    </section>
  );
}
