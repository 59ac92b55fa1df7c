"use client";
import { useMemo, useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { cityLabel } from "@/lib/format";
import { intlLocale, type Translate } from "@/lib/i18n";
import { groupMoneyText, moneyFieldText, parseMoneyText } from "@/lib/money/input";
import { addDays, dmy, friendlyError, NIGHT_DEFAULTS, type InvField, type InventoryUpdate, type NightRow, type RateUpdate } from "@/lib/inventory/bulk-edit";
import { BulkEditor } from "./BulkEditor";
import { messages } from "./messages";

type NightsData = ApiAnswer<"/v2/hotels/{id}/inventory">;
type Edits = Record<string, number | boolean | string>;

const invKey = (roomId: string, day: string, f: InvField) => `inv|${roomId}|${day}|${f}`;
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
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from, to } }, signal })),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const stored = useMemo(() => {
    const inv = new Map<string, NightRow>();
    const price = new Map<string, number>();
    for (const n of data?.inventory ?? []) inv.set(`${n.roomId}|${n.day}`, n);
    for (const r of data?.rates ?? []) if (r.adults === null) price.set(rateKey(r.roomId, r.rateId, r.day), r.amountBeforeTax);
    return { inv, price };
  }, [data]);

  const dayFmt = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }), [locale]);
  // A cell's accessible name says what, which room and which night in words: "Cierre a llegadas, Habitación Doble, jueves 26/11/2026".
  const weekday = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "long", timeZone: "UTC" }), [locale]);
  const dayName = (d: string) => `${weekday.format(new Date(`${d}T00:00:00Z`))} ${dmy(d)}`;
  const pending = Object.keys(edits).length;

  function original(roomId: string, day: string, f: InvField) {
    return stored.inv.get(`${roomId}|${day}`)?.[f] ?? NIGHT_DEFAULTS[f];
  }
  function invValue(roomId: string, day: string, f: InvField) {
    const k = invKey(roomId, day, f);
    return k in edits ? edits[k] : original(roomId, day, f);
  }
  function setEdit(k: string, v: number | boolean | string, orig: number | boolean | string | undefined) {
    setEdits((e) => {
      const next = { ...e };
      if (v === orig) delete next[k];
      else next[k] = v;
      return next;
    });
  }

  async function save() {
    setSaving(true);
    setNotice(null);
    try {
      const inv = new Map<string, InventoryUpdate>();
      const rates: RateUpdate[] = [];
      for (const [k, v] of Object.entries(edits)) {
        const parts = k.split("|");
        if (parts[0] === "inv") {
          const [, roomId, day, f] = parts;
          const u = inv.get(`${roomId}|${day}`) ?? { roomId, from: day, to: day };
          inv.set(`${roomId}|${day}`, { ...u, [f]: typeof NIGHT_DEFAULTS[f as InvField] === "boolean" ? Boolean(v) : Number(v) });
        } else {
          const [, roomId, rateId, day] = parts;
          const text = String(v).trim();
          const amount = text === "" ? null : parseMoneyText(text);
          if (text !== "" && amount === null) {
            const room = data?.room_types.find((r) => r.roomId === roomId)?.roomName ?? roomId;
            throw new Error(t("badPrice", { room, day: dmy(day) }));
          }
          rates.push({ roomId, rateId, from: day, to: day, amountBeforeTax: amount === null ? null : String(amount) });
        }
      }
      if (inv.size > 0) await ok(api.PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: { updates: [...inv.values()] } }));
      if (rates.length > 0) await ok(api.PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: { updates: rates } }));
      setEdits({});
      setNotice({ tone: "ok", text: t("saved") });
      await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    } catch (e) {
      setNotice({ tone: "error", text: e instanceof ApiError ? friendlyError(e.detail) : e instanceof Error ? e.message : String(e) });
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
      <GridToolbar
        hotels={hotels}
        hotelId={hotelId}
        setHotel={(id) => {
          setHotelId(id);
          setEdits({});
        }}
        from={from}
        setFrom={setFrom}
        span={span}
        setSpan={setSpan}
        today={today}
        fetching={query.isFetching}
      />

      {notice && (
        <div role={notice.tone === "error" ? "alert" : "status"} className={`rounded-md p-3 text-sm ${notice.tone === "ok" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}>
          {notice.text}
        </div>
      )}

      {data && data.room_types.length === 0 && <div className="card p-6 text-sm text-slate-600">{t("noRooms")}</div>}

      {data && data.room_types.length > 0 && (
        <>
          <BulkEditor
            key={hotelId}
            hotelId={hotelId}
            meta={{ room_types: data.room_types.filter((r) => r.is_active), rate_plans: data.rate_plans.filter((r) => r.is_active) }}
            range={range}
            setRange={setRange}
            notify={(tone, text) => setNotice({ tone, text })}
          />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-slate-600">{t("selectHint")}</p>
            <div className="flex items-center gap-3">
              {pending > 0 && <span className="text-sm text-amber-800">{pending === 1 ? t("pending1") : t("pending", { n: pending })}</span>}
              <button type="button" className="btn-secondary" disabled={pending === 0 || saving} onClick={() => setEdits({})}>
                {t("discard")}
              </button>
              <button type="button" className="btn-primary" disabled={pending === 0 || saving} onClick={save}>
                {saving ? t("saving") : t("save")}
              </button>
            </div>
          </div>
          <div className={`card overflow-x-auto ${query.isPlaceholderData ? "opacity-60" : ""}`} data-testid="grid-scroller">
            <table className="border-separate border-spacing-0 text-xs" data-testid="inventory-grid">
              <thead>
                <tr>
                  <th className="sticky left-0 z-20 min-w-40 max-w-40 border-r border-slate-200 bg-white px-2 py-2 text-left text-slate-600">{t("roomType")}</th>
                  {data.days.map((d) => (
                    <th
                      key={d}
                      scope="col"
                      onClick={() => pickDay(d)}
                      data-day={d}
                      className={`cursor-pointer select-none whitespace-nowrap px-1 py-2 text-center font-medium ${inRange(d) ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-50"} ${anchor === d ? "ring-2 ring-inset ring-brand-500" : ""}`}
                    >
                      {dayFmt.format(new Date(`${d}T00:00:00Z`))}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.room_types.map((rt) => (
                  <RoomRows key={rt.roomId} rt={rt} data={data} dayName={dayName} invValue={invValue} original={original} edits={edits} setEdit={setEdit} stored={stored} inRange={inRange} t={t} />
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
  dayName,
  invValue,
  original,
  edits,
  setEdit,
  stored,
  inRange,
  t,
}: {
  rt: NightsData["room_types"][number];
  data: NightsData;
  dayName: (d: string) => string;
  invValue: (roomId: string, day: string, f: InvField) => number | boolean | string;
  original: (roomId: string, day: string, f: InvField) => number | boolean;
  edits: Edits;
  setEdit: (k: string, v: number | boolean | string, original: number | boolean | string | undefined) => void;
  stored: { inv: Map<string, NightRow>; price: Map<string, number> };
  inRange: (d: string) => boolean;
  t: Translate<typeof messages.es>;
}) {
  const name = (what: string, d: string) => `${what}, ${rt.roomName}, ${dayName(d)}`;
  const cell = (d: string, edited: boolean) => `border-l border-t border-slate-100 px-1 py-1 text-center ${edited ? "bg-amber-50" : inRange(d) ? "bg-brand-50" : ""}`;
  // The first column stays put on horizontal scroll; it repeats the room's name so every row says whose it is.
  const label = "sticky left-0 z-10 min-w-40 max-w-40 border-r border-t border-slate-200 bg-white px-2 py-1 text-left font-normal";
  const rowLabel = (text: string, title?: string) => (
    <th scope="row" className={label} title={title}>
      <span className="block truncate text-[10px] uppercase tracking-wide text-slate-500">{rt.roomName}</span>
      <span className="block truncate text-slate-700">{text}</span>
    </th>
  );
  const flagRow = (f: "stop_sell" | "closed_to_arrival" | "closed_to_departure", text: string, on: string) => (
    <tr>
      {rowLabel(text)}
      {data.days.map((d) => {
        const k = invKey(rt.roomId, d, f);
        const v = Boolean(invValue(rt.roomId, d, f));
        return (
          <td key={d} className={`${cell(d, k in edits)} ${v ? on : ""}`}>
            <input aria-label={name(text, d)} type="checkbox" className="h-4 w-4 accent-red-600" checked={v} onChange={(e) => setEdit(k, e.target.checked, original(rt.roomId, d, f))} />
          </td>
        );
      })}
    </tr>
  );
  return (
    <>
      <tr className="bg-slate-50">
        <th scope="rowgroup" className="sticky left-0 z-10 min-w-40 max-w-40 border-r border-t-2 border-slate-200 bg-slate-50 px-2 py-1.5 text-left text-sm font-semibold text-slate-800" title={rt.roomName}>
          <span className="block truncate" data-testid="grid-room-name">
            {rt.roomName}
          </span>
          {!rt.is_active && <span className="block text-xs font-normal text-slate-600">{t("retired")}</span>}
        </th>
        <td colSpan={data.days.length} className="border-t-2 border-slate-200 bg-slate-50" />
      </tr>
      <tr>
        {rowLabel(t("rooms"))}
        {data.days.map((d) => {
          const k = invKey(rt.roomId, d, "rooms");
          return (
            <td key={d} className={cell(d, k in edits)}>
              <input
                aria-label={name(t("rooms"), d)}
                inputMode="numeric"
                className="w-12 rounded border border-slate-300 px-1 py-0.5 text-center"
                value={String(invValue(rt.roomId, d, "rooms"))}
                onChange={(e) => {
                  const n = Number(e.target.value.replace(/\D/g, "") || "0");
                  setEdit(k, Math.min(10_000, n), original(rt.roomId, d, "rooms"));
                }}
              />
            </td>
          );
        })}
      </tr>
      <tr>
        {rowLabel(t("sold"))}
        {data.days.map((d) => (
          <td key={d} className={`${cell(d, false)} text-slate-600`}>
            {stored.inv.get(`${rt.roomId}|${d}`)?.sold ?? 0}
          </td>
        ))}
      </tr>
      {flagRow("stop_sell", t("stopSell"), "bg-red-50")}
      {flagRow("closed_to_arrival", t("cta"), "bg-orange-50")}
      {flagRow("closed_to_departure", t("ctd"), "bg-orange-50")}
      <tr>
        {rowLabel(t("minStay"))}
        {data.days.map((d) => {
          const k = invKey(rt.roomId, d, "min_stay");
          return (
            <td key={d} className={cell(d, k in edits)}>
              <input
                aria-label={name(t("bulkMinStay"), d)}
                inputMode="numeric"
                className="w-10 rounded border border-slate-300 px-1 py-0.5 text-center"
                value={String(invValue(rt.roomId, d, "min_stay"))}
                onChange={(e) => setEdit(k, Math.max(1, Math.min(30, Number(e.target.value.replace(/\D/g, "")) || 1)), original(rt.roomId, d, "min_stay"))}
              />
            </td>
          );
        })}
      </tr>
      {data.rate_plans.map((rp) => (
        <tr key={rp.rateId}>
          {rowLabel(`${t("price", { rate: rp.rateDescription })}${rp.is_active ? "" : ` · ${t("retired")}`}`, rp.rateDescription)}
          {data.days.map((d) => {
            const k = rateKey(rt.roomId, rp.rateId, d);
            const orig = stored.price.get(k);
            const origText = moneyFieldText(orig);
            const v = k in edits ? String(edits[k]) : origText;
            const bad = v.trim() !== "" && parseMoneyText(v) === null;
            return (
              <td key={d} className={cell(d, k in edits)}>
                <input
                  aria-label={name(t("price", { rate: rp.rateDescription }), d)}
                  aria-invalid={bad || undefined}
                  inputMode="decimal"
                  className={`w-24 rounded border px-1 py-0.5 text-right tabular-nums ${bad ? "border-red-500" : v === "" ? "border-dashed border-slate-400" : "border-slate-300"}`}
                  value={v}
                  placeholder="—"
                  onChange={(e) => setEdit(k, groupMoneyText(e.target.value), origText)}
                />
              </td>
            );
          })}
        </tr>
      ))}
    </>
  );
}

/** The grid's window: the hotel, the first night, how many nights, and steps back and forth. */
function GridToolbar({
  hotels,
  hotelId,
  setHotel,
  from,
  setFrom,
  span,
  setSpan,
  today,
  fetching,
}: {
  hotels: Array<{ id: number; name: string; city: string }>;
  hotelId: number;
  setHotel: (id: number) => void;
  from: string;
  setFrom: (d: string) => void;
  span: number;
  setSpan: (n: number) => void;
  today: string;
  fetching: boolean;
}) {
  const t = useDict(messages);
  return (
    <div className="card flex flex-wrap items-end gap-3 p-4">
      <div className="min-w-56">
        <label className="label" htmlFor="hotel">
          {t("hotel")}
        </label>
        <select
          id="hotel"
          className="input"
          value={hotelId}
          onChange={(e) => setHotel(Number(e.target.value))}
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
      <div className="flex flex-wrap gap-2">
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
      {fetching && (
        <span className="text-sm text-brand-700" role="status">
          {t("loading")}
        </span>
      )}
    </div>
  );
}
