// What the server does once at start: open the database (applying migrations), seed the demo on an
// empty database, print how to get in, and start the in-process scheduler.
import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { seedDemo, readDemoKeys, DEMO_PASSWORD } from "@/lib/seed/demo";
import { startScheduler } from "@/lib/cron/scheduler";
import { jobs } from "@/lib/jobs";
import { log } from "@/lib/http/log";

export async function startService() {
  const cfg = config();
  process.env.NEXTAUTH_URL ??= cfg.publicBaseUrl;
  const t0 = Date.now();
  const db = await getDatabase();
  log.info("database_ready", { kind: db.kind, ms: Date.now() - t0 });
  if (cfg.demoSeed !== "off") {
    const t1 = Date.now();
    const summary = await seedDemo(db, { now: new Date(), dataDir: cfg.dataDir });
    if (summary) log.info("demo_seeded", { hotels: summary.hotels, cities: summary.cities, ms: Date.now() - t1 });
    const keys = readDemoKeys(cfg.dataDir);
    if (keys && process.env.DEMO_BANNER !== "off") {
      // Demo credentials are meant to be seen: printed plainly, not through the redacting logger.
      console.log(
        [
          "",
          `  HotelPay en ${cfg.publicBaseUrl}  (base de datos: ${db.kind === "pglite" ? "PGlite embebida en " + cfg.dataDir : "PostgreSQL"})`,
          `  Portal: operador@demo.co | agencia@demo.co | mayorista@demo.co | hotel@demo.co  (contraseña: ${DEMO_PASSWORD})`,
          `  Claves API de demostración (Authorization: Bearer ...):`,
          `    operador:  ${keys.operator}`,
          `    minorista: ${keys.retailer}`,
          `    mayorista: ${keys.wholesale}`,
          `    hotel:     ${keys.hotelAdmin}`,
          `  Documentación: ${cfg.publicBaseUrl}/docs`,
          "",
        ].join("\n"),
      );
    }
  }
  if (cfg.scheduler) startScheduler(jobs);
}
