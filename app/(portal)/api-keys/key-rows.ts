// The keys of lib/auth/api-keys.ts (wire format) as the key manager shows them.
import type { KeyRow } from "./KeyManager";

type WireKey = { id: string; prefix: string; label: string | null; created_at: string; last_used_at: string | null; revoked_at: string | null };

export const keyRows = (keys: WireKey[]): KeyRow[] =>
  keys.map((k) => ({ id: k.id, prefix: k.prefix, label: k.label, createdAt: k.created_at, lastUsedAt: k.last_used_at, revokedAt: k.revoked_at }));
