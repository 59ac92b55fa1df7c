// Applies prisma/migrations/*/migration.sql in order and records them in `_prisma_migrations`
// exactly as `prisma migrate deploy` does (same table, sha256 checksums), so `prisma migrate status` agrees.
// Doing it here keeps start-up and tests fast and works identically on PGlite and PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

export interface SqlRunner {
  exec(sql: string): Promise<void>;
  /**
   * `prepared`: a fixed statement run on (nearly) every request (the API-key lookup, the search versions, the
   * rate-limit counter). On PostgreSQL it becomes a named prepared statement, parsed and planned once per pooled
   * connection instead of once per call (planning was most of their cost, bench/RESULTS.md issue 17). Never for
   * SQL text built per call: each distinct text would stay prepared on every connection.
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], opts?: { prepared?: boolean }): Promise<T[]>;
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), "prisma", "migrations"));
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Applies pending migrations; returns the names applied. Each migration runs in its own transaction. */
export async function applyMigrations(db: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  await db.exec(MIGRATIONS_TABLE);
  const done = await db.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
  const ran: string[] = [];
  for (const m of migrations) {
    const previous = applied.get(m.name);
    if (previous !== undefined) {
      if (previous !== m.checksum) throw new Error(`La migración ${m.name} cambió después de aplicarse (checksum distinto)`);
      continue;
    }
    await db.exec("BEGIN");
    try {
      await db.exec(m.sql);
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), m.checksum, m.name],
      );
      await db.exec("COMMIT");
    } catch (e) {
      await db.exec("ROLLBACK");
      throw e;
    }
    ran.push(m.name);
  }
  return ran;
}
