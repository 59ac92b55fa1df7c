"use client";
import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer, type ApiBody } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, FormMessages } from "@/components/ui";
import { formatDateTime } from "@/lib/format";
import { messages } from "../messages";
import { AgencyStatus, type AgencyDto } from "../AgenciesClient";
import { humanizeDetail } from "@/lib/format";
import { ConfirmDialog } from "../form-utils";
import { applyApiError, useZodForm } from "@/components/Form";
import { AGENCY_FIELD_FOR, AgencyFields, agencySchema, type AgencyValues } from "../AgencyFields";
import { BalancePanel } from "./BalancePanel";
import { UsersPanel } from "./UsersPanel";

type AgencyPatch = ApiBody<"/v2/agencies/{id}", "patch">;


type Holder = Pick<ApiAnswer<"/v1/virtual-cards/account-holders">[number], "account_holder_id" | "first_name" | "last_name" | "document_type" | "document_number">;

export function AgencyDetailClient({ initial, holder }: { initial: AgencyDto; holder: Holder | null }) {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const qc = useQueryClient();
  const agency = useQuery({ queryKey: ["agency", initial.id], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}", { params: { path: { id: initial.id } }, signal })), initialData: initial });
  const a = agency.data;
  const [confirm, setConfirm] = useState<null | "archive" | "deactivate">(null);
  const [flagError, setFlagError] = useState<string | null>(null);
  const patch = useMutation({
    mutationFn: (body: ApiBody<"/v2/agencies/{id}", "patch">) => ok(api.PATCH("/v2/agencies/{id}", { params: { path: { id: a.id } }, body })),
    onSuccess: (r) => {
      qc.setQueryData(["agency", a.id], r.agency);
      qc.invalidateQueries({ queryKey: ["agencies"] });
      setFlagError(null);
    },
    onError: (e) => setFlagError(e instanceof ApiError ? humanizeDetail(e.detail) : tc("common.error")),
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <AgencyStatus a={a} />
        <Badge tone="blue">{t(`type.${a.agency_type}`)}</Badge>
        {a.is_preloaded && <Badge tone="blue">{t("preloaded")}</Badge>}
        <div className="ml-auto flex flex-wrap gap-2">
          {!a.is_archived &&
            (a.is_active ? (
              <button type="button" className="btn-secondary" onClick={() => setConfirm("deactivate")}>
                {t("deactivate")}
              </button>
            ) : (
              <button type="button" className="btn-secondary" onClick={() => patch.mutate({ is_active: true })}>
                {t("activate")}
              </button>
            ))}
          {a.is_archived ? (
            <button type="button" className="btn-secondary" onClick={() => patch.mutate({ is_archived: false })}>
              {t("unarchive")}
            </button>
          ) : (
            <button type="button" className="btn-danger" onClick={() => setConfirm("archive")}>
              {t("archive")}
            </button>
          )}
        </div>
      </div>
      {flagError && (
        <p className="text-sm text-red-700" role="alert">
          {flagError}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <EditAgency a={a} />
        <div className="space-y-6">
          <BalancePanel agencyId={a.id} preloaded={a.is_preloaded} />
          <section className="card space-y-2 p-4">
            <h2 className="font-semibold">{t("detail.holder")}</h2>
            {holder ? (
              <p className="text-sm text-slate-700">
                {holder.first_name} {holder.last_name} · {holder.document_type} {holder.document_number}
                <br />
                <code className="text-xs text-slate-500">{holder.account_holder_id}</code>
              </p>
            ) : (
              <p className="text-sm text-slate-500">
                {t("detail.noHolder")}{" "}
                <Link className="text-brand-700 underline" href={`/account-holders?agency=${a.id}`}>
                  {t("detail.registerHolder")}
                </Link>
              </p>
            )}
          </section>
        </div>
      </div>
      <UsersPanel agencyId={a.id} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "archive" ? t("archive") : t("deactivate")}
        body={t(confirm === "archive" ? "confirmArchive" : "confirmDeactivate", { name: a.name })}
        confirmLabel={confirm === "archive" ? t("archive") : t("deactivate")}
        cancelLabel={tc("common.cancel")}
        danger
        busy={patch.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => patch.mutate(confirm === "archive" ? { is_archived: true } : { is_active: false }, { onSettled: () => setConfirm(null) })}
      />
    </div>
  );
}

function EditAgency({ a }: { a: AgencyDto }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  // The document cannot change after creation: the form carries it only to satisfy the shared schema.
  const form = useZodForm(agencySchema, {
    defaultValues: {
      name: a.name,
      email_for_notifications: a.email_for_notifications,
      country_code: a.country_code,
      phone: a.phone,
      document_type: "NIT",
      document_number: "no se edita",
      agency_type: a.agency_type,
      payout_account_id: a.payout_account_id,
      webhook_url: a.webhook_url ?? "",
      is_preloaded: a.is_preloaded,
    },
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (v: AgencyPatch) => ok(api.PATCH("/v2/agencies/{id}", { params: { path: { id: a.id } }, body: v })),
    onSuccess: (r) => {
      qc.setQueryData(["agency", a.id], r.agency);
      setError(null);
      setSaved(true);
    },
    onError: (e) => {
      setSaved(false);
      setError(applyApiError<AgencyValues>(e, (name, x) => form.setError(name, x), AGENCY_FIELD_FOR, {}, tc("common.error")));
    },
  });
  const submit = form.handleSubmit((v) => {
    setSaved(false);
    save.mutate({
      name: v.name,
      email_for_notifications: v.email_for_notifications,
      country_code: v.country_code,
      phone: v.phone,
      agency_type: v.agency_type,
      webhook_url: v.webhook_url || null,
      is_preloaded: v.is_preloaded,
    });
  });
  return (
    <form className="card space-y-3 p-4" noValidate onSubmit={submit} aria-labelledby="agency-data-title">
      <h2 id="agency-data-title" className="font-semibold">
        {t("detail.data")}
      </h2>
      <AgencyFields form={form} prefix="agency" parts={["name", "email", "phone", "type", "webhook", "preloaded"]} />
      <p className="text-xs text-slate-600">
        {t("detail.created")}: {formatDateTime(`${a.created_at}Z`, locale)} · {t("form.payout")}: {a.payout_account_id}
      </p>
      <FormMessages error={error} notice={saved ? t("detail.saved") : null} />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {t("detail.edit")}
      </button>
    </form>
  );
}
