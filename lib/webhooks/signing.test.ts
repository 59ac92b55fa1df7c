import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { generateWebhookSecret, signWebhook, newDeliveryId } from "./signing";
import { retryDelayMs, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "./retry";

describe("signWebhook", () => {
  it("produces a signature the standardwebhooks package verifies, and that another secret rejects", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const id = newDeliveryId();
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ event: "webhook.test", n: 1 });
    const headers = { "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signWebhook(secret, id, ts, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ event: "webhook.test", n: 1 });
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("1", "2"), headers)).toThrow();
  });

  it("matches the package's own signature for the same input", () => {
    const secret = generateWebhookSecret();
    const at = new Date(1_790_000_000_000);
    const ts = Math.floor(at.getTime() / 1000);
    expect(signWebhook(secret, "msg_x", ts, "{}")).toBe(new Webhook(secret).sign("msg_x", at, "{}"));
  });
});

describe("retryDelayMs", () => {
  it("grows, stays within ±10 % jitter, covers more than 24 h and then stops", () => {
    let total = 0;
    let previous = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const low = retryDelayMs(attempt, () => 0)!;
      const high = retryDelayMs(attempt, () => 1)!;
      expect(low).toBe(Math.round(RETRY_DELAYS_MS[attempt - 1] * 0.9));
      expect(high).toBe(Math.round(RETRY_DELAYS_MS[attempt - 1] * 1.1));
      expect(low).toBeGreaterThan(previous);
      previous = low;
      total += low;
    }
    expect(total).toBeGreaterThan(24 * 3_600_000);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
  });
});
