"use client";
// Tabs as the ARIA pattern has them: one tab in the Tab order, arrow keys (and Home/End) move between tabs and
// select them, each tab controls its panel. `panelProps(key)` gives the panel its role and labels.
import { useRef } from "react";

export function TabList<K extends string>({ tabs, selected, onSelect, label, idPrefix, className = "" }: { tabs: ReadonlyArray<{ key: K; label: React.ReactNode }>; selected: K; onSelect: (k: K) => void; label: string; idPrefix: string; className?: string }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (to: number) => {
    const i = (to + tabs.length) % tabs.length;
    onSelect(tabs[i].key);
    refs.current[i]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, i) => {
        const on = tab.key === selected;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={on}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={on ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight" || e.key === "ArrowDown") move(i + 1);
              else if (e.key === "ArrowLeft" || e.key === "ArrowUp") move(i - 1);
              else if (e.key === "Home") move(0);
              else if (e.key === "End") move(tabs.length - 1);
              else return;
              e.preventDefault();
            }}
            className={`rounded-md px-3 py-2 text-sm font-medium ${on ? "bg-white text-brand-700 shadow-sm" : "text-slate-700"}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export const tabPanelProps = (idPrefix: string, selected: string) => ({ role: "tabpanel" as const, id: `${idPrefix}-panel`, "aria-labelledby": `${idPrefix}-tab-${selected}` });
