// Prisma CLI configuration (development only: `prisma generate`, `prisma migrate diff`, `prisma migrate status`).
// The CLI runs its WebAssembly schema engine through a driver adapter, so nothing is downloaded.
// The running app applies migrations itself (lib/db/migrate.ts), on PGlite and on PostgreSQL alike.
import path from "node:path";
import fs from "node:fs";
import { defineConfig } from "prisma/config";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";

// The schema's datasource needs a syntactically valid URL even when the adapter ignores it.
process.env.DATABASE_URL ??= "postgresql://unused@localhost:5432/unused";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const dir = process.env.PRISMA_CLI_PGLITE_DIR ?? "memory://prisma-cli";
    if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(dir), { recursive: true });
    const pglite = new PGlite(dir);
    // Typed against an older @prisma/driver-adapter-utils than the CLI's; the runtime contract is the same.
    const factory = new PrismaPGlite(pglite) as unknown as SqlMigrationAwareDriverAdapterFactory;
    // The adapter's dispose leaves PGlite open; close it ourselves so the folder can be reopened.
    return {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => {
        const adapter = await factory.connect();
        return Object.assign(adapter, { dispose: async () => { await pglite.close(); } });
      },
      connectToShadowDb: () => factory.connectToShadowDb(),
    };
  },
});
