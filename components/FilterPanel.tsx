"use client";
// A list's filters: open on a desktop; folded behind one button on a phone so the list is on the first screen.
// The button says how many filters are on.
import { useId, useState, type ReactNode } from "react";
import { useDict } from "@/lib/i18n/client";
import { kitMessages } from "./messages";

export function FilterPanel({ active = 0, children }: { active?: number; children: ReactNode }) {
  const t = useDict(kitMessages);
  const [open, setOpen] = useState(false);
  const id = useId();
  const label = open ? t("filters.hide") : active === 1 ? t("filters.activeOne") : active > 1 ? t("filters.active", { n: active }) : t("filters.show");
  return (
    <div className="mb-4">
      <button type="button" className="btn-secondary w-full md:hidden" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} data-testid="filters-toggle">
        {label}
      </button>
      <div id={id} className={open ? "mt-3 md:mt-0" : "max-md:hidden"}>
        {children}
      </div>
    </div>
  );
}
