// What a payment attempt on a link tells, inside the payment's own settle transaction: the notification of docs/webhooks.md (`payment_link.payment`) goes
// to the link's temp_webhook_url through the outbox (signed with the agency's secret).
import type { Prisma } from "@/lib/db/generated/client";
import { enqueueWebhook } from "@/lib/webhooks/outbox";
import { WEBHOOK_EVENTS } from "@/lib/webhooks/events";
import { tzOffsetMinutes } from "@/lib/time";

type Tx = Prisma.TransactionClient;

/** "2026-12-01 18:04:05.123000" in Bogotá time: the payment_date format of the notification. */
export function paymentDate(at: Date): string {
  const local = new Date(at.getTime() + tzOffsetMinutes(at) * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 23)}000`;
}

export interface LinkAttempt {
  linkId: string;
  transactionId: string;
  approved: boolean;
  amount: Prisma.Decimal;
  voucherCode: string | null;
  at: Date;
}

export async function recordLinkAttempt(tx: Tx, a: LinkAttempt) {
  const link = await tx.paymentLink.findUnique({ where: { id: a.linkId }, include: { agency: true, hotel: true } });
  if (!link) return;
  // The link itself was marked paid by the settle transaction (lib/payments/settle.ts), conditionally.
  if (!link.tempWebhookUrl) return;
  const body = {
    payment_status: a.approved ? "aplicado" : "rechazado",
    amount: a.amount.toNumber(),
    payment_date: paymentDate(a.at),
    company: link.agency.name,
    hotel: link.hotel.name,
    voucher_url: a.voucherCode ? `/v2/vouchers/${a.voucherCode}` : "",
    transaction_id: a.transactionId,
    external_ref_id: link.externalRefId ?? "",
  };
  await enqueueWebhook(tx, { agencyId: link.agencyId, event: WEBHOOK_EVENTS.paymentLinkPayment, url: link.tempWebhookUrl, payload: body, linkId: link.id }, a.at);
}
