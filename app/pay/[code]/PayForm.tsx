"use client";
// The guest's payment of a link: the method tabs and one panel per method (card, cash, PSE, Nequi), the outcome,
// and a live region on the page from the start that announces it. The payment itself is usePayLink (beside this
// file); the fields are the kit's, shared with the agent's Cobrar (components/PaymentFields.tsx).
import { useState } from "react";
import { useI18n } from "@/lib/i18n/client";
import { formatMoney } from "@/lib/format";
import { useZodForm } from "@/components/Form";
import { LiveRegion } from "@/components/LiveRegion";
import { apmSchema, cardSchema, nequiSchema } from "./pay-schemas";
import { usePayLink, type NequiWait } from "./usePayLink";
import { PayTabs, type ReturnStatus, type Tab } from "./PayTabs";
import { CardPanel } from "./CardPanel";
import { CashPanel, PsePanel } from "./OrderPanels";
import { NequiPanel } from "./NequiPanel";
import { NequiWaiting, PayOutcome } from "./Outcome";
import { TimeLeft } from "./TimeLeft";

export type { ReturnStatus };
type Lookup = { code: string; name: string };

export function PayForm(props: {
  code: string;
  amount: number;
  currency: string;
  expiresAt: string;
  returned: ReturnStatus;
  pending?: React.ReactNode;
  /** A Nequi payment of this link still waiting for the guest (the page was reloaded): wait for it, never ask again. */
  nequiPending?: NequiWait | null;
  banks: Lookup[];
  cashMethods: Lookup[];
  documentTypes: Lookup[];
  personTypes: Lookup[];
}) {
  const { locale } = useI18n();
  const amount = formatMoney(props.amount, props.currency, locale);
  const pay = usePayLink(props.code, amount, props.nequiPending ?? null);
  // Back from PSE: the PSE tab, with what happened.
  const [tab, setTab] = useState<Tab>(props.returned ? "bank" : props.nequiPending ? "nequi" : "card");
  const [returned, setReturned] = useState<ReturnStatus>(props.returned);
  // The forms live here, so what the guest typed stays when they look at another tab and come back.
  const card = useZodForm(cardSchema, { defaultValues: { number: "", holder: "", month: "", year: "", cvc: "", installments: "1" } });
  const apm = useZodForm(apmSchema, { defaultValues: { tab: "bank", payment_type: props.cashMethods[0]?.code ?? "", bank_code: "", fiscal_number_type: "CC", fiscal_number: "", user_type: props.personTypes[0]?.code ?? "", address: "" } });
  const nequi = useZodForm(nequiSchema, { defaultValues: { phone: "" } });

  function choose(k: Tab) {
    setTab(k);
    pay.setError(null);
    if (k === "cash" || k === "bank") apm.setValue("tab", k);
    if (k !== "bank") setReturned(null);
  }

  const payer = { documentTypes: props.documentTypes, personTypes: props.personTypes };
  let content: React.ReactNode;
  if (pay.waiting) content = <NequiWaiting waiting={pay.waiting} resultRef={pay.refs.resultRef} amount={amount} expiresAt={props.expiresAt} />;
  else if (pay.result) content = <PayOutcome result={pay.result} onRetry={pay.retry} resultRef={pay.refs.resultRef} retryRef={pay.refs.retryRef} expiresAt={props.expiresAt} />;
  else
    content = (
      <div className="space-y-4">
        <TimeLeft expiresAt={props.expiresAt} />
        {props.pending}
        <PayTabs tab={tab} onSelect={choose} returned={returned} />
        {tab === "card" && <CardPanel form={card} pay={pay} amount={amount} />}
        {tab === "cash" && <CashPanel form={apm} pay={pay} cashMethods={props.cashMethods} payer={payer} />}
        {tab === "bank" && <PsePanel form={apm} pay={pay} banks={props.banks} payer={payer} />}
        {tab === "nequi" && <NequiPanel form={nequi} pay={pay} amount={amount} />}
      </div>
    );

  return (
    <div>
      <LiveRegion message={pay.announce} testId="pay-live" />
      {content}
    </div>
  );
}
