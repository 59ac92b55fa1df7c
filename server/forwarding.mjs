// Who is the client: the socket's peer, unless that peer is a trusted proxy (TRUSTED_PROXIES), in which case
// the rightmost X-Forwarded-For hop that is not itself trusted. The HTTP front (server.mjs, or the test
// server) computes it and stamps it on the request in internal headers, after deleting any client-sent copy;
// the app trusts those headers only with this process's token, so `next start` alone trusts no header.
// Rules: docs/security.md ("Client identity").
import crypto from "node:crypto";
import net from "node:net";

export const CLIENT_IP_HEADER = "x-hotelpay-client-ip";
export const CLIENT_PROTO_HEADER = "x-hotelpay-client-proto";
export const CLIENT_TOKEN_HEADER = "x-hotelpay-client-token";

const NAMED = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/** "127.0.0.1", "::ffff:10.0.0.1", "[::1]", "fe80::1%eth0" -> canonical text; null when not an IP. */
export function normalizeIp(raw) {
  if (typeof raw !== "string") return null;
  let ip = raw.trim();
  if (ip.startsWith("[")) ip = ip.slice(1, ip.indexOf("]") > 0 ? ip.indexOf("]") : undefined);
  ip = ip.replace(/%.*$/, "");
  // "1.2.3.4:5678" as some proxies write it
  if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  const family = net.isIP(ip);
  if (family === 0) return null;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped) return mapped[1];
    return ip.toLowerCase();
  }
  return ip;
}

/** TRUSTED_PROXIES: comma-separated IPs and CIDRs, or the words `loopback` and `private`. Throws on a bad entry. */
export function parseTrustedProxies(spec) {
  const list = new net.BlockList();
  const entries = [];
  for (const raw of String(spec ?? "").split(",").map((s) => s.trim()).filter(Boolean)) {
    const expanded = NAMED[raw.toLowerCase()] ?? [raw];
    for (const item of expanded) {
      const [addr, bits] = item.split("/");
      const ip = normalizeIp(addr);
      if (!ip) throw new Error(`TRUSTED_PROXIES: "${raw}" no es una IP ni un CIDR / is not an IP or CIDR`);
      const family = net.isIP(ip) === 4 ? "ipv4" : "ipv6";
      const max = family === "ipv4" ? 32 : 128;
      const prefix = bits === undefined ? max : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new Error(`TRUSTED_PROXIES: prefijo inválido en "${raw}" / bad prefix`);
      list.addSubnet(ip, prefix, family);
      entries.push(`${ip}/${prefix}`);
    }
  }
  return {
    entries,
    has(ip) {
      const n = normalizeIp(ip);
      if (!n) return false;
      return list.check(n, net.isIP(n) === 4 ? "ipv4" : "ipv6");
    },
  };
}

const headerValue = (v) => (Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : "");

/**
 * The client's address and scheme from the socket and, only through trusted proxies, the forwarding headers.
 * @param {{peer: string | undefined, encrypted: boolean, forwardedFor?: string | string[], forwardedProto?: string | string[], trusted: {has(ip: string): boolean}}} input
 */
export function resolveClient({ peer, encrypted, forwardedFor, forwardedProto, trusted }) {
  const peerIp = normalizeIp(peer ?? "") ?? "unknown";
  const ownProto = encrypted ? "https" : "http";
  if (peerIp === "unknown" || !trusted.has(peerIp)) return { ip: peerIp, proto: ownProto };
  const hops = headerValue(forwardedFor)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let ip = peerIp;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeIp(hops[i]);
    if (!hop) break; // garbage left of the proxies' own entries: the last good hop is the client
    ip = hop;
    if (!trusted.has(hop)) break;
  }
  const proto = headerValue(forwardedProto).split(",")[0].trim().toLowerCase();
  return { ip, proto: proto === "https" || proto === "http" ? proto : ownProto };
}

const g = globalThis;

/** This process's token: only headers carrying it were stamped by our own front. */
export function internalToken() {
  if (!g.__hbInternalToken) g.__hbInternalToken = crypto.randomBytes(24).toString("base64url");
  return g.__hbInternalToken;
}

/** True when the token in a request is this process's (constant-time). */
export function isInternalToken(value) {
  const mine = g.__hbInternalToken;
  if (!mine || typeof value !== "string" || value.length !== mine.length) return false;
  return crypto.timingSafeEqual(Buffer.from(value), Buffer.from(mine));
}

/** Replaces any client-sent internal headers on a node IncomingMessage with our own verdict. */
export function stampClient(req, trusted) {
  for (const h of [CLIENT_IP_HEADER, CLIENT_PROTO_HEADER, CLIENT_TOKEN_HEADER]) delete req.headers[h];
  const client = resolveClient({
    peer: req.socket?.remoteAddress,
    encrypted: Boolean(req.socket?.encrypted),
    forwardedFor: req.headers["x-forwarded-for"],
    forwardedProto: req.headers["x-forwarded-proto"],
    trusted,
  });
  req.headers[CLIENT_IP_HEADER] = client.ip;
  req.headers[CLIENT_PROTO_HEADER] = client.proto;
  req.headers[CLIENT_TOKEN_HEADER] = internalToken();
  return client;
}
