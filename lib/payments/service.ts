// Payment orders: card (4.9), cash (4.7) and bank transfer (4.8), their completion, expiry and listing.
import crypto from "node:crypto";
import { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { badRequest, notFound } from "@/lib/http/errors";
import { doesNotExist, notSupported, wrongState } from "@/lib/domain/errors";
import { config } from "@/lib/config";
import { isoBogota, bogotaDayStart, addDays } from "@/lib/time";
import { paymentGateway } from "@/lib/gateways";
import { BANK_TRANSFER_TTL_MS, CASH_ORDER_TTL_MS, ChargePendingError, NEQUI_TTL_MS, OrderRefusedError, type ApmOrder, type CardChargeResult } from "@/lib/gateways/payment-gateway";
import { CardDecryptError, decryptCardField } from "./card-crypto";
import { cardBrand, validateCard, type RawCard } from "@/lib/money/card-validation";
import { acceptVirtualCard, recogniseVirtualCard } from "./virtual-card-acceptance";
import { reservationForPayment } from "./reservation-credit";
import { applyNequiOutcome, holdReservation, refreshNequiPayment, settleApmOrder, settleCardPayment, whyReservationRefuses } from "./settle";
import { recordLinkAttempt } from "./link-outcome";
import { lockLinkForPayment, lockReservation, markGatewayRefused, setOrderReference } from "./store";
import * as payment from "./lifecycle";
import { presentRefund } from "./refunds";
import { assertPseBank, pseBankName } from "./banks";
import { newVoucherCode, voucherPath } from "@/lib/money/voucher-code";
import { emailOrderPlaced } from "@/lib/mail/facts";
import { kickDeliveries } from "@/lib/webhooks/outbox";
import { earlierEffect, effectColumns, effectWhere, isEffectKeyViolation, type EffectKey } from "@/lib/http/effect-key";
import { crashPoint } from "@/lib/http/crash-points";
import { looksLikeTransactionId, paymentStatuses, type ApmOrderInput, type BankTransferBody, type CardPaymentBody, type CashBody, type ListQuery, type NequiBody } from "./schema";
import { log } from "@/lib/http/log";

export interface PaymentCtx {
  db: Database;
  principal: Principal;
  now: Date;
  /** The request's Idempotency-Key, written on the payment row (lib/http/effect-key.ts). */
  effectKey?: EffectKey | null;
}

/** The payment an earlier attempt with this Idempotency-Key recorded (null: none, or no key). */
export async function earlierPayment(db: Database, ek: EffectKey | null | undefined) {
  if (!ek) return null;
  return earlierEffect(ek, await db.prisma.paymentTransaction.findUnique({ where: effectWhere(ek), include: { voucher: { select: { code: true } } } }));
}
type EarlierPayment = NonNullable<Awaited<ReturnType<typeof earlierPayment>>>;

/** A payment INSERT lost to a concurrent attempt with the same Idempotency-Key: the payment that attempt recorded. */
const paymentRecordedFirst =
  (ctx: PaymentCtx) =>
  async (e: unknown): Promise<EarlierPayment> => {
    const first = isEffectKeyViolation(e) ? await earlierPayment(ctx.db, ctx.effectKey) : null;
    if (!first) throw e;
    return first;
  };

export const newTransactionId = () => `tx_${crypto.randomBytes(16).toString("hex")}`;
export const checkoutUrl = (transactionId: string) => `${config().publicBaseUrl}/checkout/${transactionId}`;
const dec = (n: number) => new Prisma.Decimal(String(n));

/** The amount is the total; base, taxes and service are derived from it so that they add up exactly. */
export function breakdown(amount: Prisma.Decimal, taxPercent: Prisma.Decimal, servicePercent: Prisma.Decimal) {
  const base = amount.div(taxPercent.plus(servicePercent).plus(1)).toDecimalPlaces(2);
  const tax = base.mul(taxPercent).toDecimalPlaces(2);
  const service = amount.minus(base).minus(tax);
  return { base, tax, service };
}

/** What every payment's row copies from its order (card, cash/PSE, Nequi; the three schemas' common fields). */
type OrderFields = Pick<CardPaymentBody["order"], "hotel_id" | "ref_name" | "ref_lastname" | "ref_number" | "tax_percent" | "service_percent" | "detail" | "email" | "fiscal_number" | "phone" | "ip">;

/** The new payment's id, amount, and what it pays: the payer agency (else the reservation's), a link, a reservation. */
interface PaymentClaim {
  transactionId: string;
  amount: Prisma.Decimal;
  payerAgency: number | null;
  linkId?: string;
  reservation: { id: string; agencyId: number } | null;
}

/** The columns of a new payment row that come from its order, its claim and the request (one spelling for the three INSERTs). */
function orderColumns(ctx: PaymentCtx, order: OrderFields, claim: PaymentClaim) {
  return {
    id: claim.transactionId,
    agencyId: claim.payerAgency ?? claim.reservation?.agencyId ?? null,
    hotelId: order.hotel_id,
    linkId: claim.linkId ?? null,
    reservationId: claim.reservation?.id ?? null,
    refName: order.ref_name,
    refLastname: order.ref_lastname,
    refNumber: order.ref_number,
    detail: order.detail ?? null,
    amount: claim.amount,
    taxPercent: dec(order.tax_percent ?? 0),
    servicePercent: dec(order.service_percent ?? 0),
    email: order.email ?? null,
    fiscalNumber: order.fiscal_number ?? null,
    phone: order.phone ?? null,
    ip: order.ip ?? null,
    createdAt: ctx.now,
    ...effectColumns(ctx.effectKey),
  };
}

/** The agency a payment is made for: the one the caller names (a link's), else the calling agency's own. */
const payerAgencyOf = (principal: Principal, opts: { agencyId?: number | null }) => (opts.agencyId !== undefined ? opts.agencyId : principal.role === "agency" ? principal.agencyId : null);

/**
 * A pending order (cash, PSE, Nequi) does not claim its reservation (it blocks no other payment), but one that could
 * never be credited is refused (409, `refusal` leading the reason). Returns the payment deadline it may not outlive.
 */
async function reservationTakesOrder(tx: Prisma.TransactionClient, reservationId: string, amount: Prisma.Decimal, now: Date, refusal: string): Promise<Date | null> {
  const r = await tx.reservation.findUnique({ where: { id: reservationId }, select: { status: true, amount: true, amountPaid: true, paymentDeadline: true } });
  if (!r) return null;
  if (r.status !== "pending_payment" || r.paymentDeadline <= now || r.amountPaid.add(amount).gt(r.amount)) {
    throw wrongState(`${refusal}: ${await whyReservationRefuses(tx, reservationId, amount.toFixed(2), now)}`);
  }
  return r.paymentDeadline;
}

async function requireHotel(db: Database, hotelId: number) {
  const hotel = await db.prisma.hotel.findUnique({ where: { id: hotelId }, select: { id: true } });
  if (!hotel) throw notFound(`order.hotel_id: el hotel ${hotelId} no existe`);
}

const CARD_FIELDS: (keyof RawCard)[] = ["cc_number", "cc_code", "cc_expire_month", "cc_expire_year", "cc_holder"];

function decryptCard(item: RawCard): RawCard {
  const out = {} as RawCard;
  for (const f of CARD_FIELDS) {
    try {
      out[f] = decryptCardField(item[f]);
    } catch (e) {
      if (e instanceof CardDecryptError) {
        throw badRequest(`card_item.${f}: no se pudo descifrar; cifre cada campo con RSA-OAEP SHA-256 y la clave de /api/v2/virtual-terminal/public-key, en base64`);
      }
      throw e;
    }
  }
  return out;
}

export type CardPaymentResult =
  | { approved: true; status: "approved"; transactionId: string; voucherUrl: string }
  | { approved: false; transactionId: string; voucherUrl: string; reason: string; status: "rejected" | "refunded" }
  | { approved: false; transactionId: string; voucherUrl: null; reason: string; status: "pending" };

/** Archiving an agency stops its collection: its links take no payment (docs/payments.md). */
export const LINK_AGENCY_ARCHIVED = "La agencia que emitió este enlace fue archivada y ya no recibe pagos; no se cobró nada. Comuníquese con la agencia o con el hotel";

const LINK_CARD_IN_FLIGHT = "Ya hay un pago con tarjeta en curso para este enlace; espere unos segundos";

/**
 * The claimed card payment could not be charged or settled just now: it stays pending for the reconciliation job.
 * Answered 202 (not 5xx) on purpose: the Idempotency-Key then replays it, so a retry never starts a second charge.
 */
const inVerification = (transactionId: string): CardPaymentResult => ({
  approved: false,
  status: "pending",
  transactionId,
  voucherUrl: null,
  reason: `El pago ${transactionId} quedó en verificación con la pasarela; su estado se confirmará en unos minutos (consulte la transacción antes de reintentar)`,
});

/**
 * 4.9 and link card payments, as a state machine (docs/payments.md): decrypt and check the card; in ONE
 * transaction write the payment `pending` and claim what it pays (the link, the reservation's amount, a one-time
 * virtual card); charge with the transaction id as idempotency key; then settle in a second transaction.
 */
export async function payByCard(ctx: PaymentCtx, body: CardPaymentBody, opts: { linkId?: string; agencyId?: number | null } = {}): Promise<CardPaymentResult> {
  const { db, principal, now } = ctx;
  const { order } = body;
  // An earlier attempt with this key recorded the payment (and maybe crashed): answer from it, never charge again.
  const earlier = await earlierPayment(db, ctx.effectKey);
  if (earlier) return cardPaymentOutcome(earlier);
  await requireHotel(db, order.hotel_id);
  const checked = validateCard(decryptCard(body.card_item), now);
  if (!checked.ok) throw badRequest(checked.detail);
  const card = checked.card;
  const transactionId = newTransactionId();
  const amount = dec(order.amount);
  const payerAgency = payerAgencyOf(principal, opts);
  const virtualCard = await recogniseVirtualCard(db, card.number);

  // 1. Record and claim.
  let refused: { code: string; reason: string } | null = null;
  try {
    await db.prisma.$transaction(async (tx) => {
      if (opts.linkId) {
        const l = await lockLinkForPayment(tx, opts.linkId);
        if (!l || l.status !== "active" || l.expires_at.getTime() <= now.getTime()) throw wrongState("El enlace ya no admite pagos (pagado, vencido o cancelado)");
        if (l.archived) throw wrongState(LINK_AGENCY_ARCHIVED);
        const busy = await tx.paymentTransaction.findFirst({ where: { linkId: opts.linkId, status: "pending", method: "card" }, select: { id: true } });
        if (busy) throw wrongState(LINK_CARD_IN_FLIGHT);
      }
      const reservation = await reservationForPayment(tx, order.ref_number, payerAgency);
      // The global lock order (settle.ts lockTargets): link, reservation, then the virtual card (authorizeCardCharge).
      if (reservation) await lockReservation(tx, reservation.id);
      if (virtualCard) refused = await acceptVirtualCard(tx, virtualCard, { amount, hotelId: order.hotel_id }, now);
      if (!refused && reservation) {
        const why = await holdReservation(tx, reservation.id, amount.toFixed(2), now);
        if (why) throw wrongState(`No se cobró: ${why}`);
      }
      await tx.paymentTransaction.create({
        data: {
          ...orderColumns(ctx, order, { transactionId, amount, payerAgency, linkId: opts.linkId, reservation }),
          method: "card",
          status: refused ? "rejected" : "pending",
          virtualCardId: virtualCard?.id ?? null,
          installments: order.installments,
          address: order.address ?? null,
          cardBrand: cardBrand(card.number),
          cardLast4: card.number.slice(-4),
          declineCode: refused?.code ?? null,
          declineReason: refused?.reason ?? null,
          completedAt: refused ? now : null,
        },
      });
      if (refused) {
        const voucherCode = newVoucherCode();
        await tx.voucher.create({ data: { code: voucherCode, transactionId, createdAt: now } });
        if (opts.linkId) await recordLinkAttempt(tx, { linkId: opts.linkId, transactionId, approved: false, amount, voucherCode, at: now });
      }
    });
  } catch (e) {
    if (isEffectKeyViolation(e)) {
      // A concurrent attempt with this key recorded it first (this one claimed nothing: its transaction rolled back).
      const first = await earlierPayment(db, ctx.effectKey);
      if (first) return cardPaymentOutcome(first);
    }
    if (isUniqueViolation(e) && opts.linkId) throw wrongState(LINK_CARD_IN_FLIGHT);
    throw e;
  }
  if (refused) {
    if (opts.linkId) void kickDeliveries();
    const v = await db.prisma.voucher.findUnique({ where: { transactionId }, select: { code: true } });
    return { approved: false, status: "rejected", transactionId, voucherUrl: voucherPath(v!.code), reason: (refused as { reason: string }).reason };
  }

  crashPoint("card:after-record");

  // 2. Charge. A lost answer is voided (same idempotency key: the gateway never charges twice).
  const gateway = paymentGateway();
  let charge: CardChargeResult;
  try {
    charge = await gateway.chargeCard({
      transactionId,
      idempotencyKey: transactionId,
      card,
      amount: amount.toFixed(2),
      currency: "COP",
      installments: order.installments,
      payerEmail: order.email ?? undefined,
    });
    crashPoint("card:after-charge");
  } catch (e) {
    // Still undecided at the gateway (Wompi PENDING after its poll): 202, settled by its event or the reconciliation.
    if (e instanceof ChargePendingError) return inVerification(transactionId);
    const voided = await gateway.void(transactionId, `void:${transactionId}`).catch(() => ({ ok: false as const, reason: "sin respuesta" }));
    if (!voided.ok) return inVerification(transactionId);
    charge = { approved: false, code: "gateway_error", reason: "no se obtuvo respuesta de la pasarela; el cobro se anuló y no se realizó ningún cargo" };
  }

  // 3. Settle. A database failure here leaves the payment pending for the reconciliation job.
  let outcome;
  try {
    outcome = await settleCardPayment(db, transactionId, charge, now);
  } catch {
    return inVerification(transactionId);
  }
  const voucherUrl = outcome.voucherCode ? voucherPath(outcome.voucherCode) : "";
  if (outcome.status === "approved") return { approved: true, status: "approved", transactionId, voucherUrl };
  return { approved: false, status: outcome.status === "refunded" ? "refunded" : "rejected", transactionId, voucherUrl, reason: outcome.reason };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002";

/**
 * What a recorded card payment answers: its outcome when settled, "en verificación" (202) while the gateway's answer
 * is not recorded yet (the reconciliation job asks the gateway by the payment's id; a later retry gets the outcome).
 */
export function cardPaymentOutcome(t: EarlierPayment): CardPaymentResult {
  if (t.status === "pending") return inVerification(t.id);
  const voucherUrl = t.voucher ? voucherPath(t.voucher.code) : "";
  if (t.status === "approved") return { approved: true, status: "approved", transactionId: t.id, voucherUrl };
  return { approved: false, status: t.status === "refunded" ? "refunded" : "rejected", transactionId: t.id, voucherUrl, reason: t.declineReason ?? "el pago no se completó" };
}

/** What a recorded cash or bank-transfer order answers (4.7 / 4.8). */
export const apmOrderAnswer = (t: { id: string; apmDetailId: number }) => ({ transaction_id: t.id, apm_detail_id: t.apmDetailId, checkout_url: checkoutUrl(t.id) });

type ApmKind = { kind: "cash"; body: CashBody } | { kind: "bank_transfer"; body: BankTransferBody };

/** How long an order may be paid at most, per method (then the reservation's payment deadline may cut it short). */
const ORDER_TTL_MS = { cash: CASH_ORDER_TTL_MS, bank_transfer: BANK_TRANSFER_TTL_MS } as const;

/** A link a cash, PSE or Nequi payment is recorded for must still take payments, and its agency be active. */
async function assertLinkTakesPayments(tx: Prisma.TransactionClient, linkId: string, now: Date) {
  const l = await tx.paymentLink.findUnique({ where: { id: linkId }, select: { status: true, expiresAt: true, agency: { select: { isArchived: true } } } });
  if (!l || l.status !== "active" || l.expiresAt <= now) throw wrongState("El enlace ya no admite pagos (pagado, vencido o cancelado)");
  if (l.agency.isArchived) throw wrongState(LINK_AGENCY_ARCHIVED);
}

/**
 * 4.7 / 4.8: a pending order the buyer completes on the hosted checkout page (docs/payments.md "Cash and PSE
 * orders"). Like a card payment, the order is written and committed FIRST (pending, with its Idempotency-Key and
 * its expiry) and only then placed at the gateway under its transaction id, which Wompi keeps as the reference:
 * a crash or a lost answer after the gateway created it leaves our row, which a retry with the key (placeOrder
 * again: the gateway follows what it holds under the reference, never creating a second) or the reconciliation
 * (lib/wompi/apply.ts) completes.
 */
export async function createApmOrder(ctx: PaymentCtx, input: ApmKind, opts: { linkId?: string; agencyId?: number | null } = {}) {
  const { db, principal, now } = ctx;
  const order: ApmOrderInput = input.body.order;
  const earlier = await earlierPayment(db, ctx.effectKey);
  if (earlier) return answerRecordedOrder(db, earlier, now);
  await requireHotel(db, order.hotel_id);
  if (input.kind === "bank_transfer") await assertPseBank(input.body.bank_transfer.bank_code, opts.linkId ? "bank_code" : "bank_transfer.bank_code");
  const transactionId = newTransactionId();
  const amount = dec(order.amount);
  const fields =
    input.kind === "cash"
      ? {
          cashMethod: input.body.cash.payment_type,
          userType: input.body.cash.user_type,
          fiscalNumberType: input.body.cash.fiscal_number_type,
          responseUrl: input.body.cash.response_url,
          address: input.body.cash.address,
        }
      : {
          bankCode: input.body.bank_transfer.bank_code,
          userType: input.body.bank_transfer.user_type,
          fiscalNumberType: input.body.bank_transfer.fiscal_number_type,
          responseUrl: input.body.bank_transfer.response_url,
          address: input.body.bank_transfer.address,
        };
  const payerAgency = payerAgencyOf(principal, opts);
  let expiresAt = new Date(now.getTime() + ORDER_TTL_MS[input.kind]);
  const created = await db.prisma
    .$transaction(async (tx) => {
      const reservation = await reservationForPayment(tx, order.ref_number, payerAgency);
      if (reservation) {
        const deadline = await reservationTakesOrder(tx, reservation.id, amount, now, "No se creó la orden");
        // An order never outlives what it pays: the earlier of the method's limit and the payment deadline.
        if (deadline && deadline < expiresAt) expiresAt = deadline;
      }
      if (opts.linkId) await assertLinkTakesPayments(tx, opts.linkId, now);
      return tx.paymentTransaction.create({
        data: {
          ...orderColumns(ctx, order, { transactionId, amount, payerAgency, linkId: opts.linkId, reservation }),
          method: input.kind,
          status: "pending",
          // Set once the gateway placed the order (placeOrder).
          paymentReference: null,
          expiresAt,
          ...fields,
        },
        select: ORDER_ROW,
      });
    })
    // A concurrent attempt with this key recorded its order first: answer with that one (its request places it).
    .catch(paymentRecordedFirst(ctx));
  if (created.id !== transactionId) return apmOrderAnswer(created);
  crashPoint("order:after-record");
  return placeOrder(db, created.id, now);
}

const ORDER_ROW = { id: true, apmDetailId: true, status: true, method: true, paymentReference: true, declineReason: true } as const;

/**
 * What a retry with the same Idempotency-Key answers: the order as recorded; one whose placing at the gateway was
 * interrupted (no payment reference yet) is placed now, under the same transaction id (nothing created twice).
 */
export async function answerRecordedOrder(db: Database, t: EarlierPayment, now: Date) {
  if (t.method !== "cash" && t.method !== "bank_transfer") return apmOrderAnswer(t);
  if (t.status === "pending" && !t.paymentReference) return placeOrder(db, t.id, now);
  if (t.status === "rejected" && t.declineCode === "gateway_refused") throw badRequest(`La pasarela no aceptó la orden: ${t.declineReason ?? "no se creó ningún cobro"}`);
  return apmOrderAnswer(t);
}

/**
 * Places a recorded order at the gateway (its transaction id is the reference and the idempotency key there), then
 * keeps the payer's reference and sends the guest the instructions, once. The gateway refusing it for good closes
 * the order `rejected` (400); no answer leaves it pending with its row, for a retry or the reconciliation.
 */
async function placeOrder(db: Database, transactionId: string, now: Date) {
  const t = await db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: transactionId } });
  const gateway = paymentGateway();
  const placing = {
    transactionId,
    amount: t.amount.toFixed(2),
    currency: t.currency,
    now,
    expiresAt: t.expiresAt ?? undefined,
    // Who pays and where they come back: Wompi requires them (PSE: name, phone, document; cash: the e-mail); the sandbox ignores them.
    payer: {
      email: t.email ?? "",
      fullName: `${t.refName} ${t.refLastname}`.trim(),
      phone: t.phone ?? "",
      legalIdType: t.fiscalNumberType ?? "CC",
      legalId: t.fiscalNumber ?? "",
      personType: t.userType === "1" ? (1 as const) : (0 as const),
    },
    redirectUrl: checkoutUrl(transactionId),
    description: t.detail ?? undefined,
  };
  let placed: ApmOrder;
  try {
    placed =
      t.method === "cash"
        ? await gateway.createCashOrder({ ...placing, cashMethod: t.cashMethod ?? "" })
        : await gateway.createBankTransferOrder({ ...placing, bankCode: t.bankCode ?? "" });
  } catch (e) {
    if (!(e instanceof OrderRefusedError)) throw e;
    const closed = await settleApmOrder(db, transactionId, "rejected", now);
    if (closed) await markGatewayRefused(db.prisma, transactionId, e.reason.slice(0, 500));
    throw badRequest(`La pasarela no aceptó la orden: ${e.reason}`);
  }
  crashPoint("order:after-place");
  await recordOrderPlaced(db, transactionId, placed.reference, now);
  const row = await db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: transactionId }, select: { id: true, apmDetailId: true } });
  // PSE at Wompi: the bank's page (async_payment_url); otherwise our checkout page, which reads our record.
  const answer = apmOrderAnswer(row);
  return placed.checkoutUrl ? { ...answer, checkout_url: placed.checkoutUrl } : answer;
}

