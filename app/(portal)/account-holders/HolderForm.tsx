"use client";
import { useMemo, useState } from "react";
import { z } from "zod";
import { useRouter } from "next/navigation";
import { api, ok, type ApiBody } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { messages } from "../agencies/messages";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { COUNTRIES_2, documentTypeName } from "@/components/documents";

const DOC_TYPES = ["CC", "CE", "NIT", "PP", "TI", "PEP"] as const;

/** The form's values: the route's body, with the agency as the select's text until it is sent. */
type HolderValues = Omit<ApiBody<"/v1/virtual-cards/account-holders">, "agency_id"> & { agency_id: string };

export function HolderForm({ agencies, preselect }: { agencies: Array<{ id: number; name: string }>; preselect?: number }) {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const router = useRouter();
  const blank: HolderValues = {
    agency_id: preselect && agencies.some((a) => a.id === preselect) ? String(preselect) : "",
    first_name: "",
    last_name: "",
    nacionality: "CO",
    person_type: "natural",
    document_type: "CC",
    document_number: "",
    birthdate: "",
    email: "",
    phone_number: "+57",
    address: "",
    city: "",
    state: "",
    country: "CO",
    zip_code: "",
  };
  const schema = useMemo(
    () =>
      z.object({
        agency_id: z.string().min(1, t("holders.agencyRequired")),
        first_name: z.string(),
        last_name: z.string(),
        nacionality: z.string(),
        person_type: z.enum(["natural", "legal"]),
        document_type: z.string(),
        document_number: z.string(),
        birthdate: z.string(),
        email: z.string(),
        phone_number: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        country: z.string(),
        zip_code: z.string(),
      }),
    [t],
  );
  // The server checks each field (lib/cards/schema.ts) and its rules land under their own field.
  const form = useZodForm(schema, { defaultValues: blank as z.input<typeof schema> });
  const [open, setOpen] = useState(Boolean(blank.agency_id));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  type Values = z.input<typeof schema>;
  const fieldFor = Object.fromEntries(Object.keys(blank).map((k) => [k, k])) as Record<string, keyof Values>;

  const submit = form.handleSubmit(async (v) => {
    setNotice(null);
    setBusy(true);
    setError(null);
    try {
      await ok(api.POST("/v1/virtual-cards/account-holders", { body: { ...(v as HolderValues), agency_id: Number(v.agency_id) } }));
      setNotice(t("holders.created", { agency: agencies.find((a) => String(a.id) === v.agency_id)?.name ?? "" }));
      form.reset({ ...blank, agency_id: "" } as Values);
      router.refresh();
    } catch (err) {
      setError(applyApiError<Values>(err, (name, x) => form.setError(name, x), fieldFor, {}, tc("common.error")));
    } finally {
      setBusy(false);
    }
  });

  const err = (k: keyof Values) => errorOf(form, k);
  const text = (k: keyof Values, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field id={`holder-${k}`} label={label} error={err(k)}>
      <input className="input" {...props} {...fieldA11y(`holder-${k}`, err(k))} {...form.register(k)} />
    </Field>
  );
  const select = (k: keyof Values, label: string, options: ReadonlyArray<readonly [string, string]>, placeholder?: string) => (
    <Field id={`holder-${k}`} label={label} error={err(k)}>
      <select className="input" {...fieldA11y(`holder-${k}`, err(k))} {...form.register(k)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <div className="space-y-3">
      {notice && (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status">
          {notice}
        </p>
      )}
      {!open ? (
        <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
          {t("holders.new")}
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="card space-y-4 p-4" aria-label={t("holders.new")}>
          <h2 className="font-semibold">{t("holders.new")}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {select("agency_id", t("holders.agency"), agencies.map((a) => [String(a.id), a.name] as const), t("holders.chooseAgency"))}
            {text("first_name", t("holders.firstName"), { autoComplete: "given-name" })}
            {text("last_name", t("holders.lastName"), { autoComplete: "family-name" })}
            {select("person_type", t("holders.personType"), [["natural", t("holders.person.natural")], ["legal", t("holders.person.legal")]])}
            {select("document_type", t("holders.documentType"), DOC_TYPES.map((d) => [d, documentTypeName(d)] as const))}
            {text("document_number", t("holders.documentNumber"))}
            {text("birthdate", t("holders.birthdate"), { type: "date" })}
            {select("nacionality", t("holders.nationality"), COUNTRIES_2)}
            {text("email", t("holders.email"), { type: "email" })}
            {text("phone_number", t("holders.phone"), { inputMode: "tel" })}
            {text("address", t("holders.address"))}
            {text("city", t("holders.city"))}
            {text("state", t("holders.state"))}
            {select("country", t("holders.country"), COUNTRIES_2)}
            {text("zip_code", t("holders.zip"))}
          </div>
          {error && (
            <p className="text-sm text-red-700" role="alert">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("holders.submit")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {tc("common.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
