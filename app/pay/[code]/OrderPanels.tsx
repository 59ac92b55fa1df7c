"use client";
// The cash and PSE tabs: the payment network or the bank, then the payer (shared fields); the order opens its
// checkout page, so the button stays disabled once it is sent.
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { FormProblems, type useZodForm } from "@/components/Form";
import { OptionSelect, PayerFields, slotOf } from "@/components/PaymentFields";
import { tabPanelProps } from "@/components/Tabs";
import type { apmSchema } from "./pay-schemas";
import type { PayLink } from "./usePayLink";

export type OrderForm = ReturnType<typeof useZodForm<typeof apmSchema>>;
type Lookup = { code: string; name: string };
type Payer = { documentTypes: Lookup[]; personTypes: Lookup[] };

/** Cash: the guest pays the reference at a payment point of the network chosen. */
export function CashPanel({ form, pay, cashMethods, payer }: { form: OrderForm; pay: PayLink; cashMethods: Lookup[]; payer: Payer }) {
  const t = useDict(payMessages);
  return (
    <OrderPanel form={form} pay={pay} method="cash" payer={payer}>
      <OptionSelect slot={slotOf(form, "payment_type")} label={t("apm.network")} options={cashMethods} />
    </OrderPanel>
  );
}

/** PSE: the guest authorises the transfer on their bank's page. */
export function PsePanel({ form, pay, banks, payer }: { form: OrderForm; pay: PayLink; banks: Lookup[]; payer: Payer }) {
  const t = useDict(payMessages);
  return (
    <OrderPanel form={form} pay={pay} method="bank" payer={payer}>
      <OptionSelect slot={slotOf(form, "bank_code")} label={t("apm.bank")} options={banks} placeholder={t("chooseBank")} />
    </OrderPanel>
  );
}

function OrderPanel({ form, pay, method, payer, children }: { form: OrderForm; pay: PayLink; method: "cash" | "bank"; payer: Payer; children: React.ReactNode }) {
  const t = useDict(payMessages);
  const submit = form.handleSubmit((v) => {
    const who = { fiscal_number: v.fiscal_number, fiscal_number_type: v.fiscal_number_type, user_type: v.user_type, address: v.address };
    const body = method === "cash" ? { method: "cash" as const, payment_type: v.payment_type, payer: who } : { method: "bank_transfer" as const, bank_code: v.bank_code, payer: who };
    return pay.send(body, () => body, pay.settle, true);
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="apm-form" {...tabPanelProps("pay", method)}>
      {children}
      <PayerFields
        slots={{ docType: slotOf(form, "fiscal_number_type"), docNumber: slotOf(form, "fiscal_number"), personType: slotOf(form, "user_type"), address: slotOf(form, "address") }}
        labels={{ docType: t("apm.docType"), docNumber: t("apm.docNumber"), personType: t("apm.personType"), address: t("apm.address") }}
        documentTypes={payer.documentTypes}
        personTypes={payer.personTypes}
        autoFill
      />
      <FormProblems count={Object.keys(form.formState.errors).length} submitted={form.formState.isSubmitted} fix={(n) => (n === 1 ? t("fixOne") : t("fixMany", { n }))} error={pay.error} errorRef={pay.refs.errorRef} errorTestId="pay-error" />
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={pay.busy}>
        {pay.busy ? t("paying") : method === "cash" ? t("apm.cashGo") : t("apm.bankGo")}
      </button>
      <p className="text-center text-xs text-slate-600" data-testid="pay-footer">
        {method === "bank" ? t("secureBank") : t("secureCash")}
      </p>
    </form>
  );
}