/**
 * The gateway placed the order: its reference (what the payer quotes: cash's payment intention, PSE's transaction)
 * is kept and the guest gets the instructions, in one transaction, once (also from the reconciliation, when the
 * request that placed it died before this).
 */
export async function recordOrderPlaced(db: Database, transactionId: string, reference: string, now: Date): Promise<boolean> {
  // PSE: the e-mail names the bank as the payer chose it from today's list (Wompi's own names with Wompi), read here
  // (lib/mail does not import payments) and written into the e-mail's data.
  const placed = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, select: { bankCode: true } });
  const bankName = await pseBankName(placed?.bankCode);
  return db.prisma.$transaction(async (tx) => {
    if (!(await setOrderReference(tx, transactionId, reference))) return false;
    await emailOrderPlaced(tx, transactionId, now, { bankName });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------- Nequi (issue 26)

export const statusPath = (transactionId: string) => `/api/v2/apms/transactions/${transactionId}`;
const NEQUI_WAITING = "Se envió la solicitud de pago a la app Nequi del pagador; queda pendiente hasta que la apruebe o la rechace allí. Consulte status_url para conocer el resultado";

/** What a recorded Nequi payment answers (POST /v2/apms/nequi, a replay with its Idempotency-Key, MCP). */
export function nequiAnswer(t: { id: string; apmDetailId: number; status: string; declineReason: string | null; voucher?: { code: string } | null }) {
  const detail =
    t.status === "pending" ? NEQUI_WAITING : t.status === "approved" ? "Pago aprobado en Nequi" : (t.declineReason ?? "el pago no se completó").replace(/^./, (c) => c.toUpperCase());
  return {
    transaction_id: t.id,
    apm_detail_id: t.apmDetailId,
    status: t.status as (typeof paymentStatuses)[number],
    detail,
    voucher_url: t.voucher ? voucherPath(t.voucher.code) : null,
    status_url: statusPath(t.id),
  };
}

/** Sends the payment request of a recorded Nequi payment to the payer's app; never throws (the outcome comes later). */
async function askNequi(
  db: Database,
  t: { id: string; amount: Prisma.Decimal; nequiPhone: string | null; email: string | null; refName: string; refLastname: string },
  now: Date,
): Promise<void> {
  const gateway = paymentGateway();
  if (!gateway.startNequi || !t.nequiPhone) return;
  try {
    const started = await gateway.startNequi({
      transactionId: t.id,
      amount: t.amount.toFixed(2),
      currency: "COP",
      phone: t.nequiPhone,
      payer: { email: t.email, fullName: `${t.refName} ${t.refLastname}`.trim() },
    });
    if (started.status === "declined") await applyNequiOutcome(db, t.id, started, now);
    else if (started.gatewayRef) await db.prisma.paymentTransaction.updateMany({ where: { id: t.id, paymentReference: null }, data: { paymentReference: started.gatewayRef.slice(0, 100) } });
  } catch (e) {
    // Unknown whether Nequi got the request: the payment stays pending; the status poll and payment-reconcile ask the gateway.
    log.warn("nequi_start_failed", { transaction: t.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
  }
}

const nequiRow = (db: Database, id: string) => db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id }, include: { voucher: { select: { code: true } } } });

/**
 * Nequi (issue 26): ONE transaction writes the payment `pending` (with the request's Idempotency-Key) after the same
 * checks as a cash order (a link that takes payments, a reservation that can still be credited; no hold: the payer may
 * never answer); THEN the gateway sends the payment request to the payer's Nequi app. The outcome comes later: the
 * status poll, the payment-reconcile job or Wompi's event settle it through the state machine (settle.ts).
 */
export async function payByNequi(ctx: PaymentCtx, body: NequiBody, opts: { linkId?: string; agencyId?: number | null } = {}) {
  const { db, principal, now } = ctx;
  const { order } = body;
  const earlier = await earlierPayment(db, ctx.effectKey);
  if (earlier) {
    // The attempt that recorded it may have died before asking Nequi (crash point nequi:after-record): a pending row
    // Nequi has no reference for is asked now. Both gateways key the request by our transaction id, so a request
    // Nequi already got is not sent twice.
    if (earlier.method === "nequi" && earlier.status === "pending" && !earlier.paymentReference) {
      await askNequi(db, earlier, now);
      return nequiAnswer(await nequiRow(db, earlier.id));
    }
    return nequiAnswer(earlier);
  }
  await requireHotel(db, order.hotel_id);
  const gateway = paymentGateway();
  if (!gateway.startNequi) throw notSupported("La pasarela de pagos configurada no ofrece Nequi");
  const transactionId = newTransactionId();
  const amount = dec(order.amount);
  const phone = body.payment_method.phone_number;
  const payerAgency = payerAgencyOf(principal, opts);
  let expiresAt = new Date(now.getTime() + NEQUI_TTL_MS);
  const created = await db.prisma
    .$transaction(async (tx) => {
      if (opts.linkId) await assertLinkTakesPayments(tx, opts.linkId, now);
      const reservation = await reservationForPayment(tx, order.ref_number, payerAgency);
      if (reservation) {
        const deadline = await reservationTakesOrder(tx, reservation.id, amount, now, "No se cobró");
        if (deadline && deadline < expiresAt) expiresAt = deadline;
      }
      return tx.paymentTransaction.create({
        data: {
          ...orderColumns(ctx, order, { transactionId, amount, payerAgency, linkId: opts.linkId, reservation }),
          method: "nequi",
          status: "pending",
          nequiPhone: phone,
          expiresAt,
        },
        include: { voucher: { select: { code: true } } },
      });
    })
    .catch(paymentRecordedFirst(ctx));
  if (created.id !== transactionId) return nequiAnswer(created);
  crashPoint("nequi:after-record");
  await askNequi(db, { id: transactionId, amount, nequiPhone: phone, email: order.email, refName: order.ref_name, refLastname: order.ref_lastname }, now);
  return nequiAnswer(await nequiRow(db, transactionId));
}

/** A pending Nequi payment asks the gateway before it is shown (the payer may have answered); never throws. */
export async function freshNequi(db: Database, t: { id: string; method: string; status: string; createdAt: Date }, now: Date): Promise<boolean> {
  if (t.method !== "nequi" || t.status !== "pending") return false;
  try {
    return await refreshNequiPayment(db, t, now);
  } catch (e) {
    log.warn("nequi_refresh_failed", { transaction: t.id, message: String((e as Error)?.message ?? e).slice(0, 200) });
    return false;
  }
}

/**
 * Completes a pending cash or bank-transfer order once, as the gateway reported (or the sandbox buttons). An approval
 * that can no longer be credited (link paid, order cancelled, reservation closed or paid) is refunded, not credited.
 */
export async function completeApmOrder(db: Database, transactionId: string, outcome: "approved" | "rejected", now: Date) {
  const kind = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, select: { method: true } });
  if (kind?.method === "nequi") throw notSupported("Un pago Nequi lo resuelve el pagador en su app (sandbox: 3991111111 aprueba, 3992222222 rechaza)");
  const done = await settleApmOrder(db, transactionId, outcome, now);
  if (done) return done;
  const t = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, select: { status: true, method: true, expiresAt: true } });
  if (!t) throw doesNotExist(`La transacción ${transactionId} no existe`);
  if (t.method !== "cash" && t.method !== "bank_transfer") throw wrongState("La transacción no es una orden en efectivo o por transferencia; ya fue resuelta");
  if (t.status === "pending") {
    await expirePaymentOrders(db, now);
    throw wrongState("La orden de pago venció; cree una nueva");
  }
  if (t.status === "cancelled") throw wrongState("La orden de pago fue cancelada porque se pagó con otro medio");
  throw wrongState(`La transacción ya fue resuelta (estado ${t.status})`);
}

