// API keys (docs/decisions.md 2.2): random (256 bits), prefixed `hbk_`, shown once, stored only as a SHA-256 hash.
// A fast hash is right here: the key is high-entropy, unlike a password.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import type { Principal, PrincipalRole } from "./principal";
import { isoBogota } from "@/lib/time";
import { doesNotExist } from "@/lib/domain/errors";

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
  db: Database,
  owner: { role: PrincipalRole; agencyId?: number | null; userId?: number | null; label?: string | null },
  now: Date,
): Promise<IssuedKey> {
  const key = generateApiKey();
  const row = await db.prisma.apiKey.create({
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

type KeyListRow = { id: string; prefix: string; label: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

/** A key as lists show it: its prefix and dates, never the key. */
export const presentKey = (k: KeyListRow) => ({
  id: k.id,
  prefix: k.prefix,
  label: k.label,
  created_at: isoBogota(k.createdAt),
  last_used_at: k.lastUsedAt ? isoBogota(k.lastUsedAt) : null,
  revoked_at: k.revokedAt ? isoBogota(k.revokedAt) : null,
});

/** GET /v2/agencies/{id}/api-keys (operator): an agency's keys, newest first. */
export async function listAgencyKeys(db: Database, agencyId: number) {
  const agency = await db.prisma.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!agency) throw doesNotExist(`La agencia ${agencyId} no existe`);
  const keys = await db.prisma.apiKey.findMany({ where: { agencyId }, orderBy: { createdAt: "desc" } });
  return keys.map(presentKey);
}

/** The operator's key manager: every agency and every operator or hotel-admin user, each with its keys. */
export async function listKeyOwners(db: Database) {
  const newest = { orderBy: { createdAt: "desc" as const } };
  const [agencies, users] = await Promise.all([
    db.prisma.agency.findMany({ orderBy: { name: "asc" }, include: { apiKeys: newest } }),
    db.prisma.user.findMany({ where: { role: { in: ["operator", "hotel_admin"] } }, orderBy: { email: "asc" }, include: { apiKeys: newest } }),
  ]);
  return {
    agencies: agencies.map((a) => ({ id: a.id, name: a.name, agency_type: a.agencyType, document_type: a.documentType, document_number: a.documentNumber, keys: a.apiKeys.map(presentKey) })),
    users: users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, keys: u.apiKeys.map(presentKey) })),
  };
}

export function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash("sha256").update(a).digest();
  const hb = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

export type KeyLookup =
  | { ok: true; principal: Principal; agency: { isActive: boolean; isArchived: boolean } | null }
  | { ok: false };

// One statement (issue 17: the key lookup runs on every API request, and three ORM queries cost several times
// the search it guards): the key by hash with its agency, its user and the user's hotels.
const KEY_SQL = `SELECT k.id, k.role::text AS role, k.agency_id, k.user_id, k.last_used_at, k.revoked_at,
  a.is_active AS agency_active, a.is_archived AS agency_archived, a.agency_type::text AS agency_type,
  u.id AS user_found, u.is_active AS user_active,
  coalesce((SELECT array_agg(uh.hotel_id ORDER BY uh.hotel_id) FROM user_hotels uh WHERE uh.user_id = u.id), '{}') AS hotel_ids
FROM api_keys k LEFT JOIN agencies a ON a.id = k.agency_id LEFT JOIN users u ON u.id = k.user_id
WHERE k.hash = $1`;

interface KeyRow {
  id: string;
  role: PrincipalRole;
  agency_id: number | null;
  user_id: number | null;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  agency_active: boolean | null;
  agency_archived: boolean | null;
  agency_type: "retailer" | "wholesale" | null;
  user_found: number | null;
  user_active: boolean | null;
  hotel_ids: number[];
}

export async function resolveApiKey(database: Pick<Database, "prisma" | "sql">, key: string, now: Date): Promise<KeyLookup> {
  if (!key.startsWith(KEY_PREFIX)) return { ok: false };
  const [row] = await database.sql.query<KeyRow>(KEY_SQL, [hashApiKey(key)], { prepared: true });
  if (!row || row.revoked_at) return { ok: false };
  if (row.user_found !== null && !row.user_active) return { ok: false };
  // Record use at most once a minute, off the request's path.
  const lastUsed = row.last_used_at === null ? null : new Date(row.last_used_at);
  if (!lastUsed || now.getTime() - lastUsed.getTime() > 60_000) {
    void database.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } }).catch(() => undefined);
  }
  const hasAgency = row.agency_active !== null;
  return {
    ok: true,
    agency: hasAgency ? { isActive: !!row.agency_active, isArchived: !!row.agency_archived } : null,
    principal: {
      role: row.role,
      via: "api_key",
      userId: row.user_id,
      apiKeyId: row.id,
      agencyId: row.agency_id,
      agencyType: hasAgency ? row.agency_type : null,
      hotelIds: row.user_found !== null ? row.hotel_ids.map(Number) : [],
    },
  };
}
