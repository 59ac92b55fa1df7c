"use client";
// Cobrar: a card charge, a cash reference or a PSE payment. Its state is useTakePayment (beside this file), its
// rules take-payment-schema.ts; the order, the payment method and the answer are components beside it.
import { useDict } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { useTakePayment, type Tab } from "./useTakePayment";
import { OrderSection } from "./OrderSection";
import { MethodSection } from "./MethodSection";
import { PaymentResultCard } from "./PaymentResult";

export interface TakePaymentPrefill {
  hotel_id?: string;
  ref_name?: string;
  ref_lastname?: string;
  ref_number?: string;
  amount?: number | null;
  email?: string;
  phone?: string;
}

export function TakePayment({ hotels, clientIp, prefill = {} }: { hotels: { id: number; label: string }[]; clientIp: string; prefill?: TakePaymentPrefill }) {
  const t = useDict(paymentMessages);
  const state = useTakePayment(clientIp, prefill);
  const { form, tab, chooseTab, parts, result, setResult, submit } = state;

  if (result) {
    const again = () => {
      if (result.kind !== "declined") form.reset();
      setResult(null);
    };
    return <PaymentResultCard result={result} total={parts?.total ?? null} onAgain={again} />;
  }

  const tabs: [Tab, string][] = [
    ["card", t("take.tabCard")],
    ["cash", t("take.tabCash")],
    ["bank", t("take.tabBank")],
  ];
  return (
    <form onSubmit={submit} noValidate className="grid max-w-5xl gap-6 lg:grid-cols-5" autoComplete="off" data-testid="take-payment">
      <div className="lg:col-span-5">
        <div role="tablist" className="inline-flex flex-wrap rounded-lg border border-slate-200 bg-white p-1 shadow-sm">
          {tabs.map(([k, label]) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              onClick={() => chooseTab(k)}
              className={`rounded-md px-4 py-2 text-sm font-medium ${tab === k ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      <OrderSection form={form} tab={tab} parts={parts} hotels={hotels} />
      <MethodSection state={state} />
    </form>
  );
}
