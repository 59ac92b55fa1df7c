// Addresses and header text made safe: no CR/LF or other control character ever reaches a header (header
// injection), one address per field, display names and subjects trimmed to a sane length. nodemailer encodes
// what is left (RFC 2047); this is the product's own guard in front of it.

export interface Mailbox {
  name: string | null;
  address: string;
}

// Deliberately narrower than RFC 5322: what agencies and guests type, nothing a header could be split with.
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A normalised address (trimmed, domain lower-cased) or null when it is not one plain address. */
export function normalizeAddress(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  if (s.length > 254 || !ADDRESS.test(s)) return null;
  const at = s.lastIndexOf("@");
  return `${s.slice(0, at)}@${s.slice(at + 1).toLowerCase()}`;
}

/** Text for a header: control characters (CR, LF, TAB, NUL ...) become spaces, runs of spaces one, cut at `max`. */
export function headerText(input: string | null | undefined, max = 150): string {
  const s = String(input ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s;
}

/** A display name: header-safe, without the characters that end a name in an address header. */
export function displayName(input: string | null | undefined): string | null {
  const s = headerText(input, 70).replace(/["<>\\]/g, "").trim();
  return s || null;
}

/** "HotelPay <no-reply@x.co>" or "no-reply@x.co" as a mailbox; null when it is not exactly one safe address. */
export function parseMailbox(input: string): Mailbox | null {
  if (/[\r\n]/.test(input)) return null;
  const m = /^\s*(?:"?([^"<>]*?)"?\s*)?<([^<>\s]+)>\s*$/.exec(input);
  const address = normalizeAddress(m ? m[2] : input);
  if (!address) return null;
  return { name: m ? displayName(m[1]) : null, address };
}