/** Job payment-orders: pending cash and bank-transfer orders past their deadline expire. */
export async function expirePaymentOrders(db: Database, now: Date): Promise<number> {
  // One transaction: the expiry and, for orders placed from a payment link, its "rechazado" notification.
  const expired = await db.prisma.$transaction(async (tx) => {
    return payment.expireOrders(tx, now);
  });
  if (expired.some((r) => r.link_id)) void kickDeliveries();
  return expired.length;
}

const withVoucher = { voucher: { select: { code: true } }, hotel: { select: { id: true, name: true, city: true } } } as const;
type TxRow = Prisma.PaymentTransactionGetPayload<{ include: typeof withVoucher }>;

export function presentTransaction(t: TxRow) {
  return {
    transaction_id: t.id,
    apm_detail_id: t.apmDetailId,
    status: t.status,
    method: t.method,
    amount: t.amount,
    currency: t.currency,
    tax_percent: t.taxPercent,
    service_percent: t.servicePercent,
    hotel_id: t.hotelId,
    hotel_name: t.hotel.name,
    ref_name: t.refName,
    ref_lastname: t.refLastname,
    ref_number: t.refNumber,
    installments: t.installments,
    payment_reference: t.method === "card" ? null : t.paymentReference,
    bank_code: t.bankCode,
    cash_method: t.cashMethod,
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    nequi_phone: t.nequiPhone,
    decline_reason: t.declineReason,
    checkout_url: t.method === "cash" || t.method === "bank_transfer" ? checkoutUrl(t.id) : null,
    voucher_url: t.voucher ? voucherPath(t.voucher.code) : null,
    expires_at: t.expiresAt ? isoBogota(t.expiresAt) : null,
    completed_at: t.completedAt ? isoBogota(t.completedAt) : null,
    created_at: isoBogota(t.createdAt),
    refunded_amount: t.refundedAmount,
  };
}

