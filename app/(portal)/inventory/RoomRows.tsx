"use client";
// One room type's rows of the grid: its heading, rooms for sale, sold, the three restrictions, minimum stay and a
// price row per rate plan. Every cell is named in words: "Cierre a llegadas, Habitación Doble, jueves 26/11/2026".
import { useDict } from "@/lib/i18n/client";
import { groupMoneyText, moneyFieldText, parseMoneyText } from "@/lib/money/input";
import { invKey, rateKey } from "@/lib/inventory/grid-edits";
import { messages } from "./messages";
import type { GridState, NightsData } from "./useGridEdits";

type RoomType = NightsData["room_types"][number];
type RatePlan = NightsData["rate_plans"][number];
type Restriction = "stop_sell" | "closed_to_arrival" | "closed_to_departure";

/** What every row of one room type shares: the nights, the edits, and its cells' names and classes. */
interface Row {
  rt: RoomType;
  days: string[];
  grid: GridState;
  name: (what: string, d: string) => string;
  cell: (d: string, edited: boolean) => string;
}

// The first column stays put on horizontal scroll; it repeats the room's name so every row says whose it is.
const LABEL = "sticky left-0 z-10 min-w-40 max-w-40 border-r border-t border-slate-200 bg-white px-2 py-1 text-left font-normal";

export function RoomRows({ rt, data, grid, dayName, inRange }: { rt: RoomType; data: NightsData; grid: GridState; dayName: (d: string) => string; inRange: (d: string) => boolean }) {
  const t = useDict(messages);
  const row: Row = {
    rt,
    days: data.days,
    grid,
    name: (what, d) => `${what}, ${rt.roomName}, ${dayName(d)}`,
    cell: (d, edited) => `border-l border-t border-slate-100 px-1 py-1 text-center ${edited ? "bg-amber-50" : inRange(d) ? "bg-brand-50" : ""}`,
  };
  return (
    <>
      <RoomHeading rt={rt} span={data.days.length} />
      <NumberRow row={row} field="rooms" text={t("rooms")} cellName={t("rooms")} width="w-12" parse={(raw) => Math.min(10_000, Number(raw.replace(/\D/g, "") || "0"))} />
      <tr>
        <RowLabel rt={rt} text={t("sold")} />
        {data.days.map((d) => (
          <td key={d} className={`${row.cell(d, false)} text-slate-600`}>
            {grid.stored.inv.get(`${rt.roomId}|${d}`)?.sold ?? 0}
          </td>
        ))}
      </tr>
      <RestrictionRow row={row} field="stop_sell" text={t("stopSell")} on="bg-red-50" />
      <RestrictionRow row={row} field="closed_to_arrival" text={t("cta")} on="bg-orange-50" />
      <RestrictionRow row={row} field="closed_to_departure" text={t("ctd")} on="bg-orange-50" />
      <NumberRow row={row} field="min_stay" text={t("minStay")} cellName={t("bulkMinStay")} width="w-10" parse={(raw) => Math.max(1, Math.min(30, Number(raw.replace(/\D/g, "")) || 1))} />
      {data.rate_plans.map((rp) => (
        <PriceRow key={rp.rateId} row={row} rp={rp} />
      ))}
    </>
  );
}

/** The room type's name across the grid (and whether it is retired). */
function RoomHeading({ rt, span }: { rt: RoomType; span: number }) {
  const t = useDict(messages);
  return (
    <tr className="bg-slate-50">
      <th scope="rowgroup" className="sticky left-0 z-10 min-w-40 max-w-40 border-r border-t-2 border-slate-200 bg-slate-50 px-2 py-1.5 text-left text-sm font-semibold text-slate-800" title={rt.roomName}>
        <span className="block truncate" data-testid="grid-room-name">
          {rt.roomName}
        </span>
        {!rt.is_active && <span className="block text-xs font-normal text-slate-600">{t("retired")}</span>}
      </th>
      <td colSpan={span} className="border-t-2 border-slate-200 bg-slate-50" />
    </tr>
  );
}

function RowLabel({ rt, text, title }: { rt: RoomType; text: string; title?: string }) {
  return (
    <th scope="row" className={LABEL} title={title}>
      <span className="block truncate text-[10px] uppercase tracking-wide text-slate-500">{rt.roomName}</span>
      <span className="block truncate text-slate-700">{text}</span>
    </th>
  );
}

/** A whole number per night (rooms for sale, minimum stay), kept in its bounds as it is typed. */
function NumberRow({ row, field, text, cellName, width, parse }: { row: Row; field: "rooms" | "min_stay"; text: string; cellName: string; width: string; parse: (raw: string) => number }) {
  const { rt, grid } = row;
  return (
    <tr>
      <RowLabel rt={rt} text={text} />
      {row.days.map((d) => {
        const k = invKey(rt.roomId, d, field);
        return (
          <td key={d} className={row.cell(d, k in grid.edits)}>
            <input
              aria-label={row.name(cellName, d)}
              inputMode="numeric"
              className={`${width} rounded border border-slate-300 px-1 py-0.5 text-center`}
              value={String(grid.invValue(rt.roomId, d, field))}
              onChange={(e) => grid.setEdit(k, parse(e.target.value), grid.original(rt.roomId, d, field))}
            />
          </td>
        );
      })}
    </tr>
  );
}

/** A restriction per night (stop sell, closed to arrival or departure) as a checkbox; a closed night is tinted. */
function RestrictionRow({ row, field, text, on }: { row: Row; field: Restriction; text: string; on: string }) {
  const { rt, grid } = row;
  return (
    <tr>
      <RowLabel rt={rt} text={text} />
      {row.days.map((d) => {
        const k = invKey(rt.roomId, d, field);
        const v = Boolean(grid.invValue(rt.roomId, d, field));
        return (
          <td key={d} className={`${row.cell(d, k in grid.edits)} ${v ? on : ""}`}>
            <input aria-label={row.name(text, d)} type="checkbox" className="h-4 w-4 accent-red-600" checked={v} onChange={(e) => grid.setEdit(k, e.target.checked, grid.original(rt.roomId, d, field))} />
          </td>
        );
      })}
    </tr>
  );
}

/** One rate plan's price per night, typed with thousands separators; empty is "no price". */
function PriceRow({ row, rp }: { row: Row; rp: RatePlan }) {
  const t = useDict(messages);
  const what = t("price", { rate: rp.rateDescription });
  return (
    <tr>
      <RowLabel rt={row.rt} text={`${what}${rp.is_active ? "" : ` · ${t("retired")}`}`} title={rp.rateDescription} />
      {row.days.map((d) => (
        <PriceCell key={d} row={row} rateId={rp.rateId} day={d} label={row.name(what, d)} />
      ))}
    </tr>
  );
}

function PriceCell({ row, rateId, day, label }: { row: Row; rateId: string; day: string; label: string }) {
  const { edits, stored, setEdit } = row.grid;
  const k = rateKey(row.rt.roomId, rateId, day);
  const origText = moneyFieldText(stored.price.get(k));
  const v = k in edits ? String(edits[k]) : origText;
  const bad = v.trim() !== "" && parseMoneyText(v) === null;
  return (
    <td className={row.cell(day, k in edits)}>
      <input
        aria-label={label}
        aria-invalid={bad || undefined}
        inputMode="decimal"
        className={`w-24 rounded border px-1 py-0.5 text-right tabular-nums ${bad ? "border-red-500" : v === "" ? "border-dashed border-slate-400" : "border-slate-300"}`}
        value={v}
        placeholder="—"
        onChange={(e) => setEdit(k, groupMoneyText(e.target.value), origText)}
      />
    </td>
  );
}
