"use client";
import { Fragment, useMemo, useState } from "react";
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

type Stored = { inv: Map<string, NightRow>; price: Map<string, number> };
type Notice = { tone: "ok" | "error"; text: string };
type Value = number | boolean | string;
type SetEdit = (k: string, v: Value, original: Value | undefined) => void;

/** The cells changed and not saved yet, over the stored values, and the save that sends them in two PUTs. */
function useGridEdits(hotelId: number, data: NightsData | undefined, t: Translate<typeof messages.es>) {
  const qc = useQueryClient();
  const [edits, setEdits] = useState<Edits>({});
  const [saving, setSaving] = useState(false);

  const stored = useMemo<Stored>(() => {
    const inv = new Map<string, NightRow>();
    const price = new Map<string, number>();
    for (const n of data?.inventory ?? []) inv.set(`${n.roomId}|${n.day}`, n);
    for (const r of data?.rates ?? []) if (r.adults === null) price.set(rateKey(r.roomId, r.rateId, r.day), r.amountBeforeTax);
    return { inv, price };
  }, [data]);

  function original(roomId: string, day: string, f: InvField) {
    return stored.inv.get(`${roomId}|${day}`)?.[f] ?? NIGHT_DEFAULTS[f];
  }
  function invValue(roomId: string, day: string, f: InvField) {
    const k = invKey(roomId, day, f);
    return k in edits ? edits[k] : original(roomId, day, f);
  }
  const setEdit: SetEdit = (k, v, orig) => {
    setEdits((e) => {
      const next = { ...e };
      if (v === orig) delete next[k];
      else next[k] = v;
      return next;
    });
  };

  /** The PUT bodies of the edits; a price that does not parse stops the save with its room and night. */
  function updates() {
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
    return { inv: [...inv.values()], rates };
  }

  async function save(notify: (n: Notice | null) => void) {
    setSaving(true);
    notify(null);
    try {
      const { inv, rates } = updates();
      if (inv.length > 0) await ok(api.PUT("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId } }, body: { updates: inv } }));
      if (rates.length > 0) await ok(api.PUT("/v2/hotels/{id}/rates", { params: { path: { id: hotelId } }, body: { updates: rates } }));
      setEdits({});
      notify({ tone: "ok", text: t("saved") });
      await qc.invalidateQueries({ queryKey: ["hotel-nights", hotelId] });
    } catch (e) {
      notify({ tone: "error", text: e instanceof ApiError ? friendlyError(e.detail) : e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  }

  return { edits, stored, original, invValue, setEdit, saving, save, discard: () => setEdits({}) };
}

export function InventoryGrid({ hotels, initialHotel, today }: { hotels: Array<{ id: number; name: string; city: string }>; initialHotel: number; today: string }) {
  const t = useDict(messages);
  const [hotelId, setHotelId] = useState(initialHotel);
  const [from, setFrom] = useState(today);
  const [span, setSpan] = useState(14);
  const to = addDays(from, span - 1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [range, setRange] = useState<{ from: string; to: string }>({ from: today, to: addDays(today, 6) });

  const query = useQuery({
    queryKey: ["hotel-nights", hotelId, from, to],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from, to } }, signal })),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const grid = useGridEdits(hotelId, data, t);
  const pending = Object.keys(grid.edits).length;

  return (
    <div className="space-y-4">
      <GridToolbar
        hotels={hotels}
        hotelId={hotelId}
        setHotel={(id) => {
          setHotelId(id);
          grid.discard();
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
              <button type="button" className="btn-secondary" disabled={pending === 0 || grid.saving} onClick={grid.discard}>
                {t("discard")}
              </button>
              <button type="button" className="btn-primary" disabled={pending === 0 || grid.saving} onClick={() => grid.save(setNotice)}>
                {grid.saving ? t("saving") : t("save")}
              </button>
            </div>
          </div>
          <GridTable data={data} placeholder={query.isPlaceholderData} grid={grid} range={range} setRange={setRange} />
        </>
      )}
    </div>
  );
}

/** The nights as columns (a click on two day headers picks the bulk editor's range) and each room type's rows. */
function GridTable({
  data,
  placeholder,
  grid,
  range,
  setRange,
}: {
  data: NightsData;
  placeholder: boolean;
  grid: ReturnType<typeof useGridEdits>;
  range: { from: string; to: string };
  setRange: (r: { from: string; to: string }) => void;
}) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const [anchor, setAnchor] = useState<string | null>(null);
  const dayFmt = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }), [locale]);
  // A cell's accessible name says what, which room and which night in words: "Cierre a llegadas, Habitación Doble, jueves 26/11/2026".
  const weekday = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "long", timeZone: "UTC" }), [locale]);
  const dayName = (d: string) => `${weekday.format(new Date(`${d}T00:00:00Z`))} ${dmy(d)}`;
  const inRange = (day: string) => day >= range.from && day <= range.to;

  function pickDay(day: string) {
    if (anchor === null) {
      setAnchor(day);
      setRange({ from: day, to: day });
    } else {
      setRange(anchor <= day ? { from: anchor, to: day } : { from: day, to: anchor });
      setAnchor(null);
    }
  }

  return (
    <div className={`card overflow-x-auto ${placeholder ? "opacity-60" : ""}`} data-testid="grid-scroller">
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
            <RoomRows key={rt.roomId} rt={rt} data={data} dayName={dayName} grid={grid} inRange={inRange} t={t} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What every row of one room type shares: its cells' names and classes, and its label column. */
interface RowKit {
  rt: NightsData["room_types"][number];
  days: string[];
  grid: ReturnType<typeof useGridEdits>;
  name: (what: string, d: string) => string;
  cell: (d: string, edited: boolean) => string;
  rowLabel: (text: string, title?: string) => React.ReactNode;
}

function RoomRows({
  rt,
  data,
  dayName,
  grid,
  inRange,
  t,
}: {
  rt: NightsData["room_types"][number];
  data: NightsData;
  dayName: (d: string) => string;
  grid: ReturnType<typeof useGridEdits>;
  inRange: (d: string) => boolean;
  t: Translate<typeof messages.es>;
}) {
  // The first column stays put on horizontal scroll; it repeats the room's name so every row says whose it is.
  const label = "sticky left-0 z-10 min-w-40 max-w-40 border-r border-t border-slate-200 bg-white px-2 py-1 text-left font-normal";
  const kit: RowKit = {
    rt,
    days: data.days,
    grid,
    name: (what, d) => `${what}, ${rt.roomName}, ${dayName(d)}`,
    cell: (d, edited) => `border-l border-t border-slate-100 px-1 py-1 text-center ${edited ? "bg-amber-50" : inRange(d) ? "bg-brand-50" : ""}`,
    rowLabel: (text, title) => (
      <th scope="row" className={label} title={title}>
        <span className="block truncate text-[10px] uppercase tracking-wide text-slate-500">{rt.roomName}</span>
        <span className="block truncate text-slate-700">{text}</span>
      </th>
    ),
  };
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
      <NumberRow kit={kit} field="rooms" text={t("rooms")} cellName={t("rooms")} width="w-12" clamp={(n) => Math.min(10_000, n)} />
      <DayRow kit={kit} text={t("sold")} cell={(d) => <td className={`${kit.cell(d, false)} text-slate-600`}>{grid.stored.inv.get(`${rt.roomId}|${d}`)?.sold ?? 0}</td>} />
      <FlagRow kit={kit} field="stop_sell" text={t("stopSell")} on="bg-red-50" />
      <FlagRow kit={kit} field="closed_to_arrival" text={t("cta")} on="bg-orange-50" />
      <FlagRow kit={kit} field="closed_to_departure" text={t("ctd")} on="bg-orange-50" />
      <NumberRow kit={kit} field="min_stay" text={t("minStay")} cellName={t("bulkMinStay")} width="w-10" clamp={(n) => Math.max(1, Math.min(30, n || 1))} />
      {data.rate_plans.map((rp) => (
        <PriceRow key={rp.rateId} kit={kit} rp={rp} t={t} />
      ))}
    </>
  );
}

