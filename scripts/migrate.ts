// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import path from "node:path";
import { openDatabase } from "../lib/db/open";
import { readConfig } from "../lib/config";

async function main() {
  const cfg = readConfig();
  const db = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: path.join(cfg.dataDir, "pglite") });
  const rows = await db.sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`);
  console.log(`${db.kind}: ${rows.length} migraciones aplicadas (${rows.map((r) => r.migration_name).join(", ")})`);
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
