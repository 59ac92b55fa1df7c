"use client";
import { useState } from "react";
import { z } from "zod";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmFor, useConfirm } from "@/components/Dialog";
import { DataList } from "@/components/DataList";
import { SecretReveal } from "@/components/SecretReveal";
import { ActionMessage, useRun } from "@/components/ActionMessage";
import { applyApiError, useZodForm } from "@/components/Form";
import { backofficeMessages } from "@/lib/reports/messages";
import { NEW_USER_FIELDS, NO_USER, newUserSchema } from "./new-user";
import { NewUserInputs } from "./NewUserInputs";

const schema = newUserSchema.extend({ is_admin: z.boolean() });
type Values = z.input<typeof schema>;
const EMPTY: Values = { ...NO_USER, is_admin: false };
type TeamUser = { id: number; name: string; email: string; is_admin: boolean; is_active: boolean };
type Patch = { is_active?: boolean; is_admin?: boolean };

export function TeamManager({ agencyId, meId }: { agencyId: number; meId: number }) {
  const t = useDict(backofficeMessages);
  const { t: tc } = useI18n();
  const users = useQuery({ queryKey: ["team", agencyId], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, signal })) });
  const { msg, run } = useRun(["team", agencyId]);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  const confirm = useConfirm<TeamUser>();
  const patch = (id: number, body: Patch) => run(() => ok(api.PATCH("/v2/agencies/{id}/users/{user_id}", { params: { path: { id: agencyId, user_id: id } }, body })));
  const giveKey = (u: TeamUser) =>
    run(async () => {
      const k = await ok(api.POST("/v2/agencies/{id}/users/{user_id}/api-keys", { params: { path: { id: agencyId, user_id: u.id } }, body: {} }));
      setIssued({ name: u.name, key: k.key });
    });

  return (
    <div className="space-y-4">
      <AddUserForm agencyId={agencyId} run={run} />
      <ActionMessage msg={msg} />
      {issued && <SecretReveal title={t("team.keyShown", { name: issued.name })} secret={issued.key} testId="issued-key" copyLabel={tc("common.copy")} copiedLabel={tc("common.copied")} />}
      <DataList<TeamUser>
        rows={users.data ?? []}
        rowKey={(u) => u.id}
        caption={t("team.title")}
        rowTestId="team-user"
        columns={[
          {
            key: "name",
            header: t("team.name"),
            card: "title",
            cell: (u) => (
              <>
                <p className="font-medium">
                  {u.name} {u.id === meId && <span className="text-xs text-slate-500">({t("team.you")})</span>}
                </p>
                <p className="text-xs text-slate-500">{u.email}</p>
              </>
            ),
          },
          { key: "role", header: t("team.role"), cell: (u) => (u.is_admin ? <Badge tone="blue">{t("team.admin")}</Badge> : t("team.member")) },
          { key: "status", header: t("team.status"), cell: (u) => <Badge tone={u.is_active ? "green" : "gray"}>{u.is_active ? t("team.active") : t("team.inactive")}</Badge> },
          {
            key: "actions",
            header: t("team.actions"),
            card: "plain",
            cell: (u) =>
              u.id !== meId && (
                <div className="flex flex-wrap gap-2">
                  <button type="button" className="btn-secondary" onClick={() => (u.is_active ? confirm.ask(u) : patch(u.id, { is_active: true }))}>
                    {u.is_active ? t("team.deactivate") : t("team.activate")}
                  </button>
                  <button type="button" className="btn-secondary" onClick={() => patch(u.id, { is_admin: !u.is_admin })}>
                    {u.is_admin ? t("team.removeAdmin") : t("team.makeAdmin")}
                  </button>
                  {u.is_active && (
                    <button type="button" className="btn-secondary" onClick={() => giveKey(u)}>
                      {t("team.giveKey")}
                    </button>
                  )}
                </div>
              ),
          },
        ]}
      />
      <ConfirmFor
        flow={confirm}
        title={() => t("team.deactivate")}
        body={(u) => t("team.confirmDeactivate", { name: u.name })}
        danger
        confirmLabel={t("team.deactivate")}
        onConfirm={(u) => patch(u.id, { is_active: false })}
      />
    </div>
  );
}

/** A new login for the agency: name, e-mail, initial password and whether they administer the team. */
function AddUserForm({ agencyId, run }: { agencyId: number; run: ReturnType<typeof useRun>["run"] }) {
  const t = useDict(backofficeMessages);
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const labels = { name: t("team.name"), email: t("team.email"), password: t("team.password") };
  const add = form.handleSubmit((v) =>
    run(
      async () => {
        await ok(api.POST("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, body: v }));
        form.reset(EMPTY);
      },
      t("team.created"),
      (e) => applyApiError<Values>(e, (name, x) => form.setError(name, x), NEW_USER_FIELDS, labels),
    ),
  );
  return (
    <form className="card grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto]" data-testid="team-form" noValidate onSubmit={add}>
      <NewUserInputs form={form} idPrefix="t" labels={labels} emailAutoComplete="email" />
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
  );
}
