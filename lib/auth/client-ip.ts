// The client's address and scheme as the HTTP front stamped them (server/forwarding.mjs). Without this
// process's token the request did not come through our front (`next start` alone): nothing is trusted and
// every such client is "unknown" rather than whatever X-Forwarded-For claims.
import { CLIENT_IP_HEADER, CLIENT_PROTO_HEADER, CLIENT_TOKEN_HEADER, isInternalToken } from "@/server/forwarding.mjs";

type HeaderSource = { headers: Headers } | Headers;

const headersOf = (r: HeaderSource): Headers => (r instanceof Headers ? r : r.headers);

function stamped(r: HeaderSource): boolean {
  return isInternalToken(headersOf(r).get(CLIENT_TOKEN_HEADER));
}

/** The client IP (trusted-proxy aware), or "unknown". */
export function clientIp(r: HeaderSource): string {
  if (!stamped(r)) return "unknown";
  return headersOf(r).get(CLIENT_IP_HEADER) || "unknown";
}

/** True when the client reached us over https (directly, or as a trusted proxy says). */
export function clientIsHttps(r: HeaderSource): boolean {
  return stamped(r) && headersOf(r).get(CLIENT_PROTO_HEADER) === "https";
}
