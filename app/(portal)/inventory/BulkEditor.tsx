"use client";
// Bulk edits of the grid: the person picks room types and rate plans explicitly, sees old -> new per room type
// and run of dates in a preview, confirms, and can undo the last bulk change (lib/inventory/bulk-edit.ts).
// State and requests: useBulkEdit; inputs: BulkFields; the preview: ReviewDialog.
import { useRef } from "react";
import { useDict } from "@/lib/i18n/client";
import { FormMessages } from "@/components/ui";
import { BulkFields, Picker } from "./BulkFields";
import { messages } from "./messages";
import { ReviewDialog, type GridMeta } from "./ReviewDialog";
import { useBulkEdit } from "./useBulkEdit";
import type { DayRange } from "./useDayRange";

export function BulkEditor({
  hotelId,
  meta,
  range,
  setRange,
  notify,
}: {
  hotelId: number;
  meta: GridMeta;
  range: DayRange;
  setRange: (r: DayRange) => void;
  notify: (tone: "ok" | "error", text: string) => void;
}) {
  const t = useDict(messages);
  const bulk = useBulkEdit(hotelId, range, notify);
  // The dialog gives the focus back here on Escape or Cancel (the button is disabled while the preview loads).
  const reviewButton = useRef<HTMLButtonElement>(null);

  return (
    <form className="card p-4" onSubmit={bulk.review} data-testid="bulk-form" noValidate>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <h2 className="text-sm font-semibold text-slate-800">{t("bulkTitle")}</h2>
          <p className="mb-3 text-xs text-slate-500">{t("bulkHint")}</p>
        </div>
        {bulk.canUndo && (
          <button type="button" className="btn-secondary" onClick={bulk.runUndo} disabled={bulk.busy} data-testid="bulk-undo">
            {bulk.busy ? t("undoing") : t("undo")}
          </button>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Picker legend={t("bulkRooms")} name="bulk-room" items={meta.room_types.map((r) => ({ id: r.roomId, label: r.roomName }))} picked={bulk.values.rooms} set={(rooms) => bulk.set({ rooms })} />
        <Picker legend={t("bulkRates")} name="bulk-rate" items={meta.rate_plans.map((r) => ({ id: r.rateId, label: r.rateDescription }))} picked={bulk.values.rates} set={(rates) => bulk.set({ rates })} />
      </div>
      <BulkFields values={bulk.values} set={bulk.set} range={range} setRange={setRange} currency={meta.rate_plans[0]?.currency ?? "COP"} />
      {bulk.error && (
        <div className="mt-3">
          <FormMessages error={bulk.error} />
        </div>
      )}
      <div className="mt-3 flex justify-end">
        <button type="submit" className="btn-primary" disabled={bulk.busy} ref={reviewButton}>
          {bulk.busy && !bulk.preview ? t("reviewing") : t("review")}
        </button>
      </div>
      <ReviewDialog preview={bulk.preview} busy={bulk.busy} meta={meta} returnFocus={reviewButton} onClose={bulk.closePreview} onConfirm={bulk.confirm} />
    </form>
  );
}
