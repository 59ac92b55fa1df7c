// Card data arrives as base64(RSA-OAEP-SHA256(utf-8 text)) per field (docs/decisions.md 7.1). The private
// key comes from CARD_ENCRYPTION_PRIVATE_KEY or is generated once into the database (lib/secrets/store.ts).
import crypto from "node:crypto";
import { secret } from "@/lib/secrets/store";
import type { PublicJwk } from "./schema";

export interface CardKey {
  kid: string;
  privateKey: crypto.KeyObject;
  publicPem: string;
  jwk: PublicJwk;
}

let cached: { pem: string; key: CardKey } | null = null;

function loadPem(): string {
  return secret("card-encryption-key.pem");
}

export function cardKey(): CardKey {
  const pem = loadPem();
  if (cached && cached.pem === pem) return cached.key;
  const privateKey = crypto.createPrivateKey(pem);
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (privateKey.asymmetricKeyType !== "rsa" || bits < 2048) {
    throw new Error("CARD_ENCRYPTION_PRIVATE_KEY debe ser una clave RSA de 2048 bits o más");
  }
  const publicKey = crypto.createPublicKey(privateKey);
  const der = publicKey.export({ type: "spki", format: "der" });
  const kid = crypto.createHash("sha256").update(der).digest("base64url").slice(0, 16);
  const { n, e } = publicKey.export({ format: "jwk" });
  if (!n || !e) throw new Error("la clave pública RSA no tiene módulo o exponente");
  const jwk: PublicJwk = { kty: "RSA", n, e, kid, alg: "RSA-OAEP-256", use: "enc" };
  const key: CardKey = { kid, privateKey, publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(), jwk };
  cached = { pem, key };
  return key;
}

export class CardDecryptError extends Error {}

const BASE64 = /^[A-Za-z0-9+/\-_]+={0,2}$/;

/** Decrypts one card_item field; throws CardDecryptError on anything that is not our ciphertext. */
export function decryptCardField(value: string): string {
  const key = cardKey();
  const compact = value.replace(/\s+/g, "");
  if (!BASE64.test(compact)) throw new CardDecryptError("no es base64");
  const buf = Buffer.from(compact.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  const size = (key.privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  if (buf.length !== size) throw new CardDecryptError("longitud incorrecta");
  try {
    return crypto
      .privateDecrypt({ key: key.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, buf)
      .toString("utf8");
  } catch {
    throw new CardDecryptError("no se pudo descifrar");
  }
}

/** What a client does (tests, scripts): encrypt a field with the public key. */
export function encryptCardField(plain: string, publicPem = cardKey().publicPem): string {
  return crypto
    .publicEncrypt({ key: publicPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(plain, "utf8"))
    .toString("base64");
}
