// `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes
// the schema as of the last committed migration to the current schema.prisma. It diffs the two datamodels
// (offline, no database needed), so hand-written SQL in migrations (checks, sequences) is left alone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function main() {
  const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  if (!name) throw new Error("uso: npm run db:diff -- <nombre>");
  const lastMigrationCommit = execFileSync("git", ["log", "-1", "--format=%H", "--", "prisma/migrations"], { encoding: "utf8" }).trim();
  if (!lastMigrationCommit) throw new Error("no hay migraciones confirmadas en git");
  const previous = execFileSync("git", ["show", `${lastMigrationCommit}:prisma/schema.prisma`], { encoding: "utf8" });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "hb-dbdiff-"));
  const from = path.join(scratch, "schema.prisma");
  fs.writeFileSync(from, previous);
  let sql: string;
  try {
    sql = execFileSync("npx", ["prisma", "migrate", "diff", "--from-schema-datamodel", from, "--to-schema-datamodel", "prisma/schema.prisma", "--script"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (!/^(CREATE|ALTER|DROP)/m.test(sql)) {
    console.log("Sin cambios: el esquema coincide con la última migración.");
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
  const out = path.join("prisma", "migrations", `${stamp}_${name}`);
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "migration.sql"), sql);
  console.log(`Escrita ${out}/migration.sql; revísela antes de confirmarla.`);
}

try {
  main();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
