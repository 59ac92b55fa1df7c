"use client";
// Cobrar's order: hotel, payer, reference, detail, the total with its tax and service breakdown, contact, and
// for cash or PSE the payer's document and address.
import { Controller, useWatch } from "react-hook-form";
import { useDict, useI18n } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { formatMoney } from "@/lib/format";
import { MoneyInput } from "@/components/MoneyInput";
import { Field, fieldA11y } from "@/components/Form";
import { DOCUMENT_TYPES, PERSON_TYPES } from "@/lib/money/lookups";
import { PayerFields, slotOf } from "@/components/PaymentFields";
import { fieldError, type Breakdown, type Tab, type TakePaymentForm } from "./useTakePayment";

const percent = (x: unknown) => (x === "" ? 0 : Number(x));

export function OrderSection({ form, tab, parts, hotels }: { form: TakePaymentForm; tab: Tab; parts: Breakdown | null; hotels: { id: number; label: string }[] }) {
  const t = useDict(paymentMessages);
  const { register, control } = form;
  const err = fieldError(form);
  return (
    <section className="card space-y-4 p-5 lg:col-span-3">
      <h2 className="font-semibold">{t("take.order")}</h2>
      <Field id="hotel" label={t("take.hotel")} error={err("hotel_id")}>
        <select {...fieldA11y("hotel", err("hotel_id"))} className="input" {...register("hotel_id")}>
          <option value="">{t("take.chooseHotel")}</option>
          {hotels.map((h) => (
            <option key={h.id} value={h.id}>
              {h.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ref_name" label={t("take.refName")} error={err("ref_name")}>
          <input {...fieldA11y("ref_name", err("ref_name"))} className="input" {...register("ref_name")} />
        </Field>
        <Field id="ref_lastname" label={t("take.refLastname")} error={err("ref_lastname")}>
          <input {...fieldA11y("ref_lastname", err("ref_lastname"))} className="input" {...register("ref_lastname")} />
        </Field>
      </div>
      <Field id="ref_number" label={t("take.refNumber")} error={err("ref_number")} hint={t("take.refNumberHint")}>
        <input {...fieldA11y("ref_number", err("ref_number"), true)} className="input" maxLength={64} {...register("ref_number")} />
      </Field>
      <Field id="detail" label={t("take.detail")} error={err("detail")}>
        <input {...fieldA11y("detail", err("detail"))} className="input" maxLength={tab === "card" ? 99 : 255} {...register("detail")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="amount" label={t("take.amount")} error={err("amount")} className="sm:col-span-2">
          <Controller
            control={control}
            name="amount"
            render={({ field }) => (
              <MoneyInput {...fieldA11y("amount", err("amount"))} ref={field.ref} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(err("amount"))} placeholder="350.000" />
            )}
          />
        </Field>
        <Field id="tax" label={t("take.taxPercent")} error={err("tax")} hint={t("take.taxHint")}>
          <input {...fieldA11y("tax", err("tax"), true)} className="input" type="number" min={0} max={100} step={1} {...register("tax", { setValueAs: percent })} />
        </Field>
        <Field id="service" label={t("take.servicePercent")} error={err("service")}>
          <input {...fieldA11y("service", err("service"))} className="input" type="number" min={0} max={100} step={1} {...register("service", { setValueAs: percent })} />
        </Field>
      </div>
      {parts && <BreakdownList form={form} parts={parts} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="email" label={t("take.email")} error={err("email")}>
          <input {...fieldA11y("email", err("email"))} className="input" type="email" inputMode="email" {...register("email")} />
        </Field>
        <Field id="phone" label={t("take.phone")} error={err("phone")}>
          <input {...fieldA11y("phone", err("phone"))} className="input" type="tel" placeholder="300 123 4567" {...register("phone")} />
        </Field>
      </div>
      {(tab === "cash" || tab === "bank") && (
        <PayerFields
          slots={{ docType: slotOf(form, "fiscal_number_type"), docNumber: slotOf(form, "fiscal_number"), personType: slotOf(form, "user_type"), address: slotOf(form, "address") }}
          labels={{ docType: t("take.documentType"), docNumber: t("take.fiscalNumber"), personType: t("take.personType"), address: t("take.address") }}
          documentTypes={DOCUMENT_TYPES}
          personTypes={PERSON_TYPES}
          autoFill={false}
          wide
        />
      )}
    </section>
  );
}

function BreakdownList({ form, parts }: { form: TakePaymentForm; parts: Breakdown }) {
  const t = useDict(paymentMessages);
  const { locale } = useI18n();
  const [tax, service] = useWatch({ control: form.control, name: ["tax", "service"] });
  const money = (n: number) => formatMoney(n, "COP", locale);
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md bg-slate-50 p-3 text-sm" data-testid="breakdown">
      <dt className="text-slate-600">{t("take.base")}</dt>
      <dd className="text-right">{money(parts.base)}</dd>
      {parts.tax > 0 && (
        <>
          <dt className="text-slate-600">
            {t("take.tax")} ({tax || 0} %)
          </dt>
          <dd className="text-right">{money(parts.tax)}</dd>
        </>
      )}
      {parts.service > 0 && (
        <>
          <dt className="text-slate-600">
            {t("take.service")} ({service || 0} %)
          </dt>
          <dd className="text-right">{money(parts.service)}</dd>
        </>
      )}
      <dt className="font-semibold">{t("take.total")}</dt>
      <dd className="text-right font-semibold" data-testid="breakdown-total">
        {money(parts.total)}
      </dd>
    </dl>
  );
}
