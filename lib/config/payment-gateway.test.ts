// PAYMENT_GATEWAY and Wompi's keys: the sandbox by default; with Wompi, a missing or mismatched key stops the
// start with a message in Spanish and English that names the variable and never shows a value.
import { describe, expect, it } from "vitest";
import { GatewayConfigError, paymentGatewayMode, paymentGatewaySettings } from "./payment-gateway";

const test = {
  PAYMENT_GATEWAY: "wompi",
  WOMPI_PUBLIC_KEY: "pub_test_Q5yDA9xoKdePzhSGeVe9HAez7HgGORGf",
  WOMPI_PRIVATE_KEY: "prv_test_SECRETPRIVATEVALUE123456",
  WOMPI_EVENTS_SECRET: "test_events_SECRETEVENTSVALUE123",
  WOMPI_INTEGRITY_SECRET: "test_integrity_SECRETINTEGRITY12",
};
const prod = {
  PAYMENT_GATEWAY: "wompi",
  WOMPI_PUBLIC_KEY: "pub_prod_AAAAAAAAAAAAAAAAAAAA",
  WOMPI_PRIVATE_KEY: "prv_prod_SECRETPRIVATEVALUE123456",
  WOMPI_EVENTS_SECRET: "prod_events_SECRETEVENTSVALUE123",
  WOMPI_INTEGRITY_SECRET: "prod_integrity_SECRETINTEGRITY12",
};
const SECRET_PARTS = ["SECRETPRIVATEVALUE", "SECRETEVENTSVALUE", "SECRETINTEGRITY"];

function errorOf(env: Record<string, string | undefined>): string {
  try {
    paymentGatewaySettings(env);
  } catch (e) {
    expect(e).toBeInstanceOf(GatewayConfigError);
    const m = (e as Error).message;
    for (const s of SECRET_PARTS) expect(m).not.toContain(s);
    const [es, en] = m.split("\n");
    expect(es).toBeTruthy();
    expect(en).toBeTruthy();
    return m;
  }
  throw new Error("expected a GatewayConfigError");
}

describe("payment gateway settings", () => {
  it("is the sandbox when nothing is said, needing nothing", () => {
    expect(paymentGatewaySettings({})).toEqual({ kind: "sandbox" });
    expect(paymentGatewaySettings({ PAYMENT_GATEWAY: " Sandbox " })).toEqual({ kind: "sandbox" });
    expect(paymentGatewayMode({})).toBe("sandbox");
  });

  it("Wompi with test keys talks to Wompi's sandbox, with production keys to production", () => {
    expect(paymentGatewaySettings(test)).toMatchObject({ kind: "wompi", mode: "test", apiUrl: "https://sandbox.wompi.co/v1" });
    expect(paymentGatewaySettings(prod)).toMatchObject({ kind: "wompi", mode: "production", apiUrl: "https://production.wompi.co/v1" });
    expect(paymentGatewaySettings({ ...test, WOMPI_API_URL: "http://127.0.0.1:3920/v1/" })).toMatchObject({ apiUrl: "http://127.0.0.1:3920/v1" });
    expect(paymentGatewayMode(test)).toBe("wompi-test");
    expect(paymentGatewayMode(prod)).toBe("wompi-production");
  });

  it("names every missing variable at once, in Spanish and English", () => {
    const m = errorOf({ PAYMENT_GATEWAY: "wompi", WOMPI_PUBLIC_KEY: test.WOMPI_PUBLIC_KEY, WOMPI_EVENTS_SECRET: "  " });
    expect(m).toMatch(/^Falta configuración de Wompi \(PAYMENT_GATEWAY=wompi\): WOMPI_PRIVATE_KEY, WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET/);
    expect(m).toMatch(/\nMissing Wompi settings \(PAYMENT_GATEWAY=wompi\): WOMPI_PRIVATE_KEY, WOMPI_EVENTS_SECRET, WOMPI_INTEGRITY_SECRET/);
    expect(paymentGatewayMode({ PAYMENT_GATEWAY: "wompi" })).toBe("misconfigured");
  });

  it("refuses an unknown gateway, a public key that is not one, and sandbox and production keys mixed", () => {
    expect(errorOf({ PAYMENT_GATEWAY: "payu" })).toMatch(/PAYMENT_GATEWAY debe ser "sandbox" o "wompi"/);
    expect(errorOf({ ...test, WOMPI_PUBLIC_KEY: "prv_test_SECRETPRIVATEVALUE123456" })).toMatch(/WOMPI_PUBLIC_KEY debe empezar por pub_test_/);
    expect(errorOf({ ...test, WOMPI_PRIVATE_KEY: prod.WOMPI_PRIVATE_KEY })).toMatch(/WOMPI_PRIVATE_KEY debe empezar por prv_test_/);
    expect(errorOf({ ...prod, WOMPI_EVENTS_SECRET: test.WOMPI_EVENTS_SECRET })).toMatch(/WOMPI_EVENTS_SECRET es de pruebas/);
    expect(errorOf({ ...test, WOMPI_INTEGRITY_SECRET: prod.WOMPI_INTEGRITY_SECRET })).toMatch(/WOMPI_INTEGRITY_SECRET es de producción/);
    // A secret in a format Wompi may adopt later is accepted.
    expect(paymentGatewaySettings({ ...test, WOMPI_EVENTS_SECRET: "some_new_format_value" })).toMatchObject({ kind: "wompi" });
  });

  it("refuses an API URL that cannot work with the keys", () => {
    expect(errorOf({ ...prod, WOMPI_API_URL: "https://sandbox.wompi.co/v1" })).toMatch(/no corresponde a las llaves de producción/);
    expect(errorOf({ ...test, WOMPI_API_URL: "https://production.wompi.co/v1" })).toMatch(/no corresponde a las llaves de pruebas/);
    expect(errorOf({ ...prod, WOMPI_API_URL: "http://production.wompi.co/v1" })).toMatch(/debe ser https/);
    expect(errorOf({ ...test, WOMPI_API_URL: "ftp://x/v1" })).toMatch(/https/);
    expect(errorOf({ ...test, WOMPI_API_URL: "not a url" })).toMatch(/no es una URL válida/);
  });
});
