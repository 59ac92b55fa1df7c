// Bounces that arrive after the SMTP server accepted an e-mail (docs/emails.md "Rebotes"): a provider's webhook or
// a small relay posts them to POST /api/mail/bounces with the shared secret MAIL_BOUNCE_SECRET, either as a small
// JSON body `{email, kind, reason?, message_id?}` or as the bounce itself: an RFC 3464 delivery status notification
// (`message/delivery-status`, or the whole `multipart/report` e-mail, parsed with mailparser). A hard bounce or a
// complaint marks the address exactly as a 5xx at RCPT TO does (a row of `email_suppressions`, ON CONFLICT DO
// NOTHING: the same bounce twice marks once); a soft bounce is only written on the e-mail it names.
import crypto from "node:crypto";
import { z } from "zod";
import { simpleParser } from "mailparser";
import type { Database } from "@/lib/db/open";
import { badRequest, notFound, unauthorized } from "@/lib/http/errors";
import { parseBody } from "@/lib/http/body";
import { formatZodError } from "@/lib/http/zod";
import { log } from "@/lib/http/log";
import { normalizeAddress, headerText } from "./address";
import { markBouncedAddress, recordBounceOnEmail } from "./store";

export type BounceKind = "hard" | "soft" | "complaint";

export interface Bounce {
  email: string;
  kind: BounceKind;
  reason: string | null;
  messageId: string | null;
}

/** At most this many recipients are taken from one DSN (a report names one, sometimes a few). */
const MAX_RECIPIENTS = 50;

const digest = (s: string) => crypto.createHash("sha256").update(s, "utf8").digest();

/** The route's `verify`: 404 while MAIL_BOUNCE_SECRET is unset; else the secret, compared in constant time. */
export function verifyBounceSecret(req: Request): void {
  const expected = process.env.MAIL_BOUNCE_SECRET ?? "";
  if (expected.length === 0) throw notFound("No existe la ruta POST /api/mail/bounces");
  const auth = req.headers.get("authorization") ?? "";
  let given = "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth);
  if (bearer) given = bearer[1].trim();
  else if (basic) {
    // Providers that only take a URL send `https://bounces:<secret>@host/api/mail/bounces`: the password is the secret.
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    given = decoded.slice(decoded.indexOf(":") + 1);
  }
  // Equal-length digests: the comparison takes the same time whatever was sent.
  if (!crypto.timingSafeEqual(digest(given), digest(expected))) throw unauthorized("Se requiere Authorization: Bearer $MAIL_BOUNCE_SECRET");
}

export const bounceJson = z.object({
  email: z.string({ error: "es obligatorio" }).trim().min(3, "no es un correo").max(254, "máximo 254 caracteres").meta({ description: "La dirección que rebotó" }),
  kind: z.enum(["hard", "soft", "complaint"], { error: "debe ser hard, soft o complaint" }).meta({ description: "hard: no existe o rechaza para siempre; soft: temporal; complaint: la marcó como no deseado" }),
  reason: z.string({ error: "debe ser texto" }).max(500, "máximo 500 caracteres").optional().meta({ description: "Lo que dijo el servidor del destinatario" }),
  message_id: z.string({ error: "debe ser texto" }).max(300, "máximo 300 caracteres").optional().meta({ description: "El Message-ID del correo enviado (`<eml_...@dominio>`)" }),
});

function address(raw: string): string {
  const a = normalizeAddress(raw.replace(/^<|>$/g, ""))?.toLowerCase();
  if (!a) throw badRequest("email: no es una dirección de correo válida", "La dirección de correo del rebote no es válida");
  return a;
}

/** The JSON form. */
function fromJson(text: string): Bounce[] {
  const raw = parseBody(text, "application/json");
  if (raw === undefined) throw badRequest("cuerpo: se requiere un cuerpo JSON", "El cuerpo está vacío");
  const r = bounceJson.safeParse(raw);
  if (!r.success) throw badRequest(formatZodError(r.error));
  return [{ email: address(r.data.email), kind: r.data.kind, reason: r.data.reason ? headerText(r.data.reason, 300) : null, messageId: r.data.message_id ?? null }];
}

/** RFC 3464 fields: folded lines joined, blocks split at blank lines, each block a map of lower-cased names. */
function dsnBlocks(text: string): Array<Map<string, string>> {
  const unfolded = text.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ");
  return unfolded
    .split(/\n\s*\n/)
    .slice(0, MAX_RECIPIENTS + 1)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split("\n")) {
        const m = /^([A-Za-z][A-Za-z0-9-]{0,60}):\s*(.*)$/.exec(line);
        if (m && !fields.has(m[1].toLowerCase())) fields.set(m[1].toLowerCase(), m[2].trim());
      }
      return fields;
    });
}

/** The bounces of a delivery-status part: each recipient with a 5.x.x status (hard) or 4.x.x (soft). */
function fromDeliveryStatus(text: string, messageId: string | null): Bounce[] {
  const out: Bounce[] = [];
  for (const f of dsnBlocks(text)) {
    const recipient = f.get("final-recipient") ?? f.get("original-recipient");
    const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(f.get("status") ?? "");
    if (!recipient || !status) continue;
    // "rfc822; user@example.com": the address type, then the address.
    const semi = recipient.indexOf(";");
    const email = normalizeAddress(recipient.slice(semi + 1).trim().replace(/^<|>$/g, ""))?.toLowerCase();
    if (!email || status[1] === "2") continue;
    const diagnostic = f.get("diagnostic-code")?.replace(/^[a-z-]+;\s*/i, "");
    out.push({ email, kind: status[1] === "5" ? "hard" : "soft", reason: headerText(`${status[0]}${diagnostic ? ` ${diagnostic}` : ""}`, 300), messageId });
  }
  return out;
}

