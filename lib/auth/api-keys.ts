// API keys (docs/decisions.md 2.2): random (256 bits), prefixed `hbk_`, shown once, stored only as a SHA-256 hash.
// A fast hash is right here: the key is high-entropy, unlike a password.
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Principal, PrincipalRole } from "./principal";
import { isoBogota } from "@/lib/time";

export const KEY_PREFIX = "hbk_";

export function generateApiKey(): string {
  return KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
}

export function hashApiKey(key: string): string {
  return crypto.createHash("sha256").update(key, "utf8").digest("hex");
}

/** What is shown later in lists: enough to recognise a key, never enough to use it. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 8);
}

export interface IssuedKey {
  key: string;
  id: string;
  created_at: string;
}

export async function issueApiKey(
  db: PrismaClient,
  owner: { role: PrincipalRole; agencyId?: number | null; userId?: number | null; label?: string | null },
  now: Date,
): Promise<IssuedKey> {
  const key = generateApiKey();
  const row = await db.apiKey.create({
    data: {
      id: `key_${crypto.randomBytes(9).toString("base64url")}`,
      prefix: displayPrefix(key),
      hash: hashApiKey(key),
      role: owner.role,
      agencyId: owner.agencyId ?? null,
      userId: owner.userId ?? null,
      label: owner.label ?? null,
      createdAt: now,
    },
  });
  return { key, id: row.id, created_at: isoBogota(row.createdAt) };
}

export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export type KeyLookup =
  | { ok: true; principal: Principal; agency: { isActive: boolean; isArchived: boolean } | null }
  | { ok: false };

export async function resolveApiKey(db: PrismaClient, key: string, now: Date): Promise<KeyLookup> {
  if (!key.startsWith(KEY_PREFIX)) return { ok: false };
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(key) },
    include: { agency: true, user: { include: { hotels: true } } },
  });
  if (!row || row.revokedAt) return { ok: false };
  if (row.user && !row.user.isActive) return { ok: false };
  // Record use at most once a minute, off the request's path.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    void db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  return {
    ok: true,
    agency: row.agency ? { isActive: row.agency.isActive, isArchived: row.agency.isArchived } : null,
    principal: {
      role: row.role,
      via: "api_key",
      userId: row.userId,
      apiKeyId: row.id,
      agencyId: row.agencyId,
      agencyType: row.agency?.agencyType ?? null,
      hotelIds: row.user?.hotels.map((h) => h.hotelId) ?? [],
    },
  };
}
