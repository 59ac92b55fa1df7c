// The card issuer behind virtual cards (spec 4.6). Real issuers plug in behind `CardIssuer`; the built-in
// sandbox issuer makes Luhn-valid numbers and keeps number and CVC AES-256-GCM encrypted at rest.
import crypto from "node:crypto";
import { secret } from "@/lib/secrets/store";

export interface IssuedCard {
  subaccountId: string;
  brand: string;
  lastFour: string;
  expMonth: number;
  expYear: number;
  /** Keyed hash (cardNumberHash) of the PAN digits: how the payments gateway recognises one of our virtual cards. */
  numberHash: string;
  numberEncrypted: string;
  cvcEncrypted: string;
}

export interface SandboxCardDetails {
  number: string;
  cvc: string;
  exp_month: number;
  exp_year: number;
}

export interface CardIssuer {
  readonly name: string;
  readonly sandbox: boolean;
  issue(input: { accountHolderId: string; expiration: string }): Promise<IssuedCard>;
  /** Only the sandbox can show a full number; real issuers return null. */
  sandboxDetails(card: { numberEncrypted: string; cvcEncrypted: string; expMonth: number; expYear: number }): SandboxCardDetails | null;
}

/** Sandbox BIN: outside the payment sandbox's test cards (4242..., 4000 0000 ...). */
export const SANDBOX_BIN = "400012";

export function luhnCheckDigit(partial: string): number {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    let d = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * HMAC-SHA256 of the PAN digits keyed with the card-hash secret: a database dump alone (BIN + last four known)
 * cannot be brute-forced back to the number without the key, which lives encrypted in system_secrets.
 */
export function cardNumberHash(pan: string): string {
  return crypto.createHmac("sha256", cardHashKey()).update(pan.replace(/\D/g, ""), "utf8").digest("hex");
}

let hashKeyCache: { b64: string; key: Buffer } | null = null;
function cardHashKey(): Buffer {
  const b64 = secret("card-hash-key");
  if (hashKeyCache?.b64 !== b64) hashKeyCache = { b64, key: Buffer.from(b64.trim(), "base64") };
  if (hashKeyCache.key.length < 32) throw new Error("CARD_HASH_KEY must be at least 32 bytes (base64)");
  return hashKeyCache.key;
}

function randomDigits(n: number): string {
  let s = "";
  while (s.length < n) s += crypto.randomInt(0, 10).toString();
  return s;
}

function encryptionKey(): Buffer {
  const b64 = secret("virtual-card-key");
  const key = Buffer.from(b64.trim(), "base64");
  if (key.length !== 32) throw new Error("virtual-card-key must be 32 bytes (base64)");
  return key;
}

export function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), ct]).toString("base64")}`;
}

export function unseal(sealed: string): string {
  if (!sealed.startsWith("v1:")) throw new Error("unknown sealed format");
  const raw = Buffer.from(sealed.slice(3), "base64");
  const decipher = crypto.createDecipheriv("aes-256-gcm", encryptionKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}

export const sandboxIssuer: CardIssuer = {
  name: "sandbox",
  sandbox: true,
  async issue({ accountHolderId, expiration }) {
    const partial = SANDBOX_BIN + randomDigits(9);
    const pan = partial + luhnCheckDigit(partial);
    const cvc = randomDigits(3);
    return {
      subaccountId: `sub_${accountHolderId}`,
      brand: "visa",
      lastFour: pan.slice(-4),
      expMonth: Number(expiration.slice(5, 7)),
      expYear: Number(expiration.slice(0, 4)),
      numberHash: cardNumberHash(pan),
      numberEncrypted: seal(pan),
      cvcEncrypted: seal(cvc),
    };
  },
  sandboxDetails(card) {
    return { number: unseal(card.numberEncrypted), cvc: unseal(card.cvcEncrypted), exp_month: card.expMonth, exp_year: card.expYear };
  },
};

export function cardIssuer(): CardIssuer {
  return sandboxIssuer;
}
