import type { Metadata } from "next";
import { orNotFound, pathParam, portalContext } from "@/lib/portal/page";
import { toJson } from "@/lib/http/json";
import { getPaymentDetail } from "@/lib/payments/service";
import { PaymentDetail } from "./PaymentDetail";

export const metadata: Metadata = { title: "Pago" };

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { database, principal } = await portalContext(["agency", "operator"]);
  const { id } = await params;
  const payment = await orNotFound(getPaymentDetail(database, principal, pathParam(id)));
  // Plain JSON for the client component (Decimals become numbers as in the API).
  return <PaymentDetail payment={JSON.parse(toJson(payment))} />;
}
