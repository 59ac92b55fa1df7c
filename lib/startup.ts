// What the server does once at start, before it serves: open the database (migrations under a cluster-wide
// lock), load the secrets from it, upgrade legacy rows (card hashes, webhook secrets, uploads on disk), seed the demo on an
// empty database, print how to get in, and start the in-process scheduler. Also what it does on SIGTERM.
import { assertChannelManagerConfig, config } from "@/lib/config";
import { getDatabase, closeDatabase } from "@/lib/db";
import { seedDemo, readDemoKeys, DEMO_PASSWORD } from "@/lib/seed/demo";
import { startScheduler, stopScheduler } from "@/lib/cron/scheduler";
import { jobs } from "@/lib/jobs";
import { log } from "@/lib/http/log";
import { loadSecrets, isProductionMode, SecretsConfigError } from "@/lib/secrets/store";
import { upgradeCardHashes } from "@/lib/gateways/card-hash-upgrade";
import { sealPlainWebhookSecrets } from "@/lib/webhooks/secret-box";
import { importLegacyUploads } from "@/lib/storage/files";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { releaseOwnLeases } from "@/lib/webhooks/deliver";
import { closeRedis } from "@/lib/auth/rate-limit";
import { markShuttingDown, instanceId } from "@/lib/runtime/instance";
import { fastApi } from "@/lib/fast-api";
import type { NodeFront } from "@/lib/http/node";
import { GatewayConfigError, paymentGatewaySettings } from "@/lib/config/payment-gateway";
import { mailSettings } from "@/lib/mail/config";
import { releaseOwnMailLeases } from "@/lib/mail/deliver";

const g = globalThis as unknown as { __hbStartup?: Promise<void>; __hbShutdown?: (opts?: { waitMs?: number }) => Promise<void>; __hbFastApi?: NodeFront };

export function startService(): Promise<void> {
  g.__hbStartup ??= start().catch((e) => {
    // An instance that cannot start must not serve: the front (server.mjs) waits on this and exits.
    const message = e instanceof SecretsConfigError || e instanceof GatewayConfigError ? e.message : `No se pudo iniciar / could not start: ${String((e as Error)?.message ?? e).split("\n")[0]}`;
    console.error(`\n${message}\n`);
    process.exitCode = 1;
    throw e;
  });
  g.__hbShutdown = shutdownService;
  // The search fast path (lib/http/node.ts): server.mjs hands it the routes of lib/fast-api.ts (4.1, 4.2, 4.3) before Next.js's router.
  g.__hbFastApi = process.env.API_FAST_PATH === "off" ? undefined : fastApi;
  return g.__hbStartup;
}

async function start() {
  const cfg = config();
  // A gateway that cannot work stops the start before anything else (GatewayConfigError, Spanish and English).
  const gateway = paymentGatewaySettings();
  if (gateway.kind === "wompi") {
    log.info("payment_gateway", { gateway: "wompi", mode: gateway.mode, events_url: `${cfg.publicBaseUrl}/api/gateways/wompi/events` });
    if (gateway.mode === "production" && !cfg.publicBaseUrl.startsWith("https://")) {
      log.warn("wompi_events_url_not_https", { detail: "PUBLIC_BASE_URL is not https: Wompi production sends events only to an https URL" });
    }
  }
  // A channel manager that cannot work (CHANNEL_MANAGER=channex without its key or secret) stops the start.
  assertChannelManagerConfig(cfg);
  // Mail settings that cannot work (a bad SMTP_URL or MAIL_FROM) stop the start too; without SMTP_URL e-mails are kept for 'Correos'.
  const mail = mailSettings();
  log.info("mail", { mode: mail.kind, ...(mail.kind === "smtp" ? { server: `${mail.host}:${mail.port}` } : {}) });
  process.env.NEXTAUTH_URL ??= cfg.publicBaseUrl;
  const t0 = Date.now();
  const db = await getDatabase();
  log.info("database_ready", { kind: db.kind, ms: Date.now() - t0, instance: instanceId() });
  await loadSecrets(db, { dataDir: cfg.dataDir, production: isProductionMode(), warn: log.warn });
  const hashes = await upgradeCardHashes(db);
  if (hashes.rehashed + hashes.unrecoverable > 0) log.info("card_hashes_upgraded", { ...hashes });
  const webhookSecrets = await sealPlainWebhookSecrets(db);
  if (webhookSecrets > 0) log.info("webhook_secrets_sealed", { agencies: webhookSecrets });
  const uploads = await importLegacyUploads(db, cfg.dataDir);
  if (uploads > 0) log.info("legacy_uploads_imported", { files: uploads });
  if (cfg.demoSeed !== "off") {
    const t1 = Date.now();
    // Instances starting together on one database: one seeds, the others wait and find it seeded.
    const seeded = await db.withLock("demo-seed", () => seedDemo(db, { now: new Date(), dataDir: cfg.dataDir }), { wait: true });
    const summary = seeded.ran ? seeded.value : null;
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

/**
 * After the front stopped taking requests: stop the scheduler (letting a running job finish), let background
 * webhook deliveries finish, hand back the leases still held, and close the pool. Bounded by `waitMs`.
 */
export async function shutdownService(opts: { waitMs?: number } = {}): Promise<void> {
  const waitMs = opts.waitMs ?? 15_000;
  markShuttingDown();
  const deadline = Date.now() + waitMs;
  const left = () => Math.max(0, deadline - Date.now());
  await stopScheduler(left());
  await Promise.race([deliveriesIdle(), new Promise((r) => setTimeout(r, left()).unref?.())]);
  try {
    const db = await getDatabase();
    const released = await releaseOwnLeases(db);
    if (released > 0) log.info("webhook_leases_released", { deliveries: released });
    const mails = await releaseOwnMailLeases(db);
    if (mails > 0) log.info("email_leases_released", { emails: mails });
  } catch (e) {
    log.warn("shutdown_release_failed", { message: String((e as Error)?.message ?? e).slice(0, 200) });
  }
  await closeRedis();
  await closeDatabase().catch(() => undefined);
  log.info("shutdown_complete", { instance: instanceId() });
}
