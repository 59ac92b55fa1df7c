// The engine's output buffers (issue 28): a buffer lent to a compressor (view) is never handed to another answer
// until it is released; released buffers are reused, so one-off answers allocate nothing per search.
import { describe, expect, it } from "vitest";
import { Out } from "./engine";

describe("engine output buffers", () => {
  it("a lent buffer is not given to the next answer; once released it is reused", () => {
    const a = new Out();
    a.ascii("a".repeat(5000));
    const lent = a.view();
    const b = new Out();
    expect(b.buf).not.toBe(a.buf);
    b.ascii("b".repeat(5000));
    expect(lent.toString("latin1")).toBe("a".repeat(5000));
    const held = a.buf;
    a.release();
    const c = new Out();
    expect(c.buf).toBe(held);
    expect(c.pos).toBe(0);
    b.release();
    c.release();
  });

  it("take() copies the bytes out and hands the buffer back", () => {
    const a = new Out();
    const buf = a.buf;
    a.ascii('{"ok":true}');
    const taken = a.take();
    expect(taken.toString()).toBe('{"ok":true}');
    const b = new Out();
    expect(b.buf).toBe(buf);
    b.ascii("xxxxxxxxxxx");
    expect(taken.toString()).toBe('{"ok":true}');
    b.release();
  });

  it("grows past its size and keeps the larger buffer for the next answers", () => {
    const a = new Out();
    const big = "z".repeat(3 << 20);
    a.ascii(big);
    expect(a.view().length).toBe(big.length);
    const grown = a.buf;
    expect(grown.length).toBeGreaterThanOrEqual(big.length);
    a.release();
    const b = new Out();
    expect(b.buf).toBe(grown);
    b.release();
  });
});
