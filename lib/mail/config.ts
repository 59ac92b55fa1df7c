// Mail settings (docs/emails.md; README "Settings"): SMTP_URL (smtp://user:pass@host:port or smtps://...), MAIL_FROM,
// MAIL_REPLY_TO. Without SMTP_URL every e-mail is kept in the outbox for the operator to read ('Correos').
// A setting that cannot work stops the start with a message in Spanish and English that never shows a password.
import { GatewayConfigError } from "@/lib/config/payment-gateway";
import { PRODUCT_NAME } from "@/lib/brand";
import { parseMailbox, type Mailbox } from "./address";

export type MailSettings =
  | { kind: "outbox"; from: Mailbox; replyTo: Mailbox | null }
  | { kind: "smtp"; url: string; secure: boolean; host: string; port: number; user: string | null; pass: string | null; from: Mailbox; replyTo: Mailbox | null };

const fail = (es: string, en: string) => new GatewayConfigError(`${es}\n${en}`);

export const DEFAULT_FROM = `${PRODUCT_NAME} <no-reply@hotelpay.local>`;

export function mailSettings(env: Record<string, string | undefined> = process.env): MailSettings {
  const fromText = (env.MAIL_FROM ?? "").trim() || DEFAULT_FROM;
  const from = parseMailbox(fromText);
  if (!from) throw fail(`MAIL_FROM no es una dirección válida (p. ej. "HotelPay <no-reply@su-dominio.co>").`, `MAIL_FROM is not a valid address (e.g. "HotelPay <no-reply@your-domain.co>").`);
  const replyText = (env.MAIL_REPLY_TO ?? "").trim();
  const replyTo = replyText ? parseMailbox(replyText) : null;
  if (replyText && !replyTo) throw fail(`MAIL_REPLY_TO no es una dirección válida.`, `MAIL_REPLY_TO is not a valid address.`);
  const raw = (env.SMTP_URL ?? "").trim();
  if (!raw) return { kind: "outbox", from, replyTo };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(`SMTP_URL no es una URL válida (smtp://usuario:clave@servidor:587 o smtps://...:465).`, `SMTP_URL is not a valid URL (smtp://user:pass@host:587 or smtps://...:465).`);
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw fail(`SMTP_URL debe empezar por smtp:// o smtps://.`, `SMTP_URL must start with smtp:// or smtps://.`);
  }
  if (!url.hostname) throw fail(`SMTP_URL no indica el servidor.`, `SMTP_URL has no host.`);
  const secure = url.protocol === "smtps:";
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw fail(`El puerto de SMTP_URL no es válido.`, `The port of SMTP_URL is not valid.`);
  const user = url.username ? decodeURIComponent(url.username) : null;
  const pass = url.password ? decodeURIComponent(url.password) : null;
  return { kind: "smtp", url: raw, secure, host: url.hostname.replace(/^\[|\]$/g, ""), port, user, pass, from, replyTo };
}

/** What the operator sees about mail (never the password). */
export function mailMode(env: Record<string, string | undefined> = process.env): { mode: "smtp" | "outbox" | "misconfigured"; server: string | null; from: string | null } {
  try {
    const s = mailSettings(env);
    return { mode: s.kind, server: s.kind === "smtp" ? `${s.secure ? "smtps" : "smtp"}://${s.host}:${s.port}` : null, from: s.from.address };
  } catch {
    return { mode: "misconfigured", server: null, from: null };
  }
}
