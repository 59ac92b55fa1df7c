"use client";
import { useState } from "react";
import { z } from "zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { backofficeMessages } from "@/lib/reports/messages";
import { NEW_USER_FIELDS, NO_USER, newUserSchema } from "./new-user";

const schema = newUserSchema.extend({ is_admin: z.boolean() });
type Values = z.input<typeof schema>;
const EMPTY: Values = { ...NO_USER, is_admin: false };

export function TeamManager({ agencyId, meId }: { agencyId: number; meId: number }) {
  const t = useDict(backofficeMessages);
  const qc = useQueryClient();
  const key = ["team", agencyId];
  const users = useQuery({ queryKey: key, queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, signal })) });
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const [confirm, setConfirm] = useState<{ id: number; name: string } | null>(null);

  async function run(action: () => Promise<unknown>, done?: string) {
    setMsg(null);
    try {
      await action();
      if (done) setMsg({ ok: true, text: done });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setMsg({ ok: false, text: e instanceof ApiError ? e.detail : String(e) });
    }
  }
  const labels = { name: t("team.name"), email: t("team.email"), password: t("team.password") };
  const add = form.handleSubmit(async (v) => {
    setMsg(null);
    try {
      await ok(api.POST("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, body: v }));
      form.reset(EMPTY);
      setMsg({ ok: true, text: t("team.created") });
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      const text = applyApiError<Values>(e, (name, x) => form.setError(name, x), NEW_USER_FIELDS, labels);
      if (text) setMsg({ ok: false, text });
    }
  });
  const input = (name: "name" | "email" | "password", type: string, extra: Record<string, string> = {}) => {
    const id = `t-${name}`;
    const err = errorOf(form, name);
    return (
      <Field id={id} label={labels[name]} error={err}>
        <input type={type} className="input" {...extra} {...fieldA11y(id, err)} {...form.register(name)} />
      </Field>
    );
  };
  const patch = (id: number, body: { is_active?: boolean; is_admin?: boolean }) => run(() => ok(api.PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: agencyId, user_id: id } }, body })));

  return (
    <div className="space-y-4">
      <form
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto]"
        data-testid="team-form"
        noValidate
        onSubmit={add}
      >
        {input("name", "text")}
        {input("email", "email", { autoComplete: "email" })}
        {input("password", "password", { autoComplete: "new-password" })}
        <label className="flex items-end gap-2 pb-2 text-sm">
          <input type="checkbox" {...form.register("is_admin")} />
          {t("team.admin")}
        </label>
        <div className="flex items-end">
          <button type="submit" className="btn-primary w-full" disabled={form.formState.isSubmitting}>
            {t("team.add")}
          </button>
        </div>
      </form>
      {msg && <p className={`rounded-md px-3 py-2 text-sm ${msg.ok ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`} role={msg.ok ? "status" : "alert"}>{msg.text}</p>}
      {issued && (
        <div className="card border-amber-200 bg-amber-50 p-4 text-sm" role="status" data-testid="issued-key">
          <p className="font-medium">{t("team.keyShown", { name: issued.name })}</p>
          <code className="mt-2 block break-all rounded bg-white p-2 font-mono text-xs">{issued.key}</code>
        </div>
      )}
      <div className="card overflow-x-auto">
        <table className="table-basic">
          <thead>
            <tr>
              <th>{t("team.name")}</th>
              <th>{t("team.role")}</th>
              <th>{t("team.status")}</th>
              <th>{t("team.actions")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {(users.data ?? []).map((u) => (
              <tr key={u.id} data-testid="team-user">
                <td>
                  <p className="font-medium">
                    {u.name} {u.id === meId && <span className="text-xs text-slate-500">({t("team.you")})</span>}
                  </p>
                  <p className="text-xs text-slate-500">{u.email}</p>
                </td>
                <td>{u.is_admin ? <Badge tone="blue">{t("team.admin")}</Badge> : t("team.member")}</td>
                <td>
                  <Badge tone={u.is_active ? "green" : "gray"}>{u.is_active ? t("team.active") : t("team.inactive")}</Badge>
                </td>
                <td>
                  {u.id !== meId && (
                    <div className="flex flex-wrap gap-2">
                      <button type="button" className="btn-secondary" onClick={() => (u.is_active ? setConfirm({ id: u.id, name: u.name }) : patch(u.id, { is_active: true }))}>
                        {u.is_active ? t("team.deactivate") : t("team.activate")}
                      </button>
                      <button type="button" className="btn-secondary" onClick={() => patch(u.id, { is_admin: !u.is_admin })}>
                        {u.is_admin ? t("team.removeAdmin") : t("team.makeAdmin")}
                      </button>
                      {u.is_active && (
                        <button
                          type="button"
                          className="btn-secondary"
                          onClick={() =>
                            run(async () => {
                              const k = await ok(api.POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: agencyId, user_id: u.id } }, body: {} }));
                              setIssued({ name: u.name, key: k.key });
                            })
                          }
                        >
                          {t("team.giveKey")}
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={t("team.deactivate")}
        body={confirm ? t("team.confirmDeactivate", { name: confirm.name }) : ""}
        danger
        confirmLabel={t("team.deactivate")}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const c = confirm;
          setConfirm(null);
          if (c) void patch(c.id, { is_active: false });
        }}
      />
    </div>
  );
}