/** One row of a room type: its label, then one cell per night. */
function DayRow({ kit, text, title, cell }: { kit: RowKit; text: string; title?: string; cell: (d: string, k: (f: InvField) => string) => React.ReactNode }) {
  return (
    <tr>
      {kit.rowLabel(text, title)}
      {kit.days.map((d) => (
        <Fragment key={d}>{cell(d, (f) => invKey(kit.rt.roomId, d, f))}</Fragment>
      ))}
    </tr>
  );
}

/** A whole-number value per night (rooms to sell, minimum stay), kept in its bounds as it is typed. */
function NumberRow({ kit, field, text, cellName, width, clamp }: { kit: RowKit; field: "rooms" | "min_stay"; text: string; cellName: string; width: string; clamp: (n: number) => number }) {
  const { rt, grid } = kit;
  return (
    <DayRow
      kit={kit}
      text={text}
      cell={(d, key) => (
        <td className={kit.cell(d, key(field) in grid.edits)}>
          <input
            aria-label={kit.name(cellName, d)}
            inputMode="numeric"
            className={`${width} rounded border border-slate-300 px-1 py-0.5 text-center`}
            value={String(grid.invValue(rt.roomId, d, field))}
            onChange={(e) => grid.setEdit(key(field), clamp(Number(e.target.value.replace(/\D/g, "") || "0")), grid.original(rt.roomId, d, field))}
          />
        </td>
      )}
    />
  );
}

