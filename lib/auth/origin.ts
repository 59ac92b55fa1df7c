// Hosts a portal session may write from: the public address (PUBLIC_BASE_URL) and the Host the request was
// sent to. X-Forwarded-Host is never trusted: anyone can send it (docs/security.md, "Client identity").
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
