// The process-wide database: opened once (migrations applied), shared by route handlers, pages and jobs.
// Tests put their own database in place with setDatabase().
import { config } from "@/lib/config";
import path from "node:path";
import { openDatabase, type Database } from "./open";

export type { Database } from "./open";
export type { PrismaClient } from "./generated/client";
export { Prisma } from "./generated/client";

const g = globalThis as unknown as { __hbDatabase?: Promise<Database> };

export function getDatabase(): Promise<Database> {
  if (!g.__hbDatabase) {
    const cfg = config();
    g.__hbDatabase = openDatabase({
      databaseUrl: cfg.databaseUrl,
      dataDir: path.join(cfg.dataDir, "pglite"),
      poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      poolWaitMs: Number(process.env.DATABASE_POOL_WAIT_MS ?? 0) || undefined,
    }).catch((e) => {
      g.__hbDatabase = undefined;
      throw e;
    });
  }
  return g.__hbDatabase;
}

export function setDatabase(db: Database | undefined) {
  g.__hbDatabase = db ? Promise.resolve(db) : undefined;
}

export async function closeDatabase() {
  const p = g.__hbDatabase;
  g.__hbDatabase = undefined;
  if (p) await (await p).close();
}
