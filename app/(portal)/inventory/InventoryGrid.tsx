"use client";
import { useMemo, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { cityLabel } from "@/lib/format";
import { intlLocale, type Translate } from "@/lib/i18n";
import { messages } from "./messages";

interface NightsData {
  hotel: { channel_manager_id: string };
  room_types: Array<{ roomId: string; roomName: string; roomType: string }>;
  rate_plans: Array<{ rateId: string; rateDescription: string; currency: string }>;
  days: string[];
  inventory: Array<{ roomId: string; day: string; rooms: number; sold: number; stop_sell: boolean; min_stay: number }>;
  rates: Array<{ roomId: string; rateId: string; day: string; adults: number | null; amountBeforeTax: number }>;
}

type Field = "rooms" | "stop_sell" | "min_stay";
type Edits = Record<string, number | boolean | string>;

function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const invKey = (roomId: string, day: string, f: Field) => `inv|${roomId}|${day}|${f}`;
const rateKey = (roomId: string, rateId: string, day: string) => `rate|${roomId}|${rateId}|${day}`;

export function InventoryGrid({ hotels, initialHotel, today }: { hotels: Array<{ id: number; name: string; city: string }>; initialHotel: number; today: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const qc = useQueryClient();
  const [hotelId, setHotelId] = useState(initialHotel);
  const [from, setFrom] = useState(today);
  const [span, setSpan] = useState(14);
  const to = addDays(from, span - 1);
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: today, to: addDays(today, 6) });

  const query = useQuery({
    queryKey: ["hotel-nights", hotelId, from, to],
    queryFn: ({ signal }) => apiFetch<NightsData>(`/v2/hotels/${hotelId}/inventory?from=${from}&to=${to}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const stored = useMemo(() => {
    const inv = new Map<string, NightsData["inventory"][number]>();
    const price = new Map<string, number>();
    for (const n of data?.inventory ?? []) inv.set(`${n.roomId}|${n.day}`, n);
    for (const r of data?.rates ?? []) if (r.adults === null) price.set(rateKey(r.roomId, r.rateId, r.day), r.amountBeforeTax);
    return { inv, price };
  }, [data]);

  const dayFmt = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }), [locale]);
  const pending = Object.keys(edits).length;

  function invValue(roomId: string, day: string, f: Field) {
    const k = invKey(roomId, day, f);
    if (k in edits) return edits[k];
    const n = stored.inv.get(`${roomId}|${day}`);
    return n ? n[f] : f === "stop_sell" ? false : f === "min_stay" ? 1 : 0;
  }
  function setEdit(k: string, v: number | boolean | string, original: number | boolean | string | undefined) {
    setEdits((e) => {
      const next = { ...e };
      if (v === original) delete next[k];
      else next[k] = v;
      return next;
    });
  }

  async function save() {
    setSaving(true);
    setNotice(null);
    try {
      const inv = new Map<string, { roomId: string; from: string; to: string; rooms?: number; stop_sell?: boolean; min_stay?: number }>();
      const rates: Array<{ roomId: string; rateId: string; from: string; to: string; amountBeforeTax: string }> = [];
      for (const [k, v] of Object.entries(edits)) {
        const parts = k.split("|");
        if (parts[0] === "inv") {
          const [, roomId, day, f] = parts;
          const u = inv.get(`${roomId}|${day}`) ?? { roomId, from: day, to: day };
          (u as Record<string, unknown>)[f] = f === "stop_sell" ? Boolean(v) : Number(v);
          inv.set(`${roomId}|${day}`, u);
        } else {
          const [, roomId, rateId, day] = parts;
          if (String(v).trim() === "") continue;
          rates.push({ roomId, rateId, from: day, to: day, amountBeforeTax: String(v).trim() });
        }
      }
      if (inv.size > 0) await apiFetch(`/v2/hotels/${hotelId}/inventory`, { method: "PUT", body: { updates: [...inv.values()] } });
      if (rates.length > 0) await apiFetch(`/v2/hotels/${hotelId}/rates`, { method: "PUT", body: { updates: rates } });
      setEdits({});
      setNotice({ tone: "ok", text: t("saved") });
      await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    } catch (e) {
      setNotice({ tone: "error", text: e instanceof ApiError ? e.detail : String(e) });
    } finally {
      setSaving(false);
    }
  }

  function pickDay(day: string) {
    if (anchor === null) {
      setAnchor(day);
      setRange({ from: day, to: day });
    } else {
      setRange(anchor <= day ? { from: anchor, to: day } : { from: day, to: anchor });
      setAnchor(null);
    }
  }

  const inRange = (day: string) => day >= range.from && day <= range.to;

  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-end gap-3 p-4">
        <div className="min-w-56">
          <label className="label" htmlFor="hotel">
            {t("hotel")}
          </label>
          <select
            id="hotel"
            className="input"
            value={hotelId}
            onChange={(e) => {
              setHotelId(Number(e.target.value));
              setEdits({});
            }}
          >
            {hotels.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name} · {cityLabel(h.city)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="from">
            {t("from")}
          </label>
          <input id="from" type="date" className="input" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        <div>
          <label className="label" htmlFor="span">
            {t("days")}
          </label>
          <select id="span" className="input" value={span} onChange={(e) => setSpan(Number(e.target.value))}>
            {[7, 14, 28].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary" onClick={() => setFrom(addDays(from, -span))}>
            {t("prev")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setFrom(today)}>
            {t("today")}
          </button>
          <button type="button" className="btn-secondary" onClick={() => setFrom(addDays(from, span))}>
            {t("next")}
          </button>
        </div>
        {query.isFetching && (
          <span className="text-sm text-brand-700" role="status">
            {t("loading")}
          </span>
        )}
      </div>

      {notice && (
        <div role={notice.tone === "error" ? "alert" : "status"} className={`rounded-md p-3 text-sm ${notice.tone === "ok" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>
          {notice.text}
        </div>
      )}

      {data && data.room_types.length === 0 && <div className="card p-6 text-sm text-slate-500">{t("noRooms")}</div>}

      {data && data.room_types.length > 0 && (
        <>
          <BulkPanel hotelId={hotelId} data={data} range={range} setRange={setRange} onDone={(text) => setNotice({ tone: "ok", text })} onError={(text) => setNotice({ tone: "error", text })} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-500">{t("selectHint")}</p>
            <div className="flex items-center gap-3">
            {pending > 0 && <span className="text-sm text-amber-700">{t("pending", { n: pending })}</span>}
            <button type="button" className="btn-secondary" disabled={pending === 0 || saving} onClick={() => setEdits({})}>
              {t("discard")}
            </button>
            <button type="button" className="btn-primary" disabled={pending === 0 || saving} onClick={save}>
              {saving ? t("saving") : t("save")}
            </button>
            </div>
          </div>
          <div className={`card overflow-x-auto ${query.isPlaceholderData ? "opacity-60" : ""}`}>
            <table className="border-collapse text-xs" data-testid="inventory-grid">
              <thead>
                <tr>
                  <th className="sticky left-0 z-10 min-w-44 bg-white px-2 py-2 text-left text-slate-500">{t("roomType")}</th>
                  {data.days.map((d) => (
                    <th
                      key={d}
                      scope="col"
                      onClick={() => pickDay(d)}
                      data-day={d}
                      className={`cursor-pointer select-none whitespace-nowrap px-1 py-2 text-center font-medium ${inRange(d) ? "bg-brand-100 text-brand-800" : "text-slate-600 hover:bg-slate-50"} ${anchor === d ? "ring-2 ring-inset ring-brand-500" : ""}`}
                    >
                      {dayFmt.format(new Date(`${d}T00:00:00Z`))}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.room_types.map((rt) => (
                  <RoomRows key={rt.roomId} rt={rt} data={data} invValue={invValue} edits={edits} setEdit={setEdit} stored={stored} inRange={inRange} t={t} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}

function RoomRows({
  rt,
  data,
  invValue,
  edits,
  setEdit,
  stored,
  inRange,
  t,
}: {
  rt: NightsData["room_types"][number];
  data: NightsData;
  invValue: (roomId: string, day: string, f: Field) => number | boolean | string;
  edits: Edits;
  setEdit: (k: string, v: number | boolean | string, original: number | boolean | string | undefined) => void;
  stored: { inv: Map<string, NightsData["inventory"][number]>; price: Map<string, number> };
  inRange: (d: string) => boolean;
  t: Translate<typeof messages.es>;
}) {
  const cell = (d: string, edited: boolean) => `border-l border-slate-100 px-1 py-1 text-center ${edited ? "bg-amber-50" : inRange(d) ? "bg-brand-50/60" : ""}`;
  const label = "sticky left-0 z-10 whitespace-nowrap bg-white px-2 py-1 text-slate-500";
  const original = (d: string, f: Field) => {
    const n = stored.inv.get(`${rt.roomId}|${d}`);
    return n ? n[f] : f === "stop_sell" ? false : f === "min_stay" ? 1 : 0;
  };
  return (
    <>
      <tr className="border-t-2 border-slate-200 bg-slate-50">
        <th scope="rowgroup" colSpan={data.days.length + 1} className="sticky left-0 px-2 py-1.5 text-left text-sm font-semibold text-slate-800">
          {rt.roomName} <span className="font-normal text-slate-400">({rt.roomId})</span>
        </th>
      </tr>
      <tr>
        <td className={label}>{t("rooms")}</td>
        {data.days.map((d) => {
          const k = invKey(rt.roomId, d, "rooms");
          return (
            <td key={d} className={cell(d, k in edits)}>
              <input
                aria-label={`${t("rooms")} ${rt.roomId} ${d}`}
                type="number"
                min={0}
                className="w-14 rounded border border-slate-200 px-1 py-0.5 text-center"
                value={String(invValue(rt.roomId, d, "rooms"))}
                onChange={(e) => setEdit(k, e.target.value === "" ? 0 : Math.max(0, Number(e.target.value)), original(d, "rooms"))}
              />
            </td>
          );
        })}
      </tr>
      <tr>
        <td className={label}>{t("sold")}</td>
        {data.days.map((d) => (
          <td key={d} className={`${cell(d, false)} text-slate-500`}>
            {stored.inv.get(`${rt.roomId}|${d}`)?.sold ?? 0}
          </td>
        ))}
      </tr>
      <tr>
        <td className={label}>{t("stopSell")}</td>
        {data.days.map((d) => {
          const k = invKey(rt.roomId, d, "stop_sell");
          const v = Boolean(invValue(rt.roomId, d, "stop_sell"));
          return (
            <td key={d} className={`${cell(d, k in edits)} ${v ? "bg-red-50" : ""}`}>
              <input aria-label={`${t("stopSell")} ${rt.roomId} ${d}`} type="checkbox" className="h-4 w-4 accent-red-600" checked={v} onChange={(e) => setEdit(k, e.target.checked, original(d, "stop_sell"))} />
            </td>
          );
        })}
      </tr>
      <tr>
        <td className={label}>{t("minStay")}</td>
        {data.days.map((d) => {
          const k = invKey(rt.roomId, d, "min_stay");
          return (
            <td key={d} className={cell(d, k in edits)}>
              <input
                aria-label={`${t("minStay")} ${rt.roomId} ${d}`}
                type="number"
                min={1}
                max={30}
                className="w-12 rounded border border-slate-200 px-1 py-0.5 text-center"
                value={String(invValue(rt.roomId, d, "min_stay"))}
                onChange={(e) => setEdit(k, Math.max(1, Math.min(30, Number(e.target.value) || 1)), original(d, "min_stay"))}
              />
            </td>
          );
        })}
      </tr>
      {data.rate_plans.map((rp) => (
        <tr key={rp.rateId}>
          <td className={label} title={rp.rateDescription}>
            {t("price", { rate: rp.rateId.startsWith(`${data.hotel.channel_manager_id}-`) ? rp.rateId.slice(data.hotel.channel_manager_id.length + 1) : rp.rateId })}
          </td>
          {data.days.map((d) => {
            const k = rateKey(rt.roomId, rp.rateId, d);
            const orig = stored.price.get(k);
            const v = k in edits ? String(edits[k]) : orig === undefined ? "" : String(orig);
            return (
              <td key={d} className={cell(d, k in edits)}>
                <input
                  aria-label={`${rp.rateId} ${rt.roomId} ${d}`}
                  inputMode="decimal"
                  className={`w-20 rounded border px-1 py-0.5 text-right ${v === "" ? "border-dashed border-slate-300" : "border-slate-200"}`}
                  value={v}
                  placeholder="—"
                  onChange={(e) => setEdit(k, e.target.value, orig === undefined ? "" : String(orig))}
                />
              </td>
            );
          })}
        </tr>
      ))}
    </>
  );
}

function BulkPanel({
  hotelId,
  data,
  range,
  setRange,
  onDone,
  onError,
}: {
  hotelId: number;
  data: NightsData;
  range: { from: string; to: string };
  setRange: (r: { from: string; to: string }) => void;
  onDone: (text: string) => void;
  onError: (text: string) => void;
}) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [room, setRoom] = useState("");
  const [rooms, setRooms] = useState("");
  const [stop, setStop] = useState("");
  const [minStay, setMinStay] = useState("");
  const [rate, setRate] = useState(data.rate_plans[0]?.rateId ?? "");
  const [price, setPrice] = useState("");
  const [busy, setBusy] = useState(false);

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    const targets = room ? [room] : data.room_types.map((r) => r.roomId);
    const invFields: Record<string, unknown> = {};
    if (rooms !== "") invFields.rooms = Number(rooms);
    if (stop !== "") invFields.stop_sell = stop === "closed";
    if (minStay !== "") invFields.min_stay = Number(minStay);
    if (Object.keys(invFields).length === 0 && price.trim() === "") return onError(t("nothing"));
    setBusy(true);
    try {
      let nights = 0;
      if (Object.keys(invFields).length > 0) {
        const r = await apiFetch<{ nights: number }>(`/v2/hotels/${hotelId}/inventory`, { method: "PUT", body: { updates: targets.map((roomId) => ({ roomId, from: range.from, to: range.to, ...invFields })) } });
        nights += r.nights;
      }
      if (price.trim() !== "" && rate) {
        const r = await apiFetch<{ nights: number }>(`/v2/hotels/${hotelId}/rates`, {
          method: "PUT",
          body: { updates: targets.map((roomId) => ({ roomId, rateId: rate, from: range.from, to: range.to, amountBeforeTax: price.trim() })) },
        });
        nights += r.nights;
      }
      onDone(t("applied", { n: nights }));
      await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    } catch (err) {
      onError(err instanceof ApiError ? err.detail : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card p-4" onSubmit={apply} data-testid="bulk-form">
      <h2 className="text-sm font-semibold text-slate-800">{t("bulkTitle")}</h2>
      <p className="mb-3 text-xs text-slate-500">{t("bulkHint")}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="col-span-2 sm:col-span-2">
          <label className="label text-xs" htmlFor="bulk-room">
            {t("bulkRoom")}
          </label>
          <select id="bulk-room" className="input" value={room} onChange={(e) => setRoom(e.target.value)}>
            <option value="">{t("allRooms")}</option>
            {data.room_types.map((r) => (
              <option key={r.roomId} value={r.roomId}>
                {r.roomName}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-from">
            {t("bulkFrom")}
          </label>
          <input id="bulk-from" type="date" className="input" value={range.from} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} />
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-to">
            {t("bulkTo")}
          </label>
          <input id="bulk-to" type="date" className="input" value={range.to} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} />
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-rooms">
            {t("bulkRooms")}
          </label>
          <input id="bulk-rooms" type="number" min={0} className="input" value={rooms} onChange={(e) => setRooms(e.target.value)} />
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-stop">
            {t("bulkStopSell")}
          </label>
          <select id="bulk-stop" className="input" value={stop} onChange={(e) => setStop(e.target.value)}>
            <option value="">{t("unchanged")}</option>
            <option value="closed">{t("closed")}</option>
            <option value="open">{t("open")}</option>
          </select>
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-min">
            {t("bulkMinStay")}
          </label>
          <input id="bulk-min" type="number" min={1} max={30} className="input" value={minStay} onChange={(e) => setMinStay(e.target.value)} />
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-rate">
            {t("bulkRate")}
          </label>
          <select id="bulk-rate" className="input" value={rate} onChange={(e) => setRate(e.target.value)}>
            {data.rate_plans.map((r) => (
              <option key={r.rateId} value={r.rateId}>
                {r.rateDescription}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label text-xs" htmlFor="bulk-price">
            {t("bulkPrice")}
          </label>
          <input id="bulk-price" inputMode="decimal" className="input" value={price} onChange={(e) => setPrice(e.target.value)} />
        </div>
      </div>
      <div className="mt-3 flex justify-end">
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("apply")}
        </button>
      </div>
    </form>
  );
}
