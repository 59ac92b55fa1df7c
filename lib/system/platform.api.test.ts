// Nothing lives in one instance: uploaded images in the database, cluster-wide job locks, readiness, webhook
// leases handed back on shutdown, migrations applied once by instances starting together, one URL guard.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { createUser } from "@/lib/testing/factories";
import { saveUpload, readUpload } from "@/lib/calendar/images";
import { importLegacyUploads } from "@/lib/storage/files";
import { releaseOwnLeases } from "@/lib/webhooks/deliver";
import { instanceId, markShuttingDown } from "@/lib/runtime/instance";
import { config } from "@/lib/config";
import { openDatabase } from "@/lib/db/open";
import { readMigrations } from "@/lib/db/migrate";
import { testTarget, createPgDatabase, dropPgDatabase, urlFor } from "@/lib/testing/db";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("calendar images", () => {
  it("are stored in the database, not in DATA_DIR, and read back by any instance", async () => {
    const user = await createUser(api.db, "hotel_admin");
    const before = fs.existsSync(path.join(config().dataDir, "uploads")) ? fs.readdirSync(path.join(config().dataDir, "uploads"), { recursive: true }).length : 0;
    const row = await saveUpload(api.db, { bytes: PNG, filename: "afiche.png", authorId: user.id });
    const after = fs.existsSync(path.join(config().dataDir, "uploads")) ? fs.readdirSync(path.join(config().dataDir, "uploads"), { recursive: true }).length : 0;
    expect(after).toBe(before);
    const stored = await api.db.sql.query<{ key: string; size: number; mime_type: string }>(`SELECT key, size, mime_type FROM stored_files WHERE key = $1`, [row.storedPath]);
    expect(stored).toEqual([{ key: `calendar/${row.id}-afiche.png`, size: PNG.length, mime_type: "image/png" }]);
    // "Another instance": a second client on the same database, no shared memory or folder.
    const file = await readUpload({ ...api.db }, row.id, "afiche.png");
    expect(file?.bytes.equals(PNG)).toBe(true);
    expect(await readUpload(api.db, row.id, "otro.png")).toBeNull();
  });

  it("uploads an older version left in DATA_DIR/uploads are copied into the database once at start", async () => {
    const img = await api.db.prisma.calendarImage.create({ data: { filename: "viejo.png", mimeType: "image/png", url: "", storedPath: "" } });
    const legacyName = `${img.id}-viejo.png`;
    await api.db.prisma.calendarImage.update({ where: { id: img.id }, data: { storedPath: legacyName } });
    const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "hb-legacy-"));
    fs.mkdirSync(path.join(dataDir, "uploads", "calendar"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "calendar", legacyName), PNG);
    expect(await readUpload(api.db, img.id, "viejo.png")).toBeNull();
    expect(await importLegacyUploads(api.db, dataDir)).toBe(1);
    expect(await importLegacyUploads(api.db, dataDir)).toBe(0);
    expect((await readUpload(api.db, img.id, "viejo.png"))?.bytes.equals(PNG)).toBe(true);
  });
});

describe("cluster-wide job locks", () => {
  it("at most one holder runs a job at a time on PostgreSQL; a held lock skips, a free one runs", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    let taken!: () => void;
    const lockTaken = new Promise<void>((r) => (taken = r));
    const first = api.db.withLock("job:test", async () => {
      runs += 1;
      taken();
      await gate;
      return "first";
    });
    await lockTaken;
    const second = await api.db.withLock("job:test", async () => {
      runs += 1;
      return "second";
    });
    release();
    expect(await first).toEqual({ ran: true, value: "first" });
    if (api.db.kind === "postgres") {
      expect(second).toEqual({ ran: false });
      expect(runs).toBe(1);
    } else {
      // PGlite: one process owns the database, nothing to coordinate.
      expect(second).toEqual({ ran: true, value: "second" });
    }
    expect(await api.db.withLock("job:test", async () => "again")).toEqual({ ran: true, value: "again" });
  });

  // PGlite: one process owns the database, there is no other instance to keep out (skipped, and shown as skipped).
  it.skipIf(process.env.TEST_DB !== "postgres")("the cron route takes the same lock: an external cron and a running instance never overlap", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let taken!: () => void;
    const lockTaken = new Promise<void>((r) => (taken = r));
    const held = api.db.withLock("job:webhooks", () => {
      taken();
      return gate;
    });
    await lockTaken;
    const res = await apiClient(api, "test-cron-secret").POST("/cron/webhooks");
    release();
    await held;
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ processed: 0 });
  });
});

