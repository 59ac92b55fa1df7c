// The payment gateway behind card, cash and bank-transfer payments (docs/decisions.md section 7). The built-in
// sandbox is the default; a real processor plugs in behind the same interface.
export interface CardDetails {
  /** Digits only. Lives in memory for the length of one request; never stored or logged. */
  number: string;
  cvc: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

export interface CardChargeInput {
  transactionId: string;
  /** The gateway answers a repeated key with the first outcome and never charges twice (we use the transaction id). */
  idempotencyKey: string;
  card: CardDetails;
  amount: string;
  currency: string;
  installments: number;
}

export type CardChargeResult =
  | { approved: true; authorizationCode: string }
  | { approved: false; code: string; reason: string };

export interface ApmOrderInput {
  transactionId: string;
  amount: string;
  currency: string;
  now: Date;
}

export interface ApmOrder {
  /** What the buyer quotes at the cash network or sees at the bank (PSE CUS). */
  reference: string;
  expiresAt: Date;
}

export type ApmOutcome = "approved" | "rejected";

/** The answer to a void or refund: done, or refused by the gateway (with its reason). */
export type ReversalResult = { ok: true; reference: string } | { ok: false; reason: string };

export interface PaymentGateway {
  readonly name: string;
  /** Sandbox controls (simulate, test cards) are only offered by a sandbox. */
  readonly sandbox: boolean;
  chargeCard(input: CardChargeInput): Promise<CardChargeResult>;
  /**
   * What became of the charge made with this idempotency key: its outcome, or null when the gateway never saw it.
   * The reconciliation job asks this for payments left pending (a crash or a lost answer after the charge).
   */
  findCharge(idempotencyKey: string): Promise<CardChargeResult | null>;
  /**
   * Cancels a payment before it settles: an authorised card charge, or a cash/PSE order still unpaid.
   * `paymentRef` is our transaction id. Repeating the same key repeats nothing.
   */
  void(paymentRef: string, idempotencyKey: string): Promise<ReversalResult>;
  /** Returns `amount` (COP, "123.45") of a collected payment to the payer. Repeating the same key repeats nothing. */
  refund(paymentRef: string, amount: string, idempotencyKey: string): Promise<ReversalResult>;
  createCashOrder(input: ApmOrderInput & { cashMethod: string }): Promise<ApmOrder>;
  createBankTransferOrder(input: ApmOrderInput & { bankCode: string }): Promise<ApmOrder>;
  /** The gateway's view of an order; a sandbox answers from what it was told by simulate. */
  status?(reference: string): Promise<"pending" | ApmOutcome | "expired">;
  /**
   * Sandbox only: accept the buyer's simulated outcome. Real gateways notify asynchronously and
   * the notification handler calls the same completion service.
   */
  simulate?(reference: string, outcome: ApmOutcome): Promise<ApmOutcome>;
}

/** The cash reference is valid this long; then the order expires through the payment-orders job. */
export const CASH_ORDER_TTL_MS = 72 * 60 * 60 * 1000;
/** A bank transfer not finished at the bank in this time is abandoned. */
export const BANK_TRANSFER_TTL_MS = 2 * 60 * 60 * 1000;
