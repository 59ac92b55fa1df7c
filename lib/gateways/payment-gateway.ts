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
  /** The payer's e-mail. Wompi requires it (its receipt goes there); the sandbox ignores it. */
  payerEmail?: string;
}

export type CardChargeResult =
  | { approved: true; authorizationCode: string }
  | { approved: false; code: string; reason: string };

export interface ApmOrderInput {
  transactionId: string;
  amount: string;
  currency: string;
  now: Date;
  /** Who pays. Wompi requires it (PSE: name, phone and document; cash: the e-mail); the sandbox ignores it. */
  payer?: ApmPayer;
  /** Where the payer comes back after the bank (PSE). */
  redirectUrl?: string;
  /** What the payer sees at the bank (PSE: at most 30 characters). */
  description?: string;
  /**
   * Until when the order may be paid: the earlier of the method's limit and what it pays (the reservation's
   * payment deadline). Wompi gets it as `expiration_time`; the answer's `expiresAt` is this when given.
   */
  expiresAt?: Date;
}

export interface ApmPayer {
  email: string;
  fullName: string;
  /** Digits, with or without the country code. */
  phone: string;
  /** CC, CE, NIT, PP ... */
  legalIdType: string;
  legalId: string;
  /** 0 a person, 1 a company (PSE's user_type). */
  personType: 0 | 1;
}

export interface ApmOrder {
  /** What the buyer quotes at the cash network or sees at the bank (PSE CUS). */
  reference: string;
  expiresAt: Date;
  /** The gateway's own id of the order (Wompi's transaction id), when it has one. */
  gatewayRef?: string;
  /** Where the buyer goes to pay (PSE: the bank's page, Wompi's async_payment_url). */
  checkoutUrl?: string;
  /** Cash at a Bancolombia correspondent: the two numbers the payer quotes. */
  cashCodes?: { businessAgreementCode: string; paymentIntentionIdentifier: string };
}

export type ApmOutcome = "approved" | "rejected";

/** A Nequi payment request (issue 26): the payer gets a push in the Nequi app and approves or declines it there. */
export interface NequiInput {
  /** Our transaction id: the reference at the gateway and the idempotency key of the request. */
  transactionId: string;
  amount: string;
  currency: string;
  /** The payer's Nequi number: 10 digits starting with 3. */
  phone: string;
  /** Wompi requires an e-mail (the payer's, else WOMPI_CUSTOMER_EMAIL); the sandbox ignores it. */
  payer: { email: string | null; fullName: string };
}

/** The request was sent (pending in the app), or refused before anything could be charged. */
export type NequiStart = { status: "pending"; gatewayRef: string | null } | { status: "declined"; code: string; reason: string };

/** What became of a Nequi payment request. `declined` covers the payer's refusal and a gateway error (nothing charged). */
export type NequiOutcome = { status: "pending" } | { status: "approved"; gatewayRef: string } | { status: "declined"; code: string; reason: string };

/**
 * The answer to a void or refund: done, or refused by the gateway (with its reason). `manual`: the gateway will
 * never do it by API (Wompi: PSE, Nequi, cash, a partial card refund, a card past its void window); the money
 * is owed to the payer by hand, and retrying changes nothing.
 */
export type ReversalResult = { ok: true; reference: string } | { ok: false; reason: string; manual?: boolean };

/**
 * The gateway refused a cash or PSE order for good (Wompi: a 401/422, or the transaction ended DECLINED/ERROR
 * while we waited for its payment details): nothing can be paid on it. `reason` is Spanish, for the payer.
 */
export class OrderRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "OrderRefusedError";
  }
}

/** What the gateway keeps of a placed order, read from its own record (no network). */
export interface PlacedOrderDetails {
  /** PSE: the bank's page (Wompi's async_payment_url). */
  checkoutUrl?: string;
  /** Cash at a Bancolombia correspondent: the two numbers the payer quotes. */
  cashCodes?: { businessAgreementCode: string; paymentIntentionIdentifier: string };
}

/** A charge the gateway accepted but has not decided within the time we wait (Wompi: still PENDING). */
export class ChargePendingError extends Error {
  constructor(readonly gatewayRef: string | null) {
    super("el cobro sigue pendiente en la pasarela");
    this.name = "ChargePendingError";
  }
}

/** What the gateway knows of one payment (docs/payments.md "Wompi", design for phase 2). */
export interface GatewayPaymentView {
  /** Our transaction id (the reference we gave the gateway). */
  paymentRef: string;
  gatewayRef: string | null;
  status: "pending" | "approved" | "declined" | "voided" | "error";
  /** COP, "123.45": what the gateway says it charged, to compare with what we asked. */
  amount: string;
  currency: string;
  method: string;
  /** The gateway's reason, in Spanish when it gives one. */
  message: string | null;
  checkoutUrl?: string;
  cashCodes?: { businessAgreementCode: string; paymentIntentionIdentifier: string };
}

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
  /** What the gateway knows of a payment by our transaction id; null when it never saw it (Wompi; design for phase 2). */
  lookup?(paymentRef: string): Promise<GatewayPaymentView | null>;
  /**
   * Nequi: asks the payer's Nequi app for the payment. Never charges twice for one transaction id; the outcome comes
   * later (nequiOutcome, or Wompi's event). Throws when the gateway could not be asked (the payment stays pending).
   */
  startNequi?(input: NequiInput): Promise<NequiStart>;
  /** What became of the Nequi payment request with our transaction id; null when the gateway never saw it. */
  nequiOutcome?(paymentRef: string): Promise<NequiOutcome | null>;
  /** The banks a PSE payer may choose (Wompi: GET /pse/financial_institutions, cached). */
  banks?(): Promise<Array<{ code: string; name: string }>>;
  /** What the gateway recorded of an order placed under our transaction id (null: nothing recorded). */
  orderDetails?(paymentRef: string): Promise<PlacedOrderDetails | null>;
}

/** The cash reference is valid this long; then the order expires through the payment-orders job. */
export const CASH_ORDER_TTL_MS = 72 * 60 * 60 * 1000;
/** A bank transfer not finished at the bank in this time is abandoned. */
export const BANK_TRANSFER_TTL_MS = 2 * 60 * 60 * 1000;
/** A Nequi payment request not answered in the app in this time is abandoned (expired by the payment-orders job). */
export const NEQUI_TTL_MS = 30 * 60 * 1000;
