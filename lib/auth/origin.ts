// Where a portal session may write from: the public address (PUBLIC_BASE_URL) and the Host the request was
// sent to. X-Forwarded-Host is never trusted: anyone can send it (docs/security.md, "Client identity" and
// "Portal sessions and other sites").
import { config } from "@/lib/config";

export function allowedOriginHosts(req: Request): Set<string> {
  const hosts = new Set<string>();
  try {
    hosts.add(new URL(config().publicBaseUrl).host);
  } catch {
    // a malformed PUBLIC_BASE_URL adds nothing
  }
  const host = req.headers.get("host");
  if (host) hosts.add(host.toLowerCase());
  return hosts;
}

/** The Origin header's host, or "" when it is not a URL (`null`, garbage): then it matches no allowed host. */
export function originHost(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return "";
  }
}

/**
 * Whether a write (POST, PUT, PATCH, DELETE) carried by the portal's session cookie comes from our own pages.
 * A browser names the page that sent it: `Origin` on every non-GET fetch and form, `Sec-Fetch-Site` on every
 * request. Refused: an Origin of another host; no Origin unless `Sec-Fetch-Site: same-origin`; and
 * `Sec-Fetch-Site: cross-site` whatever the Origin says. Bearer keys are not cookies: this never applies to them.
 */
export function sessionWriteAllowed(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site")?.trim().toLowerCase() ?? null;
  if (site === "cross-site") return false;
  const origin = req.headers.get("origin");
  if (origin !== null) return allowedOriginHosts(req).has(originHost(origin));
  return site === "same-origin";
}