describe("readiness", () => {
  afterEach(() => {
    (globalThis as { __hbShuttingDown?: boolean }).__hbShuttingDown = false;
  });

  it("is ready when the database answers and every shipped migration is applied; liveness keeps its contract", async () => {
    expect((await apiClient(api).GET("/health")).data).toEqual({ status: "ok", db: "ok" });
    const r = await apiClient(api).GET("/health/ready");
    expect(r.response.status).toBe(200);
    expect(r.data).toEqual({ status: "ready", db: "ok", migrations: "ok" });
  });

  it("is not ready while a migration is missing, nor once shutdown began", async () => {
    const reasonsOf = (e: object | undefined): string[] => (e && "reasons" in e && Array.isArray(e.reasons) ? e.reasons : []);
    const last = readMigrations().at(-1)!.name;
    await api.db.sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, [last]);
    try {
      const r = await apiClient(api).GET("/health/ready");
      expect(r.response.status).toBe(503);
      expect(reasonsOf(r.error).join(" ")).toContain(last);
    } finally {
      await api.db.sql.query(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, [last]);
    }
    markShuttingDown();
    const down = await apiClient(api).GET("/health/ready");
    expect(down.response.status).toBe(503);
    expect(reasonsOf(down.error)).toContain("apagando");
  });
});

describe("webhook leases on shutdown", () => {
  it("only this instance's leases on pending deliveries are handed back", async () => {
    const agency = await api.db.prisma.agency.findFirst();
    const future = new Date(Date.now() + 60_000);
    const mk = (lockedBy: string, status: "pending" | "succeeded" = "pending") =>
      api.db.prisma.webhookDelivery.create({
        data: { id: `wh_${crypto.randomBytes(6).toString("hex")}`, agencyId: agency?.id ?? null, event: "test", url: "http://127.0.0.1:9/x", payload: "{}", status, nextAttemptAt: new Date(), lockedUntil: future, lockedBy },
      });
    const mine = await mk(instanceId());
    const other = await mk("other-host:1:abc");
    const done = await mk(instanceId(), "succeeded");
    expect(await releaseOwnLeases(api.db)).toBe(1);
    const rows = await api.db.prisma.webhookDelivery.findMany({ where: { id: { in: [mine.id, other.id, done.id] } } });
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[mine.id]).toMatchObject({ lockedUntil: null, lockedBy: null });
    expect(byId[other.id].lockedBy).toBe("other-host:1:abc");
    expect(byId[done.id].lockedUntil).not.toBeNull();
  });
});

describe.skipIf(testTarget() !== "postgres")("instances starting together on an empty database", () => {
  it("apply each migration exactly once and all open on the current schema", async () => {
    const name = `platform_mig_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
    await createPgDatabase(name);
    try {
      const dbs = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: urlFor(name), poolSize: 2 })));
      const rows = await dbs[0].sql.query<{ migration_name: string; n: number }>(`SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1 ORDER BY 1`);
      expect(rows).toEqual(readMigrations().map((m) => ({ migration_name: m.name, n: 1 })));
      await Promise.all(dbs.map((d) => d.close()));
    } finally {
      await dropPgDatabase(name);
    }
  });
});

describe("one URL guard for every URL the server will call", () => {
  const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
  afterEach(() => {
    process.env.WEBHOOK_ALLOW_PRIVATE = saved;
  });

  it.each(["http://[::7f00:1]/h", "http://[::ffff:0:7f00:1]/h", "http://[2002:7f00:1::1]/h", "http://[64:ff9b:1::7f00:1]/h", "http://[::]/h", "http://100.64.0.1/h", "https://user:pass@hooks.example.co/h", "http://localhost/h"])(
    "agency create and update both refuse %s",
    async (url) => {
      process.env.WEBHOOK_ALLOW_PRIVATE = "0";
      const doc = String(800000000 + Math.floor(Math.random() * 99999999));
      const body = { name: `Agencia ${doc}`, email_for_notifications: "a@b.co", phone: "3001234567", country_code: "+57", document_type: "NIT" as const, document_number: doc, is_preloaded: false, payout_account_id: "acct_1" };
      const created = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies", { body: { ...body, webhook_url: url } });
      expect(created.response.status).toBe(400);
      expect(created.error!.detail).toMatch(/^webhook_url: /);
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
      const ok = await apiClient(api, OPERATOR_KEY).POST("/v2/agencies", { body });
      expect(ok.response.status).toBe(200);
      process.env.WEBHOOK_ALLOW_PRIVATE = "0";
      const patched = await apiClient(api, OPERATOR_KEY).PATCH("/v2/agencies/{id}", { params: { path: { id: ok.data!.id } }, body: { webhook_url: url } });
      expect(patched.response.status).toBe(400);
      expect(patched.error!.detail).toMatch(/^webhook_url: /);
      expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: ok.data!.id } })).webhookUrl).toBeNull();
    },
  );
});
