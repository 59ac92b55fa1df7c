import { describe, expect, it } from "vitest";
import { busyReason, DatabaseBusyError, TxSlots } from "./busy";

describe("busyReason", () => {
  it("recognises a lock timeout, a statement timeout and a pool timeout in the shapes drivers give them", () => {
    expect(busyReason({ code: "55P03", message: "canceling statement due to lock timeout" })).toBe("lock_timeout");
    expect(busyReason({ code: "57014" })).toBe("statement_timeout");
    expect(busyReason(new Error("timeout exceeded when trying to connect"))).toBe("pool_timeout");
    expect(busyReason(new DatabaseBusyError())).toBe("pool_timeout");
    // Prisma over the pg adapter, and an error wrapping another.
    expect(busyReason({ code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "55P03", kind: "postgres" } } } })).toBe("lock_timeout");
    expect(busyReason({ name: "Wrapper", cause: { code: "57014" } })).toBe("statement_timeout");
  });

  it("leaves every other error alone", () => {
    for (const e of [new Error("boom"), { code: "23505" }, { code: "40001" }, null, undefined, "55P03"]) expect(busyReason(e)).toBeNull();
  });

  it("a deadlock that reaches a request (outside withTxRetry, or past its attempts) is busy too: rolled back, retry later", () => {
    expect(busyReason({ code: "40P01", message: "deadlock detected" })).toBe("deadlock");
    expect(busyReason({ code: "P2010", meta: { driverAdapterError: { cause: { originalCode: "40P01", kind: "postgres" } } } })).toBe("deadlock");
  });
});

describe("TxSlots", () => {
  it("lets `max` run at once, hands a freed slot to the first in line, and refuses a turn not had in time", async () => {
    const slots = new TxSlots(2);
    await slots.acquire(10);
    await slots.acquire(10);
    expect(slots.inUse).toBe(2);
    const order: string[] = [];
    const first = slots.acquire(1_000).then(() => order.push("first"));
    const second = slots.acquire(1_000).then(() => order.push("second"));
    expect(slots.waiting).toBe(2);
    slots.release();
    await first;
    slots.release();
    await second;
    expect(order).toEqual(["first", "second"]);
    expect(slots.inUse).toBe(2);
    await expect(slots.acquire(5)).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(slots.waiting).toBe(0);
    slots.release();
    slots.release();
    expect(slots.inUse).toBe(0);
  });
});
