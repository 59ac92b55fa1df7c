import { describe, expect, it } from "vitest";
import { gridUpdates, invKey, rateKey, withEdit } from "./grid-edits";

describe("withEdit", () => {
  it("a closed-to-arrival night checked then unchecked is no longer a change", () => {
    const k = invKey("DBL", "2026-12-01", "closed_to_arrival");
    const checked = withEdit({}, k, true, false);
    expect(checked).toEqual({ [k]: true });
    expect(withEdit(checked, k, false, false)).toEqual({});
  });

  it("keeps the other cells and does not touch the edits it was given", () => {
    const a = invKey("DBL", "2026-12-01", "rooms");
    const b = rateKey("DBL", "RO", "2026-12-01");
    const edits = { [a]: 4 };
    expect(withEdit(edits, b, "600.000", "500.000")).toEqual({ [a]: 4, [b]: "600.000" });
    expect(withEdit(edits, a, 5, 3)).toEqual({ [a]: 5 });
    expect(edits).toEqual({ [a]: 4 });
  });
});

describe("gridUpdates", () => {
  it("one inventory update per room and night with its fields; one rate update per price, empty removes it", () => {
    const edits = {
      [invKey("DBL", "2026-12-01", "rooms")]: 4,
      [invKey("DBL", "2026-12-01", "stop_sell")]: true,
      [invKey("DBL", "2026-12-02", "closed_to_departure")]: false,
      [invKey("STE", "2026-12-01", "min_stay")]: 3,
      [rateKey("DBL", "RO", "2026-12-01")]: "600.000",
      [rateKey("DBL", "RO", "2026-12-02")]: " ",
    };
    expect(gridUpdates(edits)).toEqual({
      inventory: [
        { roomId: "DBL", from: "2026-12-01", to: "2026-12-01", rooms: 4, stop_sell: true },
        { roomId: "DBL", from: "2026-12-02", to: "2026-12-02", closed_to_departure: false },
        { roomId: "STE", from: "2026-12-01", to: "2026-12-01", min_stay: 3 },
      ],
      rates: [
        { roomId: "DBL", rateId: "RO", from: "2026-12-01", to: "2026-12-01", amountBeforeTax: "600000" },
        { roomId: "DBL", rateId: "RO", from: "2026-12-02", to: "2026-12-02", amountBeforeTax: null },
      ],
    });
  });

  it("a price that does not parse names its room and night and sends nothing", () => {
    const edits = { [invKey("DBL", "2026-12-01", "rooms")]: 4, [rateKey("STE", "RO", "2026-12-03")]: "12,345,6" };
    expect(gridUpdates(edits)).toEqual({ inventory: [], rates: [], badPrice: { roomId: "STE", day: "2026-12-03" } });
  });

  it("nothing edited, nothing to send", () => {
    expect(gridUpdates({})).toEqual({ inventory: [], rates: [] });
  });
});
