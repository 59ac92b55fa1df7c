// Paying a link from the guest page (docs/decisions.md 7.10): POST /api/v2/links/{code}/pay, public.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { RawResponse } from "@/lib/http/route";
import { config } from "@/lib/config";
import { answerRecordedOrder, cardPaymentOutcome, createApmOrder, earlierPayment, freshNequi, LINK_AGENCY_ARCHIVED, payByCard, payByNequi, type CardPaymentResult } from "@/lib/payments/service";
import { voucherPath } from "@/lib/money/voucher-code";
import type { EffectKey } from "@/lib/http/effect-key";
import { kickDeliveries } from "@/lib/webhooks/outbox";
import { effectiveStatus } from "./service";
import type { PayLinkBody } from "./schema";
import { returnUrl } from "@/lib/http/url";

/** The answer to a card attempt on a link: 202 while in verification, else its outcome and where to send the guest. */
function cardAnswer(link: { code: string; successUrl: string | null; failureUrl: string | null }, result: CardPaymentResult) {
  if (result.status === "pending") {
    // Recorded and claimed, outcome not confirmed yet: 202; a retry with the same key asks again (docs/payments.md).
    return new RawResponse(202, { status: "pending" as const, transaction_id: result.transactionId, voucher_url: null, redirect_url: null, detail: result.reason });
  }
  const target = result.approved ? link.successUrl : link.failureUrl;
  return {
    status: result.approved ? ("approved" as const) : ("declined" as const),
    transaction_id: result.transactionId,
    voucher_url: result.voucherUrl ?? "",
    redirect_url: target ? returnUrl(target, { code: link.code, transaction_id: result.transactionId, status: result.approved ? "approved" : "declined" }) : null,
    ...(result.approved ? {} : { detail: result.reason }),
  };
}

const NEQUI_WAITING = "Aprueba el pago en tu app Nequi; esta página muestra el resultado en cuanto respondas";

/** A Nequi payment of a link as the guest page reads it: pending (202) while the payer decides, then approved or declined. */
function nequiLinkAnswer(
  link: { code: string; successUrl: string | null; failureUrl: string | null },
  t: { id: string; status: string; declineReason: string | null; voucher?: { code: string } | null },
) {
  if (t.status === "pending") return new RawResponse(202, { status: "pending" as const, transaction_id: t.id, voucher_url: null, redirect_url: null, detail: NEQUI_WAITING });
  const approved = t.status === "approved";
  const target = approved ? link.successUrl : link.failureUrl;
  return {
    status: approved ? ("approved" as const) : ("declined" as const),
    transaction_id: t.id,
    voucher_url: t.voucher ? voucherPath(t.voucher.code) : "",
    redirect_url: target ? returnUrl(target, { code: link.code, transaction_id: t.id, status: approved ? "approved" : "declined" }) : null,
    ...(approved ? {} : { detail: t.declineReason ?? "el pago no se completó" }),
  };
}

/**
 * GET /v2/links/{code}/payments/{transaction_id}: what became of a Nequi (or card) payment of this link, for the
 * guest page's poll. Public: the link's code and the transaction id together are the credential. A pending Nequi
 * payment asks the gateway first.
 */
export async function linkPaymentStatus(db: Database, code: string, transactionId: string, now: Date) {
  const link = await db.prisma.paymentLink.findUnique({ where: { code }, select: { id: true, code: true, successUrl: true, failureUrl: true } });
  const find = () => db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, include: { voucher: { select: { code: true } } } });
  let t = link ? await find() : null;
  if (!link || !t || t.linkId !== link.id || (t.method !== "nequi" && t.method !== "card")) throw doesNotExist("El pago no existe");
  if (await freshNequi(db, t, now)) t = (await find())!;
  return t.method === "nequi" ? nequiLinkAnswer(link, t) : cardAnswer(link, cardPaymentOutcome(t));
}

export async function payLink(db: Database, code: string, body: PayLinkBody, ip: string, now: Date, effectKey?: EffectKey | null) {
  const link = await db.prisma.paymentLink.findUnique({ where: { code }, include: { reservation: { select: { code: true } }, agency: { select: { isArchived: true } } } });
  if (!link) throw doesNotExist("El enlace de pago no existe");
  // An earlier attempt with this Idempotency-Key recorded a payment of this link (and maybe crashed, or paid the
  // link): answer from it before the link's state, which that payment may have changed.
  const earlier = await earlierPayment(db, effectKey);
  if (earlier && earlier.linkId === link.id) {
    if (earlier.method === "nequi") return nequiLinkAnswer(link, earlier);
    return earlier.method === "card" ? cardAnswer(link, cardPaymentOutcome(earlier)) : answerRecordedOrder(db, earlier, now);
  }
  // An archived agency collects nothing (checked again in the payment's own transaction, lib/payments/service.ts).
  if (link.agency.isArchived && effectiveStatus(link, now) === "active") throw wrongState(LINK_AGENCY_ARCHIVED);
  const status = effectiveStatus(link, now);
  if (status !== "active") {
    const why = { paid: "ya fue pagado", expired: "venció", cancelled: "fue cancelado" }[status];
    throw wrongState(`El enlace ${why}; no admite más pagos`);
  }
  const [first, ...rest] = link.guestName.split(/\s+/);
  const order = {
    ref_name: first,
    ref_lastname: rest.join(" ") || first,
    // A link for a reservation pays that reservation; otherwise the link's code identifies the payment.
    ref_number: link.reservation?.code ?? link.code,
    detail: link.description.slice(0, 99),
    amount: link.amount.toNumber(),
    hotel_id: link.hotelId,
    email: link.email,
    phone: link.phone,
    ip,
  };
  // The link's payments are made on behalf of its agency, whoever the guest is.
  const principal: Principal = { role: "agency", via: "api_key", userId: null, apiKeyId: null, agencyId: link.agencyId, agencyType: null, hotelIds: [] };
  const ctx = { db, principal, now, effectKey };

  if (body.method === "card") {
    // One card charge in flight per link: claimed in the payment's own transaction (lib/payments/settle.ts).
    const result = await payByCard(ctx, { order: { ...order, installments: body.installments }, card_item: body.card_item }, { linkId: link.id, agencyId: link.agencyId });
    if (result.status !== "pending") void kickDeliveries();
    return cardAnswer(link, result);
  }

  if (body.method === "nequi") {
    const r = await payByNequi(ctx, { order: { ...order, detail: order.detail, email: link.email }, payment_method: body.payment_method }, { linkId: link.id, agencyId: link.agencyId });
    if (r.status !== "pending") void kickDeliveries();
    const t = await db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: r.transaction_id }, include: { voucher: { select: { code: true } } } });
    return nequiLinkAnswer(link, t);
  }

  const responseUrl = `${config().publicBaseUrl}/pay/${link.code}`;
  const apmOrder = { ...order, fiscal_number: body.payer.fiscal_number };
  const common = { address: body.payer.address, user_type: body.payer.user_type, fiscal_number_type: body.payer.fiscal_number_type, response_url: responseUrl };
  return body.method === "cash"
    ? createApmOrder(ctx, { kind: "cash", body: { order: apmOrder, cash: { ...common, payment_type: body.payment_type } } }, { linkId: link.id, agencyId: link.agencyId })
    : createApmOrder(ctx, { kind: "bank_transfer", body: { order: apmOrder, bank_transfer: { ...common, bank_code: body.bank_code } } }, { linkId: link.id, agencyId: link.agencyId });
}
