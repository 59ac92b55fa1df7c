// Test-only crash points (issue 24): `crashPoint(name)` kills this process outright (SIGKILL, like `kill -9`) when
// TEST_CRASH_AT names that point, so the multi-instance tests can stop a real instance between two steps of a
// payment or a booking and prove that a retry with the same Idempotency-Key ends with what the first attempt did.
// TEST_CRASH_AT must never be set in production: it is honoured only with NODE_ENV other than production, or with
// TEST_CRASH_POINTS=1 as well (the multi-instance harness runs production builds and sets both).
export type CrashPointName =
  | "card:after-record" // the card payment row (pending, with its key) committed; the gateway not called yet
  | "card:after-charge" // the gateway charged; the outcome not recorded yet
  | "order:after-record" // the cash or bank-transfer order row committed; not placed at the gateway yet
  | "order:after-place" // the gateway placed the order; its reference not recorded yet
  | "nequi:after-record" // the Nequi payment row (pending, with its key) committed; Nequi not asked yet
  | "booking:after-commit"; // the reservation committed; the answer not stored yet

function armed(name: CrashPointName): boolean {
  const at = process.env.TEST_CRASH_AT;
  if (!at || at !== name) return false;
  return process.env.NODE_ENV !== "production" || process.env.TEST_CRASH_POINTS === "1";
}

export function crashPoint(name: CrashPointName): void {
  if (armed(name)) process.kill(process.pid, "SIGKILL");
}
