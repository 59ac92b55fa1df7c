import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./lifecycle";

describe("the virtual card lifecycle", () => {
  it("is the diagram of docs/decisions.md 10.6", () => {
    expect(diagramEdges("docs/decisions.md", "#### The card's lifecycle")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of virtual_cards.status", () => {
    expect(statusWriters({ table: "virtual_cards", model: "virtualCard", allowed: ["lib/cards/lifecycle.ts"] })).toEqual([]);
  });
});
