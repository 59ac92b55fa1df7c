"use client";
// Room types and rate plans of one hotel: listed with "Editar" (a dialog with the fields on the form kit, each rule
// under its field) and "Retirar" / "Reactivar" (asked first with the kit's ConfirmFor). PATCH
// /api/v2/hotels/{id}/room-types/{room_id} and /rate-plans/{rate_id}; a retired one is no longer offered,
// reservations already made keep it. Both lists are one CatalogList driven by a CatalogSpec: its form, its PATCH.
import { useId, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { DefaultValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { api, ok, ApiError, type ApiAnswer, type ApiBody } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n";
import { Badge, FormMessages } from "@/components/ui";
import { ConfirmFor, Dialog, useConfirm } from "@/components/Dialog";
import { useZodForm } from "@/components/Form";
import { friendlyError } from "@/lib/inventory/bulk-edit";
import { CatalogFields, CatalogProblems, RATE_API, RATE_FIELDS, ROOM_API, ROOM_FIELDS, catalogApiError, rateSchema, roomSchema, type FieldSpec, type RateValues, type RoomValues, type T } from "./catalog-forms";
import { messages } from "./messages";

export type RoomTypeRow = ApiAnswer<"/v2/hotels/{id}/room-types">[number];
export type RatePlanRow = ApiAnswer<"/v2/hotels/{id}/rate-plans">[number];

type Key = MessageKey<typeof messages.es>;

interface CatalogSpec<Row, F extends RoomValues | RateValues, Body> {
  /** The path segment and the query key of the list. */
  kind: "room-types" | "rate-plans";
  testId: "room-type" | "rate-plan";
  id: (r: Row) => string;
  name: (r: Row) => string;
  active: (r: Row) => boolean;
  /** The row's text before the "retired" badge, and the line under it. */
  title: (r: Row) => React.ReactNode;
  detail: (r: Row, t: T) => React.ReactNode;
  editTitle: Key;
  retireTitle: Key;
  retireBody: Key;
  /** The edit form: its schema (the code and the currency are not editable), its fields, the API's names for them. */
  schema: (t: T) => z.ZodType<F, F>;
  fields: Array<FieldSpec<F>>;
  api: Record<string, string>;
  form: (r: Row) => F;
  /** The PATCH body of the checked values. */
  body: (form: F) => Body;
  patch: (hotelId: number, id: string, body: Body | { is_active: boolean }) => Promise<unknown>;
}

const errorText = (err: unknown) => (err instanceof ApiError ? friendlyError(err.detail) : String(err));

const roomTypes: CatalogSpec<RoomTypeRow, RoomValues, ApiBody<"/v2/hotels/{id}/room-types/{room_id}", "patch">> = {
  kind: "room-types",
  testId: "room-type",
  id: (r) => r.roomId,
  name: (r) => r.roomName,
  active: (r) => r.is_active,
  title: (r) => (
    <>
      {r.roomName} <span className="text-xs text-slate-500">{r.roomType}</span>
    </>
  ),
  detail: (r, t) => <span className="block text-xs text-slate-500">{t("capacity", { beds: r.beds, adults: r.max_adults, children: r.max_children })}</span>,
  editTitle: "editRoomTitle",
  retireTitle: "retireRoomTitle",
  retireBody: "retireRoomBody",
  schema: roomSchema,
  fields: ROOM_FIELDS,
  api: ROOM_API,
  form: (r) => ({ room_name: r.roomName, room_type: r.roomType, beds: String(r.beds), max_adults: String(r.max_adults), max_children: String(r.max_children) }),
  body: (v) => ({ room_name: v.room_name, room_type: v.room_type, beds: Number(v.beds), max_adults: Number(v.max_adults), max_children: Number(v.max_children) }),
  patch: (hotelId, roomId, body) => ok(api.PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelId, room_id: roomId } }, body })),
};

const ratePlans: CatalogSpec<RatePlanRow, RateValues, ApiBody<"/v2/hotels/{id}/rate-plans/{rate_id}", "patch">> = {
  kind: "rate-plans",
  testId: "rate-plan",
  id: (r) => r.rateId,
  name: (r) => r.rateDescription,
  active: (r) => r.is_active,
  title: (r) => r.rateDescription,
  detail: (r, t) => (
    <span className="block text-xs text-slate-500">
      {r.boardTypeDescription} · {t(`refundableOpts.${r.refundable}`)} · {r.currency}
    </span>
  ),
  editTitle: "editRateTitle",
  retireTitle: "retireRateTitle",
  retireBody: "retireRateBody",
  schema: rateSchema,
  fields: RATE_FIELDS,
  api: RATE_API,
  form: (r) => ({ rate_description: r.rateDescription, board_type: r.boardType ?? "", board_type_description: r.boardTypeDescription, refundable: r.refundable, cancellation_policy: r.cancellationPolicy }),
  body: (v) => ({ rate_description: v.rate_description, board_type: v.board_type || null, board_type_description: v.board_type_description, refundable: v.refundable, cancellation_policy: v.cancellation_policy }),
  patch: (hotelId, rateId, body) => ok(api.PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelId, rate_id: rateId } }, body })),
};

export function RoomTypeList(props: { hotelId: number; rows: RoomTypeRow[] }) {
  return <CatalogList spec={roomTypes} {...props} />;
}

