"use client";
import { cityLabel } from "@/lib/format";
import { useDict } from "@/lib/i18n/client";
import { addDays } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

/** The grid's window: the hotel, the first night, how many nights, and steps back and forth. */
export function GridToolbar({
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
