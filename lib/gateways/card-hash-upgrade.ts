// Rows written before card-number hashes were keyed hold an unkeyed sha256 (hash_version 0). At start, each is
// rehashed with the keyed HMAC from its encrypted number (the sandbox issuer keeps it). The update is
// conditional on hash_version = 0, so instances starting together do each row once.
import type { Database } from "@/lib/db/open";
import { cardNumberHash, unseal } from "./card-issuer";

export interface HashUpgradeSummary {
  rehashed: number;
  /** Rows whose number could not be decrypted (issuer key lost): their unkeyed hash is erased. */
  unrecoverable: number;
}

export async function upgradeCardHashes(database: Database, batch = 200): Promise<HashUpgradeSummary> {
  const out: HashUpgradeSummary = { rehashed: 0, unrecoverable: 0 };
  for (;;) {
    const rows = await database.sql.query<{ id: string; number_encrypted: string }>(
      `SELECT id, number_encrypted FROM virtual_cards WHERE hash_version = 0 ORDER BY id LIMIT $1`,
      [batch],
    );
    if (rows.length === 0) return out;
    for (const r of rows) {
      let hash: string;
      let version = 1;
      try {
        hash = cardNumberHash(unseal(r.number_encrypted));
      } catch {
        // Without the number there is no keyed hash to compute; an unkeyed one must not stay readable in a dump.
        hash = `unrecoverable:${r.id}`;
        version = -1;
      }
      const done = await database.sql.query(`UPDATE virtual_cards SET number_hash = $2, hash_version = $3 WHERE id = $1 AND hash_version = 0 RETURNING id`, [
        r.id,
        hash,
        version,
      ]);
      if (done.length > 0) {
        if (version === 1) out.rehashed += 1;
        else out.unrecoverable += 1;
      }
    }
  }
}
