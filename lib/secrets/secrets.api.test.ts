// Secrets generated once into the database, encrypted under the master key, agreed on by every instance; and
// the keyed card-number hash with its upgrade of legacy (unkeyed) rows.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import { addDays, bogotaDate } from "@/lib/time";
import { loadSecrets, secret, SecretsConfigError, SECRET_SPECS, deriveMasterKey } from "./store";
import { cardNumberHash, seal } from "@/lib/gateways/card-issuer";
import { upgradeCardHashes } from "@/lib/gateways/card-hash-upgrade";
import { config } from "@/lib/config";

let api: TestServer;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "hb-secrets-"));
const MK = "test-master-key-0123456789-abcdefghij";
const noEnvSecrets = () => {
  const env: NodeJS.ProcessEnv = { NODE_ENV: "test" };
  return env;
};
/** Back to this suite's own secrets (each test leaves rows under its own master key). */
const reload = async () => {
  await api.db.sql.query(`DELETE FROM system_secrets`);
  await loadSecrets(api.db, { dataDir: config().dataDir, production: false });
};

async function snapshot() {
  return Object.fromEntries(SECRET_SPECS.map((s) => [s.name, secret(s.name)]));
}

describe("system secrets", () => {
  it("two instances with their own empty DATA_DIR and one master key agree on every secret", async () => {
    await api.db.sql.query(`DELETE FROM system_secrets`);
    const env = { ...noEnvSecrets(), SECRETS_MASTER_KEY: MK };
    await Promise.all([
      loadSecrets(api.db, { dataDir: tmpDir(), env, production: true }),
      loadSecrets({ ...api.db }, { dataDir: tmpDir(), env, production: true }),
    ]);
    const first = await snapshot();
    await loadSecrets(api.db, { dataDir: tmpDir(), env, production: true });
    expect(await snapshot()).toEqual(first);
    const rows = await api.db.sql.query<{ name: string; value: string; key_id: string }>(`SELECT name, value, key_id FROM system_secrets ORDER BY name`);
    expect(rows.map((r) => r.name)).toEqual(SECRET_SPECS.map((s) => s.name).sort());
    for (const r of rows) {
      expect(r.key_id).toBe(deriveMasterKey(MK).id);
      expect(r.value).not.toContain(first[r.name as keyof typeof first].slice(0, 40));
    }
    await reload();
  });

  it("refuses a different master key with a message naming the variable", async () => {
    await api.db.sql.query(`DELETE FROM system_secrets`);
    await loadSecrets(api.db, { dataDir: tmpDir(), env: { SECRETS_MASTER_KEY: MK }, production: true });
    const wrong = loadSecrets(api.db, { dataDir: tmpDir(), env: { SECRETS_MASTER_KEY: "another-master-key-0123456789-abcdefg" }, production: true });
    await expect(wrong).rejects.toBeInstanceOf(SecretsConfigError);
    await expect(wrong).rejects.toThrow(/SECRETS_MASTER_KEY_PREVIOUS/);
    // Rotation: the old key as previous re-encrypts under the new one, values unchanged.
    const before = await snapshot();
    const NEW = "rotated-master-key-0123456789-abcdefgh";
    await loadSecrets(api.db, { dataDir: tmpDir(), env: { SECRETS_MASTER_KEY: NEW, SECRETS_MASTER_KEY_PREVIOUS: MK }, production: true });
    expect(await snapshot()).toEqual(before);
    const ids = await api.db.sql.query<{ key_id: string }>(`SELECT DISTINCT key_id FROM system_secrets`);
    expect(ids).toEqual([{ key_id: deriveMasterKey(NEW).id }]);
    await reload();
  });

  it("production without a master key: PostgreSQL refuses to start; PGlite keeps one in its own folder", async () => {
    await api.db.sql.query(`DELETE FROM system_secrets`);
    const dir = tmpDir();
    const attempt = loadSecrets(api.db, { dataDir: dir, env: {}, production: true });
    if (api.db.kind === "postgres") {
      await expect(attempt).rejects.toThrow(/Falta SECRETS_MASTER_KEY[\s\S]*Missing SECRETS_MASTER_KEY/);
      // Every secret given in the environment needs no master key at all.
      const all = Object.fromEntries(SECRET_SPECS.map((s) => [s.env, s.name === "card-encryption-key.pem" ? s.generate() : crypto.randomBytes(32).toString("base64")]));
      await loadSecrets(api.db, { dataDir: dir, env: all, production: true });
      expect(secret("auth-secret")).toBe(all.AUTH_SECRET);
      expect(await api.db.sql.query(`SELECT name FROM system_secrets`)).toEqual([]);
    } else {
      await attempt;
      expect(fs.existsSync(path.join(dir, "secrets", "master-key"))).toBe(true);
    }
    await reload();
  });

  it("environment values win and are never stored; a value left in DATA_DIR/secrets by an older version is adopted", async () => {
    await api.db.sql.query(`DELETE FROM system_secrets`);
    const dir = tmpDir();
    fs.mkdirSync(path.join(dir, "secrets"));
    const legacyKey = crypto.randomBytes(32).toString("base64");
    fs.writeFileSync(path.join(dir, "secrets", "virtual-card-key"), legacyKey);
    await loadSecrets(api.db, { dataDir: dir, env: { SECRETS_MASTER_KEY: MK, AUTH_SECRET: "from-the-environment" }, production: true });
    expect(secret("auth-secret")).toBe("from-the-environment");
    expect(secret("virtual-card-key")).toBe(legacyKey);
    const names = (await api.db.sql.query<{ name: string }>(`SELECT name FROM system_secrets`)).map((r) => r.name);
    expect(names).not.toContain("auth-secret");
    expect(names).toContain("virtual-card-key");
    // Another instance without the file reads the adopted value from the database.
    await loadSecrets(api.db, { dataDir: tmpDir(), env: { SECRETS_MASTER_KEY: MK }, production: true });
    expect(secret("virtual-card-key")).toBe(legacyKey);
    await reload();
  });
});

