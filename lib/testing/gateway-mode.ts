// The payment suites run twice: with the built-in sandbox gateway (default) and with Wompi against the fake
// (TEST_GATEWAY=wompi, the vitest project "api-wompi"; scripts/test-all.sh runs both on PGlite and PostgreSQL).
// The same assertions hold in both because the tests drive outcomes through these helpers:
//   - sandbox: the sandbox-only routes (POST /v2/apms/transactions/{id}/simulate, /v2/checkout/{id}/simulate) and
//     the sandbox's test cards;
//   - Wompi: the fake Wompi makes the transaction final and sends its signed event to the events route (as Wompi
//     does), and Wompi's sandbox cards (4242… approves, 4111… declines).
// A test that only makes sense with one gateway says so with `sandboxOnly` / `wompiOnly` (skipped visibly, with why).
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { startApi } from "./api";
import { apiClient } from "./client";
import type { FakeWompi } from "./fake-wompi";
import { publicKeyPem, type receivers } from "./payments";
import type { TestServer } from "./server";
import { startWompiApi } from "./wompi";

export type TestGateway = "sandbox" | "wompi";
export const TEST_GATEWAY: TestGateway = process.env.TEST_GATEWAY === "wompi" ? "wompi" : "sandbox";
export const WOMPI_MODE = TEST_GATEWAY === "wompi";

/** Card numbers for an outcome, for the gateway in use. */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: WOMPI_MODE ? "4111111111111111" : "4000000000000002",
} as const;

export interface PaymentsApi {
  api: TestServer;
  /** The fake Wompi (Wompi mode only). */
  fake: FakeWompi | null;
  close(): Promise<void>;
}

/** The API test server with the gateway of this run. */
export async function startPaymentsApi(): Promise<PaymentsApi> {
  if (!WOMPI_MODE) {
    const api = await startApi();
    return { api, fake: null, close: () => api.close() };
  }
  // Cards answer at once (as Wompi's sandbox does); cash and PSE stay PENDING until completeOrder().
  const w = await startWompiApi({ cardPollMs: 2000 });
  return { api: w.api, fake: w.fake, close: () => w.close() };
}

/**
 * Registers the hooks of a payment suite: the API server of this run and its public key start once (`bind`
 * receives them); after each test the webhook deliveries finish and the test's webhook `listeners` close; at the
 * end the deliveries finish and the server closes.
 */
export function withPaymentsApi(listeners: ReturnType<typeof receivers>, bind: (s: { gw: PaymentsApi; api: TestServer; pem: string }) => void): void {
  let gw: PaymentsApi | undefined;
  beforeAll(async () => {
    gw = await startPaymentsApi();
    bind({ gw, api: gw.api, pem: await publicKeyPem(gw.api) });
  });
  afterEach(async () => {
    await deliveriesIdle();
    await listeners.closeAll();
  });
  afterAll(async () => {
    await deliveriesIdle();
    await gw?.close();
  });
}

/**
 * The payer completes (approved) or abandons (rejected) a pending cash or bank-transfer order, and the gateway
 * tells us: with the sandbox through its simulate routes (the owner's `key`, else the hosted checkout's public
 * route); with Wompi, the fake makes its transaction final and its signed event reaches the events route.
 * Resolves once that is done; answers the HTTP status of the step (200 when it went through).
 */
export async function completeOrder(p: PaymentsApi, transactionId: string, outcome: "approved" | "rejected", key?: string): Promise<number> {
  if (!p.fake) {
    const client = apiClient(p.api, key);
    const r = key
      ? await client.POST("/v2/apms/transactions/{transaction_id}/simulate", { params: { path: { transaction_id: transactionId } }, body: { outcome } })
      : await client.POST("/v2/checkout/{transaction_id}/simulate", { params: { path: { transaction_id: transactionId } }, body: { outcome } });
    return r.response.status;
  }
  const [t] = p.fake.charges(transactionId);
  if (!t) throw new Error(`fake wompi: no transaction for ${transactionId}`);
  const before = p.fake.events.delivered.length;
  p.fake.complete(t.id, outcome === "approved" ? "APPROVED" : "DECLINED");
  await p.fake.events.idle();
  const delivered = p.fake.events.delivered.slice(before).filter((d) => d.transactionId === t.id);
  return delivered.at(-1)?.answered ?? 0;
}

/**
 * What reached the gateway for one payment (our transaction id), in order: `[kind, pesos]`. The sandbox's own log;
 * with Wompi, each transaction the fake holds under the reference is a charge and its void a refund of all of it.
 */
export async function gatewayMoves(p: PaymentsApi, transactionId: string): Promise<Array<[string, number | null]>> {
  if (!p.fake) {
    const ops = await p.api.db.prisma.sandboxGatewayOperation.findMany({ where: { paymentRef: transactionId }, orderBy: { id: "asc" } });
    return ops.map((o) => [o.kind, o.amount?.toNumber() ?? null]);
  }
  return p.fake.charges(transactionId).flatMap((t): Array<[string, number]> => {
    const pesos = t.amount_in_cents / 100;
    return t.status === "VOIDED" ? [["charge", pesos], ["refund", pesos]] : [["charge", pesos]];
  });
}

const skipReason = (only: TestGateway, why: string) => `[${only} only: ${why}]`;

/** `it` that runs only with the sandbox; with Wompi it is reported skipped, with the reason in its name. */
export function sandboxOnly(why: string): (name: string, fn: () => unknown) => void {
  return (name, fn) => (WOMPI_MODE ? it.skip(`${name} ${skipReason("sandbox", why)}`, fn) : it(name, fn));
}

/** `describe` that runs only with the sandbox (see sandboxOnly). */
export function describeSandboxOnly(why: string, name: string, fn: () => void): void {
  if (WOMPI_MODE) describe.skip(`${name} ${skipReason("sandbox", why)}`, fn);
  else describe(name, fn);
}

/**
 * `describe` of a suite in a payments file that never reaches the gateway (bookings, holds): it runs in the project
 * "api" only; in "api-wompi" it is reported skipped with that reason, and the file's payment parts run.
 */
export function describeNoGateway(name: string, fn: () => void): void {
  if (WOMPI_MODE) describe.skip(`${name} [no gateway involved: runs in the project api]`, fn);
  else describe(name, fn);
}
