// Small builders for test data, written straight to the database.
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import { getDatabase, type Database } from "@/lib/db";
import { issueApiKey } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/password";

/**
 * The test server's `Database` (issue 25: services take a `Database`). Tests written before it pass the Prisma
 * client of the database the test server set (lib/testing/server.ts): the same database, found through it.
 */
async function databaseOf(db: Database | PrismaClient): Promise<Database> {
  if (typeof (db as Database).withLock === "function") return db as Database;
  const current = await getDatabase();
  if (current.prisma !== db) throw new Error("factories: pass the test server's Database (srv.db)");
  return current;
}

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

export async function createAgency(handle: Database | PrismaClient, data: Partial<Parameters<PrismaClient["agency"]["create"]>[0]["data"]> = {}) {
  const db = await databaseOf(handle);
  return db.prisma.agency.create({
    data: {
      name: `Agencia ${uniq()}`,
      phone: "3001234567",
      countryCode: "+57",
      emailForNotifications: `agencia-${uniq()}@example.co`,
      documentType: "NIT",
      documentNumber: String(900000000 + Math.floor(Math.random() * 99999999)),
      payoutAccountId: `payout_${uniq()}`,
      ...data,
    },
  });
}

export async function agencyWithKey(handle: Database | PrismaClient, data: Parameters<typeof createAgency>[1] = {}) {
  const db = await databaseOf(handle);
  const agency = await createAgency(db, data);
  const { key, id } = await issueApiKey(db, { role: "agency", agencyId: agency.id }, new Date());
  return { agency, key, keyId: id };
}

export async function createUser(handle: Database | PrismaClient, role: "operator" | "agency" | "hotel_admin", opts: { agencyId?: number; hotelIds?: number[]; password?: string } = {}) {
  const db = await databaseOf(handle);
  const user = await db.prisma.user.create({
    data: {
      email: `${role}-${uniq()}@example.co`,
      name: `Usuario ${role}`,
      passwordHash: await hashPassword(opts.password ?? "secreto-123"),
      role,
      agencyId: opts.agencyId ?? null,
      hotels: opts.hotelIds ? { create: opts.hotelIds.map((hotelId) => ({ hotelId })) } : undefined,
    },
  });
  return user;
}

export async function createHotel(handle: Database | PrismaClient, data: Partial<Parameters<PrismaClient["hotel"]["create"]>[0]["data"]> = {}) {
  const db = await databaseOf(handle);
  return db.prisma.hotel.create({ data: { name: `Hotel ${uniq()}`, city: "BOGOTA", channelManagerId: `cm_${uniq()}`, ...data } });
}

/** A portal session cookie as sign-in makes it: a server-side session row named in the signed cookie. */
export async function sessionCookieFor(handle: Database | PrismaClient, userId: number): Promise<string> {
  const db = await databaseOf(handle);
  const { encode } = await import("next-auth/jwt");
  const { authSecret } = await import("@/lib/secrets/store");
  const { createSession } = await import("@/lib/auth/session");
  const sid = await createSession(db, userId);
  return `next-auth.session-token=${await encode({ token: { uid: userId, sub: String(userId), sid }, secret: authSecret() })}`;
}
