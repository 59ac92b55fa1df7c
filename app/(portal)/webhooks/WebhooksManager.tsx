"use client";
import { useRef, useState } from "react";
import { z } from "zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { api, ok, type ApiAnswer, type ApiQuery } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, EmptyState } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { Field, apiErrorText, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { formatDateTime } from "@/lib/format";
import { messages } from "./messages";

export type Settings = ApiAnswer<"/v2/webhooks/settings">;
type Delivery = ApiAnswer<"/v2/webhooks/deliveries">["data"][number];

const TONES = { pending: "yellow", succeeded: "green", failed: "red" } as const;
const STATUSES = ["pending", "succeeded", "failed"] as const satisfies ReadonlyArray<Delivery["status"]>;
const EVENTS = ["payment_link.payment", "reservation.expired", "webhook.test"];
const PER_PAGE = 20;

export function WebhooksManager({ settings, agencies }: { settings: Settings | null; agencies: Array<{ id: number; name: string }> }) {
  return (
    <div className="space-y-6">
      {settings && <AgencySettings initial={settings} />}
      <DeliveryLog agencies={agencies} />
    </div>
  );
}

const urlSchema = z.object({
  webhook_url: z
    .string()
    .trim()
    .max(2048, "La dirección es demasiado larga (máximo 2048 caracteres)")
    .refine((s) => s === "" || /^https?:\/\/[^\s/]+\S*$/i.test(s), "Escriba una dirección completa que empiece por https://, por ejemplo https://su-sistema.example.com/webhooks"),
});
type UrlValues = z.input<typeof urlSchema>;

function AgencySettings({ initial }: { initial: Settings }) {
  const t = useDict(messages);
  const router = useRouter();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askRotate, setAskRotate] = useState(false);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const form = useZodForm(urlSchema, { defaultValues: { webhook_url: initial.webhook_url ?? "" } });
  const urlError = errorOf(form, "webhook_url");

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (e) {
      // A rule about the URL goes under the URL field; anything else is one Spanish sentence.
      setError(applyApiError<UrlValues>(e, (name, x) => form.setError(name, x), { webhook_url: "webhook_url" }, { webhook_url: t("endpoint.label") }, t("error")));
    } finally {
      setBusy(false);
    }
  }

  const save = (value: string | null) =>
    run(async () => {
      const s = await ok(api.PUT("/v2/webhooks/settings", { body: { webhook_url: value } }));
      setSettings(s);
      form.reset({ webhook_url: s.webhook_url ?? "" });
      setNotice(t("endpoint.saved"));
      router.refresh();
    });

  const rotate = () =>
    run(async () => {
      const r = await ok(api.POST("/v2/agencies/{id}/webhook-secret", { params: { path: { id: settings.agency_id } } }));
      setSecret(r.webhook_secret);
      setSettings({ ...settings, has_secret: true });
    });

  const sendTest = () =>
    run(async () => {
      const d = await ok(api.POST("/v2/webhooks/test", { body: {} }));
      setNotice(t("test.sent", { id: d.id }));
      await queryClient.invalidateQueries({ queryKey: ["webhook-deliveries"] });
    });

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="card p-4">
        <h2 className="font-semibold text-slate-900">{t("endpoint.title")}</h2>
        <p className="mt-1 text-sm text-slate-600">{t("endpoint.help")}</p>
        <form className="mt-3 space-y-3" noValidate onSubmit={form.handleSubmit((v) => save(v.webhook_url === "" ? null : v.webhook_url))}>
          <Field id="webhook-url" label={t("endpoint.label")} error={urlError} hint={settings.webhook_url ? undefined : t("endpoint.none")}>
            <input className="input w-full" type="url" inputMode="url" placeholder={t("endpoint.placeholder")} {...fieldA11y("webhook-url", urlError, !settings.webhook_url)} {...form.register("webhook_url")} />
          </Field>
          {settings.warning && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="webhook-warning">
              {t("warning.short", { n: settings.failure_streak })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("endpoint.save")}
            </button>
            {settings.webhook_url && (
              <button type="button" className="btn-secondary" disabled={busy} onClick={() => void save(null)}>
                {t("endpoint.remove")}
              </button>
            )}
            <button type="button" className="btn-secondary" disabled={busy || !settings.webhook_url} onClick={() => void sendTest()} title={settings.webhook_url ? undefined : t("test.needsUrl")}>
              {t("test.send")}
            </button>
          </div>
        </form>
      </section>
      <section className="card p-4">
        <h2 className="font-semibold text-slate-900">{t("secret.title")}</h2>
        <p className="mt-1 text-sm text-slate-500">{t("secret.help")}</p>
        <p className="mt-3 text-sm">{settings.has_secret ? <Badge tone="green">{t("secret.configured")}</Badge> : <span className="text-slate-500">{t("secret.missing")}</span>}</p>
        <button type="button" className="btn-secondary mt-3" disabled={busy} ref={rotateButton} onClick={() => (settings.has_secret ? setAskRotate(true) : void rotate())}>
          {settings.has_secret ? t("secret.rotate") : t("secret.create")}
        </button>
        {secret && (
          <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
            <p className="font-medium text-amber-900">{t("secret.fresh")}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code className="break-all rounded bg-white px-2 py-1 text-xs" data-testid="fresh-secret">
                {secret}
              </code>
              <button type="button" className="btn-secondary" onClick={() => navigator.clipboard?.writeText(secret)}>
                {t("secret.copy")}
              </button>
            </div>
          </div>
        )}
      </section>
      {(notice || error) && (
        <p className={`text-sm lg:col-span-2 ${error ? "text-red-700" : "text-emerald-700"}`} role={error ? "alert" : "status"}>
          {error ?? notice}
        </p>
      )}
      <ConfirmDialog
        open={askRotate}
        title={t("secret.rotateTitle")}
        body={t("secret.confirmRotate")}
        confirmLabel={t("secret.rotate")}
        cancelLabel={t("secret.cancel")}
        danger
        returnFocus={rotateButton}
        onCancel={() => setAskRotate(false)}
        onConfirm={() => {
          setAskRotate(false);
          void rotate();
        }}
      />
    </div>
  );
}

