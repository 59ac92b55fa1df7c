// Agencies' webhook signing secrets at rest (issue 24; docs/webhooks.md "Signing secret at rest"). The secret must
// be known to sign, so it is encrypted, not hashed: AES-256-GCM under the `webhook-secret-key` system secret
// (itself stored encrypted under SECRETS_MASTER_KEY, lib/secrets/store.ts), with the agency id as associated
// data, so a value copied onto another agency does not open. A database dump alone cannot forge signatures.
import type { Database } from "@/lib/db/open";
import { decryptSecret, encryptSecret, secret } from "@/lib/secrets/store";
import { plaintextSecrets, sealSecretIfPlain } from "./store";

const SEALED = "v1:";

function dataKey() {
  return { id: "webhook-secret-key", key: Buffer.from(secret("webhook-secret-key"), "base64") };
}

const aad = (agencyId: number) => `agency:${agencyId}:webhook-secret`;

export const isSealed = (stored: string) => stored.startsWith(SEALED);

/** The stored form of an agency's signing secret. */
export function sealWebhookSecret(agencyId: number, plain: string): string {
  return encryptSecret(dataKey(), aad(agencyId), plain);
}

/** The signing secret from its stored form; a row written before sealing (plaintext) is read as it is. */
export function openWebhookSecret(agencyId: number, stored: string): string {
  return isSealed(stored) ? decryptSecret(dataKey(), aad(agencyId), stored) : stored;
}

/**
 * Seals the secrets stored in plaintext by earlier versions; returns how many. Run at start (lib/startup.ts). The
 * update is conditional on the plaintext still being there, so instances starting together seal each row once.
 */
export async function sealPlainWebhookSecrets(database: Database, batch = 200): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await plaintextSecrets(database.sql, batch);
    if (rows.length === 0) return sealed;
    for (const r of rows) if (await sealSecretIfPlain(database.sql, r.id, sealWebhookSecret(r.id, r.webhook_secret), r.webhook_secret)) sealed += 1;
  }
}
