// What the operator's "Pasarela" page shows (app/(portal)/gateway; docs/going-live.md): the active gateway and its
// mode, the events URL to register at Wompi, the last events received, the mismatches and the refunds owed by
// hand, each joined to the payment it concerns so the page shows human references (the reservation or link
// reference, the payer, amounts in pesos) instead of our internal ids.
import type { Database } from "@/lib/db/open";
import { config } from "@/lib/config";
import { paymentGatewayMode } from "@/lib/config/payment-gateway";
import { wompiMismatches } from "@/lib/gateways/wompi/store";
import { recentWompiEvents, REFUSAL_TEXT, type RefusalReason } from "./events";
import { manualRefundsOwed, type ManualRefundOwed } from "./manual-refunds";
import { paymentsNamed, referencesOfRecentEvents } from "./store";

export type GatewayMode = ReturnType<typeof paymentGatewayMode>;

/** The payment a row is about, as a person reads it. */
export interface PaymentRef {
  /** Our payment id: for the link to its detail page only, never shown. */
  id: string;
  /** The reservation code or the reference the agency typed (ref_number). */
  reference: string;
  payer: string;
  amount: number;
  method: string;
  status: string;
}

export interface GatewayEventView {
  key: number;
  receivedAt: Date;
  timesReceived: number;
  /** Wompi's transaction id (what Wompi's dashboard and support use). */
  wompiId: string | null;
  /** Wompi's status (APPROVED, DECLINED, ...). */
  status: string | null;
  amount: number | null;
  accepted: boolean;
  /** Why it was refused, in Spanish. */
  reason: string | null;
  applied: boolean;
  applyResult: string | null;
  payment: PaymentRef | null;
}

export interface MismatchView {
  key: string;
  at: Date;
  wompiId: string | null;
  status: string;
  /** What we asked for (the payment's amount, COP). */
  expected: number | null;
  /** What Wompi said, in pesos, and its currency (the same as expected where only the reference differed, or null when unknown). */
  reported: number | null;
  reportedCurrency: string;
  /** What differed, in Spanish. */
  detail: string;
  payment: PaymentRef | null;
}

export interface ManualRefundView extends ManualRefundOwed {
  reference: string | null;
}

export interface GatewayPageData {
  mode: GatewayMode;
  eventsUrl: string | null;
  events: GatewayEventView[];
  mismatches: MismatchView[];
  manualRefunds: ManualRefundView[];
}

async function paymentsById(database: Database, ids: string[]): Promise<Map<string, PaymentRef>> {
  const unique = [...new Set(ids.filter((x) => x))];
  if (unique.length === 0) return new Map();
  const rows = await paymentsNamed(database, unique);
  return new Map(
    rows.map((r) => [r.id, { id: r.id, reference: r.ref_number, payer: `${r.ref_name} ${r.ref_lastname}`.trim(), amount: Number(r.amount), method: r.method, status: r.status }]),
  );
}

/** The events URL the operator registers in Wompi's dashboard (both environments have their own field). */
export function wompiEventsUrl(): string {
  return `${config().publicBaseUrl}/api/gateways/wompi/events`;
}

export async function gatewayPageData(database: Database, limit = 50): Promise<GatewayPageData> {
  const mode = paymentGatewayMode();
  const wompi = mode === "wompi-test" || mode === "wompi-production";
  const [events, mismatches, manual, wompiRefs] = await Promise.all([
    recentWompiEvents(database, limit),
    wompiMismatches(database, limit),
    manualRefundsOwed(database),
    referencesOfRecentEvents(database, limit),
  ]);
  // An event names Wompi's transaction; its reference (unsigned) is a hint, our own record of the id is the truth.
  const refOfWompiId = new Map(wompiRefs.map((r) => [r.wompi_id, r.reference]));
  const paymentIdOf = (e: { transaction_id: string | null; reference: string | null }) => (e.transaction_id ? refOfWompiId.get(e.transaction_id) : undefined) ?? e.reference ?? "";
  const payments = await paymentsById(database, [...events.map(paymentIdOf), ...mismatches.map((m) => m.reference), ...manual.map((m) => m.payment_id)]);
  return {
    mode,
    eventsUrl: wompi ? wompiEventsUrl() : null,
    events: events.map((e) => ({
      key: Number(e.id),
      receivedAt: new Date(e.last_received_at),
      timesReceived: Number(e.times_received),
      wompiId: e.transaction_id,
      status: e.status,
      amount: e.amount_in_cents === null ? null : Number(e.amount_in_cents) / 100,
      accepted: e.outcome === "accepted",
      reason: e.reason ? (REFUSAL_TEXT[e.reason as RefusalReason] ?? e.reason) : null,
      applied: e.applied,
      applyResult: e.apply_result,
      payment: payments.get(paymentIdOf(e)) ?? null,
    })),
    mismatches: mismatches.map((m) => {
      const p = payments.get(m.reference) ?? null;
      const said = wompiSaid(m.mismatch, p ? p.amount : null);
      return {
        key: m.reference,
        at: new Date(m.mismatch_at),
        wompiId: m.wompi_id,
        status: m.status,
        expected: p ? p.amount : null,
        reported: said.amount,
        reportedCurrency: said.currency,
        detail: m.mismatch,
        payment: p,
      };
    }),
    manualRefunds: manual.map((m) => ({ ...m, reference: payments.get(m.payment_id)?.reference ?? null })),
  };
}

/**
 * What Wompi said, read back from the mismatch's words (lib/gateways/wompi/gateway.ts mismatchOf writes "monto
 * 1.00 en lugar de 480000.00" and "moneda USD en lugar de COP"; our record keeps the amount we asked).
 */
export function wompiSaid(detail: string, expected: number | null): { amount: number | null; currency: string } {
  const amount = /monto (\d+(?:\.\d+)?) en lugar de/.exec(detail);
  const currency = /moneda (\S+) en lugar de/.exec(detail);
  return { amount: amount ? Number(amount[1]) : /el evento trae otro monto/.test(detail) ? null : expected, currency: currency ? currency[1] : "COP" };
}
