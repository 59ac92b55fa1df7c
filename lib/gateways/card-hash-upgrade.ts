// Rows written before card-number hashes were keyed hold an unkeyed sha256 (hash_version 0). At start, each is
// rehashed with the keyed HMAC from its encrypted number (the sandbox issuer keeps it). The update is
// conditional on hash_version = 0, so instances starting together do each row once.
import type { Database } from "@/lib/db/open";
import { cardNumberHash, unseal } from "./card-issuer";
import { setCardHash, unkeyedCardHashes } from "./store";

export interface HashUpgradeSummary {
  rehashed: number;
  /** Rows whose number could not be decrypted (issuer key lost): their unkeyed hash is erased. */
  unrecoverable: number;
}

export async function upgradeCardHashes(database: Database, batch = 200): Promise<HashUpgradeSummary> {
  const out: HashUpgradeSummary = { rehashed: 0, unrecoverable: 0 };
  for (;;) {
    const rows = await unkeyedCardHashes(database.sql, batch);
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
      if (await setCardHash(database.sql, r.id, hash, version)) {
        if (version === 1) out.rehashed += 1;
        else out.unrecoverable += 1;
      }
    }
  }
}
