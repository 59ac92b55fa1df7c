// A real SMTP server for tests (smtp-server), every message parsed with mailparser: what a recipient's mailbox
// would hold. It can refuse given recipients for good (550 on RCPT TO), and be stopped and started again on the
// same port to play "SMTP down for a while".
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface TestSmtp {
  url: string;
  port: number;
  received: ParsedMail[];
  /** Addresses answered with 550 at RCPT TO. */
  refuse: Set<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Waits until `n` messages arrived (or throws after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
}

export async function startTestSmtp(opts: { user?: string; pass?: string } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const refuse = new Set<string>();
  const make = () =>
    new SMTPServer({
      disabledCommands: ["STARTTLS"],
      authOptional: !opts.user,
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, cb) {
        if (auth.username === opts.user && auth.password === opts.pass) return cb(null, { user: auth.username });
        cb(new Error("Invalid username or password"));
      },
      onRcptTo(address, _session, cb) {
        if (refuse.has(address.address.toLowerCase())) {
          const err = new Error("5.1.1 Mailbox does not exist") as Error & { responseCode: number };
          err.responseCode = 550;
          return cb(err);
        }
        cb();
      },
      onData(stream, _session, cb) {
        simpleParser(stream)
          .then((m) => {
            received.push(m);
            cb();
          })
          .catch((e) => cb(e));
      },
    });
  let server = make();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const auth = opts.user ? `${encodeURIComponent(opts.user)}:${encodeURIComponent(opts.pass ?? "")}@` : "";
  return {
    get url() {
      return `smtp://${auth}127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    received,
    refuse,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
    },
    async start() {
      server = make();
      await listen();
    },
    async waitFor(n, timeoutMs = 10_000) {
      const started = Date.now();
      while (received.length < n) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${n} messages, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
  };
}
