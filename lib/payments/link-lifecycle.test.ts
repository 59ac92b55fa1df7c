import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./link-lifecycle";

describe("the payment link lifecycle", () => {
  it("is the diagram of docs/payments.md", () => {
    expect(diagramEdges("docs/payments.md", "### The payment link's lifecycle")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of payment_links.status", () => {
    expect(statusWriters({ table: "payment_links", model: "paymentLink", allowed: ["lib/payments/link-lifecycle.ts"] })).toEqual([]);
  });
});