/** GET /v2/apms/transactions/{id}: the owning agency or an operator; anyone else sees a 404. A pending Nequi payment asks the gateway first. */
export async function getTransaction(db: Database, principal: Principal, transactionId: string, now: Date = new Date()) {
  let t = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, include: withVoucher });
  if (!t) throw doesNotExist(`La transacción ${transactionId} no existe`);
  assertSameAgency(principal, t.agencyId, `La transacción ${transactionId}`);
  if (await freshNequi(db, t, now)) t = (await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, include: withVoucher }))!;
  return presentTransaction(t);
}

/** GET /v2/payments/{id}: the payment with its refunds (the portal's payment detail). */
export async function getPaymentDetail(db: Database, principal: Principal, id: string) {
  if (!looksLikeTransactionId(id)) throw doesNotExist(`El pago ${id.slice(0, 40)} no existe`);
  const t = await db.prisma.paymentTransaction.findUnique({
    where: { id },
    include: { ...withVoucher, refunds: { orderBy: { createdAt: "asc" } }, reservation: { select: { code: true } }, link: { select: { code: true } } },
  });
  if (!t) throw doesNotExist(`El pago ${id} no existe`);
  assertSameAgency(principal, t.agencyId, `El pago ${id}`);
  const refundable = t.status === "approved" && (t.method === "card" || t.method === "balance" || t.method === "nequi") ? t.amount.sub(t.refundedAmount) : new Prisma.Decimal(0);
  return {
    ...presentTransaction(t),
    refundable_amount: refundable.toNumber(),
    refundable: refundable.gt(0),
    reservation_code: t.reservation?.code ?? null,
    link_code: t.link?.code ?? null,
    refunds: t.refunds.map(presentRefund),
  };
}

