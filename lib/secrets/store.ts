// Every secret the product generates lives once in the database (system_secrets), AES-256-GCM encrypted under
// SECRETS_MASTER_KEY, so any number of instances on one PostgreSQL agree on it. Values given in the environment
// always win and are never stored. loadSecrets() runs once at start (before serving); secret() reads the cache.
// Rules and where each secret lives: docs/deploy.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/db/open";

export interface SecretSpec {
  name: SecretName;
  /** Environment variable that, when set, is used instead of the stored value. */
  env: string;
  generate(): string;
  /** Normalises the environment's value (PEM with literal \n, ...). */
  fromEnv?(v: string): string;
}

export type SecretName = "auth-secret" | "card-encryption-key.pem" | "virtual-card-key" | "card-hash-key" | "webhook-secret-key";

export const SECRET_SPECS: SecretSpec[] = [
  { name: "auth-secret", env: "AUTH_SECRET", generate: () => crypto.randomBytes(32).toString("base64url") },
  {
    name: "card-encryption-key.pem",
    env: "CARD_ENCRYPTION_PRIVATE_KEY",
    generate: () => crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    fromEnv: (v) => v.replace(/\\n/g, "\n"),
  },
  { name: "virtual-card-key", env: "VIRTUAL_CARD_ENCRYPTION_KEY", generate: () => crypto.randomBytes(32).toString("base64") },
  { name: "card-hash-key", env: "CARD_HASH_KEY", generate: () => crypto.randomBytes(32).toString("base64") },
  { name: "webhook-secret-key", env: "WEBHOOK_SECRET_KEY", generate: () => crypto.randomBytes(32).toString("base64") },
];

export const MASTER_KEY_ENV = "SECRETS_MASTER_KEY";
export const MASTER_KEY_PREVIOUS_ENV = "SECRETS_MASTER_KEY_PREVIOUS";
/** Used only outside production on PostgreSQL when no master key is given (documented; logged as a warning). */
const DEVELOPMENT_MASTER_KEY = "hotelpay-development-master-key--not-for-production";

export class SecretsConfigError extends Error {}

interface MasterKey {
  id: string;
  key: Buffer;
}

/** AES key from any master key string (HKDF-SHA256); its id is a fingerprint that tells keys apart. */
export function deriveMasterKey(raw: string): MasterKey {
  const key = Buffer.from(crypto.hkdfSync("sha256", Buffer.from(raw, "utf8"), Buffer.from("hotelpay-system-secrets"), Buffer.from("v1"), 32));
  return { key, id: crypto.createHash("sha256").update(key).digest("hex").slice(0, 16) };
}

export function encryptSecret(mk: MasterKey, name: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", mk.key, iv);
  cipher.setAAD(Buffer.from(name, "utf8")); // a value copied under another name does not decrypt
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64")}`;
}

