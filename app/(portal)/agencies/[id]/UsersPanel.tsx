"use client";
// The logins of one agency as the operator sees them: the list and the form that adds one (on the form kit, the
// API's rules under their fields).
import { FormMessages } from "@/components/ui";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { formatDateTime } from "@/lib/format";
import { messages } from "../messages";
import { NEW_USER_FIELDS, NO_USER, newUserSchema, type NewUserValues } from "../../team/new-user";

export function UsersPanel({ agencyId }: { agencyId: number }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["agency-users", agencyId], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, signal })) });
  const form = useZodForm(newUserSchema, { defaultValues: NO_USER });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const labels = { name: t("detail.userName"), email: t("detail.userEmail"), password: t("detail.userPassword") };
  const create = useMutation({
    mutationFn: (v: NewUserValues) => ok(api.POST("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, body: v })),
    onSuccess: (u) => {
      setDone(t("detail.userCreated", { email: u.email }));
      setError(null);
      form.reset(NO_USER);
      qc.invalidateQueries({ queryKey: ["agency-users", agencyId] });
    },
    onError: (e) => {
      setDone(null);
      setError(applyApiError<NewUserValues>(e, (name, x) => form.setError(name, x), NEW_USER_FIELDS, labels, tc("common.error")));
    },
  });
  const input = (name: keyof NewUserValues, type: string, autoComplete?: string) => {
    const id = `agency-user-${name}`;
    const err = errorOf(form, name);
    return (
      <Field id={id} label={labels[name]} error={err}>
        <input className="input" type={type} autoComplete={autoComplete} {...fieldA11y(id, err)} {...form.register(name)} />
      </Field>
    );
  };
  return (
    <section className="card space-y-3 p-4" aria-label={t("detail.users")}>
      <h2 className="font-semibold">{t("detail.users")}</h2>
      <p className="text-sm text-slate-500">{t("detail.usersIntro")}</p>
      <form className="grid gap-2 sm:grid-cols-4 sm:items-start" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))}>
        {input("name", "text")}
        {input("email", "email", "off")}
        {input("password", "password", "new-password")}
        <button type="submit" className="btn-primary sm:mt-6" disabled={create.isPending}>
          {t("detail.addUser")}
        </button>
      </form>
      <FormMessages error={error} notice={done} />
      {q.data?.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {q.data.map((u) => (
            <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{u.name}</span> · {u.email}
              </span>
              <span className="text-xs text-slate-500">{formatDateTime(u.created_at, locale)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{t("detail.noUsers")}</p>
      )}
    </section>
  );
}
