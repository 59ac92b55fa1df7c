"use client";
import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, type ApiAnswer, type ApiBody, type ApiQuery } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, EmptyState, FormMessages } from "@/components/ui";
import { messages } from "./messages";
import { newIdempotencyKey } from "./form-utils";
import { ConfirmFor, useConfirm } from "@/components/Dialog";
import { DataList } from "@/components/DataList";
import { apiErrorText, applyApiError, useZodForm } from "@/components/Form";
import { AGENCY_FIELD_FOR, AgencyFields, agencySchema, type AgencyValues } from "./AgencyFields";

export type AgencyDto = ApiAnswer<"/v2/agencies/{id}">;
type AgencyPatch = ApiBody<"/v2/agencies/{id}", "patch">;
type AgencyCreate = ApiBody<"/v2/agencies">;

type Filter = "all" | "active" | "inactive" | "archived";

export function AgencyStatus({ a }: { a: Pick<AgencyDto, "is_active" | "is_archived"> }) {
  const t = useDict(messages);
  if (a.is_archived) return <Badge tone="gray">{t("status.archived")}</Badge>;
  return a.is_active ? <Badge tone="green">{t("status.active")}</Badge> : <Badge tone="yellow">{t("status.inactive")}</Badge>;
}

type Pending = { a: AgencyDto; action: "archive" | "deactivate" };

export function AgenciesClient() {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const qc = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [showForm, setShowForm] = useState(false);
  const pending = useConfirm<Pending>();
  const [error, setError] = useState<string | null>(null);

  const query: ApiQuery<"/v2/agencies"> = { per_page: 200 };
  if (search.trim()) query.search = search.trim();
  if (filter === "active") query.is_active = "true";
  if (filter === "inactive") {
    query.is_active = "false";
    query.is_archived = "false";
  }
  if (filter === "archived") query.is_archived = "true";
  const list = useQuery({ queryKey: ["agencies", query], queryFn: ({ signal }) => ok(api.GET("/v2/agencies", { params: { query }, signal })) });

  const patch = useMutation({
    mutationFn: ({ id, body }: { id: number; body: AgencyPatch }) => ok(api.PATCH("/v2/agencies/{id}", { params: { path: { id } }, body })),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["agencies"] }),
    onError: (e) => setError(apiErrorText(e, {}, tc("common.error"))),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-1 flex-col gap-2 sm:flex-row sm:items-center">
          <input className="input sm:max-w-sm" placeholder={t("search")} aria-label={t("search")} value={search} onChange={(e) => setSearch(e.target.value)} />
          <FilterButtons filter={filter} onFilter={setFilter} />
        </div>
        <button type="button" className="btn-primary" onClick={() => setShowForm((v) => !v)}>
          {t("new")}
        </button>
      </div>

      {showForm && <CreateAgencyForm onDone={() => qc.invalidateQueries({ queryKey: ["agencies"] })} />}
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}

      {list.isLoading ? (
        <p className="text-sm text-slate-500">{tc("common.loading")}</p>
      ) : !list.data?.length ? (
        <EmptyState title={t("empty")} />
      ) : (
        <AgencyList agencies={list.data} onAsk={pending.ask} onPatch={(id, body) => patch.mutate({ id, body })} />
      )}
      <ConfirmFor
        flow={pending}
        title={(p) => (p.action === "archive" ? t("archive") : t("deactivate"))}
        body={(p) => t(p.action === "archive" ? "confirmArchive" : "confirmDeactivate", { name: p.a.name })}
        confirmLabel={(p) => (p.action === "archive" ? t("archive") : t("deactivate"))}
        cancelLabel={tc("common.cancel")}
        danger
        busy={patch.isPending}
        onConfirm={(p) => patch.mutateAsync({ id: p.a.id, body: p.action === "archive" ? { is_archived: true } : { is_active: false } })}
      />
    </div>
  );
}

