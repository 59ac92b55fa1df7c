/* eslint-disable @typescript-eslint/no-explicit-any -- parsed JSON of any shape */
import { describe, expect, it } from "vitest";
import { InputError, MAX_DEPTH, MAX_VALUES, checkValue, gatedQuery, isCleanString, parseJson, pathProblem } from "./input";
import { parsePhpForm } from "@/lib/calendar/wp";

describe("input gate", () => {
  it("tells clean text from NUL and lone surrogates", () => {
    expect(isCleanString("Bogotá 😀 ñ")).toBe(true);
    expect(isCleanString("a\u0000b")).toBe(false);
    expect(isCleanString("\ud800")).toBe(false);
    expect(isCleanString("x\udc00")).toBe(false);
    expect(isCleanString("\ud83d\ude00")).toBe(true);
    expect(isCleanString("\ude00\ud83d")).toBe(false);
  });

  it("parses JSON into null-prototype objects and refuses reserved keys, NUL and surrogates", () => {
    const v = parseJson('{"a":{"b":[{"c":"d"}]}}') as Record<string, any>;
    expect(Object.getPrototypeOf(v)).toBeNull();
    expect(Object.getPrototypeOf(v.a.b[0])).toBeNull();
    expect(v.a.b[0].c).toBe("d");
    for (const text of ['{"__proto__":{"x":1}}', '{"a":{"constructor":{"prototype":{}}}}', '{"prototype":1}', '{"a":"\\u0000"}', '["\\ud800"]', '{"k\\u0000":1}']) {
      expect(() => parseJson(text), text).toThrow(InputError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(() => parseJson("{")).toThrow(SyntaxError);
  });

  it("limits depth and the number of values", () => {
    const nest = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(() => parseJson(nest(MAX_DEPTH))).not.toThrow();
    expect(() => parseJson(nest(MAX_DEPTH + 1))).toThrow(/niveles/);
    expect(() => parseJson(nest(100_000))).toThrow(InputError);
    expect(() => parseJson('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).not.toThrow();
    expect(() => parseJson(`[${Array(MAX_VALUES + 1).fill(0).join(",")}]`)).toThrow(/demasiados valores/);
    expect(() => checkValue({ a: Array(10).fill("x") }, "cuerpo")).not.toThrow();
  });

  it("checks paths and queries", () => {
    expect(pathProblem("/api/v2/links/%ZZ")).toBe("codificacion");
    expect(pathProblem("/wp-json/x/%E0%A4%A")).toBe("codificacion");
    expect(pathProblem("/api/v2/links/%ED%A0%80")).toBe("codificacion");
    expect(pathProblem("/api/v2/links/a%00b")).toBe("caracter");
    expect(pathProblem("/api/v2/links/Bogot%C3%A1")).toBeNull();
    expect(() => gatedQuery(new URLSearchParams("q=%00"))).toThrow(InputError);
    expect(() => gatedQuery(new URLSearchParams("__proto__=1"))).toThrow(InputError);
    const q = gatedQuery(new URLSearchParams("a=1&a=2&b=3"));
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect({ ...q }).toEqual({ a: ["1", "2"], b: "3" });
  });

  it("the calendar's PHP-style parser builds bare objects and refuses prototype keys", () => {
    const v = parsePhpForm("organizer[0][organizer]=A&venue[venue]=B&tags[]=x&tags[]=y") as Record<string, any>;
    expect(v.organizer[0].organizer).toBe("A");
    expect(v.venue.venue).toBe("B");
    expect(v.tags).toEqual(["x", "y"]);
    expect(Object.getPrototypeOf(v.venue)).toBeNull();
    for (const text of ["__proto__[x]=y", "a[__proto__][x]=y", "constructor[prototype][x]=y", "a[b]=%00"]) {
      expect(() => parsePhpForm(text), text).toThrow(InputError);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
