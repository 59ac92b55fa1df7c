"use client";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { PageHeader } from "@/components/ui";
import { formatDate, formatDateTime, humanizeDetail } from "@/lib/format";
import { messages } from "../messages";
import { ConfirmDialog } from "../../agencies/form-utils";
import { CardStatusBadge } from "../CardStatusBadge";
import type { HotelOption } from "../SpendingControlsFields";
import { CardControls } from "./CardControls";
import { CardTransactions } from "./CardTransactions";
type CardDetail = ApiAnswer<"/v1/virtual-cards/{card_id}">;
type Action = "freeze" | "unfreeze" | "cancel";

export function CardDetailClient({ initial, hotels }: { initial: CardDetail; hotels: HotelOption[] }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["card", initial.card_id], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/{card_id}", { params: { path: { card_id: initial.card_id } }, signal })), initialData: initial });
  const c = q.data;
  const [pending, setPending] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [details, setDetails] = useState<ApiAnswer<"/v1/virtual-cards/{card_id}/sandbox-details"> | null>(null);
  const act = useMutation({
    mutationFn: (a: Action) => ok(api.POST(`/v1/virtual-cards/{card_id}/${a}`, { params: { path: { card_id: c.card_id } } })),
    onSuccess: () => {
      setError(null);
      qc.invalidateQueries({ queryKey: ["card", c.card_id] });
      qc.invalidateQueries({ queryKey: ["cards"] });
    },
    onError: (e) => setError(e instanceof ApiError ? humanizeDetail(e.detail) : tc("common.error")),
    onSettled: () => setPending(null),
  });
  async function reveal() {
    if (details) return setDetails(null);
    try {
      setDetails(await ok(api.GET("/v1/virtual-cards/{card_id}/sandbox-details", { params: { path: { card_id: c.card_id } } })));
    } catch (e) {
      setError(e instanceof ApiError ? humanizeDetail(e.detail) : tc("common.error"));
    }
  }
  const label: Record<Action, string> = { freeze: t("detail.freeze"), unfreeze: t("detail.unfreeze"), cancel: t("detail.cancel") };
  const body: Record<Action, string> = {
    freeze: t("detail.confirmFreeze", { nickname: c.nickname }),
    unfreeze: t("detail.confirmUnfreeze", { nickname: c.nickname }),
    cancel: t("detail.confirmCancel", { nickname: c.nickname }),
  };
  const group = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ");

  return (
    <div className="space-y-6">
      <PageHeader
        title={c.nickname}
        subtitle={`${c.card_name} · •••• ${c.last_four}`}
        actions={
          <>
            {c.status === "active" && (
              <button type="button" className="btn-secondary" onClick={() => setPending("freeze")}>
                {t("detail.freeze")}
              </button>
            )}
            {c.status === "frozen" && (
              <button type="button" className="btn-secondary" onClick={() => setPending("unfreeze")}>
                {t("detail.unfreeze")}
              </button>
            )}
            {c.status !== "cancelled" && (
              <button type="button" className="btn-danger" onClick={() => setPending("cancel")}>
                {t("detail.cancel")}
              </button>
            )}
          </>
        }
      />
      {error && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card space-y-4 p-4">
          <div className="flex items-center justify-between">
            <h2 className="font-semibold">{t("detail.data")}</h2>
            <CardStatusBadge status={c.status} />
          </div>
          <div className="rounded-xl bg-gradient-to-br from-slate-800 to-slate-600 p-5 font-mono text-white shadow-inner">
            <div className="text-xs uppercase tracking-widest text-slate-300">{c.brand}</div>
            <div className="mt-4 text-lg tracking-widest" data-testid="card-number">
              {details ? group(details.number) : `•••• •••• •••• ${c.last_four}`}
            </div>
            <div className="mt-3 flex justify-between text-xs text-slate-200">
              <span>{c.card_name}</span>
              <span>
                {details ? `${String(details.exp_month).padStart(2, "0")}/${details.exp_year} · CVC ${details.cvc}` : `${c.expiration.slice(5, 7)}/${c.expiration.slice(0, 4)}`}
              </span>
            </div>
          </div>
          <button type="button" className="btn-secondary" onClick={reveal}>
            {details ? t("detail.hide") : t("detail.reveal")}
          </button>
          {details && <p className="text-xs text-slate-500">{t("detail.sandboxNote")}</p>}
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
            <Item k={t("cards.organization")} v={c.organization_name} />
            <Item k={t("detail.fields.holder")} v={c.account_holder_name} />
            <Item k={t("cards.col.dates")} v={t("cards.from", { a: formatDate(c.activation, locale), b: formatDate(c.expiration, locale) })} />
            <Item k={t("cards.col.type")} v={c.one_time_use ? t("cards.oneTimeShort") : t("cards.permanent")} />
            <Item k={t("detail.fields.reference")} v={c.external_reference} />
            <Item k={t("cards.destination")} v={`${c.destination.name} · ${c.destination.email} · ${c.destination.external_id}`} />
            <Item k={t("detail.fields.created")} v={formatDateTime(c.created_at, locale)} />
          </dl>
        </section>
        <CardControls card={c} hotels={hotels} />
        <CardTransactions cardId={c.card_id} />
        <section className="card p-4">
          <h2 className="mb-3 font-semibold">{t("detail.history")}</h2>
          <ol className="relative space-y-4 border-l border-slate-200 pl-4" data-testid="card-history">
            {c.history.map((e, i) => (
              <li key={i}>
                <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border border-white bg-brand-500" />
                <div className="flex flex-wrap items-center gap-2">
                  <CardStatusBadge status={e.to_status} />
                  <span className="text-sm text-slate-700">{t(`detail.reason.${e.reason}`)}</span>
                </div>
                <div className="text-xs text-slate-500">{formatDateTime(e.at, locale)}</div>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? label[pending] : ""}
        body={pending ? body[pending] : ""}
        confirmLabel={pending ? label[pending] : ""}
        cancelLabel={t("detail.back2")}
        danger={pending === "cancel"}
        busy={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      />
    </div>
  );
}

function Item({ k, v }: { k: string; v: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{k}</dt>
      <dd className="break-all text-slate-800">{v}</dd>
    </div>
  );
}
