"use client";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { backofficeMessages } from "@/lib/reports/messages";

export function TeamManager({ agencyId, meId }: { agencyId: number; meId: number }) {
  const t = useDict(backofficeMessages);
  const qc = useQueryClient();
  const key = ["team", agencyId];
  const users = useQuery({ queryKey: key, queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, signal })) });
  const [form, setForm] = useState({ name: "", email: "", password: "", is_admin: false });
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
  const patch = (id: number, body: { is_active?: boolean; is_admin?: boolean }) => run(() => ok(api.PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: agencyId, user_id: id } }, body })));

  return (
    <div className="space-y-4">
      <form
        className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto]"
        data-testid="team-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await ok(api.POST("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, body: form }));
            setForm({ name: "", email: "", password: "", is_admin: false });
          }, t("team.created"));
        }}
      >
        <div>
          <label className="label" htmlFor="t-name">{t("team.name")}</label>
          <input id="t-name" className="input" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required />
        </div>
        <div>
          <label className="label" htmlFor="t-email">{t("team.email")}</label>
          <input id="t-email" type="email" className="input" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required />
        </div>
        <div>
          <label className="label" htmlFor="t-password">{t("team.password")}</label>
          <input id="t-password" type="password" className="input" value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} required minLength={8} autoComplete="new-password" />
        </div>
        <label className="flex items-end gap-2 pb-2 text-sm">
          <input type="checkbox" checked={form.is_admin} onChange={(e) => setForm({ ...form, is_admin: e.target.checked })} />
          {t("team.admin")}
        </label>
        <div className="flex items-end">
          <button className="btn-primary w-full">{t("team.add")}</button>
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
