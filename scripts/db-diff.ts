// `npm run db:diff -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes
// the committed migrations to the current schema.prisma (prisma migrate diff, offline through PGlite).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("uso: npm run db:diff -- <nombre>");
  process.exit(1);
}
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (!/^(CREATE|ALTER|DROP)/m.test(sql)) {
  console.log("Sin cambios: el esquema coincide con las migraciones.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, "").slice(0, 14);
const dir = path.join("prisma", "migrations", `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Escrita ${dir}/migration.sql; revísela antes de confirmarla.`);
