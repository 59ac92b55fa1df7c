import { describe, expect, it } from "vitest";
import { diagramEdges, statusWriters, tableEdges } from "@/lib/testing/lifecycle";
import { TRANSITIONS } from "./lifecycle";

describe("the lifecycle of a booking pushed to Channex", () => {
  it("is the diagram of docs/channel-managers.md", () => {
    expect(diagramEdges("docs/channel-managers.md", "### A pushed booking's lifecycle")).toEqual(tableEdges(TRANSITIONS));
  });

  it("is the only writer of channex_bookings.state", () => {
    expect(statusWriters({ table: "channex_bookings", model: "channexBooking", column: "state", allowed: ["lib/gateways/channex/lifecycle.ts"] })).toEqual([]);
  });
});
