// Start-up with PAYMENT_GATEWAY=wompi and a key missing: the instance refuses to start before it opens the
// database, printing which variable is missing in Spanish and English and no value.
import { afterAll, describe, expect, it, vi } from "vitest";
import { GatewayConfigError } from "@/lib/config/payment-gateway";
import { startService } from "./startup";

const KEYS = ["PAYMENT_GATEWAY", "WOMPI_PUBLIC_KEY", "WOMPI_PRIVATE_KEY", "WOMPI_EVENTS_SECRET", "WOMPI_INTEGRITY_SECRET"];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

afterAll(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  process.exitCode = 0;
});

describe("start-up with a half-configured Wompi", () => {
  it("does not start, and says what is missing in both languages without any value", async () => {
    Object.assign(process.env, { PAYMENT_GATEWAY: "wompi", WOMPI_PUBLIC_KEY: "pub_prod_VISIBLEPUBLIC", WOMPI_PRIVATE_KEY: "prv_prod_HIDDENPRIVATE000" });
    delete process.env.WOMPI_EVENTS_SECRET;
    delete process.env.WOMPI_INTEGRITY_SECRET;
    const printed: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void printed.push(a.join(" ")));
    try {
      await expect(startService()).rejects.toBeInstanceOf(GatewayConfigError);
    } finally {
      spy.mockRestore();
    }
    expect(process.exitCode).toBe(1);
    const out = printed.join("\n");
    expect(out).toContain("Falta configuración de Wompi (PAYMENT_GATEWAY=wompi): WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET");
    expect(out).toContain("Missing Wompi settings (PAYMENT_GATEWAY=wompi): WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET");
    expect(out).not.toContain("HIDDENPRIVATE");
  });
});
