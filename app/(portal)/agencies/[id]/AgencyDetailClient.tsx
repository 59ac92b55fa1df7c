"use client";
import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer, type ApiBody } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, FormMessages, StatCard } from "@/components/ui";
import { formatDateTime, formatMoney } from "@/lib/format";
import { messages } from "../messages";
import { AgencyStatus, type AgencyDto } from "../AgenciesClient";
import { humanizeDetail } from "@/lib/format";
import { ConfirmDialog, Field, fieldErrors, newIdempotencyKey } from "../form-utils";
import { applyApiError, useZodForm } from "@/components/Form";
import { AGENCY_FIELD_FOR, AgencyFields, agencySchema, type AgencyValues } from "../AgencyFields";

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

export function BalancePanel({ agencyId, preloaded, canTopUp = true }: { agencyId: number; preloaded: boolean; canTopUp?: boolean }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["balance", agencyId], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/balance", { params: { path: { id: agencyId } }, signal })) });
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const topUp = useMutation({
    mutationFn: () =>
      ok(api.POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: agencyId }, header: { "Idempotency-Key": newIdempotencyKey() } }, body: { amount, note: note || undefined } })),
    onSuccess: () => {
      setAmount("");
      setNote("");
      setError(null);
      setDone(true);
      qc.invalidateQueries({ queryKey: ["balance", agencyId] });
    },
    onError: (e) => {
      setDone(false);
      setError(e instanceof ApiError ? humanizeDetail(e.detail) : tc("common.error"));
    },
  });
  return (
    <section className="card space-y-3 p-4">
      <h2 className="font-semibold">{t("detail.balance")}</h2>
      {(preloaded || (q.data?.balance ?? 0) > 0) && (
        <StatCard label={t("detail.balance")} value={q.data ? formatMoney(q.data.balance, "COP", locale) : "…"} testId="agency-balance" />
      )}
      {!preloaded ? (
        <p className="text-sm text-slate-500">{t("detail.balanceOff")}</p>
      ) : !canTopUp ? null : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            topUp.mutate();
          }}
        >
          <Field label={t("detail.amount")} className="sm:w-40">
            <input className="input" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label={t("detail.note")} className="flex-1">
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <button type="submit" className="btn-primary" disabled={topUp.isPending}>
            {t("detail.topUp")}
          </button>
        </form>
      )}
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="text-sm text-emerald-700" role="status">
          {t("detail.topUpDone")}
        </p>
      )}
      <h3 className="text-sm font-medium text-slate-600">{t("detail.ledger")}</h3>
      {q.data?.entries.length ? (
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("detail.date")}</th>
                <th />
                <th className="text-right">{t("detail.amount")}</th>
                <th className="text-right">{t("detail.after")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {q.data.entries.map((e) => (
                <tr key={e.id}>
                  <td className="whitespace-nowrap">{formatDateTime(e.created_at, locale)}</td>
                  <td>
                    {["topup", "debit", "refund"].includes(e.kind) ? t(`detail.kind.${e.kind}`) : e.kind}
                    {e.note && <div className="text-xs text-slate-500">{e.note}</div>}
                    {e.reservation_id && <div className="text-xs text-slate-500">{e.reservation_id}</div>}
                  </td>
                  <td className={`whitespace-nowrap text-right ${e.amount < 0 ? "text-red-700" : "text-emerald-700"}`}>{formatMoney(e.amount, "COP", locale)}</td>
                  <td className="whitespace-nowrap text-right">{formatMoney(e.balance_after, "COP", locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-slate-500">{t("detail.noEntries")}</p>
      )}
    </section>
  );
}

function UsersPanel({ agencyId }: { agencyId: number }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["agency-users", agencyId], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, signal })) });
  const [form, setForm] = useState({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => ok(api.POST("/v2/agencies/{id}/users", { params: { path: { id: agencyId } }, body: form })),
    onSuccess: (u) => {
      setDone(t("detail.userCreated", { email: u.email }));
      setErrors({});
      setForm({ name: "", email: "", password: "" });
      qc.invalidateQueries({ queryKey: ["agency-users", agencyId] });
    },
    onError: (e) => {
      setDone(null);
      if (e instanceof ApiError) {
        const fe = fieldErrors(e.detail);
        setErrors(Object.keys(fe).length ? fe : { _: humanizeDetail(e.detail) });
      } else setErrors({ _: tc("common.error") });
    },
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <section className="card space-y-3 p-4" aria-label={t("detail.users")}>
      <h2 className="font-semibold">{t("detail.users")}</h2>
      <p className="text-sm text-slate-500">{t("detail.usersIntro")}</p>
      <form
        className="grid gap-2 sm:grid-cols-4 sm:items-start"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label={t("detail.userName")} error={errors.name}>
          <input className="input" value={form.name} onChange={set("name")} />
        </Field>
        <Field label={t("detail.userEmail")} error={errors.email}>
          <input className="input" type="email" value={form.email} onChange={set("email")} />
        </Field>
        <Field label={t("detail.userPassword")} error={errors.password}>
          <input className="input" type="password" value={form.password} onChange={set("password")} autoComplete="new-password" />
        </Field>
        <button type="submit" className="btn-primary sm:mt-6" disabled={create.isPending}>
          {t("detail.addUser")}
        </button>
      </form>
      {errors._ && (
        <p className="text-sm text-red-700" role="alert">
          {errors._}
        </p>
      )}
      {done && (
        <p className="text-sm text-emerald-700" role="status">
          {done}
        </p>
      )}
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
