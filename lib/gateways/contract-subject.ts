// What the gateway contracts (channel-manager.contract.ts, payment-gateway.contract.ts) share inside their describe:
// the subject opened once (a minute allowed: it may start a server and a database) and closed at the end, and keys
// unique to this run so repeated runs against one database never collide.
import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";

/** Registers the subject's hooks; `bind` receives it once open. Returns the run's key maker: `format(run, n)` with n = 1, 2, … */
export function contractSubject<S extends { close(): Promise<void> }>(open: () => Promise<S>, bind: (s: S) => void, format: (run: string, n: number) => string): () => string {
  let subject: S | undefined;
  beforeAll(async () => {
    subject = await open();
    bind(subject);
  }, 60_000);
  afterAll(async () => {
    await subject?.close();
  });
  const run = crypto.randomBytes(4).toString("hex");
  let n = 0;
  return () => format(run, ++n);
}