/** Same check as getTransaction, for the sandbox simulate route. */
export async function assertTransactionVisible(db: Database, principal: Principal, transactionId: string) {
  const t = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, select: { agencyId: true } });
  if (!t) throw doesNotExist(`La transacción ${transactionId} no existe`);
  assertSameAgency(principal, t.agencyId, `La transacción ${transactionId}`);
}

/** What the hosted checkout page shows; the unguessable id is the credential. */
export async function getCheckout(db: Database, transactionId: string) {
  const t = await db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, include: withVoucher });
  if (!t || (t.method !== "cash" && t.method !== "bank_transfer")) throw doesNotExist("La orden de pago no existe");
  const gateway = paymentGateway();
  // What the gateway gave for this order (Wompi: the collect codes, the bank's page), from its own record.
  const placed = gateway.orderDetails ? await gateway.orderDetails(t.id) : null;
  const codes = t.method === "cash" ? placed?.cashCodes : undefined;
  return {
    ...presentTransaction(t),
    payment_reference: t.paymentReference,
    response_url: t.responseUrl,
    sandbox: gateway.sandbox,
    cash_codes: codes ? { business_agreement_code: codes.businessAgreementCode, payment_intention_identifier: codes.paymentIntentionIdentifier } : null,
    bank_url: t.method === "bank_transfer" && t.status === "pending" ? (placed?.checkoutUrl ?? null) : null,
  };
}