/** The Message-ID of the original e-mail, from the report's `message/rfc822` or `text/rfc822-headers` part. */
function originalMessageId(text: string): string | null {
  const m = /^Message-ID:\s*(<[^>\s]{3,250}>)/im.exec(text.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " "));
  return m ? m[1] : null;
}

/** A whole report e-mail (multipart/report) or its body with the Content-Type of the request. */
async function fromReport(text: string, contentType: string): Promise<Bounce[]> {
  const source = /^message\/rfc822/i.test(contentType) ? text : `Content-Type: ${contentType.replace(/[\r\n]/g, " ")}\r\nMIME-Version: 1.0\r\n\r\n${text}`;
  let parsed;
  try {
    parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  } catch {
    throw badRequest("cuerpo: no es un correo de rebote legible", "El cuerpo no es un informe de entrega (RFC 3464) legible");
  }
  // mailparser reads the message/delivery-status part as text (with the explanation before it); the original's
  // headers (text/rfc822-headers or message/rfc822) come as an attachment.
  const type = parsed.headers.get("content-type") as { value?: string } | undefined;
  if (!/^multipart\/report$/i.test(type?.value ?? "")) throw badRequest("cuerpo: no es un informe de entrega (multipart/report)", "El correo no es un informe de entrega (RFC 3464)");
  const original = (parsed.attachments ?? []).find((a) => /^(message\/rfc822|text\/rfc822-headers|message\/global-headers)$/i.test(a.contentType));
  return fromDeliveryStatus(parsed.text ?? "", original ? originalMessageId(original.content.toString("utf8")) : null);
}

/** The bounces a request carries; 400 in Spanish for anything that is not one. */
export async function parseBounces(bodyText: string, contentType: string | null): Promise<Bounce[]> {
  const ct = (contentType ?? "").trim();
  if (bodyText.trim() === "") throw badRequest("cuerpo: se requiere el rebote", "El cuerpo está vacío");
  let bounces: Bounce[];
  if (ct === "" || /^application\/json/i.test(ct)) bounces = fromJson(bodyText);
  else if (/^message\/(global-)?delivery-status/i.test(ct)) bounces = fromDeliveryStatus(bodyText, null);
  else if (/^(multipart\/report|message\/rfc822)/i.test(ct)) bounces = await fromReport(bodyText, ct);
  else throw badRequest("cuerpo: tipo de contenido no admitido", "Envíe JSON, message/delivery-status, multipart/report o message/rfc822");
  if (bounces.length === 0) throw badRequest("cuerpo: el informe no tiene destinatarios con rebote (Status 4.x.x o 5.x.x)", "El informe no dice qué dirección rebotó");
  return bounces;
}

/** `<eml_...@domain>` (or without brackets) to the e-mail's id; null for anything else. */
function emailIdOf(messageId: string | null): string | null {
  const m = messageId ? /^<?(eml_[A-Za-z0-9_-]{10,40})@[^<>\s@]{1,253}>?$/.exec(messageId.trim()) : null;
  return m ? m[1] : null;
}

function noteOf(b: Bounce): string {
  const why = b.reason ? `: ${b.reason}` : "";
  if (b.kind === "hard") return `Rebotó después de enviado (permanente)${why}`.slice(0, 300);
  if (b.kind === "soft") return `Rebote temporal después de enviado${why}`.slice(0, 300);
  return `El destinatario lo marcó como correo no deseado${why}`.slice(0, 300);
}

export interface BounceResult {
  email: string;
  kind: BounceKind;
  /** The address is marked now (a hard bounce or a complaint). */
  marked: boolean;
  /** This bounce made the mark (false when it was already marked: the same bounce twice). */
  newly_marked: boolean;
  /** The sent e-mail it names (by Message-ID, to this address) was found and the bounce written on it. */
  email_recorded: boolean;
}

/** Records the bounces: marks for hard bounces and complaints (once), a note on the e-mail each names. */
export async function recordBounces(database: Database, bounces: Bounce[], now: Date): Promise<{ items: BounceResult[] }> {
  const items: BounceResult[] = [];
  for (const b of bounces) {
    const note = noteOf(b);
    const marks = b.kind !== "soft";
    const newly = marks ? await markBouncedAddress(database.sql, b.email, note, now) : false;
    const id = emailIdOf(b.messageId);
    // Only an e-mail that went out, to this very address. A hard bounce turns it `failed`; the others keep `sent`.
    const recorded = id ? await recordBounceOnEmail(database.sql, id, b.email, note, b.kind === "hard") : false;
    log.info("email_bounce", { kind: b.kind, newly_marked: newly, email_recorded: recorded });
    items.push({ email: b.email, kind: b.kind, marked: marks, newly_marked: newly, email_recorded: recorded });
  }
  return { items };
}
