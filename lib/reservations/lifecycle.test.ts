import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./lifecycle";

describe("the reservation lifecycle", () => {
  it("is the diagram of docs/reservations.md", () => {
    expect(diagramEdges("docs/reservations.md", "## Lifecycle")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of reservations.status", () => {
    expect(statusWriters({ table: "reservations", model: "reservation", allowed: ["lib/reservations/lifecycle.ts"] })).toEqual([]);
  });
});
