"use client";
// The review of a bulk change before anything is saved: old -> new per room type, value and run of nights.
import { useDict } from "@/lib/i18n/client";
import type { ApiAnswer } from "@/lib/client/api";
import { Dialog } from "@/components/Dialog";
import { formatMoney } from "@/lib/format";
import { daysOf, dmy, type Change } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

export type GridMeta = Pick<ApiAnswer<"/v2/hotels/{id}/inventory">, "room_types" | "rate_plans">;

/**
 * Open while there is a preview. Escape, the backdrop and Cancel close it (not while saving) and the focus goes
 * back to `returnFocus`, the review button, which was disabled while the preview loaded.
 */
export function ReviewDialog({
  preview,
  busy,
  meta,
  returnFocus,
  onClose,
  onConfirm,
}: {
  preview: Change[] | null;
  busy: boolean;
  meta: GridMeta;
  returnFocus: React.RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useDict(messages);
  return (
    <Dialog
      open={preview !== null}
      title={t("previewTitle")}
      size="lg"
      returnFocus={returnFocus}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </button>
          {preview && preview.length > 0 && (
            <button type="button" className="btn-primary" onClick={onConfirm} disabled={busy} autoFocus>
              {busy ? t("saving") : preview.length === 1 ? t("confirm1") : t("confirm", { n: preview.length })}
            </button>
          )}
        </>
      }
    >
      {preview && preview.length === 0 && <p>{t("nothingChanges")}</p>}
      {preview && preview.length > 0 && <PreviewTable preview={preview} meta={meta} />}
    </Dialog>
  );
}

/** What the bulk change will do, old -> new, before anything is saved. */
function PreviewTable({ preview, meta }: { preview: Change[]; meta: GridMeta }) {
  const t = useDict(messages);
  const currency = meta.rate_plans[0]?.currency ?? "COP";
  const roomName = (id: string) => meta.room_types.find((r) => r.roomId === id)?.roomName ?? id;
  const rateName = (id: string) => meta.rate_plans.find((r) => r.rateId === id)?.rateDescription ?? id;
  const show = (c: Change, v: Change["old"]) => {
    if (c.field === "price") return v === null ? t("noPrice") : formatMoney(v as number, currency);
    if (typeof v === "boolean") return v ? t("closedYes") : t("closedNo");
    return String(v);
  };
  const what = (c: Change) =>
    c.field === "price"
      ? `${t("bulkPrice")} · ${rateName(c.rateId!)}`
      : { rooms: t("bulkRoomsValue"), stop_sell: t("bulkStopSell"), min_stay: t("bulkMinStay"), closed_to_arrival: t("bulkCta"), closed_to_departure: t("bulkCtd") }[c.field];
  const nightsOf = (c: Change) => {
    const n = daysOf(c.from, c.to).length;
    return n === 1 ? t("nightsWord1") : t("nightsWord", { n });
  };
  return (
    <>
      <p className="mb-2">{t("previewIntro")}</p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("previewTable")}>
        <table className="w-full text-left text-xs" data-testid="bulk-preview">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-2">{t("colRoom")}</th>
              <th className="py-1 pr-2">{t("colWhat")}</th>
              <th className="py-1 pr-2">{t("colDates")}</th>
              <th className="py-1 pr-2 text-right">{t("colOld")}</th>
              <th className="py-1 text-right">{t("colNew")}</th>
            </tr>
          </thead>
          <tbody>
            {preview.map((c, i) => (
              <tr key={i} className="border-t border-slate-100" data-testid="bulk-change">
                <td className="py-1 pr-2 font-medium text-slate-800">{roomName(c.roomId)}</td>
                <td className="py-1 pr-2">{what(c)}</td>
                <td className="whitespace-nowrap py-1 pr-2">
                  {c.from === c.to ? dmy(c.from) : `${dmy(c.from)} – ${dmy(c.to)}`} <span className="text-slate-600">({nightsOf(c)})</span>
                </td>
                <td className="whitespace-nowrap py-1 pr-2 text-right text-slate-600 line-through decoration-slate-400">{show(c, c.old)}</td>
                <td className="whitespace-nowrap py-1 text-right font-semibold text-slate-900">{show(c, c.next)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
