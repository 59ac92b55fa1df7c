"use client";
// The Nequi tab: the guest's Nequi number; the payment then waits for the guest's answer in the app.
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { FormProblems, type useZodForm } from "@/components/Form";
import { NequiPhoneField, slotOf } from "@/components/PaymentFields";
import { tabPanelProps } from "@/components/Tabs";
import type { nequiSchema } from "./pay-schemas";
import type { PayLink } from "./usePayLink";

export type NequiForm = ReturnType<typeof useZodForm<typeof nequiSchema>>;

export function NequiPanel({ form, pay, amount }: { form: NequiForm; pay: PayLink; amount: string }) {
  const t = useDict(payMessages);
  const submit = form.handleSubmit((v) => {
    const body = { method: "nequi" as const, payment_method: { type: "NEQUI" as const, phone_number: v.phone } };
    return pay.send(body, () => body, (r) => ("status" in r && r.status === "pending" ? pay.waitForNequi(r.transaction_id, v.phone) : pay.settle(r)));
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="nequi-form" {...tabPanelProps("pay", "nequi")}>
      <NequiPhoneField slot={slotOf(form, "phone", "nequi_phone")} label={t("nequi.phone")} hint={t("nequi.phoneHint")} autoFill />
      <FormProblems count={Object.keys(form.formState.errors).length} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("fixOne") : t("fixMany", { n }))} error={pay.error} errorRef={pay.refs.errorRef} errorTestId="pay-error" />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={pay.busy} data-testid="nequi-submit">
        {pay.busy ? t("paying") : t("nequi.go", { amount })}
      </button>
      <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
        {t("nequi.secure")}
      </p>
    </form>
  );
}
