"use client";
// The spending controls of a card as a person sets them (docs/decisions.md 10.8): a total limit, a limit per
// charge, and the hotels it may pay. Used by the new-card form and by the card's page to change them.
import { useId } from "react";
import { MoneyInput } from "@/components/MoneyInput";
import { useDict } from "@/lib/i18n/client";
import { cityLabel } from "@/lib/format";
import { messages } from "./messages";

export interface HotelOption {
  id: number;
  name: string;
  city: string;
}

export interface ControlsValue {
  allTime: number | null;
  perCharge: number | null;
  hotelIds: number[];
}

export const noControls: ControlsValue = { allTime: null, perCharge: null, hotelIds: [] };

/** The wire body (`spending_controls`): every part named, so a change replaces all of it. */
export function controlsBody(v: ControlsValue) {
  const spending_limits: { amount: number; interval: "per_authorization" | "all_time" }[] = [];
  if (v.perCharge !== null) spending_limits.push({ amount: v.perCharge, interval: "per_authorization" });
  if (v.allTime !== null) spending_limits.push({ amount: v.allTime, interval: "all_time" });
  return { spending_limits, allowed_hotel_ids: v.hotelIds };
}

/** The controls a card has, as the form edits them. */
export function controlsValue(c: { spending_limits: { amount: number; interval: string }[]; allowed_hotel_ids: number[] }): ControlsValue {
  return {
    allTime: c.spending_limits.find((l) => l.interval === "all_time")?.amount ?? null,
    perCharge: c.spending_limits.find((l) => l.interval === "per_authorization")?.amount ?? null,
    hotelIds: c.allowed_hotel_ids,
  };
}

/** The API's messages about the controls (`spending_controls.spending_limits...: ...`), by the part they are about. */
export function controlsErrors(errors: Record<string, string>): { limits?: string; hotels?: string } {
  const out: { limits?: string; hotels?: string } = {};
  for (const [k, v] of Object.entries(errors)) {
    if (k.startsWith("spending_controls.spending_limits")) out.limits ??= v;
    else if (k.startsWith("spending_controls.allowed_hotel_ids")) out.hotels ??= v;
  }
  return out;
}

export function SpendingControlsFields({
  value,
  onChange,
  hotels,
  errors = {},
}: {
  value: ControlsValue;
  onChange: (v: ControlsValue) => void;
  hotels: HotelOption[];
  errors?: { limits?: string; hotels?: string };
}) {
  const t = useDict(messages);
  const id = useId();
  const chosen = value.hotelIds.map((hid) => hotels.find((h) => h.id === hid) ?? { id: hid, name: `${hid}`, city: "" });
  const cities = [...new Set(hotels.filter((h) => !value.hotelIds.includes(h.id)).map((h) => h.city))];
  const perOverTotal = value.allTime !== null && value.perCharge !== null && value.perCharge > value.allTime;
  const limitsError = errors.limits ?? (perOverTotal ? t("controls.perOverTotal") : undefined);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t("controls.help")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor={`${id}-all`}>
            {t("controls.allTime")}
          </label>
          <MoneyInput id={`${id}-all`} aria-describedby={`${id}-all-help`} value={value.allTime} onValueChange={(n) => onChange({ ...value, allTime: n && n > 0 ? n : null })} placeholder={t("controls.noLimit")} invalid={Boolean(limitsError)} />
          <p id={`${id}-all-help`} className="mt-1 text-xs text-slate-500">
            {t("controls.allTimeHelp")}
          </p>
        </div>
        <div>
          <label className="label" htmlFor={`${id}-per`}>
            {t("controls.perCharge")}
          </label>
          <MoneyInput id={`${id}-per`} aria-describedby={`${id}-per-help`} value={value.perCharge} onValueChange={(n) => onChange({ ...value, perCharge: n && n > 0 ? n : null })} placeholder={t("controls.noLimit")} invalid={Boolean(limitsError)} />
          <p id={`${id}-per-help`} className="mt-1 text-xs text-slate-500">
            {t("controls.perChargeHelp")}
          </p>
        </div>
      </div>
      {limitsError && (
        <p className="text-xs text-red-700" role="alert">
          {limitsError}
        </p>
      )}
      <div>
        <label className="label" htmlFor={`${id}-hotel`}>
          {t("controls.hotels")}
        </label>
        <select
          id={`${id}-hotel`}
          className="input"
          value=""
          onChange={(e) => {
            const hid = Number(e.target.value);
            if (hid && !value.hotelIds.includes(hid)) onChange({ ...value, hotelIds: [...value.hotelIds, hid] });
          }}
        >
          <option value="">{t("controls.addHotel")}</option>
          {cities.map((city) => (
            <optgroup key={city} label={cityLabel(city)}>
              {hotels
                .filter((h) => h.city === city && !value.hotelIds.includes(h.id))
                .map((h) => (
                  <option key={h.id} value={h.id}>
                    {h.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        {chosen.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{t("controls.anyHotel")}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("controls.chosen")} data-testid="chosen-hotels">
            {chosen.map((h) => (
              <li key={h.id} className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900 ring-1 ring-brand-100">
                <span className="truncate">
                  {h.name}
                  {h.city && <span className="text-brand-700"> · {cityLabel(h.city)}</span>}
                </span>
                <button
                  type="button"
                  className="ml-1 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100 focus:outline-none focus:ring-2 focus:ring-brand-500"
                  aria-label={t("controls.remove", { name: h.name })}
                  onClick={() => onChange({ ...value, hotelIds: value.hotelIds.filter((x) => x !== h.id) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {errors.hotels && (
          <p className="mt-1 text-xs text-red-700" role="alert">
            {errors.hotels}
          </p>
        )}
      </div>
    </div>
  );
}
