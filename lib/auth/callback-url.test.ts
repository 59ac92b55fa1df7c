import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./callback-url";

describe("sameOriginPath: where the sign-in form may send the user (issue 24)", () => {
  it.each([
    "//evil.example/phish",
    "/\\evil.example/phish",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/\r\n/evil.example/phish",
    "https://evil.example/phish",
    "http:evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
  ])("refuses %j", (raw) => {
    expect(sameOriginPath(raw)).toBe("/dashboard");
  });

  it("never hands back anything a browser would read as another host", () => {
    for (const raw of ["/.//evil.example", "/./\\evil.example", "/%2e//evil.example", "/a/..//evil.example"]) {
      const out = sameOriginPath(raw);
      expect(out.startsWith("/")).toBe(true);
      expect(new URL(out, "https://hotelpay.example").host).toBe("hotelpay.example");
    }
  });

  it("keeps a path of this site with its query and fragment", () => {
    expect(sameOriginPath("/reservations/ABC123?tab=pagos#historial")).toBe("/reservations/ABC123?tab=pagos#historial");
    expect(sameOriginPath("/dashboard")).toBe("/dashboard");
    expect(sameOriginPath("/links/new?amount=1250000")).toBe("/links/new?amount=1250000");
  });

  it("falls back when nothing usable is given", () => {
    expect(sameOriginPath(undefined)).toBe("/dashboard");
    expect(sameOriginPath(["/a", "/b"])).toBe("/dashboard");
    expect(sameOriginPath("//evil.example", "/inicio")).toBe("/inicio");
  });
});
