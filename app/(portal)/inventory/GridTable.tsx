"use client";
// The grid itself: a column per night (a click on two day headers picks the bulk editor's range) and each room
// type's rows; above it, the count of unsaved cells with Discard and Save.
import { useMemo } from "react";
import { useDict, useI18n } from "@/lib/i18n/client";
import { intlLocale } from "@/lib/i18n";
import { dmy } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";
import { RoomRows } from "./RoomRows";
import type { DayRangeState } from "./useDayRange";
import type { GridState, NightsData } from "./useGridEdits";

export function GridTable({ data, placeholder, grid, days }: { data: NightsData; placeholder: boolean; grid: GridState; days: DayRangeState }) {
  const { locale } = useI18n();
  // A cell's accessible name says what, which room and which night in words: "Cierre a llegadas, Habitación Doble, jueves 26/11/2026".
  const weekday = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "long", timeZone: "UTC" }), [locale]);
  const dayName = (d: string) => `${weekday.format(new Date(`${d}T00:00:00Z`))} ${dmy(d)}`;
  return (
    <div className={`card overflow-x-auto ${placeholder ? "opacity-60" : ""}`} data-testid="grid-scroller">
      <table className="border-separate border-spacing-0 text-xs" data-testid="inventory-grid">
        <DaysHeader days={data.days} range={days} />
        <tbody>
          {data.room_types.map((rt) => (
            <RoomRows key={rt.roomId} rt={rt} data={data} grid={grid} dayName={dayName} inRange={days.inRange} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The nights as column headers; the picked range is tinted and the anchor of a range being picked is ringed. */
function DaysHeader({ days, range }: { days: string[]; range: DayRangeState }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const dayFmt = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }), [locale]);
  return (
    <thead>
      <tr>
        <th className="sticky left-0 z-20 min-w-40 max-w-40 border-r border-slate-200 bg-white px-2 py-2 text-left text-slate-600">{t("roomType")}</th>
        {days.map((d) => (
          <th
            key={d}
            scope="col"
            onClick={() => range.pickDay(d)}
            data-day={d}
            className={`cursor-pointer select-none whitespace-nowrap px-1 py-2 text-center font-medium ${range.inRange(d) ? "bg-brand-100 text-brand-800" : "text-slate-700 hover:bg-slate-50"} ${range.anchor === d ? "ring-2 ring-inset ring-brand-500" : ""}`}
          >
            {dayFmt.format(new Date(`${d}T00:00:00Z`))}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The unsaved cells' count, Discard and Save (both off while nothing is pending or a save runs). */
export function SaveBar({ grid, onSave }: { grid: GridState; onSave: () => void }) {
  const t = useDict(messages);
  const pending = Object.keys(grid.edits).length;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-xs text-slate-600">{t("selectHint")}</p>
      <div className="flex items-center gap-3">
        {pending > 0 && <span className="text-sm text-amber-800">{pending === 1 ? t("pending1") : t("pending", { n: pending })}</span>}
        <button type="button" className="btn-secondary" disabled={pending === 0 || grid.saving} onClick={grid.discard}>
          {t("discard")}
        </button>
        <button type="button" className="btn-primary" disabled={pending === 0 || grid.saving} onClick={onSave}>
          {grid.saving ? t("saving") : t("save")}
        </button>
      </div>
    </div>
  );
}
