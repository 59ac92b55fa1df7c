"use client";
// Room types and rate plans of one hotel: listed with "Editar" (a dialog with the fields) and "Retirar" /
// "Reactivar" (asked first with ConfirmDialog). PATCH /api/v2/hotels/{id}/room-types/{room_id} and
// /rate-plans/{rate_id}; a retired one is no longer offered, reservations already made keep it.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { apiFetch, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmDialog, Dialog } from "@/components/Dialog";
import { friendlyError } from "@/lib/inventory/bulk-edit";
import { messages } from "./messages";

export interface RoomTypeRow {
  roomId: string;
  roomName: string;
  roomType: string;
  beds: number;
  max_adults: number;
  max_children: number;
  is_active: boolean;
}
export interface RatePlanRow {
  rateId: string;
  rateDescription: string;
  boardType: string | null;
  boardTypeDescription: string;
  refundable: "full" | "partial" | "none";
  cancellationPolicy: string;
  currency: string;
  is_active: boolean;
}

const ROOM_TYPES = ["SINGLE", "DOUBLE", "TRIPLE", "QUADRUPLE", "SUITE", "FAMILY"];

const errorText = (err: unknown) => (err instanceof ApiError ? friendlyError(err.detail) : String(err));

function useRetire(hotelId: number, kind: "room-types" | "rate-plans") {
  const qc = useQueryClient();
  const [target, setTarget] = useState<{ id: string; name: string; active: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    if (!target) return;
    setBusy(true);
    try {
      await apiFetch(`/v2/hotels/${hotelId}/${kind}/${encodeURIComponent(target.id)}`, { method: "PATCH", body: { is_active: !target.active } });
      await qc.invalidateQueries({ queryKey: [kind, hotelId] });
      setTarget(null);
      setError(null);
    } catch (err) {
      setError(errorText(err));
      setTarget(null);
    } finally {
      setBusy(false);
    }
  }
  return { target, setTarget, busy, error, run };
}

