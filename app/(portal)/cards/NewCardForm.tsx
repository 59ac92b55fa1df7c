"use client";
// The new-card form of /cards on the portal's form kit: Spanish rules under each field, the API's rules mapped to
// the same fields (destination.* and spending_controls.* included), the Idempotency-Key per submission.
import { useState } from "react";
import { z } from "zod";
import { Controller, useWatch } from "react-hook-form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { FormMessages } from "@/components/ui";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { detailByField, formatDate } from "@/lib/format";
import { messages } from "./messages";
import { newIdempotencyKey } from "../agencies/form-utils";
import { controlsBody, controlsErrors, noControls, SpendingControlsFields, type ControlsValue, type HotelOption } from "./SpendingControlsFields";

export function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

function cardSchema(orgRequired: string) {
  return z.object({
    card_name: z.string(),
    organization_id: z.string().min(1, orgRequired),
    activation: z.string(),
    expiration: z.string(),
    one_time_use: z.boolean(),
    dest_external_id: z.string(),
    dest_name: z.string(),
    dest_email: z.string(),
    external_reference: z.string(),
    controls: z.custom<ControlsValue>(),
  });
}
type CardValues = z.input<ReturnType<typeof cardSchema>>;

/** The API's field names (lib/cards/schema.ts) → the form's. */
const FIELD_FOR: Record<string, keyof CardValues> = {
  card_name: "card_name",
  organization_id: "organization_id",
  activation: "activation",
  expiration: "expiration",
  one_time_use: "one_time_use",
  external_reference: "external_reference",
  destination: "dest_external_id",
  "destination.external_id": "dest_external_id",
  "destination.name": "dest_name",
  "destination.email": "dest_email",
};

export function NewCardForm({ today, maxExpiration, hotels, organizations }: { today: string; maxExpiration: string; hotels: HotelOption[]; organizations: Array<{ id: number; name: string }> }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const blank: CardValues = {
    card_name: "",
    organization_id: "",
    activation: addDays(today, 1),
    expiration: addDays(today, 30),
    one_time_use: true,
    dest_external_id: "",
    dest_name: "",
    dest_email: "",
    external_reference: "",
    controls: noControls,
  };
  const form = useZodForm(cardSchema(t("cards.orgRequired")), { defaultValues: blank });
  const activation = useWatch({ control: form.control, name: "activation" });
  const [error, setError] = useState<string | null>(null);
  const [controlsErr, setControlsErr] = useState<{ limits?: string; hotels?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const labels: Record<string, string> = {
    card_name: t("cards.cardName"),
    organization_id: t("cards.organization"),
    external_reference: t("cards.externalReference"),
    activation: t("cards.activation"),
    expiration: t("cards.expiration"),
    destination: t("cards.destination"),
    "destination.external_id": t("cards.destExternalId"),
    "destination.name": t("cards.destName"),
    "destination.email": t("cards.destEmail"),
    spending_controls: t("controls.legend"),
  };
  const create = useMutation({
    mutationFn: (v: CardValues) =>
      ok(
        api.POST("/v1/virtual-cards", {
          params: { header: { "Idempotency-Key": newIdempotencyKey() } },
          body: {
            card_name: v.card_name,
            organization_id: Number(v.organization_id),
            activation: v.activation,
            expiration: v.expiration,
            one_time_use: v.one_time_use,
            destination: { external_id: v.dest_external_id, name: v.dest_name, email: v.dest_email },
            external_reference: v.external_reference,
            spending_controls: controlsBody(v.controls),
          },
        }),
      ),
    onSuccess: (r, v) => {
      setNotice(t("cards.created", { nickname: r.data.nickname, last4: r.data.last_four, activation: formatDate(r.data.activation, locale) }));
      setError(null);
      setControlsErr({});
      form.reset({ ...blank, organization_id: v.organization_id });
      qc.invalidateQueries({ queryKey: ["cards"] });
    },
    onError: (e) => {
      setNotice(null);
      const byField = e instanceof ApiError ? detailByField(e.detail) : {};
      setControlsErr(controlsErrors(byField));
      const general = applyApiError<CardValues>(e, (name, x) => form.setError(name, x), FIELD_FOR, labels, tc("common.error"));
      // Rules about the spending controls show inside their fieldset; the sentence is for what no field owns.
      const unplaced = Object.keys(byField).filter((k) => !FIELD_FOR[k] && !k.startsWith("spending_controls"));
      setError(Object.keys(byField).length > 0 && unplaced.length === 0 ? null : general);
    },
  });
  const err = (name: keyof CardValues) => errorOf(form, name);
  const input = (name: keyof CardValues, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => {
    const id = `card-${name}`;
    return (
      <Field id={id} label={label} error={err(name)}>
        <input className="input" {...props} {...fieldA11y(id, err(name))} {...form.register(name)} />
      </Field>
    );
  };

  return (
    <form className="card space-y-4 p-4" noValidate aria-label={t("cards.new")} onSubmit={form.handleSubmit((v) => create.mutate(v))}>
      <h2 className="font-semibold">{t("cards.new")}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {input("card_name", t("cards.cardName"), { autoComplete: "off" })}
        <Field id="card-organization_id" label={t("cards.organization")} error={err("organization_id")}>
          <select className="input" {...fieldA11y("card-organization_id", err("organization_id"))} {...form.register("organization_id")}>
            <option value="">{t("cards.chooseOrg")}</option>
            {organizations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </Field>
        {input("external_reference", t("cards.externalReference"))}
        {input("activation", t("cards.activation"), { type: "date", min: today, max: maxExpiration })}
        {input("expiration", t("cards.expiration"), { type: "date", min: activation ? addDays(activation, 1) : today, max: maxExpiration })}
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" {...form.register("one_time_use")} />
          {t("cards.oneTime")}
        </label>
      </div>
      <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-medium text-slate-600">{t("cards.destination")}</legend>
        {input("dest_external_id", t("cards.destExternalId"))}
        {input("dest_name", t("cards.destName"))}
        {input("dest_email", t("cards.destEmail"), { type: "email" })}
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-600">{t("controls.legend")}</legend>
        <Controller
          control={form.control}
          name="controls"
          render={({ field }) => (
            <SpendingControlsFields
              value={field.value}
              onChange={(v) => {
                setControlsErr({});
                field.onChange(v);
              }}
              hotels={hotels}
              errors={controlsErr}
            />
          )}
        />
      </fieldset>
      <FormMessages error={error} notice={notice} />
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {t("cards.submit")}
      </button>
    </form>
  );
}
