import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./refund-lifecycle";

describe("the refund lifecycle", () => {
  it("is the diagram of docs/payments.md", () => {
    expect(diagramEdges("docs/payments.md", "### The refund's lifecycle")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of payment_refunds.status", () => {
    expect(statusWriters({ table: "payment_refunds", model: "paymentRefund", allowed: ["lib/payments/refund-lifecycle.ts"] })).toEqual([]);
  });
});
