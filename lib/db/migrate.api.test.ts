import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./open";
import { readMigrations } from "./migrate";
import { testTarget, createPgDatabase, dropPgDatabase, urlFor, openTestDatabase } from "@/lib/testing/db";

const EXPECTED_TABLES = [
  "agencies", "api_keys", "users", "user_hotels", "hotels", "room_types", "rate_plans", "inventory_nights", "rate_nights",
  "reservations", "reservation_rooms", "reservation_status_changes", "payment_links", "payment_transactions", "vouchers",
  "balance_entries", "account_holders", "organizations", "virtual_cards", "virtual_card_events", "webhook_deliveries",
  "webhook_attempts", "idempotency_records", "calendar_events", "calendar_venues", "calendar_organizers", "calendar_terms",
  "calendar_event_terms", "calendar_event_venues", "calendar_event_organizers", "calendar_images",
];

async function tables(db: Awaited<ReturnType<typeof openDatabase>>) {
  const rows = await db.sql.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
  return rows.map((r) => r.tablename);
}

describe(`migrations on ${testTarget()}`, () => {
  it("apply on a fresh database, record every migration like prisma migrate, and are not re-applied", async () => {
    const migrations = readMigrations();
    if (testTarget() === "postgres") {
      const name = `hbt_migrate_${crypto.randomBytes(4).toString("hex")}`;
      await createPgDatabase(name);
      try {
        const db = await openDatabase({ databaseUrl: urlFor(name) });
        expect(await tables(db)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
        const rows = await db.sql.query<{ migration_name: string; checksum: string }>(`SELECT migration_name, checksum FROM _prisma_migrations ORDER BY 1`);
        expect(rows.map((r) => [r.migration_name, r.checksum])).toEqual(migrations.map((m) => [m.name, m.checksum]));
        await db.close();
        // A second start applies nothing and keeps one row per migration.
        const again = await openDatabase({ databaseUrl: urlFor(name) });
        expect((await again.sql.query(`SELECT 1 FROM _prisma_migrations`)).length).toBe(migrations.length);
        await again.close();
      } finally {
        await dropPgDatabase(name);
      }
      return;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-migrate-"));
    try {
      const folder = path.join(dir, "nested", "pglite");
      const db = await openDatabase({ dataDir: folder });
      expect(await tables(db)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
      await db.prisma.hotel.create({ data: { name: "Hotel Persistente", city: "CALI", channelManagerId: "CM-PERSIST" } });
      await db.close();
      // A restart reopens the same folder with the data intact and nothing re-applied.
      const reopened = await openDatabase({ dataDir: folder });
      const hotel = await reopened.prisma.hotel.findUnique({ where: { channelManagerId: "CM-PERSIST" } });
      expect(hotel?.name).toBe("Hotel Persistente");
      expect((await reopened.sql.query(`SELECT 1 FROM _prisma_migrations`)).length).toBe(migrations.length);
      await reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("enforce the database rules the service relies on", async () => {
    const db = await openTestDatabase();
    try {
      const agency = await db.prisma.agency.create({
        data: { name: "A", phone: "3000000000", countryCode: "+57", emailForNotifications: "a@a.co", documentType: "NIT", documentNumber: "1", payoutAccountId: "p" },
      });
      await expect(db.sql.query(`UPDATE agencies SET balance = -1 WHERE id = $1`, [agency.id])).rejects.toThrow(/agencies_balance_non_negative/);
      await expect(
        db.prisma.agency.create({
          data: { name: "B", phone: "3000000000", countryCode: "+57", emailForNotifications: "b@a.co", documentType: "NIT", documentNumber: "1", payoutAccountId: "p" },
        }),
      ).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