describe("card-number hashes", () => {
  async function issueCard() {
    const { agency, key } = await agencyWithKey(api.db);
    const holder = await apiClient(api, OPERATOR_KEY).POST("/v1/virtual-cards/account-holders", { body: {
        agency_id: agency.id, first_name: "Laura", last_name: "Gómez", nacionality: "CO", person_type: "natural", document_number: "1020304050", document_type: "CC",
        birthdate: "1988-04-12", email: "laura@agencia.co", phone_number: "+573001234567", address: "Calle 10 # 5-20", city: "Cartagena", state: "Bolívar", country: "CO", zip_code: "130001",
      } });
    expect(holder.response.status).toBe(201);
    const org = await apiClient(api, key).POST("/v1/virtual-cards/organizations", { body: { name: `Org ${agency.id}`, description: "x" } });
    const today = bogotaDate(new Date());
    const card = await apiClient(api, key).POST("/v1/virtual-cards", { body: { card_name: "Laura", activation: addDays(today, 1), expiration: addDays(today, 30), organization_id: org.data!.id, one_time_use: false, nickname: "n", destination: { external_id: "h", name: "Hotel", email: "h@x.co" }, external_reference: "r" } });
    expect(card.response.status).toBe(200);
    const details = await apiClient(api, key).GET("/v1/virtual-cards/{card_id}/sandbox-details", { params: { path: { card_id: card.data!.data.card_id } } });
    return { id: card.data!.data.card_id, pan: details.data!.number };
  }

  it("a database dump alone cannot confirm a number: the stored hash needs the key", async () => {
    const { id, pan } = await issueCard();
    const row = (await api.db.sql.query<{ number_hash: string; hash_version: number }>(`SELECT number_hash, hash_version FROM virtual_cards WHERE id = $1`, [id]))[0];
    expect(row.hash_version).toBe(1);
    // What an attacker with the dump, the BIN and the last four would try: every candidate through sha256.
    const bin = pan.slice(0, 6);
    const last4 = pan.slice(-4);
    const sha = (p: string) => crypto.createHash("sha256").update(p).digest("hex");
    expect(sha(pan)).not.toBe(row.number_hash);
    expect(pan.startsWith(bin) && pan.endsWith(last4)).toBe(true);
    // Another key gives another hash; only the stored key reproduces it.
    expect(crypto.createHmac("sha256", crypto.randomBytes(32)).update(pan).digest("hex")).not.toBe(row.number_hash);
    expect(cardNumberHash(pan)).toBe(row.number_hash);
  });

  it("legacy unkeyed rows are rehashed at start from their encrypted number; undecryptable ones lose the unkeyed hash", async () => {
    const { id, pan } = await issueCard();
    const legacy = crypto.createHash("sha256").update(pan).digest("hex");
    await api.db.sql.query(`UPDATE virtual_cards SET number_hash = $2, hash_version = 0 WHERE id = $1`, [id, legacy]);
    const broken = await issueCard();
    await api.db.sql.query(`UPDATE virtual_cards SET number_hash = $2, hash_version = 0, number_encrypted = $3 WHERE id = $1`, [
      broken.id,
      crypto.createHash("sha256").update(broken.pan).digest("hex"),
      seal("x").replace(/.{4}$/, "AAAA"),
    ]);
    const summary = await Promise.all([upgradeCardHashes(api.db), upgradeCardHashes({ ...api.db })]);
    expect(summary.reduce((n, s) => n + s.rehashed, 0)).toBe(1);
    expect(summary.reduce((n, s) => n + s.unrecoverable, 0)).toBe(1);
    const rows = await api.db.sql.query<{ id: string; number_hash: string; hash_version: number }>(`SELECT id, number_hash, hash_version FROM virtual_cards WHERE id = ANY($1::text[])`, [[id, broken.id]]);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[id]).toMatchObject({ number_hash: cardNumberHash(pan), hash_version: 1 });
    expect(byId[broken.id]).toMatchObject({ number_hash: `unrecoverable:${broken.id}`, hash_version: -1 });
    // Payments recognise the upgraded card by its number again.
    const found = await api.db.prisma.virtualCard.findUnique({ where: { numberHash: cardNumberHash(pan) } });
    expect(found?.id).toBe(id);
    const leftovers = await api.db.sql.query(`SELECT id FROM virtual_cards WHERE hash_version = 0`);
    expect(leftovers).toEqual([]);
  });
});
