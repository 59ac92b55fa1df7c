// Database.transaction (lib/db/open.ts): the plain-SQL transactions of the booking path commit together or not at
// all, and a deadlock between two of them is retried by withTxRetry, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./open";
import { withTxRetry } from "./retry";
import { openTestDatabase, testTarget } from "@/lib/testing/db";

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.sql.exec(`CREATE TABLE IF NOT EXISTS tx_probe (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0))`);
  await db.sql.exec(`DELETE FROM tx_probe; INSERT INTO tx_probe VALUES (1, 10), (2, 10)`);
});

afterAll(async () => {
  await db.sql.exec(`DROP TABLE IF EXISTS tx_probe`);
  await db.close();
});

const n = async (id: number) => (await db.sql.query<{ n: number }>(`SELECT n FROM tx_probe WHERE id = $1`, [id]))[0].n;

describe(`Database.transaction on ${testTarget()}`, () => {
  it("commits every statement when the function resolves, with its value", async () => {
    const out = await db.transaction(async (tx) => {
      await tx.query(`UPDATE tx_probe SET n = n - 1 WHERE id = 1`, [], { prepared: true });
      await tx.query(`UPDATE tx_probe SET n = n - 1 WHERE id = 2`);
      return (await tx.query<{ n: number }>(`SELECT sum(n)::int AS n FROM tx_probe`))[0].n;
    });
    expect(out).toBe(18);
    expect([await n(1), await n(2)]).toEqual([9, 9]);
  });

  it("rolls back every statement when the function throws, and when a statement fails", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE tx_probe SET n = 0 WHERE id = 1`);
        throw new Error("the caller gave up");
      }),
    ).rejects.toThrow("the caller gave up");
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE tx_probe SET n = 0 WHERE id = 1`);
        await tx.query(`UPDATE tx_probe SET n = n - 100 WHERE id = 2`); // violates the CHECK
      }),
    ).rejects.toThrow();
    expect([await n(1), await n(2)]).toEqual([9, 9]);
    // The connection went back to the pool usable.
    expect(await db.transaction(async (tx) => (await tx.query<{ one: number }>(`SELECT 1 AS one`))[0].one)).toBe(1);
  });

  it.runIf(testTarget() === "postgres")("two transactions locking rows crosswise: the deadlock is retried and both commit", async () => {
    let attempts = 0;
    let bothLockedFirst!: () => void;
    let arrived = 0;
    const barrier = new Promise<void>((r) => (bothLockedFirst = r));
    const crosswise = (first: number, second: number) =>
      withTxRetry(() =>
        db.transaction(async (tx) => {
          attempts += 1;
          await tx.query(`UPDATE tx_probe SET n = n - 1 WHERE id = $1`, [first]);
          // Only the first attempts meet at the barrier; the retry goes straight through.
          if (++arrived <= 2) {
            if (arrived === 2) bothLockedFirst();
            await barrier;
          }
          await tx.query(`UPDATE tx_probe SET n = n - 1 WHERE id = $1`, [second]);
        }),
      );
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    expect(attempts).toBe(3); // one of the two was chosen as the deadlock victim and ran again
    expect([await n(1), await n(2)]).toEqual([7, 7]);
  });
});
