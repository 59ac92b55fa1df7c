// Two instances of the production build (server.mjs) on one fresh PostgreSQL database, both running the `emails`
// job every second (and an external cron hitting both at once), send to a real SMTP server started by the test:
// every e-mail arrives exactly once (issue 29; docs/emails.md "The outbox"). Needs `next build` first.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { startServer, stopServers, testDatabase, until, type Instance } from "./harness";
import { startTestSmtp, type TestSmtp } from "../../lib/testing/smtp";

const BASE_PORT = Number(process.env.MULTI_MAIL_PORT ?? 4020);
const PORTS = [BASE_PORT + 1, BASE_PORT + 2];
const DATABASE = testDatabase("hbmail");
const OPERATOR_KEY = "hbk_multi_mail_operator_key_0123456789abcd";
const CRON = "multi-mail-cron-secret";
const COUNT = 40;
let db: pg.Pool;
let smtp: TestSmtp;
const instances: Instance[] = [];

const to = (m: { to?: unknown }) => {
  const t = m.to as { value: Array<{ address?: string }> } | Array<{ value: Array<{ address?: string }> }> | undefined;
  return (Array.isArray(t) ? t[0] : t)?.value[0]?.address?.toLowerCase();
};

beforeAll(async () => {
  await DATABASE.create();
  db = new pg.Pool({ connectionString: DATABASE.url, max: 2 });
  smtp = await startTestSmtp({ user: "hotelpay", pass: "multi-s3cret" });
  for (const port of PORTS) {
    instances.push(
      startServer({
        port,
        databaseUrl: DATABASE.url,
        logName: `mail-${port}`,
        env: {
          SECRETS_MASTER_KEY: "multi-mail-test-master-key-0123456789abcdef",
          OPERATOR_API_KEY: OPERATOR_KEY,
          CRON_SECRET: CRON,
          SCHEDULER: "on",
          SCHEDULER_INTERVAL_MS: "1000",
          SMTP_URL: smtp.url,
          MAIL_FROM: "HotelPay <no-reply@hotelpay.test>",
          MAIL_MAX_PER_RECIPIENT_HOUR: "0",
        },
      }),
    );
  }
  for (const port of PORTS) {
    await until(`instance ${port} ready`, async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status, (s) => s === 200, 150_000, 500);
  }
}, 180_000);

afterAll(async () => {
  await stopServers(instances);
  await smtp?.stop();
  await db?.end();
  await DATABASE.drop();
}, 60_000);

describe("two instances sending e-mails", () => {
  it("every e-mail reaches the SMTP server exactly once while both instances (and a cron on each) run the emails job", async () => {
    // Password resets asked through both instances: each is a fact written with its e-mail in one transaction.
    const users: string[] = [];
    for (let i = 0; i < COUNT; i++) users.push(`multi-${i}-${crypto.randomBytes(2).toString("hex")}@example.co`);
    await db.query(
      `INSERT INTO users (email, name, password_hash, role, locale, is_active, created_at)
       SELECT e, 'Usuario ' || ord, 'x', 'operator', 'es', true, now() FROM unnest($1::text[]) WITH ORDINALITY AS t(e, ord)`,
      [users],
    );
    await Promise.all(
      users.map((email, i) =>
        fetch(`http://127.0.0.1:${PORTS[i % 2]}/api/v2/account/password/forgot`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) }).then((r) => {
          if (r.status !== 200) throw new Error(`forgot ${email}: HTTP ${r.status}`);
        }),
      ),
    );
    // An external cron on both instances at once, on top of both schedulers.
    const cron = (port: number) => fetch(`http://127.0.0.1:${port}/api/cron/emails`, { method: "POST", headers: { authorization: `Bearer ${CRON}`, "content-type": "application/json" }, body: "{}" });
    await Promise.all([cron(PORTS[0]), cron(PORTS[1]), cron(PORTS[0]), cron(PORTS[1])]);

    await until("every e-mail sent", async () => (await db.query(`SELECT count(*)::int AS n FROM emails WHERE template = 'password_reset' AND status = 'sent'`)).rows[0].n, (n) => n === COUNT, 60_000);
    await smtp.waitFor(COUNT, 10_000);
    // Both instances run the job again (nothing is due): no copy comes later.
    const again = await Promise.all([cron(PORTS[0]), cron(PORTS[1])]);
    expect(await Promise.all(again.map((r) => r.json()))).toEqual([{ processed: 0 }, { processed: 0 }]);

    expect(smtp.received).toHaveLength(COUNT);
    expect(smtp.received.map(to).sort()).toEqual([...users].sort());
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(COUNT);
    expect(smtp.received.every((m) => m.subject === "Restablezca su contraseña de HotelPay")).toBe(true);
    const rows = (await db.query(`SELECT status, attempt_count, locked_by FROM emails WHERE template = 'password_reset'`)).rows;
    expect(rows.every((r) => r.status === "sent" && r.attempt_count === 1 && r.locked_by === null)).toBe(true);
  }, 120_000);
});
