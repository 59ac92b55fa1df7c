// Standard Webhooks signatures (docs/decisions.md 8.2): HMAC-SHA256 of "{id}.{timestamp}.{body}"
// keyed with the decoded base64 part of the agency's `whsec_` secret.
import crypto from "node:crypto";

export function generateWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("base64")}`;
}

export function signatureKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

/** The `webhook-signature` header value: `v1,<base64>`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac("sha256", signatureKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export function newDeliveryId(): string {
  return `msg_${crypto.randomBytes(16).toString("base64url")}`;
}
