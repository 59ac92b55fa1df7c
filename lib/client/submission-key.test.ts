import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { useSubmissionKey, type SubmissionKey } from "./api";

function hook(): SubmissionKey {
  let out: SubmissionKey | undefined;
  function Probe() {
    out = useSubmissionKey();
    return null;
  }
  renderToString(createElement(Probe));
  return out!;
}

describe("useSubmissionKey", () => {
  it("keeps one key across retries of the same values, a new one after a change or a success", async () => {
    const s = hook();
    const a = s.key({ amount: "350000", name: "Ana" });
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(s.key({ amount: "350000", name: "Ana" })).toBe(a); // retry after a lost answer
    const b = s.key({ amount: "360000", name: "Ana" });
    expect(b).not.toBe(a); // the form changed
    expect(s.key({ amount: "360000", name: "Ana" })).toBe(b);
    s.done(); // success
    expect(s.key({ amount: "360000", name: "Ana" })).not.toBe(b);
  });

  it("builds the body part once per key, so a retry resends the same encrypted card", async () => {
    const s = hook();
    let builds = 0;
    const build = async () => `enc-${++builds}`;
    const values = { number: "4111111111111111" };
    expect(await s.body(values, build)).toBe("enc-1");
    expect(await s.body(values, build)).toBe("enc-1");
    expect(await s.body({ number: "4000000000000002" }, build)).toBe("enc-2");
    s.done();
    expect(await s.body({ number: "4000000000000002" }, build)).toBe("enc-3");
  });
});
