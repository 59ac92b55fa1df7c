// The PaymentGateway for Wompi (docs/payments.md "Wompi"). Our reference at Wompi is the payment's
// transaction id, which is also the idempotency key of its charge: Wompi refuses a reference twice (422), so a
// repeated key can never make a second charge, and GET /transactions?reference= finds what a lost answer hid.
//
// What today's interface cannot say yet (phase 2 extends it, docs/payments.md "Wompi: design for phase 2"):
//   - a card charge still PENDING after `cardPollMs` throws ChargePendingError; the payments service then asks
//     for a void, which Wompi refuses for a pending transaction, so the payment stays `pending` (202) and the
//     reconciliation job settles it when Wompi decides (findCharge throws while it is pending);
//   - a reversal Wompi has no API for (PSE, Nequi, cash, partial card refunds, a card past its void window) is
//     answered {ok: false, manual: true}: owed to the payer by hand, never pretended.
import type { Database } from "@/lib/db/open";
import type { Logger } from "@/lib/http/log";
import {
  BANK_TRANSFER_TTL_MS,
  CASH_ORDER_TTL_MS,
  ChargePendingError,
  OrderRefusedError,
  type ApmOrder,
  type ApmOrderInput,
  type CardChargeInput,
  type CardChargeResult,
  type GatewayPaymentView,
  type NequiInput,
  type NequiOutcome,
  type NequiStart,
  type PaymentGateway,
  type PlacedOrderDetails,
  type ReversalResult,
} from "../payment-gateway";
import type { WompiClient, WompiError } from "./client";
import { fromCents, toCents } from "./signatures";
import { localTransaction, markFailed, recordAttempt, recordMismatch, saveTransaction, type LocalTransaction } from "./store";
import type { PaymentMethodInput, WompiTransaction } from "./types";
import { redact } from "@/lib/http/log";
import { HttpError } from "@/lib/http/errors";

/**
 * Wompi could not complete a call. `message` says why, for logs (no key, secret or card data); a request that
 * meets it unhandled answers 503 with a generic Spanish body (like ChannelManagerUnavailableError).
 */
export class WompiGatewayError extends HttpError {
  constructor(reason: string) {
    super(503, "La pasarela de pagos no respondió; intente de nuevo en unos minutos", {
      message: reason,
      body: { code: "503", message: "Servicio no disponible", detail: "La pasarela de pagos no respondió; intente de nuevo en unos minutos" },
    });
    this.name = "WompiGatewayError";
  }
}

export interface WompiGatewayOptions {
  client: WompiClient;
  /** The database holding wompi_transactions (the gateway's own record). */
  database: () => Promise<Database>;
  /** How long a card charge is polled for a final status before the answer is "still pending" (default 15 s). */
  cardPollMs?: number;
  /** How long a PSE or cash order is polled for its payment details (async URL, collect codes) (default 15 s). */
  orderPollMs?: number;
  /** First pause between polls; it doubles up to 2 s (default 300 ms). */
  pollIntervalMs?: number;
  /**
   * An attempt whose POST got no answer and that Wompi still does not show after this long was never created
   * (default 5 min; Wompi creates a transaction while answering the POST).
   */
  unknownAfterMs?: number;
  log?: Logger;
  /** The e-mail sent to Wompi when the payer gave none (WOMPI_CUSTOMER_EMAIL): Wompi requires one. */
  customerEmail?: string;
}

type Found = { tx: WompiTransaction | null; local: LocalTransaction | null };

const METHOD_NAMES: Record<string, string> = {
  CARD: "tarjeta",
  PSE: "PSE",
  NEQUI: "Nequi",
  BANCOLOMBIA_COLLECT: "efectivo en corresponsal Bancolombia",
  BANCOLOMBIA_TRANSFER: "botón Bancolombia",
};

