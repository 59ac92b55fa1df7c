// Where the sign-in form sends the user afterwards: only a path of this site (docs/security.md "Sign-in").
// `callbackUrl` comes from the address bar, so anyone can craft it: `//evil.example`, `/\evil.example` and
// `/<tab>/evil.example` (browsers drop tabs and newlines inside a URL) all mean another site to a browser.

const PROBE = "http://hotelpay.invalid";

/**
 * `raw` as a same-origin path (path, query and fragment), or `fallback` when it is missing or points anywhere
 * else. It is read the way a browser reads it (the WHATWG URL parser: tabs and newlines removed, `\` taken as `/`,
 * dot segments resolved), against a probe origin; what does not stay on that origin is refused, and a path that
 * would still start with `//` (`/.//evil.example`) keeps one slash.
 */
export function sameOriginPath(raw: unknown, fallback = "/dashboard"): string {
  if (typeof raw !== "string") return fallback;
  // What the browser will see once it drops tabs, newlines and leading/trailing C0 controls and spaces.
  const seen = raw.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (!seen.startsWith("/") || seen.startsWith("//") || seen.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(seen, `${PROBE}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE) return fallback;
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}
