"use client";
// The bulk editor's range of nights, also picked on the grid: a click on a day header anchors it, a second click
// on another day closes the range (in either order).
import { useState } from "react";
import { addDays } from "@/lib/inventory/bulk-edit";

export type DayRange = { from: string; to: string };

export function useDayRange(today: string) {
  const [range, setRange] = useState<DayRange>({ from: today, to: addDays(today, 6) });
  const [anchor, setAnchor] = useState<string | null>(null);

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
  return { range, setRange, anchor, pickDay, inRange };
}

export type DayRangeState = ReturnType<typeof useDayRange>;
