"use client";
// Room types and rate plans of one hotel: listed with "Editar" (a dialog with the fields) and "Retirar" /
// "Reactivar" (asked first with ConfirmDialog). PATCH /api/v2/hotels/{id}/room-types/{room_id} and
// /rate-plans/{rate_id}; a retired one is no longer offered, reservations already made keep it.
// Both lists are one CatalogList driven by a CatalogSpec: its fields, its checks and its PATCH.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer, type ApiBody } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import type { MessageKey, Translate } from "@/lib/i18n";
import { Badge } from "@/components/ui";
import { ConfirmDialog, Dialog } from "@/components/Dialog";
import { friendlyError } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

export type RoomTypeRow = ApiAnswer<"/v2/hotels/{id}/room-types">[number];
export type RatePlanRow = ApiAnswer<"/v2/hotels/{id}/rate-plans">[number];

type T = Translate<typeof messages.es>;
type Key = MessageKey<typeof messages.es>;

/** One field of the edit dialog; `wide` spans both columns. */
interface FieldSpec<F> {
  name: keyof F & string;
  label: Key;
  wide?: boolean;
  control:
    | { kind: "text"; maxLength?: number; numeric?: boolean }
    | { kind: "textarea"; rows: number }
    | { kind: "select"; options: (form: F, t: T) => Array<{ value: string; label: string }> };
}

interface CatalogSpec<Row, F extends Record<string, string>, Body> {
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
  fields: Array<FieldSpec<F>>;
  form: (r: Row) => F;
  /** The PATCH body of the edited values, or the message of the first value that is wrong. */
  body: (form: F, t: T) => Body | string;
  patch: (hotelId: number, id: string, body: Body | { is_active: boolean }) => Promise<unknown>;
}

const ROOM_TYPES = ["SINGLE", "DOUBLE", "TRIPLE", "QUADRUPLE", "SUITE", "FAMILY"];
const REFUNDABLE = ["full", "partial", "none"] as const;

