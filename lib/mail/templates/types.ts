// What a template says, independent of how it is drawn: the HTML (layout.tsx) and the plain-text part are both
// made from this, so they never disagree.

export type Locale = "es" | "en";

export interface EmailContent {
  subject: string;
  /** The line inboxes show after the subject. */
  preview: string;
  heading: string;
  intro: string[];
  /** Label / value pairs (amounts and dates already formatted the Colombian way). */
  rows: Array<[string, string]>;
  button?: { label: string; url: string; hint: string };
  outro: string[];
  footer: string;
}

/** A file the product itself makes; never a path or a blob from outside. */
export type AttachmentRef = { kind: "voucher"; code: string };

/** Who an e-mail is for, which decides whether it can be turned off. */
export type Audience = "guest" | "agency" | "hotel" | "user";

export interface TemplateDef<D> {
  audience: Audience;
  /** Receipts, invitations and resets: cannot be turned off. */
  essential: boolean;
  /** Who may turn this (non-essential) e-mail off in 'Preferencias de correo': the agency, or the user it goes to. */
  owner?: "agency" | "user";
  /** Off unless its owner turns it on (the hotel's daily arrivals digest). */
  optIn?: boolean;
  /** Spanish name for the portal. */
  title: string;
  content(data: D, locale: Locale, baseUrl: string): EmailContent;
  /** Sample data for the preview in 'Correos'. */
  sample: D;
}