const NO_CHARGE = "no se realizó ningún cargo";
/** wompi_transactions.status_message of an attempt whose card Wompi refused to tokenize. */
const INVALID_CARD = "datos de tarjeta rechazados por Wompi";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class WompiGateway implements PaymentGateway {
  readonly name = "wompi";
  readonly sandbox = false;

  constructor(private readonly opts: WompiGatewayOptions) {}

  private get client() {
    return this.opts.client;
  }

  async chargeCard(input: CardChargeInput): Promise<CardChargeResult> {
    const db = await this.opts.database();
    if (input.currency !== "COP") throw new WompiGatewayError("Wompi solo cobra en pesos colombianos (COP)");
    const payerEmail = input.payerEmail ?? this.opts.customerEmail;
    if (!payerEmail) return { approved: false, code: "payer_email_required", reason: `Wompi exige el correo del pagador para cobrar; ${NO_CHARGE}` };
    const amountInCents = toCents(input.amount);
    const reference = input.idempotencyKey;

    // The same key again: follow what Wompi already has, never charge a second time.
    const known = await this.find(db, reference);
    if (known.tx) return this.cardOutcome(db, known.tx);
    if (known.local?.status === "FAILED") return refused(known.local.statusMessage);
    await recordAttempt(db, { reference, method: "CARD", amountInCents, currency: "COP" });

    const token = await this.client.tokenizeCard(input.card);
    if (!token.ok) {
      if (token.error.kind === "validation") {
        await markFailed(db, reference, INVALID_CARD);
        return refused(INVALID_CARD);
      }
      if (token.error.kind === "unauthorized") return this.refusedByConfig(db, reference, token.error);
      throw new WompiGatewayError(token.error.message); // a token alone charges nothing
    }
    const paymentMethod: PaymentMethodInput = { type: "CARD", token: token.value.id, installments: input.installments };
    const created = await this.client.createTransaction({ reference, amountInCents, currency: "COP", customerEmail: payerEmail, paymentMethod });
    if (!created.ok) {
      const tx = await this.afterFailedCreate(db, reference, created.error);
      if (tx) return this.cardOutcome(db, tx);
      if (!created.error.uncertain) return this.refusedByConfig(db, reference, created.error);
      throw new WompiGatewayError(created.error.message);
    }
    await saveTransaction(db, created.value);
    return this.cardOutcome(db, created.value);
  }

  async findCharge(idempotencyKey: string): Promise<CardChargeResult | null> {
    const db = await this.opts.database();
    const f = await this.find(db, idempotencyKey);
    if (f.tx) {
      if (f.tx.status === "PENDING") throw new ChargePendingError(f.tx.id);
      return this.checked(db, f.tx, f.local);
    }
    if (f.local?.status === "FAILED") return refused(f.local.statusMessage);
    if (f.local && f.local.ageMs < this.unknownAfterMs) throw new WompiGatewayError("Wompi aún no muestra el cobro; se consultará de nuevo");
    return null;
  }

  async void(paymentRef: string, _idempotencyKey: string): Promise<ReversalResult> {
    const db = await this.opts.database();
    const f = await this.find(db, paymentRef);
    if (!f.tx) {
      if (!f.local || f.local.status === "FAILED" || f.local.ageMs >= this.unknownAfterMs) return { ok: true, reference: "sin-cobro" };
      return { ok: false, reason: "Wompi aún no muestra la transacción; se verificará de nuevo" };
    }
    return this.reverse(db, f.tx);
  }

  async refund(paymentRef: string, amount: string, _idempotencyKey: string): Promise<ReversalResult> {
    const db = await this.opts.database();
    const cents = toCents(amount);
    const f = await this.find(db, paymentRef);
    const tx = f.tx;
    if (!tx) return { ok: false, reason: "Wompi no tiene una transacción con esa referencia" };
    const method = METHOD_NAMES[tx.paymentMethodType] ?? tx.paymentMethodType;
    if (tx.status === "VOIDED" && cents === tx.amountInCents) return { ok: true, reference: tx.id };
    if (tx.status !== "APPROVED") return { ok: false, reason: `la transacción está ${tx.status} en Wompi: no hay un cobro aprobado que reembolsar` };
    if (tx.paymentMethodType !== "CARD") return manual(`Wompi no ofrece devolución por API para pagos por ${method}: reembolso manual pendiente`);
    if (cents !== tx.amountInCents) return manual("Wompi no ofrece reembolsos parciales por API: reembolso manual pendiente");
    return this.reverse(db, tx);
  }

  async createCashOrder(input: ApmOrderInput & { cashMethod: string }): Promise<ApmOrder> {
    const payer = input.payer;
    if (!payer?.email) throw new WompiGatewayError("falta el correo del pagador, que Wompi exige");
    const tx = await this.createOrder(input, { type: "BANCOLOMBIA_COLLECT" }, (t) => Boolean(t.extra.businessAgreementCode && t.extra.paymentIntentionIdentifier));
    return {
      reference: tx.extra.paymentIntentionIdentifier!,
      expiresAt: input.expiresAt ?? new Date(input.now.getTime() + CASH_ORDER_TTL_MS),
      gatewayRef: tx.id,
      cashCodes: { businessAgreementCode: tx.extra.businessAgreementCode!, paymentIntentionIdentifier: tx.extra.paymentIntentionIdentifier! },
    };
  }

  async createBankTransferOrder(input: ApmOrderInput & { bankCode: string }): Promise<ApmOrder> {
    const p = input.payer;
    if (!p?.email || !p.fullName || !p.phone || !p.legalId || !p.legalIdType) {
      throw new WompiGatewayError("Wompi exige el nombre, el teléfono, el documento y el correo del pagador para PSE");
    }
    const description = shorten(input.description ?? `Pago ${input.transactionId.slice(3, 11)}`, 30);
    const tx = await this.createOrder(
      input,
      { type: "PSE", user_type: p.personType, user_legal_id_type: p.legalIdType, user_legal_id: p.legalId, financial_institution_code: input.bankCode, payment_description: description },
      (t) => Boolean(t.extra.asyncPaymentUrl),
    );
    return { reference: tx.id, expiresAt: input.expiresAt ?? new Date(input.now.getTime() + BANK_TRANSFER_TTL_MS), gatewayRef: tx.id, checkoutUrl: tx.extra.asyncPaymentUrl };
  }

  /** The bank page or the collect codes Wompi gave for our order, from our own record (wompi_transactions.extra). */
  async orderDetails(paymentRef: string): Promise<PlacedOrderDetails | null> {
    const local = await localTransaction(await this.opts.database(), paymentRef);
    if (!local?.extra) return null;
    const e = local.extra;
    return {
      checkoutUrl: e.asyncPaymentUrl,
      cashCodes: e.businessAgreementCode && e.paymentIntentionIdentifier ? { businessAgreementCode: e.businessAgreementCode, paymentIntentionIdentifier: e.paymentIntentionIdentifier } : undefined,
    };
  }

  /**
   * Nequi: `POST /transactions` with `payment_method {type: NEQUI, phone_number}` (signature and acceptance tokens
   * as for cards). Wompi answers PENDING while the payer decides in the app; the outcome comes by event or by
   * nequiOutcome. The reference is our transaction id: a repeated start follows what Wompi already has.
   */
  async startNequi(input: NequiInput): Promise<NequiStart> {
    const db = await this.opts.database();
    if (input.currency !== "COP") throw new WompiGatewayError("Wompi solo cobra en pesos colombianos (COP)");
    const email = input.payer.email ?? this.opts.customerEmail;
    if (!email) return { status: "declined", code: "payer_email_required", reason: `Wompi exige el correo del pagador para cobrar; ${NO_CHARGE}` };
    const amountInCents = toCents(input.amount);
    const reference = input.transactionId;
    const known = await this.find(db, reference);
    if (known.tx) return { status: "pending", gatewayRef: known.tx.id };
    if (known.local?.status === "FAILED") return { status: "declined", code: "gateway_refused", reason: `la pasarela rechazó la solicitud; ${NO_CHARGE}` };
    await recordAttempt(db, { reference, method: "NEQUI", amountInCents, currency: "COP" });
    const created = await this.client.createTransaction({
      reference,
      amountInCents,
      currency: "COP",
      customerEmail: email,
      paymentMethod: { type: "NEQUI", phone_number: input.phone },
      customerData: { full_name: input.payer.fullName, phone_number: input.phone },
    });
    if (!created.ok) {
      const tx = await this.afterFailedCreate(db, reference, created.error);
      if (tx) return { status: "pending", gatewayRef: tx.id };
      if (!created.error.uncertain) {
        await this.refusedByConfig(db, reference, created.error);
        return { status: "declined", code: "gateway_refused", reason: `la pasarela rechazó la solicitud; ${NO_CHARGE}` };
      }
      throw new WompiGatewayError(created.error.message);
    }
    await saveTransaction(db, created.value);
    return { status: "pending", gatewayRef: created.value.id };
  }

  /** What Wompi says of a Nequi payment: still PENDING, approved, or declined/error (with the mismatch rule of cards). */
  async nequiOutcome(paymentRef: string): Promise<NequiOutcome | null> {
    const db = await this.opts.database();
    const f = await this.find(db, paymentRef);
    if (!f.tx) {
      if (f.local?.status === "FAILED") return { status: "declined", code: "gateway_refused", reason: `la pasarela rechazó la solicitud; ${NO_CHARGE}` };
      if (f.local && f.local.ageMs < this.unknownAfterMs) return { status: "pending" };
      return null;
    }
    if (f.tx.status === "PENDING") return { status: "pending" };
    const r = await this.checked(db, f.tx, f.local);
    if (r.approved) return { status: "approved", gatewayRef: r.authorizationCode };
    if (r.code === "gateway_mismatch") return { status: "declined", code: r.code, reason: r.reason };
    if (f.tx.status === "DECLINED") {
      return { status: "declined", code: "declined", reason: f.tx.statusMessage ? `rechazado en Nequi: ${clean(f.tx.statusMessage)}` : "el pago fue rechazado en la app Nequi" };
    }
    return { status: "declined", code: f.tx.status === "VOIDED" ? "voided" : "gateway_error", reason: r.reason };
  }

  async status(paymentRef: string): Promise<"pending" | "approved" | "rejected" | "expired"> {
    const view = await this.lookup(paymentRef);
    if (!view || view.status === "pending") return "pending";
    return view.status === "approved" ? "approved" : "rejected";
  }

  async lookup(paymentRef: string): Promise<GatewayPaymentView | null> {
    const db = await this.opts.database();
    const { tx } = await this.find(db, paymentRef);
    if (!tx) return null;
    const status = ({ PENDING: "pending", APPROVED: "approved", DECLINED: "declined", VOIDED: "voided", ERROR: "error" } as const)[tx.status];
    return {
      paymentRef,
      gatewayRef: tx.id,
      status,
      amount: fromCents(tx.amountInCents),
      currency: tx.currency,
      method: tx.paymentMethodType,
      message: tx.statusMessage ? clean(tx.statusMessage) : null,
      checkoutUrl: tx.extra.asyncPaymentUrl,
      cashCodes:
        tx.extra.businessAgreementCode && tx.extra.paymentIntentionIdentifier
          ? { businessAgreementCode: tx.extra.businessAgreementCode, paymentIntentionIdentifier: tx.extra.paymentIntentionIdentifier }
          : undefined,
    };
  }

  async banks(): Promise<Array<{ code: string; name: string }>> {
    const r = await this.client.financialInstitutions();
    if (!r.ok) throw new WompiGatewayError(r.error.message);
    return r.value;
  }

  private get unknownAfterMs() {
    return this.opts.unknownAfterMs ?? 5 * 60_000;
  }

  /** What Wompi holds under our reference (by its id when we know it, else by reference), and our own record. */
  private async find(db: Database, reference: string): Promise<Found> {
    const local = await localTransaction(db, reference);
    if (local?.wompiId) {
      const r = await this.client.getTransaction(local.wompiId);
      if (r.ok) {
        await saveTransaction(db, r.value);
        return { tx: r.value, local };
      }
      if (r.error.kind !== "not_found") throw new WompiGatewayError(r.error.message);
    }
    const r = await this.client.findByReference(reference);
    if (!r.ok) throw new WompiGatewayError(r.error.message);
    if (r.value.length > 1) this.opts.log?.error("wompi_reference_reused", { reference, count: r.value.length });
    // Never more than one for us (Wompi refuses a reference twice); if it ever happens, an approval wins.
    const tx = r.value.find((t) => t.status === "APPROVED") ?? r.value[r.value.length - 1] ?? null;
    if (tx) await saveTransaction(db, tx);
    return { tx, local };
  }

  /** After a POST /transactions that failed: a duplicate reference or an unknown outcome may hide a transaction. */
  private async afterFailedCreate(db: Database, reference: string, e: WompiError): Promise<WompiTransaction | null> {
    const duplicate = e.kind === "validation" && Boolean(e.fields?.reference);
    if (!duplicate && !e.uncertain) return null;
    const again = await this.find(db, reference).catch(() => null);
    return again?.tx ?? null;
  }

  /** A 401 or a 422 on our own data is a configuration problem, not the payer's: logged loudly, nothing charged. */
  private async refusedByConfig(db: Database, reference: string, e: WompiError): Promise<CardChargeResult> {
    await markFailed(db, reference, e.message);
    this.opts.log?.error("wompi_request_refused", { reference, kind: e.kind, type: e.type, fields: Object.keys(e.fields ?? {}) });
    return { approved: false, code: "gateway_refused", reason: `la pasarela rechazó la solicitud; ${NO_CHARGE}` };
  }

  private async cardOutcome(db: Database, tx: WompiTransaction): Promise<CardChargeResult> {
    const final = await this.pollUntil(db, tx, (t) => t.status !== "PENDING", this.opts.cardPollMs ?? 15_000);
    if (final.status === "PENDING") throw new ChargePendingError(final.id);
    return this.checked(db, final, await localTransaction(db, final.reference));
  }

  /** A final outcome, unless Wompi's amount or currency differ from what we asked: then never an approval. */
  private async checked(db: Database, tx: WompiTransaction, local: LocalTransaction | null): Promise<CardChargeResult> {
    const why = local ? mismatchOf(tx, { reference: local.reference, amountInCents: local.amountInCents, currency: local.currency }) : null;
    if (!why) return finalOutcome(tx);
    await recordMismatch(db, tx.reference, why);
    this.opts.log?.error("wompi_mismatch", { reference: tx.reference, transaction: tx.id, status: tx.status });
    return { approved: false, code: "gateway_mismatch", reason: `la pasarela informó un cobro distinto del solicitado (${why}); no se acreditó` };
  }

  /**
   * What Wompi holds now for one of our payments, by Wompi's id (an event) or by our reference, saved in our
   * record; null when Wompi does not know it. Used by the events hook and the reconciliation (lib/wompi/apply.ts).
   */
  async wompiTransaction(ref: { id?: string; reference?: string }): Promise<WompiTransaction | null> {
    const db = await this.opts.database();
    if (ref.id) {
      const r = await this.client.getTransaction(ref.id);
      if (r.ok) {
        await saveTransaction(db, r.value);
        return r.value;
      }
      if (r.error.kind !== "not_found") throw new WompiGatewayError(r.error.message);
      if (!ref.reference) return null;
    }
    return ref.reference ? (await this.find(db, ref.reference)).tx : null;
  }

  private async createOrder(input: ApmOrderInput, paymentMethod: PaymentMethodInput, ready: (t: WompiTransaction) => boolean): Promise<WompiTransaction> {
    const db = await this.opts.database();
    if (input.currency !== "COP") throw new WompiGatewayError("Wompi solo cobra en pesos colombianos (COP)");
    const payer = input.payer!;
    const amountInCents = toCents(input.amount);
    const reference = input.transactionId;
    let tx = (await this.find(db, reference)).tx;
    if (!tx) {
      await recordAttempt(db, { reference, method: paymentMethod.type, amountInCents, currency: "COP" });
      const created = await this.client.createTransaction({
        reference,
        amountInCents,
        currency: "COP",
        customerEmail: payer.email,
        paymentMethod,
        customerData: { full_name: payer.fullName, phone_number: payer.phone.replace(/[^\d+]/g, ""), legal_id: payer.legalId, legal_id_type: payer.legalIdType },
        redirectUrl: input.redirectUrl,
        // The order never outlives what it pays; Wompi signs it into the integrity signature (signatures.ts).
        expirationTime: input.expiresAt?.toISOString(),
      });
      if (created.ok) {
        tx = created.value;
        await saveTransaction(db, tx);
      } else {
        tx = await this.afterFailedCreate(db, reference, created.error);
        if (!tx) {
          if (!created.error.uncertain) {
            // Refused for good (401, 422): nothing exists at Wompi under this reference.
            await markFailed(db, reference, created.error.message);
            this.opts.log?.error("wompi_request_refused", { reference, kind: created.error.kind, type: created.error.type, fields: Object.keys(created.error.fields ?? {}) });
            throw new OrderRefusedError("la pasarela rechazó la orden con los datos del pagador; no se creó ningún cobro");
          }
          throw new WompiGatewayError(created.error.message);
        }
      }
    }
    const done = await this.pollUntil(db, tx, (t) => ready(t) || t.status !== "PENDING", this.opts.orderPollMs ?? 15_000);
    if (done.status !== "PENDING" && done.status !== "APPROVED") {
      throw new OrderRefusedError(`la pasarela no aceptó la orden (${done.statusMessage ? clean(done.statusMessage) : done.status}); no se creó ningún cobro`);
    }
    if (!ready(done)) throw new WompiGatewayError("Wompi no entregó los datos de pago a tiempo");
    return done;
  }

  /** Polls GET /transactions/{id} until `done` or the budget is spent (at most the budget plus one read). */
  private async pollUntil(db: Database, tx: WompiTransaction, done: (t: WompiTransaction) => boolean, budgetMs: number): Promise<WompiTransaction> {
    const deadline = performance.now() + budgetMs;
    let wait = this.opts.pollIntervalMs ?? 300;
    let cur = tx;
    while (!done(cur)) {
      const left = deadline - performance.now();
      if (left <= 0) break;
      await sleep(Math.min(wait, left));
      wait = Math.min(wait * 2, 2000);
      const r = await this.client.getTransaction(cur.id);
      if (r.ok) {
        cur = r.value;
        await saveTransaction(db, cur);
      }
    }
    return cur;
  }

  /** Voids an approved card transaction; says what Wompi can and cannot reverse. */
  private async reverse(db: Database, tx: WompiTransaction): Promise<ReversalResult> {
    const method = METHOD_NAMES[tx.paymentMethodType] ?? tx.paymentMethodType;
    if (tx.status === "DECLINED" || tx.status === "ERROR" || tx.status === "VOIDED") return { ok: true, reference: tx.id };
    if (tx.status === "PENDING") {
      return tx.paymentMethodType === "CARD"
        ? { ok: false, reason: "el cobro sigue pendiente en Wompi; se anulará cuando Wompi lo resuelva" }
        : { ok: false, reason: `Wompi no permite cancelar una orden pendiente por ${method}; si se paga, se reembolsa` };
    }
    if (tx.paymentMethodType !== "CARD") return manual(`Wompi no ofrece anulación por API para pagos por ${method}: reembolso manual pendiente`);
    const v = await this.client.voidTransaction(tx.id);
    const after = await this.client.getTransaction(tx.id);
    if (after.ok) {
      await saveTransaction(db, after.value);
      if (after.value.status === "VOIDED") return { ok: true, reference: tx.id };
    }
    if (!v.ok && v.error.kind === "validation") return manual("Wompi ya no permite anular este cobro: reembolso manual pendiente");
    return { ok: false, reason: "no se pudo confirmar la anulación en Wompi; se reintentará" };
  }
}