function DeliveryLog({ agencies }: { agencies: Array<{ id: number; name: string }> }) {
  const t = useDict(messages);
  const [status, setStatus] = useState<Delivery["status"] | "">("");
  const [event, setEvent] = useState("");
  const [agencyId, setAgencyId] = useState("");
  const [page, setPage] = useState(1);
  const filter: ApiQuery<"/v2/webhooks/deliveries"> = { page, per_page: PER_PAGE };
  if (status) filter.status = status;
  if (event) filter.event = event;
  if (agencyId) filter.agency_id = Number(agencyId);
  const query = useQuery({
    queryKey: ["webhook-deliveries", filter],
    queryFn: ({ signal }) => ok(api.GET("/v2/webhooks/deliveries", { params: { query: filter }, signal })),
    // While something is on its way, keep the log fresh.
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === "pending") ? 3000 : false),
  });
  const agencyName = new Map(agencies.map((a) => [a.id, a.name]));
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PER_PAGE));

  return (
    <section className="card p-4" data-testid="delivery-log">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 className="font-semibold text-slate-900">{t("log.title")}</h2>
          {query.data && <p className="text-xs text-slate-500">{query.data.total === 1 ? t("log.totalOne") : t("log.total", { n: query.data.total })}</p>}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-xs text-slate-600">
            {t("log.status")}
            <select className="input mt-1 block" value={status} onChange={(e) => (setStatus(STATUSES.find((s) => s === e.target.value) ?? ""), setPage(1))}>
              <option value="">{t("log.all")}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`statuses.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs text-slate-600">
            {t("log.event")}
            <select className="input mt-1 block" value={event} onChange={(e) => (setEvent(e.target.value), setPage(1))}>
              <option value="">{t("log.all")}</option>
              {EVENTS.map((ev) => (
                <option key={ev} value={ev}>
                  {ev}
                </option>
              ))}
            </select>
          </label>
          {agencies.length > 0 && (
            <label className="text-xs text-slate-600">
              {t("log.agency")}
              <select className="input mt-1 block max-w-56" value={agencyId} onChange={(e) => (setAgencyId(e.target.value), setPage(1))}>
                <option value="">{t("log.allAgencies")}</option>
                {agencies.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
            {t("log.refresh")}
          </button>
        </div>
      </div>
      <div className="mt-4">
        {query.isPending && <p className="text-sm text-slate-500">{t("log.loading")}</p>}
        {query.isError && <p className="text-sm text-red-700">{apiErrorText(query.error, {}, t("error"))}</p>}
        {query.data && query.data.data.length === 0 && <EmptyState title={t("log.empty")} />}
        {query.data && query.data.data.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {query.data.data.map((d) => (
              <DeliveryItem key={d.id} delivery={d} agencyName={d.agency_id !== null ? agencyName.get(d.agency_id) : undefined} onChanged={() => void query.refetch()} />
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div className="mt-3 flex items-center justify-end gap-2 text-sm">
            <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t("log.prev")}
            </button>
            <span>{t("log.page", { page, pages })}</span>
            <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t("log.nextPage")}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function DeliveryItem({ delivery: d, agencyName, onChanged }: { delivery: Delivery; agencyName?: string; onChanged: () => void }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const last = d.attempts.at(-1);

  async function redeliver() {
    setBusy(true);
    setError(null);
    try {
      await ok(api.POST("/v2/webhooks/deliveries/{id}/redeliver", { params: { path: { id: d.id } } }));
      setNotice(t("log.redelivered"));
      setTimeout(onChanged, 800);
    } catch (e) {
      setError(apiErrorText(e, {}, t("error")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="p-3" data-testid="delivery" data-delivery-id={d.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={TONES[d.status]}>{t(`statuses.${d.status}`)}</Badge>
            <span className="font-mono text-sm font-medium text-slate-900">{d.event}</span>
            {agencyName && <span className="text-xs text-slate-500">· {agencyName}</span>}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {t("log.created")}: {formatDateTime(d.created_at, locale)} · {t("log.attempts")}: {d.attempts.length}
            {last && ` · ${t("log.last")}: ${last.status_code ?? "—"}`}
            {d.next_attempt_at && ` · ${t("log.next")}: ${formatDateTime(d.next_attempt_at, locale)}`}
          </p>
          <p className="truncate text-xs text-slate-600">{d.url}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t("log.hide") : t("log.details")}
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void redeliver()}>
            {t("log.redeliver")}
          </button>
        </div>
      </div>
      {(error || notice) && <p className={`mt-2 text-sm ${error ? "text-red-700" : "text-emerald-700"}`}>{error ?? notice}</p>}
      {open && (
        <div className="mt-3 space-y-3 rounded-md bg-slate-50 p-3 text-sm" data-testid="delivery-detail">
          <dl className="grid gap-1 sm:grid-cols-[8rem_1fr]">
            <dt className="text-slate-500">{t("log.id")}</dt>
            <dd className="break-all font-mono text-xs">{d.id}</dd>
            <dt className="text-slate-500">{t("log.url")}</dt>
            <dd className="break-all font-mono text-xs">{d.url}</dd>
          </dl>
          <div>
            <p className="mb-1 text-slate-500">{t("log.payload")}</p>
            <pre className="max-h-64 overflow-auto rounded bg-white p-2 text-xs">{JSON.stringify(d.payload, null, 2)}</pre>
          </div>
          {d.attempts.length === 0 ? (
            <p className="text-slate-500">{t("log.noAttempts")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table-basic">
                <thead>
                  <tr>
                    <th>{t("log.attemptNo")}</th>
                    <th>{t("log.at")}</th>
                    <th>{t("log.code")}</th>
                    <th>{t("log.latency")}</th>
                    <th>{t("log.answer")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.attempts.map((a) => (
                    <tr key={a.attempt_no} data-testid="attempt">
                      <td>{a.attempt_no}</td>
                      <td className="whitespace-nowrap">{formatDateTime(a.at, locale)}</td>
                      <td>
                        <Badge tone={a.status_code !== null && a.status_code >= 200 && a.status_code < 300 ? "green" : "red"}>{a.status_code ?? "—"}</Badge>
                      </td>
                      <td className="whitespace-nowrap">{a.latency_ms} ms</td>
                      <td className="max-w-md">
                        {a.error && <p className="text-red-700">{a.error}</p>}
                        {a.response_body && <code className="block max-h-24 overflow-auto whitespace-pre-wrap break-all text-xs">{a.response_body}</code>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
