// Once per test run: a migrated template (PostgreSQL) or a migrated data-folder dump (PGlite),
// so every test file starts from a fresh, migrated database in well under a second.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../lib/db/open";
import { testTarget, createPgDatabase, dropPgDatabase, urlFor, adminUrl } from "../lib/testing/db";

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  if (testTarget() === "postgres") {
    const pg = await import("pg");
    const run = `hbt_${process.pid}_${Date.now().toString(36)}`;
    const template = `${run}_tpl`;
    await createPgDatabase(template);
    const db = await openDatabase({ databaseUrl: urlFor(template) });
    await db.close();
    project.provide("pgTemplate", template);
    project.provide("pgliteDump", "");
    return async () => {
      const client = new pg.default.Client({ connectionString: adminUrl() });
      await client.connect();
      const rows = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${run}%`]);
      await client.end();
      for (const r of rows.rows) await dropPgDatabase(r.datname);
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create();
  const { applyMigrations } = await import("../lib/db/migrate");
  await applyMigrations({
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    query: async (sql, params) => (await pglite.query(sql, params)).rows as never,
  });
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const file = path.join(os.tmpdir(), `hb-pglite-${process.pid}-${Date.now()}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", file);
  project.provide("pgTemplate", "");
  return () => fs.rmSync(file, { force: true });
}
