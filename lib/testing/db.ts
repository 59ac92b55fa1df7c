// Test databases: a fresh one per test file, on PGlite (loaded from a migrated dump made once per run)
// or on the PostgreSQL server (cloned from a migrated template database made once per run).
import crypto from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type Database } from "@/lib/db/open";

export type TestTarget = "pglite" | "postgres";

export function testTarget(): TestTarget {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

export function adminUrl(): string {
  return process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

export function urlFor(dbName: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${dbName}`;
  return u.toString();
}

async function adminQuery(sql: string) {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createPgDatabase(name: string, template?: string) {
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
}

export async function dropPgDatabase(name: string) {
  // Closed pools may still be saying goodbye; killing those sessions (FORCE) raises errors in their clients.
  for (let i = 0; i < 20; i++) {
    try {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== "55006") throw e; // 55006: still in use
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export async function openTestDatabase(): Promise<Database> {
  if (testTarget() === "postgres") {
    const template = inject("pgTemplate" as never) as unknown as string;
    const name = `${template.replace(/_tpl$/, "")}_${crypto.randomBytes(4).toString("hex")}`;
    await createPgDatabase(name, template);
    const db = await openDatabase({ databaseUrl: urlFor(name), migrate: false, poolSize: 12 });
    const close = db.close;
    return { ...db, close: async () => { await close(); await dropPgDatabase(name); } };
  }
  const dumpPath = inject("pgliteDump" as never) as unknown as string;
  const blob = new Blob([fs.readFileSync(dumpPath)]);
  return openDatabase({ dataDir: "memory://", loadDataDir: blob, migrate: false });
}