/**
 * The guest's checkout page: the order as getCheckout gives it, its hotel's city, and the order reference to
 * show, null when it is the secret code of the payment link the order came from (the guest is never shown it).
 */
export async function guestCheckout(db: Database, transactionId: string) {
  const [order, link] = await Promise.all([getCheckout(db, transactionId), db.prisma.paymentTransaction.findUnique({ where: { id: transactionId }, select: { hotel: { select: { city: true } }, link: { select: { code: true } } } })]);
  return {
    ...order,
    hotel_city: link?.hotel.city ?? null,
    order_ref: link?.link?.code === order.ref_number ? null : order.ref_number,
    bank_name: order.method === "bank_transfer" ? await pseBankName(order.bank_code) : null,
  };
}

/** The filter of the payments list, shared by its CSV export (lib/reports/payments-csv.ts). */
export function paymentWhere(principal: Principal, q: ListQuery): Prisma.PaymentTransactionWhereInput {
  const where: Prisma.PaymentTransactionWhereInput = {};
  if (principal.role !== "operator") where.agencyId = principal.agencyId ?? -1;
  if (q.status) where.status = q.status;
  if (q.method) where.method = q.method;
  if (q.q && q.q.trim()) {
    const s = q.q.trim();
    where.OR = [
      { refNumber: { contains: s, mode: "insensitive" } },
      { refName: { contains: s, mode: "insensitive" } },
      { refLastname: { contains: s, mode: "insensitive" } },
      { paymentReference: { contains: s, mode: "insensitive" } },
      { id: s },
    ];
  }
  if (q.from || q.to) {
    where.createdAt = {
      ...(q.from ? { gte: bogotaDayStart(q.from) } : {}),
      ...(q.to ? { lt: bogotaDayStart(addDays(q.to, 1)) } : {}),
    };
  }
  return where;
}

