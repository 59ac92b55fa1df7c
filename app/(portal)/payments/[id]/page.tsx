import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { HttpError } from "@/lib/http/errors";
import { toJson } from "@/lib/http/json";
import { getPaymentDetail } from "@/lib/payments/service";
import { PaymentDetail } from "./PaymentDetail";

export const metadata: Metadata = { title: "Pago" };

export default async function PaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser(["agency", "operator"]);
  const { id } = await params;
  const { prisma } = await getDatabase();
  let payment;
  try {
    payment = await getPaymentDetail(prisma, user.principal, decodeURIComponent(id));
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) notFound();
    throw e;
  }
  // Plain JSON for the client component (Decimals become numbers as in the API).
  return <PaymentDetail payment={JSON.parse(toJson(payment))} />;
}