const errorText = (err: unknown) => (err instanceof ApiError ? friendlyError(err.detail) : String(err));
const intIn = (text: string, min: number, max: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

const roomTypes: CatalogSpec<RoomTypeRow, { room_name: string; room_type: string; beds: string; max_adults: string; max_children: string }, ApiBody<"/v2/hotels/{id}/room-types/{room_id}", "patch">> = {
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
  fields: [
    { name: "room_name", label: "roomName", wide: true, control: { kind: "text" } },
    {
      name: "room_type",
      label: "roomType",
      control: {
        kind: "select",
        // A type the list does not know (set through the API) stays selectable under its own code.
        options: (form, t) => [...new Set([...ROOM_TYPES, form.room_type])].map((x) => ({ value: x, label: t(`roomTypeOpts.${x}`) === `roomTypeOpts.${x}` ? x : t(`roomTypeOpts.${x}`) })),
      },
    },
    { name: "beds", label: "beds", control: { kind: "text", numeric: true } },
    { name: "max_adults", label: "maxAdults", control: { kind: "text", numeric: true } },
    { name: "max_children", label: "maxChildren", control: { kind: "text", numeric: true } },
  ],
  form: (r) => ({ room_name: r.roomName, room_type: r.roomType, beds: String(r.beds), max_adults: String(r.max_adults), max_children: String(r.max_children) }),
  body(form, t) {
    const beds = intIn(form.beds, 1, 20);
    const adults = intIn(form.max_adults, 1, 20);
    const children = intIn(form.max_children, 0, 10);
    if (form.room_name.trim() === "") return t("errName");
    if (beds === null) return t("errBeds");
    if (adults === null) return t("errAdults");
    if (children === null) return t("errChildren");
    return { room_name: form.room_name.trim(), room_type: form.room_type, beds, max_adults: adults, max_children: children };
  },
  patch: (hotelId, roomId, body) => ok(api.PATCH("/v2/hotels/{id}/room-types/{room_id}", { params: { path: { id: hotelId, room_id: roomId } }, body })),
};

const ratePlans: CatalogSpec<
  RatePlanRow,
  { rate_description: string; board_type: string; board_type_description: string; refundable: string; cancellation_policy: string },
  ApiBody<"/v2/hotels/{id}/rate-plans/{rate_id}", "patch">
> = {
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
  fields: [
    { name: "rate_description", label: "rateDescription", wide: true, control: { kind: "text" } },
    { name: "board_type", label: "boardType", control: { kind: "text", maxLength: 8 } },
    { name: "refundable", label: "refundable", control: { kind: "select", options: (_, t) => REFUNDABLE.map((x) => ({ value: x, label: t(`refundableOpts.${x}`) })) } },
    { name: "board_type_description", label: "boardTypeDescription", wide: true, control: { kind: "text" } },
    { name: "cancellation_policy", label: "cancellationPolicy", wide: true, control: { kind: "textarea", rows: 3 } },
  ],
  form: (r) => ({ rate_description: r.rateDescription, board_type: r.boardType ?? "", board_type_description: r.boardTypeDescription, refundable: r.refundable, cancellation_policy: r.cancellationPolicy }),
  body(form, t) {
    const refundable = REFUNDABLE.find((x) => x === form.refundable);
    if (form.rate_description.trim() === "") return t("errDescription");
    if (form.board_type_description.trim() === "") return t("errBoardDescription");
    if (form.cancellation_policy.trim() === "") return t("errPolicy");
    if (form.board_type.trim().length > 8) return t("errBoard");
    return {
      rate_description: form.rate_description.trim(),
      board_type: form.board_type.trim() || null,
      board_type_description: form.board_type_description.trim(),
      refundable,
      cancellation_policy: form.cancellation_policy.trim(),
    };
  },
  patch: (hotelId, rateId, body) => ok(api.PATCH("/v2/hotels/{id}/rate-plans/{rate_id}", { params: { path: { id: hotelId, rate_id: rateId } }, body })),
};

export function RoomTypeList(props: { hotelId: number; rows: RoomTypeRow[] }) {
  return <CatalogList spec={roomTypes} {...props} />;
}

export function RatePlanList(props: { hotelId: number; rows: RatePlanRow[] }) {
  return <CatalogList spec={ratePlans} {...props} />;
}

function CatalogList<Row, F extends Record<string, string>, Body>({ spec, hotelId, rows }: { spec: CatalogSpec<Row, F, Body>; hotelId: number; rows: Row[] }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ row: Row; form: F } | null>(null);
  const [retiring, setRetiring] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retireError, setRetireError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(id: string, body: Body | { is_active: boolean }) {
    await spec.patch(hotelId, id, body);
    await qc.invalidateQueries({ queryKey: [spec.kind, hotelId] });
  }

  async function save() {
    if (!editing) return;
    const body = spec.body(editing.form, t);
    if (typeof body === "string") return setError(body);
    setBusy(true);
    try {
      await run(spec.id(editing.row), body);
      setEditing(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
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

  const form = editing?.form;
  const set = (name: keyof F & string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setEditing((x) => x && { ...x, form: { ...x.form, [name]: e.target.value } });
  const retiringName = retiring ? spec.name(retiring) : "";
  const retiringActive = retiring ? spec.active(retiring) : false;

  return (
    <>
      {retireError && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {retireError}
        </p>
      )}
      <ul className="mb-3 divide-y divide-slate-100 text-sm" data-testid={`${spec.testId}-list`}>
        {rows.map((r) => (
          <li key={spec.id(r)} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid={`${spec.testId}-row`}>
            <span className={spec.active(r) ? "" : "text-slate-500"}>
              {spec.title(r)} {!spec.active(r) && <Badge tone="gray">{t("retired")}</Badge>}
              {spec.detail(r, t)}
            </span>
            <span className="flex gap-3 text-sm">
              <button
                type="button"
                className="text-brand-700 hover:underline"
                onClick={() => {
                  setError(null);
                  setEditing({ row: r, form: spec.form(r) });
                }}
              >
                {t("edit")}
              </button>
              <button type="button" className="text-brand-700 hover:underline" onClick={() => setRetiring(r)}>
                {spec.active(r) ? t("retire") : t("reactivate")}
              </button>
            </span>
          </li>
        ))}
        {rows.length === 0 && <li className="py-1.5 text-slate-500">{t("none")}</li>}
      </ul>
      <Dialog
        open={editing !== null}
        title={t(spec.editTitle, { name: editing ? spec.name(editing.row) : "" })}
        onClose={() => !busy && setEditing(null)}
        footer={
          <>
            <button type="button" className="btn-secondary" onClick={() => setEditing(null)} disabled={busy}>
              {t("cancel")}
            </button>
            <button type="button" className="btn-primary" onClick={save} disabled={busy}>
              {t("saveChanges")}
            </button>
          </>
        }
      >
        <div className="grid grid-cols-2 gap-3" data-testid={`${spec.testId}-edit`}>
          {form &&
            spec.fields.map((f) => (
              <label key={f.name} className={`${f.wide ? "col-span-2 " : ""}text-xs text-slate-700`}>
                {t(f.label)}
                {f.control.kind === "select" ? (
                  <select className="input" value={form[f.name]} onChange={set(f.name)}>
                    {f.control.options(form, t).map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : f.control.kind === "textarea" ? (
                  <textarea className="input" rows={f.control.rows} value={form[f.name]} onChange={set(f.name)} />
                ) : (
                  <input className="input" inputMode={f.control.numeric ? "numeric" : undefined} maxLength={f.control.maxLength} value={form[f.name]} onChange={set(f.name)} />
                )}
              </label>
            ))}
          {error && (
            <p role="alert" className="col-span-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
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
