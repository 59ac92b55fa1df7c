"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { EmptyState, FormMessages } from "@/components/ui";
import { messages } from "../cards/messages";
import { Field, fieldErrors, newIdempotencyKey } from "../agencies/form-utils";

export function OrganizationsClient() {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ["organizations"], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/organizations", { signal })) });
  const [form, setForm] = useState({ name: "", description: "", external_ref: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      ok(
        api.POST("/v1/virtual-cards/organizations", {
          body: { ...form, external_ref: form.external_ref.trim() || undefined },
          params: { header: { "Idempotency-Key": newIdempotencyKey() } },
        }),
      ),
    onSuccess: (o) => {
      setNotice(t("orgs.created", { name: o.name }));
      setErrors({});
      setForm({ name: "", description: "", external_ref: "" });
      qc.invalidateQueries({ queryKey: ["organizations"] });
    },
    onError: (e) => {
      setNotice(null);
      if (e instanceof ApiError) {
        const fe = fieldErrors(e.detail);
        setErrors(Object.keys(fe).length ? fe : { _: e.detail });
      } else setErrors({ _: tc("common.error") });
    },
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <div className="space-y-6">
      <form
        className="card space-y-3 p-4"
        noValidate
        aria-label={t("orgs.new")}
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <h2 className="font-semibold">{t("orgs.new")}</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label={t("orgs.name")} error={errors.name}>
            <input className="input" value={form.name} onChange={set("name")} />
          </Field>
          <Field label={t("orgs.description")} error={errors.description}>
            <input className="input" value={form.description} onChange={set("description")} />
          </Field>
          <Field label={t("orgs.externalRef")} error={errors.external_ref}>
            <input className="input" value={form.external_ref} onChange={set("external_ref")} />
          </Field>
        </div>
        <FormMessages error={errors._} notice={notice} />
        <button type="submit" className="btn-primary" disabled={create.isPending}>
          {t("orgs.submit")}
        </button>
      </form>
      {list.isLoading ? (
        <p className="text-sm text-slate-500">{tc("common.loading")}</p>
      ) : !list.data?.length ? (
        <EmptyState title={t("orgs.empty")} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("orgs.col.id")}</th>
                <th>{t("orgs.col.name")}</th>
                <th>{t("orgs.col.description")}</th>
                <th>{t("orgs.col.ref")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.data.map((o) => (
                <tr key={o.id}>
                  <td>{o.id}</td>
                  <td className="font-medium">{o.name}</td>
                  <td>{o.description}</td>
                  <td>{o.external_ref ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
