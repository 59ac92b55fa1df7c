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

export interface PaymentGateway {
  readonly name: string;
  /** Sandbox controls (simulate, test cards) are only offered by a sandbox. */
  readonly sandbox: boolean;
  chargeCard(input: CardChargeInput): Promise<CardChargeResult>;
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
