// Structured logs, one JSON line per event. Never pass request bodies, keys, card data or secrets here:
// `redact` scrubs anything that looks like a card number or a bearer key as a last line of defence.
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

const CARD_LIKE = /\b(?:\d[ -]?){13,19}\b/g;
// Our API keys and webhook secrets, and Wompi's private key and secrets (prv_test_…, test_events_…, prod_integrity_…).
const KEY_LIKE = /\b(hbk|whsec|prv_test|prv_prod|test_events|prod_events|test_integrity|prod_integrity)_[A-Za-z0-9+/=_-]{8,}/g;

export function redact(s: string): string {
  return s.replace(CARD_LIKE, "[redactado]").replace(KEY_LIKE, "$1_[redactado]");
}

const quiet = () => process.env.LOG_LEVEL === "silent";

function write(level: string, msg: string, fields: Record<string, unknown> = {}) {
  if (quiet()) return;
  const line = redact(JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields }));
  if (level === "error") console.error(line);
  else console.log(line);
}

export function logger(base: Record<string, unknown> = {}): Logger {
  return {
    info: (m, f) => write("info", m, { ...base, ...f }),
    warn: (m, f) => write("warn", m, { ...base, ...f }),
    error: (m, f) => write("error", m, { ...base, ...f }),
  };
}

export const log = logger();

/** An error as one short line for a log field or a stored `last_error`: `Name: first line of the message` (200 chars at most). */
export function errorLine(e: unknown): string {
  return `${(e as Error)?.name ?? "Error"}: ${String((e as Error)?.message ?? e).split("\n")[0].slice(0, 200)}`;
}
