import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/db/generated/client";
import { isRetryableTxError, withTxRetry } from "./retry";

// The shapes seen from Prisma 6 + @prisma/adapter-pg on PostgreSQL 16 (deadlock and serialization failure).
const p2010 = (originalCode: string, kind = "postgres") =>
  new Prisma.PrismaClientKnownRequestError(`Raw query failed. Code: \`${originalCode}\``, {
    code: "P2010",
    clientVersion: "6.19.3",
    meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode, kind } } },
  });

describe("isRetryableTxError", () => {
  it("recognises deadlocks and serialization failures in every shape", () => {
    expect(isRetryableTxError(p2010("40P01"))).toBe(true);
    expect(isRetryableTxError(p2010("40001", "TransactionWriteConflict"))).toBe(true);
    expect(isRetryableTxError(new Prisma.PrismaClientKnownRequestError("conflict", { code: "P2034", clientVersion: "6.19.3" }))).toBe(true);
    expect(isRetryableTxError(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(true);
    expect(isRetryableTxError({ name: "DriverAdapterError", cause: { originalCode: "40001" } })).toBe(true);
  });
  it("leaves every other error alone", () => {
    expect(isRetryableTxError(p2010("23505"))).toBe(false);
    expect(isRetryableTxError(new Prisma.PrismaClientKnownRequestError("unique", { code: "P2002", clientVersion: "6.19.3" }))).toBe(false);
    expect(isRetryableTxError(new Error("boom"))).toBe(false);
    expect(isRetryableTxError(null)).toBe(false);
    expect(isRetryableTxError("40P01")).toBe(false);
  });
});

describe("withTxRetry", () => {
  const sleep = async () => undefined;
  it("runs again after a deadlock and returns the value of the run that succeeds", async () => {
    let runs = 0;
    const v = await withTxRetry(async () => {
      runs += 1;
      if (runs < 3) throw p2010("40P01");
      return "ok";
    }, { sleep });
    expect(v).toBe("ok");
    expect(runs).toBe(3);
  });
  it("gives up after the bounded number of attempts, throwing the last failure", async () => {
    let runs = 0;
    await expect(withTxRetry(async () => { runs += 1; throw p2010("40001"); }, { attempts: 4, sleep })).rejects.toMatchObject({ code: "P2010" });
    expect(runs).toBe(4);
  });
  it("does not retry other errors", async () => {
    let runs = 0;
    await expect(withTxRetry(async () => { runs += 1; throw new Error("boom"); }, { sleep })).rejects.toThrow("boom");
    expect(runs).toBe(1);
  });
});
