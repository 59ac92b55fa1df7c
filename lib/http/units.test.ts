import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compilePath } from "@/lib/http/path-pattern";
import { toJson } from "./json";
import { formatZodError } from "./zod";
import { redact } from "./log";
import { Prisma } from "@/lib/db/generated/client";
import { memoryStore } from "@/lib/auth/rate-limit";
import { hashApiKey, generateApiKey, displayPrefix, safeEqual } from "@/lib/auth/api-keys";

describe("compilePath", () => {
  it("matches literal text around parameters, like hotel_id={hotel_id}", () => {
    const { regex, names } = compilePath("/v2/bookings/hotel_id={hotel_id}");
    expect(names).toEqual(["hotel_id"]);
    expect(regex.exec("/v2/bookings/hotel_id=12")?.[1]).toBe("12");
    expect(regex.test("/v2/bookings/12")).toBe(false);
    expect(regex.test("/v2/bookings/hotel_id=12/extra")).toBe(false);
  });
  it("escapes regex characters in literal segments", () => {
    const { regex } = compilePath("/openapi.json");
    expect(regex.test("/openapi.json")).toBe(true);
    expect(regex.test("/openapiXjson")).toBe(false);
  });
});

describe("formatZodError", () => {
  it("names the nested field and the rule", () => {
    const schema = z.object({ order: z.object({ tax_percent: z.number().max(1, "debe estar entre 0.00 y 1.00") }) });
    const r = schema.safeParse({ order: { tax_percent: 2 } });
    expect(r.success).toBe(false);
    expect(formatZodError(r.error!)).toBe("order.tax_percent: debe estar entre 0.00 y 1.00");
  });
  it("says a missing field is required, in Spanish", () => {
    const r = z.object({ email: z.string() }).safeParse({});
    expect(formatZodError(r.error!)).toBe("email: es obligatorio");
  });
});

describe("toJson", () => {
  it("turns Decimals into exact JSON numbers", () => {
    expect(toJson({ amount: new Prisma.Decimal("1234.50"), n: [new Prisma.Decimal("0.10")], s: "1.5" })).toBe('{"amount":1234.5,"n":[0.1],"s":"1.5"}');
  });
});

describe("redact", () => {
  it("scrubs card-like numbers and keys", () => {
    expect(redact("pan 4242 4242 4242 4242 and 4000000000000002")).not.toMatch(/\d{13,}/);
    expect(redact("key hbk_abcdefghijklmnop123 secret whsec_QUJDREVGR0hJSktM")).toBe("key hbk_[redactado] secret whsec_[redactado]");
  });
});

describe("memory rate-limit store", () => {
  it("counts per key within a fixed window and starts again in the next one", async () => {
    const s = memoryStore();
    expect([(await s.hit("a", 1000, 0)).count, (await s.hit("a", 1000, 10)).count, (await s.hit("a", 1000, 20)).count]).toEqual([1, 2, 3]);
    expect((await s.hit("a", 1000, 20)).resetAt).toBe(1000);
    expect((await s.hit("b", 1000, 20)).count).toBe(1);
    expect((await s.hit("a", 1000, 1001)).count).toBe(1);
  });
});

describe("API key material", () => {
  it("is random, prefixed, hashed one-way and compared in constant time", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a).not.toBe(b);
    expect(a.startsWith("hbk_")).toBe(true);
    expect(Buffer.from(a.slice(4), "base64url").length).toBe(32);
    expect(hashApiKey(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(a)).not.toBe(hashApiKey(b));
    expect(displayPrefix(a)).toHaveLength(12);
    expect(safeEqual(a, a)).toBe(true);
    expect(safeEqual(a, b)).toBe(false);
  });
});
