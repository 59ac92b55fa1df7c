import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkWebhookUrl, isForbiddenAddress, type Resolver } from "./url-guard";
import { sendWebhook } from "./send";

const resolvesTo = (...addresses: string[]): Resolver => async () => addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const strict = { allowPrivate: false };

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
  ])("refuses %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])("allows %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe("checkWebhookUrl with WEBHOOK_ALLOW_PRIVATE off", () => {
  it("accepts a public https URL", async () => {
    const r = await checkWebhookUrl("https://hooks.example.com/in", { ...strict, resolve: resolvesTo("93.184.216.34") });
    expect(r.ok).toBe(true);
  });

  it.each(["ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "gopher://example.com", "not a url", "/relative"])("refuses the scheme or syntax of %s", async (url) => {
    const r = await checkWebhookUrl(url, { ...strict, resolve: resolvesTo("93.184.216.34") });
    expect(r.ok).toBe(false);
  });

  it("refuses credentials in the URL", async () => {
    const r = await checkWebhookUrl("https://user:pass@example.com/", { ...strict, resolve: resolvesTo("93.184.216.34") });
    expect(r.ok).toBe(false);
  });

  it.each(["http://127.0.0.1:8080/", "http://[::1]/", "http://169.254.169.254/latest/meta-data/", "http://10.0.0.5/", "http://[fd00::1]/", "http://[::ffff:127.0.0.1]/"])(
    "refuses the literal address in %s",
    async (url) => {
      const r = await checkWebhookUrl(url, strict);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/no permitida/);
    },
  );

  it("refuses a name that resolves to a private address, also when only one of several is private", async () => {
    expect((await checkWebhookUrl("https://internal.example.com/", { ...strict, resolve: resolvesTo("192.168.0.7") })).ok).toBe(false);
    expect((await checkWebhookUrl("https://mixed.example.com/", { ...strict, resolve: resolvesTo("93.184.216.34", "127.0.0.1") })).ok).toBe(false);
  });

  it("refuses localhost through the real resolver", async () => {
    expect((await checkWebhookUrl("http://localhost:3000/hook", strict)).ok).toBe(false);
  });

  it("refuses a name that does not resolve", async () => {
    const r = await checkWebhookUrl("https://nope.invalid/", { ...strict, resolve: async () => Promise.reject(new Error("ENOTFOUND")) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/resolver/);
  });

  it("allows private addresses when WEBHOOK_ALLOW_PRIVATE is on", async () => {
    expect((await checkWebhookUrl("http://127.0.0.1:8080/", { allowPrivate: true })).ok).toBe(true);
  });
});

describe("sendWebhook refuses before any request is sent", () => {
  it("records an error and never reaches a loopback receiver when private addresses are not allowed", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ["127.0.0.1", "localhost"]) {
        const r = await sendWebhook(`http://${host}:${port}/hook`, {}, "{}", { allowPrivate: false });
        expect(r.statusCode).toBeNull();
        expect(r.error).toMatch(/no permitida/);
      }
      expect(hits).toBe(0);
      const allowed = await sendWebhook(`http://127.0.0.1:${port}/hook`, {}, "{}", { allowPrivate: true });
      expect(allowed.statusCode).toBe(200);
      expect(hits).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe("isForbiddenAddress: IPv6 forms that embed or reach a private IPv4", () => {
  it.each([
    "::7f00:1", // IPv4-compatible 127.0.0.1
    "::127.0.0.1",
    "::ffff:0:7f00:1", // IPv4-translated
    "::ffff:0:127.0.0.1",
    "2002:7f00:1::1", // 6to4 of 127.0.0.1
    "2002:a9fe:a9fe::", // 6to4 of 169.254.169.254
    "2002:c0a8:101::1", // 6to4 of 192.168.1.1
    "64:ff9b::7f00:1", // NAT64 well-known prefix
    "64:ff9b::10.0.0.1",
    "64:ff9b:1::7f00:1", // NAT64 local-use prefix
    "64:ff9b:1::808:808", // local-use NAT64 is internal whatever it embeds
    "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1
    "0:0:0:0:0:0:0:0",
    "0:0:0:0:0:0:0:1",
    "fec0::1",
    "ff02::1",
  ])("refuses %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(["2002:808:808::1", "64:ff9b::808:808", "2001:4860:4860::8888"])("allows the public %s", (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it.each(["http://[::7f00:1]/", "http://[::ffff:0:7f00:1]/", "http://[2002:7f00:1::1]/", "http://[64:ff9b:1::7f00:1]/", "http://[::]/", "http://100.64.0.1/", "http://0x7f.1/", "http://2130706433/", "http://localhost:8080/", "http://api.localhost/"])(
    "refuses the URL %s",
    async (url) => {
      const r = await checkWebhookUrl(url, { allowPrivate: false, resolve: resolvesTo("93.184.216.34") });
      expect(r.ok).toBe(false);
    },
  );

  it("accepts a non-standard port on a public address", async () => {
    expect((await checkWebhookUrl("https://hooks.example.com:8443/in", { allowPrivate: false, resolve: resolvesTo("93.184.216.34") })).ok).toBe(true);
  });
});

describe("an unspecified address is never a destination, even with WEBHOOK_ALLOW_PRIVATE on (issue 24)", () => {
  const urls = [
    "http://[::]/",
    "http://[::]:8080/hook",
    "http://[0:0:0:0:0:0:0:0]/",
    "http://0.0.0.0/",
    "http://0/",
    "http://0x0:3000/",
    "http://0.1.2.3/",
    "http://[::ffff:0.0.0.0]/",
    "http://[::ffff:0:0]/",
    "http://[::ffff:0:0.1.2.3]/",
    "http://[64:ff9b::0.0.0.0]/",
  ];
  it.each(urls)("refuses %s whether private addresses are allowed or not", async (url) => {
    for (const allowPrivate of [true, false]) {
      const r = await checkWebhookUrl(url, { allowPrivate });
      expect(r.ok, `${url} allowPrivate=${allowPrivate}`).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/no permitida/);
    }
  });

  it("refuses a name that resolves to an unspecified address, also when private addresses are allowed", async () => {
    const r = await checkWebhookUrl("https://nowhere.example.com/", { allowPrivate: true, resolve: resolvesTo("93.184.216.34", "::") });
    expect(r.ok).toBe(false);
  });

  it("still accepts loopback and private addresses when they are allowed", async () => {
    for (const url of ["http://127.0.0.1:8080/", "http://[::1]:8080/", "http://10.0.0.5/"]) expect((await checkWebhookUrl(url, { allowPrivate: true })).ok).toBe(true);
  });

  it("sends nothing to [::] or 0.0.0.0 even with private addresses allowed (a receiver on every interface stays untouched)", async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits++;
      res.end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "::", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (const host of ["[::]", "0.0.0.0", "[::ffff:0.0.0.0]"]) {
        const r = await sendWebhook(`http://${host}:${port}/hook`, {}, "{}", { allowPrivate: true });
        expect(r.statusCode).toBeNull();
        expect(r.error).toMatch(/no permitida/);
      }
      expect(hits).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
