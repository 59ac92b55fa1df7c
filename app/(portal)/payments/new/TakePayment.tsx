"use client";
// Cobrar: a card charge, a cash reference or a PSE payment. Its state is useTakePayment (beside this file), its
// rules take-payment-schema.ts; the order, the payment method and the answer are components beside it.
import { useDict } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";
import { useTakePayment, type Tab } from "./useTakePayment";
import { OrderSection } from "./OrderSection";
import { MethodSection } from "./MethodSection";
import { PaymentResultCard } from "./PaymentResult";
import { TabList, tabPanelProps } from "@/components/Tabs";

export interface TakePaymentPrefill {
  hotel_id?: string;
  ref_name?: string;
  ref_lastname?: string;
  ref_number?: string;
  amount?: number | null;
  email?: string;
  phone?: string;
  detail?: string;
}

export function TakePayment({
  hotels,
  clientIp,
  prefill = {},
  reservation,
  banks,
}: {
  hotels: { id: number; label: string }[];
  clientIp: string;
  prefill?: TakePaymentPrefill;
  reservation?: string;
  /** The PSE banks of the gateway in use (lib/payments/banks.ts). */
  banks: { code: string; name: string }[];
}) {
  const t = useDict(paymentMessages);
  const state = useTakePayment(clientIp, prefill);
  const { form, tab, chooseTab, parts, result, setResult, submit } = state;

  if (result) {
    const again = () => {
      if (result.kind !== "declined") form.reset();
      setResult(null);
    };
    const v = form.getValues();
    const hotel = hotels.find((h) => String(h.id) === v.hotel_id)?.label.split(" · ")[0] ?? "";
    return <PaymentResultCard result={result} total={parts?.total ?? null} onAgain={again} onSettled={setResult} order={{ reference: v.ref_number, payer: `${v.ref_name} ${v.ref_lastname}`.trim(), phone: v.phone, hotel, reservation }} />;
  }

  const tabs: [Tab, string][] = [
    ["card", t("take.tabCard")],
    ["cash", t("take.tabCash")],
    ["bank", t("take.tabBank")],
    ["nequi", t("take.tabNequi")],
  ];
  return (
    <form onSubmit={submit} noValidate className="grid max-w-5xl gap-6 lg:grid-cols-5" autoComplete="off" data-testid="take-payment">
      <div className="lg:col-span-5">
        <TabList
          tabs={tabs.map(([key, label]) => ({ key, label }))}
          selected={tab}
          onSelect={chooseTab}
          label={t("take.method")}
          idPrefix="take"
          className="inline-flex flex-wrap rounded-lg border border-slate-200 bg-slate-100 p-1 shadow-sm"
        />
      </div>
      <OrderSection form={form} tab={tab} parts={parts} hotels={hotels} />
      {/* The method tabs control the right column (card fields, cash network or PSE bank). */}
      <MethodSection state={state} panel={tabPanelProps("take", tab)} banks={banks} />
    </form>
  );
}
