"use client";
// "Agregar habitación" and "Agregar tarifa" of a hotel's detail: POST /api/v2/hotels/{id}/room-types and
// /rate-plans on the form kit, each rule (ours or the API's, e.g. a code already used) under its field.
import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { useZodForm } from "@/components/Form";
import { CatalogFields, RATE_API, RATE_FIELDS, ROOM_API, ROOM_FIELDS, catalogApiError, newRateSchema, newRoomSchema, type RateValues, type RoomValues } from "./catalog-forms";
import { messages } from "./messages";

const NEW_ROOM: RoomValues = { room_id: "", room_name: "", room_type: "DOUBLE", beds: "2", max_adults: "2", max_children: "1" };
const NEW_RATE: RateValues = { rate_id: "", rate_description: "", board_type: "", board_type_description: "", refundable: "full", cancellation_policy: "", currency: "COP" };

export function NewRoomTypeForm({ hotelId }: { hotelId: number }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const form = useZodForm(useMemo(() => newRoomSchema(t), [t]), { defaultValues: NEW_ROOM });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await ok(
        api.POST("/v2/hotels/{id}/room-types", {
          params: { path: { id: hotelId } },
          body: { roomId: v.room_id || undefined, roomName: v.room_name, roomType: v.room_type, beds: Number(v.beds), max_adults: Number(v.max_adults), max_children: Number(v.max_children) },
        }),
      );
      form.reset(NEW_ROOM);
      await qc.invalidateQueries({ queryKey: ["room-types", hotelId] });
    } catch (err) {
      setError(catalogApiError(err, form, ROOM_FIELDS, ROOM_API, t));
    }
  });
  return (
    <form className="grid grid-cols-2 gap-2" onSubmit={submit} noValidate data-testid="room-type-form">
      <CatalogFields form={form} fields={ROOM_FIELDS} prefix="new-room" t={t} />
      <FormEnd error={error} label={t("addRoomType")} busy={form.formState.isSubmitting} />
    </form>
  );
}

export function NewRatePlanForm({ hotelId }: { hotelId: number }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const form = useZodForm(useMemo(() => newRateSchema(t), [t]), { defaultValues: NEW_RATE });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await ok(
        api.POST("/v2/hotels/{id}/rate-plans", {
          params: { path: { id: hotelId } },
          body: {
            rateId: v.rate_id || undefined,
            rateDescription: v.rate_description,
            boardType: v.board_type || null,
            boardTypeDescription: v.board_type_description,
            refundable: v.refundable,
            cancellationPolicy: v.cancellation_policy,
            currency: v.currency,
          },
        }),
      );
      form.reset(NEW_RATE);
      await qc.invalidateQueries({ queryKey: ["rate-plans", hotelId] });
    } catch (err) {
      setError(catalogApiError(err, form, RATE_FIELDS, RATE_API, t));
    }
  });
  return (
    <form className="grid grid-cols-2 gap-2" onSubmit={submit} noValidate data-testid="rate-plan-form">
      <CatalogFields form={form} fields={RATE_FIELDS} prefix="new-rate" t={t} />
      <FormEnd error={error} label={t("addRatePlan")} busy={form.formState.isSubmitting} />
    </form>
  );
}

/** The form's general message (what no field holds) and its submit button. */
function FormEnd({ error, label, busy }: { error: string | null; label: string; busy: boolean }) {
  return (
    <>
      {error && (
        <p role="alert" className="col-span-2 rounded-md bg-red-50 p-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="col-span-2 flex justify-end">
        <button type="submit" className="btn-secondary" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
