"use client";
// The card tab: the shared card fields, encrypted in this browser and sent once per submission.
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { encryptCardItem } from "@/app/_client/card-encryption";
import { FormProblems, type useZodForm } from "@/components/Form";
import { CardFields, slotOf } from "@/components/PaymentFields";
import { tabPanelProps } from "@/components/Tabs";
import type { cardSchema } from "./pay-schemas";
import type { PayLink } from "./usePayLink";

export type CardForm = ReturnType<typeof useZodForm<typeof cardSchema>>;

export function CardPanel({ form, pay, amount }: { form: CardForm; pay: PayLink; amount: string }) {
  const t = useDict(payMessages);
  const slot = (name: "number" | "holder" | "month" | "year" | "cvc" | "installments") => slotOf(form, name);
  const submit = form.handleSubmit((v) =>
    // One key per submission; a retry of the same card sends the same key and the same encrypted card.
    pay.send(v, async (submission) => ({
      method: "card",
      card_item: await submission.body(v, () => encryptCardItem({ number: v.number, cvc: v.cvc, month: v.month.padStart(2, "0"), year: v.year, holder: v.holder })),
      installments: Number(v.installments || 1),
    })),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="card-form" {...tabPanelProps("pay", "card")}>
      <CardFields
        slots={{ number: slot("number"), holder: slot("holder"), month: slot("month"), year: slot("year"), cvc: slot("cvc"), installments: slot("installments") }}
        labels={{ number: t("card.number"), holder: t("card.holder"), month: t("card.month"), year: t("card.year"), cvc: t("card.cvc"), installments: t("card.installments") }}
        number={form.watch("number")}
        autoFill
      />
      <FormProblems count={Object.keys(form.formState.errors).length} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("fixOne") : t("fixMany", { n }))} error={pay.error} errorRef={pay.refs.errorRef} errorTestId="pay-error" />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={pay.busy}>
        {pay.busy ? t("paying") : t("card.pay", { amount })}
      </button>
      <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
        {t("secure")}
      </p>
    </form>
  );
}
