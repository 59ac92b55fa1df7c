import { describe, expect, it } from "vitest";
import { deriveMasterKey, encryptSecret, decryptSecret, isProductionMode } from "./store";

describe("system secret sealing", () => {
  const mk = deriveMasterKey("a-master-key-of-at-least-thirty-two-characters");
  it("round-trips, and tells master keys apart by id", () => {
    const sealed = encryptSecret(mk, "auth-secret", "s3cr3t");
    expect(sealed).not.toContain("s3cr3t");
    expect(decryptSecret(mk, "auth-secret", sealed)).toBe("s3cr3t");
    expect(deriveMasterKey("a-master-key-of-at-least-thirty-two-characters").id).toBe(mk.id);
    expect(deriveMasterKey("another-master-key-of-at-least-thirty-two-chars").id).not.toBe(mk.id);
  });
  it("refuses another key, and a value copied under another name", () => {
    const sealed = encryptSecret(mk, "auth-secret", "s3cr3t");
    expect(() => decryptSecret(deriveMasterKey("another-master-key-of-at-least-thirty-two-chars"), "auth-secret", sealed)).toThrow();
    expect(() => decryptSecret(mk, "card-hash-key", sealed)).toThrow();
  });
  it("production mode is NODE_ENV=production without TEST_CLOCK", () => {
    expect(isProductionMode({ NODE_ENV: "production" } as NodeJS.ProcessEnv)).toBe(true);
    expect(isProductionMode({ NODE_ENV: "production", TEST_CLOCK: "1" } as NodeJS.ProcessEnv)).toBe(false);
    expect(isProductionMode({ NODE_ENV: "test" } as NodeJS.ProcessEnv)).toBe(false);
  });
});
