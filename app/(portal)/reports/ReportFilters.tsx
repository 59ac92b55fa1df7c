"use client";
// The report's period and hotel (issue 27): the form kit with Spanish messages under each field; a valid choice
// goes into the address (/reports?from=…&to=…&hotel=…), so a reload or a shared address shows the same report.
// The server checks the address again and hands its findings back as `errors` (a typed URL is input too).
import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { z } from "zod";
import { useDict } from "@/lib/i18n/client";
import { Field, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { MAX_RANGE_DAYS, rangeProblem } from "@/lib/reports/range";
import { messages } from "./messages";

export type FilterField = "from" | "to" | "hotel";

export function ReportFilters({
  values,
  month,
  hotels,
  allLabel,
  errors,
}: {
  values: { from: string; to: string; hotel: string };
  month: { from: string; to: string };
  hotels: Array<{ id: number; label: string }>;
  allLabel: string;
  errors: Partial<Record<FilterField, string>>;
}) {
  const t = useDict(messages);
  const router = useRouter();
  const schema = z
    .object({ from: z.string(), to: z.string(), hotel: z.string() })
    .superRefine((v, ctx) => {
      const problem = rangeProblem(v);
      if (problem === "from-invalid") ctx.addIssue({ code: "custom", path: ["from"], message: t("errors.fromInvalid") });
      if (problem === "to-invalid") ctx.addIssue({ code: "custom", path: ["to"], message: t("errors.toInvalid") });
      if (problem === "order") ctx.addIssue({ code: "custom", path: ["to"], message: t("errors.order") });
      if (problem === "too-long") ctx.addIssue({ code: "custom", path: ["to"], message: t("errors.tooLong", { max: MAX_RANGE_DAYS }) });
    });
  const form = useZodForm(schema, { defaultValues: values });
  const { register, handleSubmit, setError } = form;
  useEffect(() => {
    for (const [name, message] of Object.entries(errors)) if (message) setError(name as FilterField, { type: "server", message });
  }, [errors, setError]);

  const go = (v: { from: string; to: string; hotel: string }) => router.push(`/reports?${new URLSearchParams({ from: v.from, to: v.to, ...(v.hotel ? { hotel: v.hotel } : {}) })}`);
  const submit = handleSubmit(go);
  const err = (k: FilterField) => errorOf(form, k);

  return (
    <form className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-start" onSubmit={submit} noValidate aria-label={t("filters")} data-testid="report-filters">
      <Field id="report-from" label={t("from")} error={err("from")}>
        <input type="date" className="input" {...fieldA11y("report-from", err("from"))} {...register("from")} />
      </Field>
      <Field id="report-to" label={t("to")} error={err("to")}>
        <input type="date" className="input" {...fieldA11y("report-to", err("to"))} {...register("to")} />
      </Field>
      <Field id="report-hotel" label={t("hotel")} error={err("hotel")} className="sm:col-span-2 lg:col-span-1">
        <select className="input" {...fieldA11y("report-hotel", err("hotel"))} {...register("hotel")}>
          <option value="">{allLabel}</option>
          {hotels.map((h) => (
            <option key={h.id} value={String(h.id)}>
              {h.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-1 lg:pt-6">
        <button type="submit" className="btn-primary">
          {t("show")}
        </button>
        <button type="button" className="btn-secondary" onClick={() => go({ ...month, hotel: form.getValues("hotel") })}>
          {t("thisMonth")}
        </button>
      </div>
    </form>
  );
}
