"use client";
// Room types and rate plans of one hotel: listed with "Editar" (a dialog with the fields on the form kit, each rule
// under its field) and "Retirar" / "Reactivar" (asked first with ConfirmDialog). PATCH
// /api/v2/hotels/{id}/room-types/{room_id} and /rate-plans/{rate_id}; a retired one is no longer offered,
// reservations already made keep it. Both lists are one CatalogList driven by a CatalogSpec: its form, its PATCH.
import { useId, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer, type ApiBody } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import type { MessageKey } from "@/lib/i18n";
import { Badge } from "@/components/ui";
import { ConfirmDialog, Dialog } from "@/components/Dialog";
import { useZodForm } from "@/components/Form";
import type { UseFormReturn } from "react-hook-form";
import { friendlyError } from "@/lib/inventory/bulk-edit";
import { CatalogFields, RATE_API, RATE_FIELDS, ROOM_API, ROOM_FIELDS, catalogApiError, newRateSchema, newRoomSchema, type FieldSpec, type RateValues, type RoomValues, type T } from "./catalog-forms";
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
  /** The form (the creation form's schema; the code and the currency are not editable, so not shown). */
  schema: (t: T) => ReturnType<typeof newRoomSchema> | ReturnType<typeof newRateSchema>;
  fields: Array<FieldSpec<F>>;
  api: Record<string, string>;
  form: (r: Row) => F;
  /** The PATCH body of the checked values. */
  body: (form: F) => Body;
  patch: (hotelId: number, id: string, body: Body | { is_active: boolean }) => Promise<unknown>;
}

const errorText = (err: unknown) => (err instanceof ApiError ? friendlyError(err.detail) : String(err));
const editable = <F,>(fields: Array<FieldSpec<F>>, fixed: string[]) => fields.filter((f) => !fixed.includes(f.name));

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
  schema: newRoomSchema,
  fields: editable(ROOM_FIELDS, ["room_id"]),
  api: ROOM_API,
  form: (r) => ({ room_id: "", room_name: r.roomName, room_type: r.roomType, beds: String(r.beds), max_adults: String(r.max_adults), max_children: String(r.max_children) }),
  body: (v) => ({ room_name: v.room_name.trim(), room_type: v.room_type, beds: Number(v.beds), max_adults: Number(v.max_adults), max_children: Number(v.max_children) }),
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
  schema: newRateSchema,
  fields: editable(RATE_FIELDS, ["rate_id", "currency"]),
  api: RATE_API,
  form: (r) => ({ rate_id: "", currency: r.currency, rate_description: r.rateDescription, board_type: r.boardType ?? "", board_type_description: r.boardTypeDescription, refundable: r.refundable, cancellation_policy: r.cancellationPolicy }),
  body: (v) => ({
    rate_description: v.rate_description.trim(),
    board_type: v.board_type.trim() || null,
    board_type_description: v.board_type_description.trim(),
    refundable: v.refundable,
    cancellation_policy: v.cancellation_policy.trim(),
  }),
  patch: (hotelId, rateId, body) => ok(api.PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelId, rate_id: rateId } }, body })),
};

export function RoomTypeList(props: { hotelId: number; rows: RoomTypeRow[] }) {
  return <CatalogList spec={roomTypes} {...props} />;
}

export function RatePlanList(props: { hotelId: number; rows: RatePlanRow[] }) {
  return <CatalogList spec={ratePlans} {...props} />;
}

function CatalogList<Row, F extends RoomValues | RateValues, Body>({ spec, hotelId, rows }: { spec: CatalogSpec<Row, F, Body>; hotelId: number; rows: Row[] }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Row | null>(null);
  const [retiring, setRetiring] = useState<Row | null>(null);
  const [retireError, setRetireError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  async function run(id: string, body: Body | { is_active: boolean }) {
    await spec.patch(hotelId, id, body);
    await qc.invalidateQueries({ queryKey: [spec.kind, hotelId] });
  }

  async function retire() {
    if (!retiring) return;
    setBusy(true);
    try {
      await run(spec.id(retiring), { is_active: !spec.active(retiring) });
      setRetireError(null);
    } catch (err) {
      setRetireError(errorText(err));
    } finally {
      setRetiring(null);
      setBusy(false);
    }
  }

  const retiringName = retiring ? spec.name(retiring) : "";
  const retiringActive = retiring ? spec.active(retiring) : false;

  return (
    <>
      {retireError && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {retireError}
        </p>
      )}
      <CatalogRows spec={spec} rows={rows} onEdit={setEditing} onRetire={setRetiring} />
      <Dialog
        open={editing !== null}
        title={t(spec.editTitle, { name: editing ? spec.name(editing) : "" })}
        onClose={() => !busy && setEditing(null)}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setEditing(null)} disabled={busy}>
              {t("cancel")}
            </button>
            <button type="submit" form={formId} className="btn-primary" disabled={busy}>
              {t("saveChanges")}
            </button>
          </>
        }
      >
        {editing && <EditForm key={spec.id(editing)} id={formId} spec={spec} row={editing} setBusy={setBusy} save={(body) => run(spec.id(editing), body)} onSaved={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={retiring !== null}
        title={retiringActive ? t(spec.retireTitle, { name: retiringName }) : t("reactivateTitle", { name: retiringName })}
        body={retiringActive ? t(spec.retireBody) : t("reactivateBody")}
        confirmLabel={retiringActive ? t("retire") : t("reactivate")}
        cancelLabel={t("cancel")}
        danger={retiringActive}
        busy={busy}
        onConfirm={retire}
        onCancel={() => setRetiring(null)}
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

/** The edit dialog's form (submitted by the dialog's "Guardar cambios"): the row's values, checked, then PATCHed. */
function EditForm<Row, F extends RoomValues | RateValues, Body>({
  id,
  spec,
  row,
  setBusy,
  save,
  onSaved,
}: {
  id: string;
  spec: CatalogSpec<Row, F, Body>;
  row: Row;
  setBusy: (b: boolean) => void;
  save: (body: Body) => Promise<void>;
  onSaved: () => void;
}) {
  const t = useDict(messages);
  const schema = useMemo(() => spec.schema(t), [spec, t]);
  const form = useZodForm(schema as ReturnType<typeof newRoomSchema>, { defaultValues: spec.form(row) as RoomValues }) as unknown as UseFormReturn<F, unknown, F>;
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    setBusy(true);
    try {
      await save(spec.body(v));
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
      {error && (
        <p role="alert" className="col-span-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
