// Built-in sandbox gateway with the test cards payment developers know (docs/decisions.md 7.3). It records
// every charge, void and refund in sandbox_gateway_operations (one row per idempotency key), so a repeated key
// answers the first outcome, the reconciliation job can ask what became of a charge, and tests can see refunds.
import crypto from "node:crypto";
import { getDatabase } from "@/lib/db";
import {
  type NequiInput,
  type NequiOutcome,
  type NequiStart,
  BANK_TRANSFER_TTL_MS,
  CASH_ORDER_TTL_MS,
  type ApmOrder,
  type CardChargeInput,
  type CardChargeResult,
  type PaymentGateway,
  type ReversalResult,
} from "./payment-gateway";
import { insertSandboxOperationOnce, sandboxOperation, type SandboxOperationRow } from "./store";

export const SANDBOX_DECLINES: Record<string, { code: string; reason: string }> = {
  "4000000000000002": { code: "card_declined", reason: "la tarjeta fue rechazada por el banco emisor" },
  "4000000000009995": { code: "insufficient_funds", reason: "fondos insuficientes" },
  "4000000000000069": { code: "expired_card", reason: "la tarjeta está vencida" },
  "4000000000000127": { code: "incorrect_cvc", reason: "el código de seguridad (CVV) es incorrecto" },
};

/**
 * Nequi in the sandbox, as Wompi's sandbox: 3991111111 approves, 3992222222 declines, any other number ends in an
 * error. The sandbox payer answers at once: the request is pending until its outcome is first asked for.
 */
export const SANDBOX_NEQUI: Record<string, "approved" | "declined"> = { "3991111111": "approved", "3992222222": "declined" };
const NEQUI_DECLINED = "declined|el pago fue rechazado en la app Nequi";
const NEQUI_ERROR = "gateway_error|Nequi no pudo procesar el pago (el número no tiene una cuenta Nequi activa); no se realizó ningún cargo";

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join("");

export type SandboxOperationKind = "charge" | "void" | "refund";

type OpRow = SandboxOperationRow;

/** Records an operation once per idempotency key; returns the row that holds the key (the first one). */
async function recordOnce(kind: SandboxOperationKind, paymentRef: string, key: string, amount: string | null, result: string, detail: string | null): Promise<OpRow> {
  const db = (await getDatabase()).prisma;
  await insertSandboxOperationOnce(db, { kind, paymentRef, idempotencyKey: `${kind}:${key}`, amount, result, detail });
  return (await sandboxOperation(db, `${kind}:${key}`))!;
}

const toCharge = (r: OpRow): CardChargeResult => {
  if (r.result === "approved") return { approved: true, authorizationCode: r.detail ?? "" };
  const [code, ...reason] = (r.detail ?? "card_declined|rechazada").split("|");
  return { approved: false, code, reason: reason.join("|") };
};

export class SandboxGateway implements PaymentGateway {
  readonly name = "sandbox";
  readonly sandbox = true;

  async chargeCard(input: CardChargeInput): Promise<CardChargeResult> {
    const decline = SANDBOX_DECLINES[input.card.number];
    const row = decline
      ? await recordOnce("charge", input.transactionId, input.idempotencyKey, input.amount, "declined", `${decline.code}|${decline.reason}`)
      : await recordOnce("charge", input.transactionId, input.idempotencyKey, input.amount, "approved", digits(6));
    return toCharge(row);
  }

  async findCharge(idempotencyKey: string): Promise<CardChargeResult | null> {
    const db = (await getDatabase()).prisma;
    const row = await sandboxOperation(db, `charge:${idempotencyKey}`);
    return row ? toCharge(row) : null;
  }

  async void(paymentRef: string, idempotencyKey: string): Promise<ReversalResult> {
    await recordOnce("void", paymentRef, idempotencyKey, null, "ok", null);
    return { ok: true, reference: `VOID-${paymentRef.slice(3, 15)}` };
  }

  async refund(paymentRef: string, amount: string, idempotencyKey: string): Promise<ReversalResult> {
    await recordOnce("refund", paymentRef, idempotencyKey, amount, "ok", null);
    return { ok: true, reference: `RF-${paymentRef.slice(3, 15)}` };
  }

  async createCashOrder({ now, expiresAt }: { now: Date; expiresAt?: Date }): Promise<ApmOrder> {
    // A 12-digit payment reference, like the ones printed on a cash coupon.
    return { reference: digits(12), expiresAt: expiresAt ?? new Date(now.getTime() + CASH_ORDER_TTL_MS) };
  }

  async createBankTransferOrder({ now, expiresAt }: { now: Date; expiresAt?: Date }): Promise<ApmOrder> {
    // PSE identifies a transfer by its CUS (código único de seguimiento).
    return { reference: `CUS${digits(9)}`, expiresAt: expiresAt ?? new Date(now.getTime() + BANK_TRANSFER_TTL_MS) };
  }

  async startNequi(input: NequiInput): Promise<NequiStart> {
    const outcome = SANDBOX_NEQUI[input.phone];
    const row =
      outcome === "approved"
        ? await recordOnce("charge", input.transactionId, `nequi:${input.transactionId}`, input.amount, "approved", `NEQ${digits(10)}`)
        : await recordOnce("charge", input.transactionId, `nequi:${input.transactionId}`, input.amount, "declined", outcome === "declined" ? NEQUI_DECLINED : NEQUI_ERROR);
    return { status: "pending", gatewayRef: row.result === "approved" ? row.detail : null };
  }

  async nequiOutcome(paymentRef: string): Promise<NequiOutcome | null> {
    const charge = await this.findCharge(`nequi:${paymentRef}`);
    if (!charge) return null;
    return charge.approved ? { status: "approved", gatewayRef: charge.authorizationCode } : { status: "declined", code: charge.code, reason: charge.reason };
  }

  async simulate(_reference: string, outcome: "approved" | "rejected") {
    return outcome;
  }
}

/** Tests and the demo: what the sandbox did for one payment (our transaction id). */
export async function sandboxOperations(paymentRef: string) {
  const db = (await getDatabase()).prisma;
  return db.sandboxGatewayOperation.findMany({ where: { paymentRef }, orderBy: { id: "asc" } });
}
