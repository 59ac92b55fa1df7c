import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { COMPRESS_MIN_BYTES, compressAt, encodedResponse, negotiateEncoding, ONE_OFF_LEVELS, Precompressed, REUSED_LEVELS } from "./compress";

const req = (acceptEncoding?: string) => new Request("http://x/api/y", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
const JSON_CT = { "content-type": "application/json; charset=utf-8" };
const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `Habitación ${i}` })) });

describe("negotiateEncoding", () => {
  it("picks br over gzip at equal q, honours q and refusals, ignores what it cannot make", () => {
    expect(negotiateEncoding(null)).toBeNull();
    expect(negotiateEncoding("")).toBeNull();
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding("deflate")).toBeNull();
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("x-gzip")).toBe("gzip");
    expect(negotiateEncoding("GZIP;Q=1")).toBe("gzip");
  });
});

describe("encodedResponse", () => {
  it("compresses JSON of at least the threshold, says so and varies on Accept-Encoding", async () => {
    expect(big.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await encodedResponse(req("gzip, br"), 200, big, JSON_CT);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(big);
    const gz = await encodedResponse(req("gzip"), 201, big, { ...JSON_CT, vary: "Origin" });
    expect(gz.status).toBe(201);
    expect(gz.headers.get("vary")).toBe("Origin, Accept-Encoding");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(big);
  });

  it("leaves small bodies, non-JSON, already encoded bodies and clients without Accept-Encoding alone", async () => {
    const small = await encodedResponse(req("gzip, br"), 200, '{"ok":true}', JSON_CT);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe('{"ok":true}');
    const none = await encodedResponse(req(), 200, big, JSON_CT);
    expect(none.headers.get("content-encoding")).toBeNull();
    expect(await none.text()).toBe(big);
    const html = await encodedResponse(req("gzip"), 200, big, { "content-type": "text/html" });
    expect(html.headers.get("content-encoding")).toBeNull();
    expect(html.headers.get("vary")).toBeNull();
    const done = await encodedResponse(req("gzip"), 200, "already", { ...JSON_CT, "content-encoding": "identity" });
    expect(await done.text()).toBe("already");
  });

  it("a Precompressed body compresses once per encoding and serialises as its JSON value", async () => {
    const pre = new Precompressed(Buffer.from(big));
    const a = await pre.as("gzip");
    const res = await encodedResponse(req("gzip"), 200, pre, {});
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Buffer.from(await res.arrayBuffer()).equals(a)).toBe(true);
    expect(JSON.parse(JSON.stringify({ v: pre })).v).toEqual(JSON.parse(big));
  });

  it("a Precompressed body sent once is at the fast level; reused, it is re-encoded once at the reused level", async () => {
    for (const encoding of ["gzip", "br"] as const) {
      const pre = new Precompressed(Buffer.from(big));
      const first = await pre.as(encoding);
      expect(first.equals(await compressAt(Buffer.from(big), encoding, ONE_OFF_LEVELS[encoding]))).toBe(true);
      // The second use still sends the fast bytes (the better ones are made in the background).
      expect(await pre.as(encoding)).toBe(first);
      await vi.waitFor(() => expect(pre.isBest(encoding)).toBe(true));
      const best = await pre.as(encoding);
      expect(best.equals(await compressAt(Buffer.from(big), encoding, REUSED_LEVELS[encoding]))).toBe(true);
      expect(await pre.as(encoding)).toBe(best);
      const plain = encoding === "gzip" ? zlib.gunzipSync(best) : zlib.brotliDecompressSync(best);
      expect(plain.toString()).toBe(big);
    }
  });
});
