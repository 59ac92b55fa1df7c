// SSRF guard for webhook URLs: only http/https, and never an address inside our own network
// (loopback, private, link-local, CGNAT, unique-local IPv6, cloud metadata) unless WEBHOOK_ALLOW_PRIVATE=1.
// An unspecified address (0.0.0.0/8, ::, and IPv6 forms that embed 0.0.0.0/8) is never a destination, not even
// with WEBHOOK_ALLOW_PRIVATE=1: connecting to it reaches this machine. Checked on every resolved address, at
// configuration time and again when connecting.
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
  ["fec0::", 10], // site-local (deprecated, still routed inside some networks)
  ["ff00::", 8], // multicast
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
] as const) {
  blocked.addSubnet(net6, prefix, "ipv6");
}

/** An IPv6 address as eight 16-bit groups (handles "::" and a trailing dotted IPv4); null when not IPv6. */
export function ipv6Groups(ip: string): number[] | null {
  if (net.isIP(ip) !== 6) return null;
  let text = ip.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((h) => parseInt(h, 16)) : []);
  const h = parse(head);
  const t = parse(tail);
  const groups = tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address stands for, where it embeds one: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16)
 * and Teredo (2001::/32, client address inverted).
 */
export function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6], groups[7]);
  if (zeros(0, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  if (groups[0] === 0x2001 && groups[1] === 0) return v4(groups[6] ^ 0xffff, groups[7] ^ 0xffff);
  return null;
}

const unspecified4 = new net.BlockList();
unspecified4.addSubnet("0.0.0.0", 8, "ipv4");

/**
 * True for an address that names no host: IPv4 0.0.0.0/8 ("this network"), IPv6 :: and the IPv6 forms that
 * embed a 0.0.0.0/8 address (::ffff:0.0.0.0, ::ffff:0:0.0.0.0, 64:ff9b::0.0.0.0 ...). The kernel sends a connection to
 * it to this machine, so it is refused whatever WEBHOOK_ALLOW_PRIVATE says. Anything that is not an IP is false.
 */
export function isUnspecifiedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return unspecified4.check(ip, "ipv4");
  if (family !== 6) return false;
  const groups = ipv6Groups(ip);
  if (!groups) return true; // an IPv6 literal we cannot read: refuse rather than guess
  if (groups.every((g) => g === 0)) return true;
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return false; // ::1 is loopback, not ::0.0.0.1
  const embedded = embeddedIpv4(groups);
  return embedded !== null && unspecified4.check(embedded, "ipv4");
}

/** True when the address belongs to a network a webhook must never reach. */
export function isForbiddenAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family === 6) {
    const groups = ipv6Groups(ip);
    if (!groups) return true;
    if (groups.every((g) => g === 0)) return true; // ::
    if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true; // ::1
    // NAT64 local-use prefix (64:ff9b:1::/48): translators inside the operator's own network.
    if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return true;
    const embedded = embeddedIpv4(groups);
    if (embedded !== null) return blocked.check(embedded, "ipv4");
    const canonical = groups.map((g) => g.toString(16)).join(":");
    return blocked.check(canonical, "ipv6");
  }
  return true; // not an IP at all: refuse rather than guess
}

/** Names that only ever mean this machine or its private network. */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)\.?$/i;

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

/**
 * Scheme, then every address the host resolves to; one forbidden address refuses the URL. This one guard is
 * used for every URL the server will call (agency webhook_url on create and update, a link's temp_webhook_url)
 * and again at delivery, on the address actually connected (DNS rebinding). Any port is allowed.
 * With WEBHOOK_ALLOW_PRIVATE=1 (tests) names are not resolved at configuration time.
 */
export async function checkWebhookUrl(raw: string, opts: GuardOptions): Promise<GuardResult> {
  const parsed = parseWebhookUrl(raw);
  if (!parsed.ok) return parsed;
  const host = bareHost(parsed.url.hostname);
  let addresses: LookupAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else if (opts.allowPrivate && !opts.resolve) {
    return { ok: true, url: parsed.url, addresses: [] };
  } else if (LOCAL_NAME.test(host)) {
    return { ok: false, reason: `apunta a una dirección no permitida (${host}: nombre local)` };
  } else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      return { ok: false, reason: `no se pudo resolver el nombre ${host}` };
    }
    if (addresses.length === 0) return { ok: false, reason: `no se pudo resolver el nombre ${host}` };
  }
  const nowhere = addresses.find((a) => isUnspecifiedAddress(a.address));
  if (nowhere) return { ok: false, reason: `apunta a una dirección no permitida (${nowhere.address}: dirección no especificada)` };
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
      const bad = addresses.find((a) => isUnspecifiedAddress(a.address) || (!allowPrivate && isForbiddenAddress(a.address)));
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
