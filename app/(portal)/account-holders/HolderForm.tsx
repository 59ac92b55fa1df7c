"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, ok, ApiError, type ApiBody } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { messages } from "../agencies/messages";
import { Field, fieldErrors } from "../agencies/form-utils";
import { humanizeDetail } from "@/lib/format";
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
  const [form, setForm] = useState(blank);
  const [open, setOpen] = useState(Boolean(blank.agency_id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setNotice(null);
    if (!form.agency_id) return setErrors({ agency_id: t("holders.agencyRequired") });
    setBusy(true);
    setErrors({});
    try {
      await ok(api.POST("/v1/virtual-cards/account-holders", { body: { ...form, agency_id: Number(form.agency_id) } }));
      setNotice(t("holders.created", { agency: agencies.find((a) => String(a.id) === form.agency_id)?.name ?? "" }));
      setForm({ ...blank, agency_id: "" });
      router.refresh();
    } catch (err) {
      if (err instanceof ApiError) {
        const fe = fieldErrors(err.detail);
        setErrors(Object.keys(fe).length ? fe : { _: humanizeDetail(err.detail) });
      } else setErrors({ _: tc("common.error") });
    } finally {
      setBusy(false);
    }
  }

  const text = (k: keyof typeof blank, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} error={errors[k]}>
      <input className="input" value={form[k]} onChange={set(k)} {...props} />
    </Field>
  );

  const countrySelect = (k: "nacionality" | "country", label: string) => (
    <Field label={label} error={errors[k]}>
      <select className="input" value={form[k]} onChange={set(k)}>
        {COUNTRIES_2.map(([code, name]) => (
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
            <Field label={t("holders.agency")} error={errors.agency_id}>
              <select className="input" value={form.agency_id} onChange={set("agency_id")}>
                <option value="">{t("holders.chooseAgency")}</option>
                {agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </Field>
            {text("first_name", t("holders.firstName"))}
            {text("last_name", t("holders.lastName"))}
            <Field label={t("holders.personType")} error={errors.person_type}>
              <select className="input" value={form.person_type} onChange={set("person_type")}>
                <option value="natural">{t("holders.person.natural")}</option>
                <option value="legal">{t("holders.person.legal")}</option>
              </select>
            </Field>
            <Field label={t("holders.documentType")} error={errors.document_type}>
              <select className="input" value={form.document_type} onChange={set("document_type")}>
                {DOC_TYPES.map((d) => (
                  <option key={d} value={d}>
                    {documentTypeName(d)}
                  </option>
                ))}
              </select>
            </Field>
            {text("document_number", t("holders.documentNumber"))}
            {text("birthdate", t("holders.birthdate"), { type: "date" })}
            {countrySelect("nacionality", t("holders.nationality"))}
            {text("email", t("holders.email"), { type: "email" })}
            {text("phone_number", t("holders.phone"), { inputMode: "tel" })}
            {text("address", t("holders.address"))}
            {text("city", t("holders.city"))}
            {text("state", t("holders.state"))}
            {countrySelect("country", t("holders.country"))}
            {text("zip_code", t("holders.zip"))}
          </div>
          {errors._ && (
            <p className="text-sm text-red-700" role="alert">
              {errors._}
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