export function RoomTypeList({ hotelId, rows }: { hotelId: number; rows: RoomTypeRow[] }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const retire = useRetire(hotelId, "room-types");
  const [editing, setEditing] = useState<RoomTypeRow | null>(null);
  const [form, setForm] = useState({ room_name: "", room_type: "DOUBLE", beds: "1", max_adults: "1", max_children: "0" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function open(r: RoomTypeRow) {
    setEditing(r);
    setError(null);
    setForm({ room_name: r.roomName, room_type: r.roomType, beds: String(r.beds), max_adults: String(r.max_adults), max_children: String(r.max_children) });
  }
  async function save() {
    if (!editing) return;
    const beds = Number(form.beds);
    const adults = Number(form.max_adults);
    const children = Number(form.max_children);
    if (form.room_name.trim() === "") return setError(t("errName"));
    if (!Number.isInteger(beds) || beds < 1 || beds > 20) return setError(t("errBeds"));
    if (!Number.isInteger(adults) || adults < 1 || adults > 20) return setError(t("errAdults"));
    if (!Number.isInteger(children) || children < 0 || children > 10) return setError(t("errChildren"));
    setBusy(true);
    try {
      await apiFetch(`/v2/hotels/${hotelId}/room-types/${encodeURIComponent(editing.roomId)}`, {
        method: "PATCH",
        body: { room_name: form.room_name.trim(), room_type: form.room_type, beds, max_adults: adults, max_children: children },
      });
      await qc.invalidateQueries({ queryKey: ["room-types", hotelId] });
      setEditing(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {retire.error && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {retire.error}
        </p>
      )}
      <ul className="mb-3 divide-y divide-slate-100 text-sm" data-testid="room-type-list">
        {rows.map((r) => (
          <li key={r.roomId} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid="room-type-row">
            <span className={r.is_active ? "" : "text-slate-500"}>
              {r.roomName} <span className="text-xs text-slate-500">{r.roomType}</span> {!r.is_active && <Badge tone="gray">{t("retired")}</Badge>}
              <span className="block text-xs text-slate-500">{t("capacity", { beds: r.beds, adults: r.max_adults, children: r.max_children })}</span>
            </span>
            <span className="flex gap-3 text-sm">
              <button type="button" className="text-brand-700 hover:underline" onClick={() => open(r)}>
                {t("edit")}
              </button>
              <button type="button" className="text-brand-700 hover:underline" onClick={() => retire.setTarget({ id: r.roomId, name: r.roomName, active: r.is_active })}>
                {r.is_active ? t("retire") : t("reactivate")}
              </button>
            </span>
          </li>
        ))}
        {rows.length === 0 && <li className="py-1.5 text-slate-500">{t("none")}</li>}
      </ul>
      <Dialog
        open={editing !== null}
        title={t("editRoomTitle", { name: editing?.roomName ?? "" })}
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
        <div className="grid grid-cols-2 gap-3" data-testid="room-type-edit">
          <label className="col-span-2 text-xs text-slate-700">
            {t("roomName")}
            <input className="input" value={form.room_name} onChange={(e) => setForm({ ...form, room_name: e.target.value })} />
          </label>
          <label className="text-xs text-slate-700">
            {t("roomType")}
            <select className="input" value={form.room_type} onChange={(e) => setForm({ ...form, room_type: e.target.value })}>
              {[...new Set([...ROOM_TYPES, form.room_type])].map((x) => (
                <option key={x} value={x}>
                  {t(`roomTypeOpts.${x}`) === `roomTypeOpts.${x}` ? x : t(`roomTypeOpts.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs text-slate-700">
            {t("beds")}
            <input className="input" inputMode="numeric" value={form.beds} onChange={(e) => setForm({ ...form, beds: e.target.value })} />
          </label>
          <label className="text-xs text-slate-700">
            {t("maxAdults")}
            <input className="input" inputMode="numeric" value={form.max_adults} onChange={(e) => setForm({ ...form, max_adults: e.target.value })} />
          </label>
          <label className="text-xs text-slate-700">
            {t("maxChildren")}
            <input className="input" inputMode="numeric" value={form.max_children} onChange={(e) => setForm({ ...form, max_children: e.target.value })} />
          </label>
          {error && (
            <p role="alert" className="col-span-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={retire.target !== null}
        title={retire.target?.active ? t("retireRoomTitle", { name: retire.target?.name ?? "" }) : t("reactivateTitle", { name: retire.target?.name ?? "" })}
        body={retire.target?.active ? t("retireRoomBody") : t("reactivateBody")}
        confirmLabel={retire.target?.active ? t("retire") : t("reactivate")}
        cancelLabel={t("cancel")}
        danger={retire.target?.active}
        busy={retire.busy}
        onConfirm={retire.run}
        onCancel={() => retire.setTarget(null)}
      />
    </>
  );
}

export function RatePlanList({ hotelId, rows }: { hotelId: number; rows: RatePlanRow[] }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const retire = useRetire(hotelId, "rate-plans");
  const [editing, setEditing] = useState<RatePlanRow | null>(null);
  const [form, setForm] = useState({ rate_description: "", board_type: "", board_type_description: "", refundable: "full", cancellation_policy: "" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function open(r: RatePlanRow) {
    setEditing(r);
    setError(null);
    setForm({ rate_description: r.rateDescription, board_type: r.boardType ?? "", board_type_description: r.boardTypeDescription, refundable: r.refundable, cancellation_policy: r.cancellationPolicy });
  }
  async function save() {
    if (!editing) return;
    if (form.rate_description.trim() === "") return setError(t("errDescription"));
    if (form.board_type_description.trim() === "") return setError(t("errBoardDescription"));
    if (form.cancellation_policy.trim() === "") return setError(t("errPolicy"));
    if (form.board_type.trim().length > 8) return setError(t("errBoard"));
    setBusy(true);
    try {
      await apiFetch(`/v2/hotels/${hotelId}/rate-plans/${encodeURIComponent(editing.rateId)}`, {
        method: "PATCH",
        body: {
          rate_description: form.rate_description.trim(),
          board_type: form.board_type.trim() || null,
          board_type_description: form.board_type_description.trim(),
          refundable: form.refundable,
          cancellation_policy: form.cancellation_policy.trim(),
        },
      });
      await qc.invalidateQueries({ queryKey: ["rate-plans", hotelId] });
      setEditing(null);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {retire.error && (
        <p role="alert" className="mb-2 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {retire.error}
        </p>
      )}
      <ul className="mb-3 divide-y divide-slate-100 text-sm" data-testid="rate-plan-list">
        {rows.map((r) => (
          <li key={r.rateId} className="flex flex-wrap items-center justify-between gap-2 py-1.5" data-testid="rate-plan-row">
            <span className={r.is_active ? "" : "text-slate-500"}>
              {r.rateDescription} {!r.is_active && <Badge tone="gray">{t("retired")}</Badge>}
              <span className="block text-xs text-slate-500">
                {r.boardTypeDescription} · {t(`refundableOpts.${r.refundable}`)} · {r.currency}
              </span>
            </span>
            <span className="flex gap-3 text-sm">
              <button type="button" className="text-brand-700 hover:underline" onClick={() => open(r)}>
                {t("edit")}
              </button>
              <button type="button" className="text-brand-700 hover:underline" onClick={() => retire.setTarget({ id: r.rateId, name: r.rateDescription, active: r.is_active })}>
                {r.is_active ? t("retire") : t("reactivate")}
              </button>
            </span>
          </li>
        ))}
        {rows.length === 0 && <li className="py-1.5 text-slate-500">{t("none")}</li>}
      </ul>
      <Dialog
        open={editing !== null}
        title={t("editRateTitle", { name: editing?.rateDescription ?? "" })}
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
        <div className="grid grid-cols-2 gap-3" data-testid="rate-plan-edit">
          <label className="col-span-2 text-xs text-slate-700">
            {t("rateDescription")}
            <input className="input" value={form.rate_description} onChange={(e) => setForm({ ...form, rate_description: e.target.value })} />
          </label>
          <label className="text-xs text-slate-700">
            {t("boardType")}
            <input className="input" maxLength={8} value={form.board_type} onChange={(e) => setForm({ ...form, board_type: e.target.value })} />
          </label>
          <label className="text-xs text-slate-700">
            {t("refundable")}
            <select className="input" value={form.refundable} onChange={(e) => setForm({ ...form, refundable: e.target.value })}>
              {(["full", "partial", "none"] as const).map((x) => (
                <option key={x} value={x}>
                  {t(`refundableOpts.${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="col-span-2 text-xs text-slate-700">
            {t("boardTypeDescription")}
            <input className="input" value={form.board_type_description} onChange={(e) => setForm({ ...form, board_type_description: e.target.value })} />
          </label>
          <label className="col-span-2 text-xs text-slate-700">
            {t("cancellationPolicy")}
            <textarea className="input" rows={3} value={form.cancellation_policy} onChange={(e) => setForm({ ...form, cancellation_policy: e.target.value })} />
          </label>
          {error && (
            <p role="alert" className="col-span-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </Dialog>
      <ConfirmDialog
        open={retire.target !== null}
        title={retire.target?.active ? t("retireRateTitle", { name: retire.target?.name ?? "" }) : t("reactivateTitle", { name: retire.target?.name ?? "" })}
        body={retire.target?.active ? t("retireRateBody") : t("reactivateBody")}
        confirmLabel={retire.target?.active ? t("retire") : t("reactivate")}
        cancelLabel={t("cancel")}
        danger={retire.target?.active}
        busy={retire.busy}
        onConfirm={retire.run}
        onCancel={() => retire.setTarget(null)}
      />
    </>
  );
}