export function RatePlanList(props: { hotelId: number; rows: RatePlanRow[] }) {
  return <CatalogList spec={ratePlans} {...props} />;
}

type ListProps<Row, F extends RoomValues | RateValues, Body> = { spec: CatalogSpec<Row, F, Body>; hotelId: number };

/** The list with its two questions: the edit dialog and "Retirar"/"Reactivar" (the outcome of which shows above the list). */
function CatalogList<Row, F extends RoomValues | RateValues, Body>({ spec, hotelId, rows }: ListProps<Row, F, Body> & { rows: Row[] }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const retiring = useConfirm<Row>();
  const [retireError, setRetireError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function retire(r: Row) {
    setBusy(true);
    try {
      await spec.patch(hotelId, spec.id(r), { is_active: !spec.active(r) });
      await qc.invalidateQueries({ queryKey: [spec.kind, hotelId] });
      setRetireError(null);
    } catch (err) {
      setRetireError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const active = retiring.subject !== null && spec.active(retiring.subject);
  return (
    <>
      <div className="mb-2 empty:hidden">
        <FormMessages error={retireError} />
      </div>
      <CatalogRows spec={spec} rows={rows} onEdit={setEditing} onRetire={retiring.ask} />
      <EditDialog spec={spec} hotelId={hotelId} row={editing} onClose={() => setEditing(null)} />
      <ConfirmFor
        flow={retiring}
        title={(r) => (spec.active(r) ? t(spec.retireTitle, { name: spec.name(r) }) : t("reactivateTitle", { name: spec.name(r) }))}
        body={(r) => (spec.active(r) ? t(spec.retireBody) : t("reactivateBody"))}
        confirmLabel={(r) => (spec.active(r) ? t("retire") : t("reactivate"))}
        cancelLabel={t("cancel")}
        danger={active}
        busy={busy}
        onConfirm={retire}
      />
    </>
  );
}

/** The list: each row with its "retired" badge, "Editar" and "Retirar"/"Reactivar". */
function CatalogRows<Row, F extends RoomValues | RateValues, Body>({ spec, rows, onEdit, onRetire }: { spec: CatalogSpec<Row, F, Body>; rows: Row[]; onEdit: (r: Row) => void; onRetire: (r: Row) => void }) {
  const t = useDict(messages);
  return (
    <ul className="mb-3 divide-y divide-slate-100 text-sm" data-testid={`${spec.testId}-list`}>
      {rows.map((r) => (
        <li key={spec.id(r)} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid={`${spec.testId}-row`}>
          <span className={spec.active(r) ? "" : "text-slate-500"}>
            {spec.title(r)} {!spec.active(r) && <Badge tone="gray">{t("retired")}</Badge>}
            {spec.detail(r, t)}
          </span>
          <span className="flex gap-3 text-sm">
            <button type="button" className="text-brand-700 hover:underline" onClick={() => onEdit(r)}>
              {t("edit")}
            </button>
            <button type="button" className="text-brand-700 hover:underline" onClick={() => onRetire(r)}>
              {spec.active(r) ? t("retire") : t("reactivate")}
            </button>
          </span>
        </li>
      ))}
      {rows.length === 0 && <li className="py-1.5 text-slate-500">{t("none")}</li>}
    </ul>
  );
}

/** The edit dialog: stays mounted (so the focus goes back to "Editar" on close); its form is the row's while open. */
function EditDialog<Row, F extends RoomValues | RateValues, Body>({ spec, hotelId, row, onClose }: ListProps<Row, F, Body> & { row: Row | null; onClose: () => void }) {
  const t = useDict(messages);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  return (
    <Dialog
      open={row !== null}
      title={t(spec.editTitle, { name: row ? spec.name(row) : "" })}
      onClose={() => !busy && onClose()}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={busy}>
            {t("saveChanges")}
          </button>
        </>
      }
    >
      {row && <EditForm key={spec.id(row)} id={formId} spec={spec} hotelId={hotelId} row={row} setBusy={setBusy} onSaved={onClose} />}
    </Dialog>
  );
}

/** The edit dialog's form (submitted by the dialog's "Guardar cambios"): the row's values, checked, then PATCHed. */
function EditForm<Row, F extends RoomValues | RateValues, Body>({ id, spec, hotelId, row, setBusy, onSaved }: ListProps<Row, F, Body> & { id: string; row: Row; setBusy: (b: boolean) => void; onSaved: () => void }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const schema = useMemo(() => spec.schema(t), [spec, t]);
  const form: UseFormReturn<F, unknown, F> = useZodForm(schema, { defaultValues: spec.form(row) as DefaultValues<F> });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    setBusy(true);
    try {
      await spec.patch(hotelId, spec.id(row), spec.body(v));
      await qc.invalidateQueries({ queryKey: [spec.kind, hotelId] });
      onSaved();
    } catch (err) {
      setError(catalogApiError(err, form, spec.fields, spec.api, t));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form id={id} className="grid grid-cols-2 gap-3" onSubmit={submit} noValidate data-testid={`${spec.testId}-edit`}>
      <CatalogFields form={form} fields={spec.fields} prefix={`edit-${spec.testId}`} t={t} />
      <CatalogProblems form={form} error={error} t={t} />
    </form>
  );
}
