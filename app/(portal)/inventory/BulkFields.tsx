"use client";
// The bulk editor's inputs: the room types and rate plans picked explicitly, the range of nights, and the values
// to set (an empty box or "Sin cambio" leaves that value alone).
import { useDict } from "@/lib/i18n/client";
import { Field } from "@/components/Form";
import { MoneyInput } from "@/components/MoneyInput";
import { messages } from "./messages";
import type { BulkValues, SetBulkValues, Tri } from "./useBulkEdit";
import type { DayRange } from "./useDayRange";

// The bulk form's labels are the compact ones of the grid's page.
const COMPACT = "[&>label]:text-xs";

/** Explicit picks (no silent "all"): checkboxes with "Todas" and "Ninguna". */
export function Picker({ legend, name, items, picked, set }: { legend: string; name: string; items: Array<{ id: string; label: string }>; picked: string[]; set: (v: string[]) => void }) {
  const t = useDict(messages);
  return (
    <fieldset className="min-w-0">
      <legend className="label text-xs">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {items.map((it) => (
          <label key={it.id} className="flex items-center gap-1.5 text-sm text-slate-700">
            <input
              type="checkbox"
              name={name}
              className="h-4 w-4 accent-brand-600"
              checked={picked.includes(it.id)}
              onChange={(e) => set(e.target.checked ? [...picked, it.id] : picked.filter((x) => x !== it.id))}
            />
            {it.label}
          </label>
        ))}
      </div>
      <div className="mt-1 flex gap-3 text-xs">
        <button type="button" className="text-brand-700 underline" onClick={() => set(items.map((i) => i.id))}>
          {t("pickAll")}
        </button>
        <button type="button" className="text-brand-700 underline" onClick={() => set([])}>
          {t("pickNone")}
        </button>
      </div>
    </fieldset>
  );
}

/** The range of nights (inclusive, also picked on the grid's day headers) and the values to set on them. */
export function BulkFields({ values, set, range, setRange, currency }: { values: BulkValues; set: SetBulkValues; range: DayRange; setRange: (r: DayRange) => void; currency: string }) {
  const t = useDict(messages);
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      <DateRangeFields range={range} setRange={setRange} />
      <Field id="bulk-rooms" label={t("bulkRoomsValue")} className={COMPACT}>
        <input id="bulk-rooms" inputMode="numeric" className="input" value={values.roomsValue} onChange={(e) => set({ roomsValue: e.target.value })} />
      </Field>
      <Field id="bulk-min" label={t("bulkMinStay")} className={COMPACT}>
        <input id="bulk-min" inputMode="numeric" className="input" value={values.minStay} onChange={(e) => set({ minStay: e.target.value })} />
      </Field>
      <TriSelect id="bulk-stop" label={t("bulkStopSell")} value={values.stop} set={(stop) => set({ stop })} />
      <TriSelect id="bulk-cta" label={t("bulkCta")} value={values.cta} set={(cta) => set({ cta })} />
      <TriSelect id="bulk-ctd" label={t("bulkCtd")} value={values.ctd} set={(ctd) => set({ ctd })} />
      <Field id="bulk-price" label={t("bulkPrice")} className={COMPACT}>
        <MoneyInput
          id="bulk-price"
          value={values.price}
          currency={currency}
          onValueChange={(price) => set({ price })}
          onInput={(e) => set({ priceText: (e.target as HTMLInputElement).value.trim() !== "" })}
        />
      </Field>
    </div>
  );
}

/** From and to; a cleared date box keeps the last date. */
function DateRangeFields({ range, setRange }: { range: DayRange; setRange: (r: DayRange) => void }) {
  const t = useDict(messages);
  return (
    <>
      <Field id="bulk-from" label={t("bulkFrom")} className={COMPACT}>
        <input id="bulk-from" type="date" className="input" value={range.from} onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })} />
      </Field>
      <Field id="bulk-to" label={t("bulkTo")} className={COMPACT}>
        <input id="bulk-to" type="date" className="input" value={range.to} onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })} />
      </Field>
    </>
  );
}

function TriSelect({ id, label, value, set }: { id: string; label: string; value: Tri; set: (v: Tri) => void }) {
  const t = useDict(messages);
  return (
    <Field id={id} label={label} className={COMPACT}>
      <select id={id} className="input" value={value} onChange={(e) => set(e.target.value as Tri)}>
        <option value="">{t("unchanged")}</option>
        <option value="close">{t("close")}</option>
        <option value="open">{t("open")}</option>
      </select>
    </Field>
  );
}
