import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClient, normalizeIp, internalToken, CLIENT_IP_HEADER, CLIENT_PROTO_HEADER, CLIENT_TOKEN_HEADER } from "@/server/forwarding.mjs";
import { clientIp, clientIsHttps } from "./client-ip";

const none = parseTrustedProxies("");
const lb = parseTrustedProxies("10.0.0.0/8, loopback");

describe("resolveClient", () => {
  it("uses the socket peer and ignores X-Forwarded-For when nobody is trusted (the default)", () => {
    for (const xff of ["1.2.3.4", "5.6.7.8, 9.9.9.9", "garbage"]) {
      expect(resolveClient({ peer: "203.0.113.7", encrypted: false, forwardedFor: xff, forwardedProto: "https", trusted: none })).toEqual({ ip: "203.0.113.7", proto: "http" });
    }
  });

  it("through a trusted proxy takes the rightmost hop that is not itself trusted", () => {
    expect(resolveClient({ peer: "10.0.0.2", encrypted: false, forwardedFor: "6.6.6.6, 198.51.100.4", trusted: lb }).ip).toBe("198.51.100.4");
    // A client-forged left part cannot win: the proxy appended the real address on the right.
    expect(resolveClient({ peer: "10.0.0.2", encrypted: false, forwardedFor: "1.1.1.1, 2.2.2.2, 198.51.100.4, 10.0.0.9", trusted: lb }).ip).toBe("198.51.100.4");
    expect(resolveClient({ peer: "::ffff:127.0.0.1", encrypted: false, forwardedFor: "198.51.100.4", forwardedProto: "https", trusted: lb })).toEqual({ ip: "198.51.100.4", proto: "https" });
  });

  it("falls back to the peer when a trusted proxy sends nothing usable", () => {
    expect(resolveClient({ peer: "10.0.0.2", encrypted: false, trusted: lb }).ip).toBe("10.0.0.2");
    expect(resolveClient({ peer: "10.0.0.2", encrypted: false, forwardedFor: "not-an-ip", trusted: lb }).ip).toBe("10.0.0.2");
  });

  it("normalises IPv4-mapped, bracketed and zoned addresses", () => {
    expect(normalizeIp("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeIp("[2001:DB8::1]")).toBe("2001:db8::1");
    expect(normalizeIp("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeIp("192.0.2.1:5555")).toBe("192.0.2.1");
    expect(normalizeIp("nope")).toBeNull();
  });

  it("refuses a malformed TRUSTED_PROXIES at start", () => {
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("proxy.example")).toThrow(/TRUSTED_PROXIES/);
    expect(parseTrustedProxies("private").has("172.20.1.1")).toBe(true);
  });
});

describe("clientIp", () => {
  const stamped = (ip: string, token: string, proto = "http") =>
    new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: ip, [CLIENT_PROTO_HEADER]: proto, [CLIENT_TOKEN_HEADER]: token } });

  it("trusts the stamp only with this process's token", () => {
    const token = internalToken();
    expect(clientIp(stamped("198.51.100.4", token, "https"))).toBe("198.51.100.4");
    expect(clientIsHttps(stamped("198.51.100.4", token, "https"))).toBe(true);
    // A client sending the internal headers itself (e.g. straight to `next start`) is unknown.
    expect(clientIp(stamped("198.51.100.4", "forged-token-forged-token-forged!"))).toBe("unknown");
    expect(clientIp(new Request("http://x/", { headers: { "x-forwarded-for": "1.2.3.4" } }))).toBe("unknown");
  });
});
