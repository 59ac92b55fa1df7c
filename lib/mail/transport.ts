// The SMTP partner (nodemailer): one message at a time, no file or URL access for attachments (only the bytes
// the product made), a stable Message-ID per e-mail so a resend after a crash is recognisable. Errors are
// sorted into "try again later" and "refused for good" (5xx), and a 5xx on RCPT TO marks the address.
import nodemailer from "nodemailer";
import type { MailSettings } from "./config";
import type { Mailbox } from "./address";

export interface OutgoingMessage {
  id: string;
  to: Mailbox;
  subject: string;
  html: string;
  text: string;
  attachments: Array<{ filename: string; content: Buffer }>;
}

export type SendOutcome =
  | { ok: true; response: string }
  | { ok: false; permanent: boolean; addressRefused: boolean; error: string };

export const SMTP_TIMEOUT_MS = 20_000;

type Settings = Extract<MailSettings, { kind: "smtp" }>;
const transports = new Map<string, nodemailer.Transporter>();

function transportFor(s: Settings): nodemailer.Transporter {
  let t = transports.get(s.url);
  if (!t) {
    t = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.secure,
      auth: s.user ? { user: s.user, pass: s.pass ?? "" } : undefined,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    transports.set(s.url, t);
  }
  return t;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** Sends one message; never throws. */
export async function sendMail(s: Settings, m: OutgoingMessage): Promise<SendOutcome> {
  try {
    const info = await transportFor(s).sendMail({
      from: s.from.name ? { name: s.from.name, address: s.from.address } : s.from.address,
      to: m.to.name ? { name: m.to.name, address: m.to.address } : m.to.address,
      replyTo: s.replyTo ? (s.replyTo.name ? { name: s.replyTo.name, address: s.replyTo.address } : s.replyTo.address) : undefined,
      subject: m.subject,
      text: m.text,
      html: m.html,
      messageId: `<${m.id}@${domainOf(s.from.address)}>`,
      headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All" },
      attachments: m.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: "application/pdf" })),
    });
    if (info.rejected && info.rejected.length > 0) return { ok: false, permanent: true, addressRefused: true, error: "El servidor SMTP rechazó la dirección" };
    return { ok: true, response: String(info.response ?? "").slice(0, 200) };
  } catch (e) {
    const err = e as { responseCode?: number; command?: string; code?: string; message?: string; response?: string };
    const code = typeof err.responseCode === "number" ? err.responseCode : null;
    const command = String(err.command ?? "").toUpperCase();
    // 5xx is a refusal for good, except an authentication failure (the operator's settings, fixed by them).
    const permanent = code !== null && code >= 500 && code < 600 && !command.startsWith("AUTH");
    const addressRefused = permanent && command.startsWith("RCPT");
    const what = code !== null ? `SMTP ${code}${command ? ` en ${command}` : ""}` : err.code ? `Error de conexión (${err.code})` : "Error de SMTP";
    const detail = String(err.response ?? err.message ?? "").replace(/[\r\n]+/g, " ").slice(0, 200);
    return { ok: false, permanent, addressRefused, error: `${what}: ${detail}` };
  }
}

/** Closes the pooled connections (tests, shutdown). */
export function closeTransports() {
  for (const t of transports.values()) t.close();
  transports.clear();
}