/** A closed/open flag per night (stop sell, closed to arrival or departure); a closed night is tinted. */
function FlagRow({ kit, field, text, on }: { kit: RowKit; field: "stop_sell" | "closed_to_arrival" | "closed_to_departure"; text: string; on: string }) {
  const { rt, grid } = kit;
  return (
    <DayRow
      kit={kit}
      text={text}
      cell={(d, key) => {
        const v = Boolean(grid.invValue(rt.roomId, d, field));
        return (
          <td className={`${kit.cell(d, key(field) in grid.edits)} ${v ? on : ""}`}>
            <input aria-label={kit.name(text, d)} type="checkbox" className="h-4 w-4 accent-red-600" checked={v} onChange={(e) => grid.setEdit(key(field), e.target.checked, grid.original(rt.roomId, d, field))} />
          </td>
        );
      }}
    />
  );
}

/** One rate plan's price per night, as typed money text; empty is "no price" (not sold with that rate). */
function PriceRow({ kit, rp, t }: { kit: RowKit; rp: NightsData["rate_plans"][number]; t: Translate<typeof messages.es> }) {
  const { rt, grid } = kit;
  return (
    <DayRow
      kit={kit}
      text={`${t("price", { rate: rp.rateDescription })}${rp.is_active ? "" : ` · ${t("retired")}`}`}
      title={rp.rateDescription}
      cell={(d) => {
        const k = rateKey(rt.roomId, rp.rateId, d);
        const origText = moneyFieldText(grid.stored.price.get(k));
        const v = k in grid.edits ? String(grid.edits[k]) : origText;
        const bad = v.trim() !== "" && parseMoneyText(v) === null;
        return (
          <td className={kit.cell(d, k in grid.edits)}>
            <input
              aria-label={kit.name(t("price", { rate: rp.rateDescription }), d)}
              aria-invalid={bad || undefined}
              inputMode="decimal"
              className={`w-24 rounded border px-1 py-0.5 text-right tabular-nums ${bad ? "border-red-500" : v === "" ? "border-dashed border-slate-400" : "border-slate-300"}`}
              value={v}
              placeholder="—"
              onChange={(e) => grid.setEdit(k, groupMoneyText(e.target.value), origText)}
            />
          </td>
        );
      }}
    />
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
