// Small builders for test data, written straight to the database. They take the test's `Database` (issue 25:
// one database handle), as services do: the test server's `srv.db`, or one from openTestDatabase().
import crypto from "node:crypto";
import type { Database } from "@/lib/db";
import { issueApiKey } from "@/lib/auth/api-keys";
import { hashPassword } from "@/lib/auth/password";

type Client = Database["prisma"];

let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString("hex")}`;

export async function createAgency(db: Database, data: Partial<Parameters<Client["agency"]["create"]>[0]["data"]> = {}) {
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

export async function agencyWithKey(db: Database, data: Parameters<typeof createAgency>[1] = {}) {
  const agency = await createAgency(db, data);
  const { key, id } = await issueApiKey(db, { role: "agency", agencyId: agency.id }, new Date());
  return { agency, key, keyId: id };
}

export async function createUser(db: Database, role: "operator" | "agency" | "hotel_admin", opts: { agencyId?: number; hotelIds?: number[]; password?: string } = {}) {
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

export async function createHotel(db: Database, data: Partial<Parameters<Client["hotel"]["create"]>[0]["data"]> = {}) {
  return db.prisma.hotel.create({ data: { name: `Hotel ${uniq()}`, city: "BOGOTA", channelManagerId: `cm_${uniq()}`, ...data } });
}

/** A portal session cookie as sign-in makes it: a server-side session row named in the signed cookie. */
export async function sessionCookieFor(db: Database, userId: number): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  const { authSecret } = await import("@/lib/secrets/store");
  const { createSession } = await import("@/lib/auth/session");
  const sid = await createSession(db, userId);
  return `next-auth.session-token=${await encode({ token: { uid: userId, sub: String(userId), sid }, secret: authSecret() })}`;
}
