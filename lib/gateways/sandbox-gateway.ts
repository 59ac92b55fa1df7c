// Built-in sandbox gateway with the test cards payment developers know (docs/decisions.md 7.3).
import crypto from "node:crypto";
import {
  BANK_TRANSFER_TTL_MS,
  CASH_ORDER_TTL_MS,
  type ApmOrder,
  type CardChargeInput,
  type CardChargeResult,
  type PaymentGateway,
} from "./payment-gateway";

export const SANDBOX_DECLINES: Record<string, { code: string; reason: string }> = {
  "4000000000000002": { code: "card_declined", reason: "la tarjeta fue rechazada por el banco emisor" },
  "4000000000009995": { code: "insufficient_funds", reason: "fondos insuficientes" },
  "4000000000000069": { code: "expired_card", reason: "la tarjeta está vencida" },
  "4000000000000127": { code: "incorrect_cvc", reason: "el código de seguridad (CVV) es incorrecto" },
};

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join("");

export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox";
  readonly sandbox = true;

  async chargeCard(input: CardChargeInput): Promise<CardChargeResult> {
    const decline = SANDBOX_DECLINES[input.card.number];
    if (decline) return { approved: false, ...decline };
    return { approved: true, authorizationCode: digits(6) };
  }

  async createCashOrder({ now }: { now: Date }): Promise<ApmOrder> {
    // A 12-digit payment reference, like the ones printed on a cash coupon.
    return { reference: digits(12), expiresAt: new Date(now.getTime() + CASH_ORDER_TTL_MS) };
  }

  async createBankTransferOrder({ now }: { now: Date }): Promise<ApmOrder> {
    // PSE identifies a transfer by its CUS (código único de seguimiento).
    return { reference: `CUS${digits(9)}`, expiresAt: new Date(now.getTime() + BANK_TRANSFER_TTL_MS) };
  }

  async simulate(_reference: string, outcome: "approved" | "rejected") {
    return outcome;
  }
}
