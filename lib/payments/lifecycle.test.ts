import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./lifecycle";

describe("the payment lifecycle (cash and PSE orders included)", () => {
  it("is the diagram of docs/payments.md", () => {
    expect(diagramEdges("docs/payments.md", "## The payment state machine")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of payment_transactions.status", () => {
    expect(statusWriters({ table: "payment_transactions", model: "paymentTransaction", allowed: ["lib/payments/lifecycle.ts"] })).toEqual([]);
  });
});
