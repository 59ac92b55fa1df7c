// SSRF guard for webhook URLs: only http/https, and never an address inside our own network
// (loopback, private, link-local, CGNAT, unique-local IPv6, cloud metadata) unless WEBHOOK_ALLOW_PRIVATE=1.
// Checked on every resolved address, at configuration time and again when connecting.
import dns from "node:dns";
import net from "node:net";

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8], // "this" network
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net4, prefix, "ipv4");
}
for (const [net6, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local (includes AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
] as const) {
  blocked.addSubnet(net6, prefix, "ipv6");
}

/** The IPv4 address embedded in an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True when the address belongs to a network a webhook must never reach. */
export function isForbiddenAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4 && net.isIP(v4) === 4) return blocked.check(v4, "ipv4") || v4 === "0.0.0.0";
    return blocked.check(ip, "ipv6");
  }
  return true; // not an IP at all: refuse rather than guess
}

export interface LookupAddress {
  address: string;
  family: number;
}
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export interface GuardOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
}

export type GuardResult = { ok: true; url: URL; addresses: LookupAddress[] } | { ok: false; reason: string };

/** Syntax and scheme only (no DNS): the part that can be checked inside a transaction. */
export function parseWebhookUrl(raw: string): { ok: true; url: URL } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "debe ser una URL absoluta (https://...)" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "solo se permiten URL http o https" };
  if (url.username || url.password) return { ok: false, reason: "no debe incluir usuario ni contraseña" };
  if (!url.hostname) return { ok: false, reason: "debe indicar un host" };
  return { ok: true, url };
}

const bareHost = (hostname: string) => (hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname);

/** Scheme, then every address the host resolves to; one forbidden address refuses the URL. */
export async function checkWebhookUrl(raw: string, opts: GuardOptions): Promise<GuardResult> {
  const parsed = parseWebhookUrl(raw);
  if (!parsed.ok) return parsed;
  const host = bareHost(parsed.url.hostname);
  let addresses: LookupAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      return { ok: false, reason: `no se pudo resolver el nombre ${host}` };
    }
    if (addresses.length === 0) return { ok: false, reason: `no se pudo resolver el nombre ${host}` };
  }
  if (!opts.allowPrivate) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) return { ok: false, reason: `apunta a una dirección no permitida (${bad.address}: red privada, loopback, enlace local o metadatos)` };
  }
  return { ok: true, url: parsed.url, addresses };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses forbidden addresses at connect time (no DNS-rebinding gap). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback) => {
    const all = typeof options === "object" && options?.all === true;
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, all ? [] : "", undefined);
      const bad = allowPrivate ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
      if (bad) {
        const e = new Error(`dirección no permitida ${bad.address}`) as NodeJS.ErrnoException;
        e.code = "EFORBIDDENADDRESS";
        return callback(e, all ? [] : "", undefined);
      }
      if (all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