/** At most `max` characters, cut at a word when one ends late enough (what the payer reads at the bank). */
function shorten(s: string, max: number): string {
  const t = s.trim().replace(/\s+/g, " ");
  if (t.length <= max) return t;
  const cut = t.slice(0, max + 1).lastIndexOf(" ");
  return (cut >= max / 2 ? t.slice(0, cut) : t.slice(0, max)).trim();
}

/**
 * Null when Wompi's transaction is what we asked for; else what differs, in Spanish (docs/payments.md "Nothing
 * credited that was not asked").
 */
export function mismatchOf(tx: { reference: string; amountInCents: number; currency: string }, asked: { reference: string; amountInCents: number; currency: string }): string | null {
  const out: string[] = [];
  if (tx.reference !== asked.reference) out.push("otra referencia");
  if (tx.amountInCents !== asked.amountInCents) out.push(`monto ${fromCents(tx.amountInCents)} en lugar de ${fromCents(asked.amountInCents)}`);
  if (tx.currency !== asked.currency) out.push(`moneda ${tx.currency.slice(0, 8)} en lugar de ${asked.currency}`);
  return out.length ? out.join(", ") : null;
}

const manual = (reason: string): ReversalResult => ({ ok: false, reason, manual: true });

/** Text from Wompi for a payer or staff: scrubbed, short. */
const clean = (s: string) => redact(s).slice(0, 200);

/** The outcome of an attempt Wompi refused (FAILED), the same as the first answer given for it. */
function refused(message: string | null): CardChargeResult {
  return message?.startsWith(INVALID_CARD)
    ? { approved: false, code: "invalid_card", reason: `Wompi rechazó los datos de la tarjeta; ${NO_CHARGE}` }
    : { approved: false, code: "gateway_refused", reason: `la pasarela rechazó la solicitud; ${NO_CHARGE}` };
}

function finalOutcome(tx: WompiTransaction): CardChargeResult {
  switch (tx.status) {
    case "APPROVED":
      return { approved: true, authorizationCode: tx.id };
    case "DECLINED":
      return { approved: false, code: "declined", reason: tx.statusMessage ? `rechazada: ${clean(tx.statusMessage)}` : "la tarjeta fue rechazada por el banco emisor" };
    case "VOIDED":
      return { approved: false, code: "voided", reason: `el cobro fue anulado; ${NO_CHARGE}` };
    default:
      return { approved: false, code: "gateway_error", reason: `la pasarela no pudo procesar el pago${tx.statusMessage ? ` (${clean(tx.statusMessage)})` : ""}; ${NO_CHARGE}` };
  }
}