export function decryptSecret(mk: MasterKey, name: string, sealed: string): string {
  if (!sealed.startsWith("v1:")) throw new Error(`formato desconocido del secreto ${name}`);
  const raw = Buffer.from(sealed.slice(3), "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", mk.key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(name, "utf8"));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

const g = globalThis as unknown as { __hbSecrets?: Map<string, string> };

export interface LoadOptions {
  dataDir: string;
  env?: Record<string, string | undefined>;
  /** Production mode refuses to start on PostgreSQL without a master key. */
  production?: boolean;
  warn?: (msg: string, fields?: Record<string, unknown>) => void;
}

export function isProductionMode(env: Record<string, string | undefined> = process.env): boolean {
  const testClock = env.TEST_CLOCK !== undefined && ["1", "true", "on", "yes"].includes(env.TEST_CLOCK.toLowerCase());
  return env.NODE_ENV === "production" && !testClock;
}

function readFileIfAny(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The master key: the environment's; on PGlite one generated into DATA_DIR (single folder); else see docs. */
function resolveMasterKey(database: Database, opts: LoadOptions, needed: SecretSpec[]): { current: MasterKey; previous: MasterKey[] } {
  const env = opts.env ?? process.env;
  const previous = (env[MASTER_KEY_PREVIOUS_ENV] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(deriveMasterKey);
  const given = env[MASTER_KEY_ENV]?.trim();
  if (given) {
    if (given.length < 32) throw new SecretsConfigError(`${MASTER_KEY_ENV} debe tener al menos 32 caracteres / ${MASTER_KEY_ENV} must be at least 32 characters long`);
    return { current: deriveMasterKey(given), previous };
  }
  if (database.kind === "pglite") {
    const dir = path.join(opts.dataDir, "secrets");
    const file = path.join(dir, "master-key");
    let value = readFileIfAny(file);
    if (!value) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      try {
        fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
      } catch {
        // another process wrote it first: read theirs
      }
      value = fs.readFileSync(file, "utf8");
    }
    return { current: deriveMasterKey(value.trim()), previous };
  }
  if (opts.production ?? isProductionMode(env)) {
    throw new SecretsConfigError(
      [
        `Falta ${MASTER_KEY_ENV}: con PostgreSQL los secretos generados (${needed.map((s) => s.env).join(", ")}) se guardan cifrados en la base de datos con esa clave maestra.`,
        `Defina ${MASTER_KEY_ENV} (32+ caracteres aleatorios, la misma en todas las instancias) o dé cada secreto en el entorno.`,
        `Missing ${MASTER_KEY_ENV}: on PostgreSQL the generated secrets (${needed.map((s) => s.env).join(", ")}) are stored in the database encrypted with that master key.`,
        `Set ${MASTER_KEY_ENV} (32+ random characters, the same on every instance) or give each secret in the environment.`,
      ].join("\n"),
    );
  }
  opts.warn?.("secrets_development_master_key", { detail: `${MASTER_KEY_ENV} is not set: secrets in the database use the development master key` });
  return { current: deriveMasterKey(DEVELOPMENT_MASTER_KEY), previous };
}

/**
 * Loads every secret into the process cache: environment first; otherwise the stored row, created once with
 * INSERT ... ON CONFLICT DO NOTHING and re-read, so instances starting together agree on the first value.
 * A value left in DATA_DIR/secrets by an older version is adopted (existing sessions and card data survive).
 */
export async function loadSecrets(database: Database, opts: LoadOptions): Promise<void> {
  const env = opts.env ?? process.env;
  const cache = new Map<string, string>();
  const fromDb = SECRET_SPECS.filter((s) => !(env[s.env] && env[s.env]!.length > 0));
  for (const s of SECRET_SPECS) if (!fromDb.includes(s)) cache.set(s.name, s.fromEnv ? s.fromEnv(env[s.env]!) : env[s.env]!);
  if (fromDb.length > 0) {
    const mk = resolveMasterKey(database, opts, fromDb);
    const keys = [mk.current, ...mk.previous];
    const read = async () =>
      new Map(
        (await database.sql.query<{ name: string; value: string; key_id: string }>(`SELECT name, value, key_id FROM system_secrets WHERE name = ANY($1::text[])`, [
          fromDb.map((s) => s.name),
        ])).map((r) => [r.name, r]),
      );
    let rows = await read();
    const missing = fromDb.filter((s) => !rows.has(s.name));
    for (const s of missing) {
      const legacy = readFileIfAny(path.join(opts.dataDir, "secrets", s.name));
      const value = legacy && legacy.length > 0 ? legacy : s.generate();
      await database.sql.query(`INSERT INTO system_secrets (name, value, key_id) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, [
        s.name,
        encryptSecret(mk.current, s.name, value),
        mk.current.id,
      ]);
    }
    if (missing.length > 0) rows = await read();
    for (const s of fromDb) {
      const row = rows.get(s.name)!;
      const key = keys.find((k) => k.id === row.key_id);
      if (!key) {
        throw new SecretsConfigError(
          `El secreto ${s.name} está cifrado con otra clave maestra (id ${row.key_id}); ${MASTER_KEY_ENV} tiene id ${mk.current.id}. Use la misma clave en todas las instancias o pase la anterior en ${MASTER_KEY_PREVIOUS_ENV}. / ` +
            `Secret ${s.name} is encrypted with another master key (id ${row.key_id}); ${MASTER_KEY_ENV} has id ${mk.current.id}.`,
        );
      }
      const value = decryptSecret(key, s.name, row.value);
      if (key !== mk.current) {
        // Rotation: re-encrypt under the current key, only if nobody did it first.
        await database.sql.query(`UPDATE system_secrets SET value = $2, key_id = $3 WHERE name = $1 AND key_id = $4`, [
          s.name,
          encryptSecret(mk.current, s.name, value),
          mk.current.id,
          key.id,
        ]);
      }
      cache.set(s.name, value);
    }
  }
  g.__hbSecrets = cache;
}

export function secretsLoaded(): boolean {
  return g.__hbSecrets !== undefined;
}

/** Drops the cache (tests that reopen another database). */
export function resetSecrets() {
  g.__hbSecrets = undefined;
}

/** A loaded secret. Unit tests (no database) get a random value per process. */
export function secret(name: SecretName): string {
  const cache = g.__hbSecrets;
  const v = cache?.get(name);
  if (v !== undefined) return v;
  if (process.env.VITEST) {
    const spec = SECRET_SPECS.find((s) => s.name === name)!;
    const fromEnv = process.env[spec.env];
    const value = fromEnv ? (spec.fromEnv ? spec.fromEnv(fromEnv) : fromEnv) : spec.generate();
    (g.__hbSecrets ??= new Map()).set(name, value);
    return value;
  }
  throw new Error(`secret ${name} requested before loadSecrets() ran at start`);
}

/** Session signing secret: AUTH_SECRET, or the one stored once in the database. */
export function authSecret(): string {
  return secret("auth-secret");
}