export async function listPayments(db: Database, principal: Principal, q: ListQuery) {
  const where = paymentWhere(principal, q);
  const perPage = q.per_page ?? 25;
  const page = q.page ?? 1;
  const [total, rows] = await Promise.all([
    db.prisma.paymentTransaction.count({ where }),
    db.prisma.paymentTransaction.findMany({ where, include: { ...withVoucher, agency: { select: { id: true, name: true } } }, orderBy: [{ createdAt: "desc" }, { apmDetailId: "desc" }], skip: (page - 1) * perPage, take: perPage }),
  ]);
  // Each item names its agency: the operator's list covers every agency (docs/api.md, GET /api/v2/payments).
  return { total, page, per_page: perPage, items: rows.map((t) => ({ ...presentTransaction(t), agency: t.agency ? { id: t.agency.id, name: t.agency.name } : null })) };
}

/** The payments list's headline figures: count and sum per status over everything the caller may see. */
export async function paymentTotals(db: Database, principal: Principal) {
  const rows = await db.prisma.paymentTransaction.groupBy({ by: ["status"], where: paymentWhere(principal, {}), _sum: { amount: true }, _count: true });
  const of = (status: string) => {
    const r = rows.find((x) => x.status === status);
    return { count: r?._count ?? 0, amount: r?._sum.amount?.toNumber() ?? 0 };
  };
  return { approved: of("approved"), pending: of("pending"), rejected: of("rejected") };
}
