// An e-mail as the recipient sees it: HTML from the React layout (React Email) and a plain-text part made from
// the same content. Rendering is pure: the stored data of the row, the template and PUBLIC_BASE_URL.
import { render } from "@react-email/render";
import { PRODUCT_NAME } from "@/lib/brand";
import { EmailLayout } from "./templates/layout";
import { TEMPLATES } from "./templates/catalog";
import type { EmailContent, Locale } from "./templates/types";
import { headerText } from "./address";

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export class UnknownTemplate extends Error {}

/** The template's content; the subject is made header-safe here (one line, at most 150 characters). */
export function emailContent(template: string, data: unknown, locale: Locale, baseUrl: string): EmailContent {
  const def = TEMPLATES[template];
  if (!def) throw new UnknownTemplate(template);
  const c = def.content(data, locale, baseUrl);
  if (c.button && !c.button.url.startsWith(`${baseUrl}/`)) throw new Error(`${template}: a link outside PUBLIC_BASE_URL`);
  return { ...c, subject: headerText(c.subject, 150) };
}

export function plainText(c: EmailContent): string {
  const width = Math.max(0, ...c.rows.map(([l]) => l.length));
  const lines = [PRODUCT_NAME, "", c.heading, "", ...c.intro.flatMap((p) => [p, ""])];
  if (c.rows.length > 0) lines.push(...c.rows.map(([l, v]) => `${`${l}:`.padEnd(width + 2)}${v}`), "");
  if (c.button) lines.push(`${c.button.label}:`, c.button.url, "");
  lines.push(...c.outro.flatMap((p) => [p, ""]), "--", c.footer);
  return lines.join("\n").replace(/\n{3,}/g, "\n\n");
}

export async function renderEmail(template: string, data: unknown, locale: Locale, baseUrl: string): Promise<RenderedEmail> {
  const c = emailContent(template, data, locale, baseUrl);
  const html = await render(<EmailLayout content={c} locale={locale} />);
  return { subject: c.subject, html, text: plainText(c) };
}