function FilterButtons({ filter, onFilter }: { filter: Filter; onFilter: (f: Filter) => void }) {
  const t = useDict(messages);
  const filters: Array<[Filter, string]> = [
    ["all", t("filterAll")],
    ["active", t("filterActive")],
    ["inactive", t("filterInactive")],
    ["archived", t("filterArchived")],
  ];
  return (
    <div className="flex flex-wrap gap-1" role="group">
      {filters.map(([f, label]) => (
        <button
          key={f}
          type="button"
          onClick={() => onFilter(f)}
          className={`rounded-full px-3 py-1 text-sm ${filter === f ? "bg-brand-600 text-white" : "bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50"}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The agencies: name and notification e-mail, document, type, status, and what can be done with each. */
function AgencyList({ agencies, onAsk, onPatch }: { agencies: AgencyDto[]; onAsk: (p: Pending) => void; onPatch: (id: number, body: AgencyPatch) => void }) {
  const t = useDict(messages);
  return (
    <DataList<AgencyDto>
      rows={agencies}
      rowKey={(a) => a.id}
      caption={t("caption")}
      rowTestId={(a) => `agency-row-${a.id}`}
      columns={[
        {
          key: "name",
          header: t("col.name"),
          card: "title",
          cell: (a) => (
            <>
              <Link href={`/agencies/${a.id}`} className="font-medium text-brand-700 hover:underline">
                {a.name}
              </Link>
              <div className="text-xs text-slate-500">{a.email_for_notifications}</div>
            </>
          ),
        },
        { key: "document", header: t("col.document"), nowrap: true, cell: (a) => `${a.document_type} ${a.document_number}` },
        {
          key: "type",
          header: t("col.type"),
          cell: (a) => (
            <>
              {t(`type.${a.agency_type}`)}
              {a.is_preloaded && (
                <div>
                  <Badge tone="blue">{t("preloaded")}</Badge>
                </div>
              )}
            </>
          ),
        },
        { key: "status", header: t("col.status"), cell: (a) => <AgencyStatus a={a} /> },
        {
          key: "actions",
          header: <span className="sr-only">{t("col.actions")}</span>,
          align: "right",
          nowrap: true,
          card: "plain",
          cell: (a) => (
            <div className="flex gap-3 text-sm font-medium md:justify-end">
              {!a.is_archived &&
                (a.is_active ? (
                  <button type="button" className="text-amber-700 hover:underline" onClick={() => onAsk({ a, action: "deactivate" })}>
                    {t("deactivate")}
                  </button>
                ) : (
                  <button type="button" className="text-emerald-700 hover:underline" onClick={() => onPatch(a.id, { is_active: true })}>
                    {t("activate")}
                  </button>
                ))}
              {a.is_archived ? (
                <button type="button" className="text-slate-700 hover:underline" onClick={() => onPatch(a.id, { is_archived: false })}>
                  {t("unarchive")}
                </button>
              ) : (
                <button type="button" className="text-red-700 hover:underline" onClick={() => onAsk({ a, action: "archive" })}>
                  {t("archive")}
                </button>
              )}
              <Link href={`/agencies/${a.id}`} className="text-brand-700 hover:underline">
                {t("open")}
              </Link>
            </div>
          ),
        },
      ]}
    />
  );
}

const emptyForm: AgencyValues = {
  name: "",
  email_for_notifications: "",
  country_code: "+57",
  phone: "",
  document_type: "NIT",
  document_number: "",
  agency_type: "retailer",
  payout_account_id: "",
  webhook_url: "",
  is_preloaded: false,
};

function CreateAgencyForm({ onDone }: { onDone: () => void }) {
  const t = useDict(messages);
  const { t: tc } = useI18n();
  const form = useZodForm(agencySchema, { defaultValues: emptyForm });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = form.handleSubmit(async (v) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const body: AgencyCreate = { ...v, webhook_url: v.webhook_url || undefined };
      const r = await ok(api.POST("/v2/agencies", { body, params: { header: { "Idempotency-Key": newIdempotencyKey() } } }));
      const existed = r.agency.name !== v.name;
      setNotice(t(existed ? "form.existing" : "form.created", { name: r.agency.name }));
      form.reset(emptyForm);
      onDone();
    } catch (err) {
      setError(applyApiError<AgencyValues>(err, (name, x) => form.setError(name, x), AGENCY_FIELD_FOR, {}, tc("common.error")));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} className="card space-y-4 p-4" noValidate aria-label={t("form.title")}>
      <h2 className="font-semibold">{t("form.title")}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <AgencyFields form={form} prefix="new-agency" parts={["name", "email", "phone", "document", "type", "payout", "webhook", "preloaded"]} />
      </div>
      <FormMessages error={error} notice={notice} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {t("form.submit")}
      </button>
    </form>
  );
}
