// The set-up the mail API tests share: an API test server with a test SMTP server (./smtp.ts) as the product's
// relay, and the env, mailbox and pending e-mails put back after each test.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { closeTransports } from "@/lib/mail/transport";
import { startApi } from "./api";
import type { TestServer } from "./server";
import { startTestSmtp, type TestSmtp } from "./smtp";

/** The sender the mail API tests configure (MAIL_FROM). */
export const TEST_MAIL_FROM = "HotelPay <no-reply@hotelpay.test>";

export interface MailApiOptions {
  /** SMTP AUTH the test server demands (and SMTP_URL carries). */
  auth?: { user: string; pass: string };
  /** Set before each test besides SMTP_URL; deleted after it. */
  env?: Record<string, string>;
  /** Variables a test may set itself; deleted after each test. */
  unset?: string[];
  /** After each test, e-mails still pending are retired so each test counts its own (default true). */
  retirePending?: boolean;
}

/**
 * Registers the hooks of a mail API test file: the API server and a test SMTP server start once (`bind` receives
 * them), SMTP_URL points at the SMTP server before each test, and after each test the env is put back, the
 * mailbox and refusals are cleared and pending e-mails retired; at the end the transports and servers close.
 */
export function withMailApi(opts: MailApiOptions, bind: (m: { api: TestServer; smtp: TestSmtp }) => void): void {
  const { auth, env = {}, unset = [], retirePending = true } = opts;
  let api: TestServer | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    api = await startApi();
    smtp = await startTestSmtp(auth ?? {});
    bind({ api, smtp });
  });
  beforeEach(() => {
    Object.assign(process.env, { SMTP_URL: smtp!.url, ...env });
  });
  afterEach(async () => {
    for (const k of ["SMTP_URL", ...Object.keys(env), ...unset]) delete process.env[k];
    smtp!.received.length = 0;
    smtp!.refuse.clear();
    if (retirePending) await api!.db.sql.query(`UPDATE emails SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`);
  });
  afterAll(async () => {
    closeTransports();
    await smtp?.stop();
    await api?.close();
  });
}
