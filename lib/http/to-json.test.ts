import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { toJson } from "./handler";

describe("toJson", () => {
  it("writes Prisma Decimals as JSON numbers, exactly as written", () => {
    const out = JSON.parse(toJson({ a: new Prisma.Decimal("100000.50"), b: [new Prisma.Decimal("0.1")], c: "1.5" }));
    expect(out).toEqual({ a: 100000.5, b: [0.1], c: "1.5" });
  });
});
