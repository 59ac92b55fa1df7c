"use client";
// The preloaded balance of an agency: the operator's top-up form (on the form kit: the amount as a MoneyInput, the
// API's rules under their fields) and the ledger; the agency sees the same panel without the form (/balance).
import { FormMessages } from "@/components/ui";
import { useState } from "react";
import { z } from "zod";
import { Controller } from "react-hook-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { StatCard } from "@/components/ui";
import { Field, applyApiError, errorOf, fieldA11y, useZodForm } from "@/components/Form";
import { MoneyInput } from "@/components/MoneyInput";
import { formatDateTime, formatMoney } from "@/lib/format";
import { messages } from "../messages";
import { newIdempotencyKey } from "../form-utils";

const topUpSchema = z.object({
  amount: z.number({ error: "Escriba el monto de la recarga" }).nullable().refine((n) => n !== null && n > 0, "El monto debe ser mayor que $ 0"),
  note: z.string().trim().max(500, "La nota admite hasta 500 caracteres"),
});
type TopUpValues = z.input<typeof topUpSchema>;
const EMPTY: TopUpValues = { amount: null, note: "" };

export function BalancePanel({ agencyId, preloaded, canTopUp = true }: { agencyId: number; preloaded: boolean; canTopUp?: boolean }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ["balance", agencyId], queryFn: ({ signal }) => ok(api.GET("/v2/agencies/{id}/balance", { params: { path: { id: agencyId } }, signal })) });
  const form = useZodForm(topUpSchema, { defaultValues: EMPTY });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const topUp = useMutation({
    mutationFn: (v: z.output<typeof topUpSchema>) =>
      ok(api.POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: agencyId }, header: { "Idempotency-Key": newIdempotencyKey() } }, body: { amount: v.amount ?? 0, note: v.note || undefined } })),
    onSuccess: () => {
      form.reset(EMPTY);
      setError(null);
      setDone(true);
      qc.invalidateQueries({ queryKey: ["balance", agencyId] });
    },
    onError: (e) => {
      setDone(false);
      setError(applyApiError<TopUpValues>(e, (name, x) => form.setError(name, x), { amount: "amount", note: "note" }, { amount: t("detail.amount"), note: t("detail.note") }, tc("common.error")));
    },
  });
  const amountError = errorOf(form, "amount");
  const noteError = errorOf(form, "note");
  return (
    <section className="card space-y-3 p-4">
      <h2 className="font-semibold">{t("detail.balance")}</h2>
      {(preloaded || (q.data?.balance ?? 0) > 0) && (
        <StatCard label={t("detail.balance")} value={q.data ? formatMoney(q.data.balance, "COP", locale) : "…"} testId="agency-balance" />
      )}
      {!preloaded ? (
        <p className="text-sm text-slate-500">{t("detail.balanceOff")}</p>
      ) : !canTopUp ? null : (
        <form className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate onSubmit={form.handleSubmit((v) => topUp.mutate(v))}>
          <Field id="topup-amount" label={t("detail.amount")} error={amountError} className="sm:w-40">
            <Controller
              control={form.control}
              name="amount"
              render={({ field }) => (
                <MoneyInput {...fieldA11y("topup-amount", amountError)} ref={field.ref} name={field.name} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} invalid={Boolean(amountError)} />
              )}
            />
          </Field>
          <Field id="topup-note" label={t("detail.note")} error={noteError} className="min-w-[8rem] flex-1">
            <input className="input" {...fieldA11y("topup-note", noteError)} {...form.register("note")} />
          </Field>
          <button type="submit" className="btn-primary sm:mt-6" disabled={topUp.isPending}>
            {t("detail.topUp")}
          </button>
        </form>
      )}
      <FormMessages error={error} notice={done ? t("detail.topUpDone") : null} />
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

