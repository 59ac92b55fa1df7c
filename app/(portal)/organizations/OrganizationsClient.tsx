"use client";
import { useState } from "react";
import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { EmptyState, FormMessages } from "@/components/ui";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { messages } from "../cards/messages";
import { newIdempotencyKey } from "../agencies/form-utils";

// The same limits as the API (lib/cards/schema.ts createOrganizationBody), as sentences under each field.
const schema = z.object({
  name: z.string().trim().min(1, "Escriba el nombre de la organización").max(120, "El nombre admite hasta 120 caracteres"),
  description: z.string().trim().min(1, "Escriba una descripción").max(500, "La descripción admite hasta 500 caracteres"),
  external_ref: z.string().trim().max(100, "La referencia admite hasta 100 caracteres"),
});
type Values = z.input<typeof schema>;
const EMPTY: Values = { name: "", description: "", external_ref: "" };

export function OrganizationsClient() {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ["organizations"], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/organizations", { signal })) });
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const labels = { name: t("orgs.name"), description: t("orgs.description"), external_ref: t("orgs.externalRef") };
  const create = useMutation({
    mutationFn: (v: z.output<typeof schema>) =>
      ok(
        api.POST("/v1/virtual-cards/organizations", {
          body: { ...v, external_ref: v.external_ref || undefined },
          params: { header: { "Idempotency-Key": newIdempotencyKey() } },
        }),
      ),
    onSuccess: (o) => {
      setNotice(t("orgs.created", { name: o.name }));
      setError(null);
      form.reset(EMPTY);
      qc.invalidateQueries({ queryKey: ["organizations"] });
    },
    onError: (e) => {
      setNotice(null);
      setError(applyApiError<Values>(e, (name, x) => form.setError(name, x), { name: "name", description: "description", external_ref: "external_ref" }, labels, tc("common.error")));
    },
  });
  const input = (name: keyof Values) => {
    const id = `org-${name}`;
    const err = errorOf(form, name);
    return (
      <Field id={id} label={labels[name]} error={err}>
        <input className="input" {...fieldA11y(id, err)} {...form.register(name)} />
      </Field>
    );
  };
  return (
    <div className="space-y-6">
      <form className="card space-y-3 p-4" noValidate aria-label={t("orgs.new")} onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        <h2 className="font-semibold">{t("orgs.new")}</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          {input("name")}
          {input("description")}
          {input("external_ref")}
        </div>
        <FormMessages error={error} notice={notice} />
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
