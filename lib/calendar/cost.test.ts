import { describe, expect, it } from "vitest";
import { costDetails, parseCost } from "./cost";

describe("event cost", () => {
  it("keeps a single cost as written and reads its number and symbol", () => {
    expect(parseCost("20$")).toEqual({ cost: "20$", values: ["20"] });
    expect(costDetails("20$", ["20"])).toMatchObject({ currency_symbol: "$", currency_position: "postfix" });
    expect(parseCost("$45.000")).toEqual({ cost: "$45.000", values: ["45000"] });
    expect(parseCost("25.55").values).toEqual(["25.55"]);
    expect(costDetails("$23", ["23"])).toMatchObject({ currency_symbol: "$", currency_position: "prefix", currency_code: "COP" });
  });
  it("turns a list into a range from Gratis, sorted numerically", () => {
    expect(parseCost(["0$", "20$", "30$"])).toEqual({ cost: "Gratis – 30$", values: ["0", "20", "30"] });
    expect(parseCost(["$150.000", "$480.000"])).toEqual({ cost: "$150.000 – $480.000", values: ["150000", "480000"] });
    expect(parseCost(["100", "9"]).values).toEqual(["9", "100"]);
  });
  it("empty input clears the cost", () => {
    expect(parseCost("")).toEqual({ cost: "", values: [] });
    expect(costDetails(null, [])).toEqual({ currency_symbol: "", currency_code: "", currency_position: "", values: [] });
  });
});
