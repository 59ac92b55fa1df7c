"use client";
// "Agregar habitación" and "Agregar tarifa" of a hotel's detail: POST /api/v2/hotels/{id}/room-types and
// /rate-plans on the form kit, each rule (ours, or the API's such as a code already used) under its field.
import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { useZodForm } from "@/components/Form";
import { CatalogFields, CatalogProblems, NEW_RATE_FIELDS, NEW_ROOM_FIELDS, RATE_API, ROOM_API, catalogApiError, newRateSchema, newRoomSchema, type FieldSpec, type NewRateValues, type NewRoomValues, type T } from "./catalog-forms";
import { messages } from "./messages";

const NEW_ROOM: NewRoomValues = { room_id: "", room_name: "", room_type: "DOUBLE", beds: "2", max_adults: "2", max_children: "1" };
const NEW_RATE: NewRateValues = { rate_id: "", rate_description: "", board_type: "", board_type_description: "", refundable: "full", cancellation_policy: "", currency: "COP" };

export function NewRoomTypeForm({ hotelId }: { hotelId: number }) {
  const t = useDict(messages);
  const form = useZodForm(
    useMemo(() => newRoomSchema(t), [t]),
    { defaultValues: NEW_ROOM },
  );
  const create = (v: NewRoomValues) =>
    ok(
      api.POST("/v2/hotels/{id}/room-types", {
        params: { path: { id: hotelId } },
        body: { roomId: v.room_id || undefined, roomName: v.room_name, roomType: v.room_type, beds: Number(v.beds), max_adults: Number(v.max_adults), max_children: Number(v.max_children) },
      }),
    );
  return <CreateForm form={form} empty={NEW_ROOM} fields={NEW_ROOM_FIELDS} apiFields={ROOM_API} create={create} list={["room-types", hotelId]} prefix="new-room" testId="room-type-form" label={t("addRoomType")} t={t} />;
}

export function NewRatePlanForm({ hotelId }: { hotelId: number }) {
  const t = useDict(messages);
  const form = useZodForm(
    useMemo(() => newRateSchema(t), [t]),
    { defaultValues: NEW_RATE },
  );
  const create = (v: NewRateValues) =>
    ok(
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
  return <CreateForm form={form} empty={NEW_RATE} fields={NEW_RATE_FIELDS} apiFields={RATE_API} create={create} list={["rate-plans", hotelId]} prefix="new-rate" testId="rate-plan-form" label={t("addRatePlan")} t={t} />;
}

/** A creation form: checked on submit, POSTed, then emptied and the list above reloaded; an API refusal goes under its fields. */
function CreateForm<F extends FieldValues>(props: {
  form: UseFormReturn<F, unknown, F>;
  empty: F;
  fields: Array<FieldSpec<F>>;
  apiFields: Record<string, string>;
  create: (v: F) => Promise<unknown>;
  list: [string, number];
  prefix: string;
  testId: string;
  label: string;
  t: T;
}) {
  const { form, fields, apiFields, create, list, prefix, testId, label, t } = props;
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await create(v);
      form.reset(props.empty);
      await qc.invalidateQueries({ queryKey: list });
    } catch (err) {
      setError(catalogApiError(err, form, fields, apiFields, t));
    }
  });
  return (
    <form className="grid grid-cols-2 gap-2" onSubmit={submit} noValidate data-testid={testId}>
      <CatalogFields form={form} fields={fields} prefix={prefix} t={t} />
      <CatalogProblems form={form} error={error} t={t} />
      <div className="col-span-2 flex justify-end">
        <button type="submit" className="btn-secondary" disabled={form.formState.isSubmitting}>
          {label}
        </button>
      </div>
    </form>
  );
}
