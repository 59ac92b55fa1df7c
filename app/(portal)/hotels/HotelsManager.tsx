"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { cityLabel } from "@/lib/format";
import { messages } from "./messages";
import { RatePlanList, RoomTypeList, type RatePlanRow } from "./CatalogEditors";
import { HotelAdmins } from "./HotelAdmins";
import { apiErrorText } from "@/components/Form";
import { NewHotelForm } from "./NewHotelForm";

type Hotel = ApiAnswer<"/v2/hotels/{id}">;

function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = (k: keyof T) => ({ value: values[k], onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value })) });
  return { values, bind, reset: () => setValues(initial) };
}

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

type PlanForm = { rateId: string; rateDescription: string; boardType: string; boardTypeDescription: string; refundable: RatePlanRow["refundable"]; cancellationPolicy: string; currency: string };

function HotelDetail({ hotel }: { hotel: Hotel }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const rooms = useQuery({
    queryKey: ["room-types", hotel.id],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/room-types", { params: { path: { id: hotel.id } }, signal })),
  });
  const plans = useQuery({
    queryKey: ["rate-plans", hotel.id],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/rate-plans", { params: { path: { id: hotel.id } }, signal })),
  });
  const rt = useForm({ roomId: "", roomName: "", roomType: "DOUBLE", beds: "2", maxAdults: "2", maxChildren: "1" });
  const rp = useForm<PlanForm>({ rateId: "", rateDescription: "", boardType: "", boardTypeDescription: "", refundable: "full", cancellationPolicy: "", currency: "COP" });
  const [error, setError] = useState<string | null>(null);

  async function addRoom(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const v = rt.values;
      await ok(
        api.POST("/v2/hotels/{id}/room-types", {
          params: { path: { id: hotel.id } },
          body: { roomId: v.roomId || undefined, roomName: v.roomName, roomType: v.roomType, beds: Number(v.beds), max_adults: Number(v.maxAdults), max_children: Number(v.maxChildren) },
        }),
      );
      rt.reset();
      await qc.invalidateQueries({ queryKey: ["room-types", hotel.id] });
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : String(err));
    }
  }

  async function addPlan(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const v = rp.values;
      await ok(
        api.POST("/v2/hotels/{id}/rate-plans", {
          params: { path: { id: hotel.id } },
          body: {
            rateId: v.rateId || undefined,
            rateDescription: v.rateDescription,
            boardType: v.boardType || null,
            boardTypeDescription: v.boardTypeDescription,
            refundable: v.refundable,
            cancellationPolicy: v.cancellationPolicy,
            currency: v.currency,
          },
        }),
      );
      rp.reset();
      await qc.invalidateQueries({ queryKey: ["rate-plans", hotel.id] });
    } catch (err) {
      setError(err instanceof ApiError ? err.detail : String(err));
    }
  }

  return (
    <div className="space-y-4" data-testid="hotel-detail">
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
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <section className="card p-4">
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("roomTypes")}</h3>
        <RoomTypeList hotelId={hotel.id} rows={rooms.data ?? []} />
        <form className="grid grid-cols-2 gap-2" onSubmit={addRoom} data-testid="room-type-form">
          <input className="input col-span-2" placeholder={t("roomName")} aria-label={t("roomName")} required {...rt.bind("roomName")} />
          <input className="input" placeholder={t("roomId")} aria-label={t("roomId")} {...rt.bind("roomId")} />
          <select className="input" aria-label={t("roomType")} {...rt.bind("roomType")}>
            {["SINGLE", "DOUBLE", "TRIPLE", "QUADRUPLE", "SUITE", "FAMILY"].map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
          <label className="text-xs text-slate-600">
            {t("beds")}
            <input type="number" min={1} className="input" {...rt.bind("beds")} />
          </label>
          <label className="text-xs text-slate-600">
            {t("maxAdults")}
            <input type="number" min={1} className="input" {...rt.bind("maxAdults")} />
          </label>
          <label className="text-xs text-slate-600">
            {t("maxChildren")}
            <input type="number" min={0} className="input" {...rt.bind("maxChildren")} />
          </label>
          <div className="flex items-end justify-end">
            <button className="btn-secondary">{t("addRoomType")}</button>
          </div>
        </form>
      </section>
      <section className="card p-4">
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t("ratePlans")}</h3>
        <RatePlanList hotelId={hotel.id} rows={plans.data ?? []} />
        <form className="grid grid-cols-2 gap-2" onSubmit={addPlan} data-testid="rate-plan-form">
          <input className="input col-span-2" placeholder={t("rateDescription")} aria-label={t("rateDescription")} required {...rp.bind("rateDescription")} />
          <input className="input" placeholder={t("rateId")} aria-label={t("rateId")} {...rp.bind("rateId")} />
          <input className="input" placeholder={t("boardType")} aria-label={t("boardType")} {...rp.bind("boardType")} />
          <input className="input col-span-2" placeholder={t("boardTypeDescription")} aria-label={t("boardTypeDescription")} required {...rp.bind("boardTypeDescription")} />
          <select className="input" aria-label={t("refundable")} {...rp.bind("refundable")}>
            {(["full", "partial", "none"] as const).map((x) => (
              <option key={x} value={x}>
                {t(`refundableOpts.${x}`)}
              </option>
            ))}
          </select>
          <input className="input" aria-label={t("currency")} maxLength={3} {...rp.bind("currency")} />
          <textarea className="input col-span-2" rows={2} placeholder={t("cancellationPolicy")} aria-label={t("cancellationPolicy")} required {...rp.bind("cancellationPolicy")} />
          <div className="col-span-2 flex justify-end">
            <button className="btn-secondary">{t("addRatePlan")}</button>
          </div>
        </form>
      </section>
      <HotelAdmins hotelId={hotel.id} />
    </div>
  );
}
