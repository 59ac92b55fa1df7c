// lib/gateways/index.ts builds the gateway the settings ask for: the sandbox by default, Wompi with its keys,
// and a misconfiguration is an error (start-up reports it before serving).
import { afterEach, describe, expect, it } from "vitest";
import { GatewayConfigError } from "@/lib/config/payment-gateway";
import { paymentGateway, setPaymentGateway } from "./index";

const KEYS = ["PAYMENT_GATEWAY", "WOMPI_PUBLIC_KEY", "WOMPI_PRIVATE_KEY", "WOMPI_EVENTS_SECRET", "WOMPI_INTEGRITY_SECRET", "WOMPI_API_URL"];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  setPaymentGateway(undefined);
});

describe("the payment gateway in use", () => {
  it("is the sandbox unless told otherwise", () => {
    delete process.env.PAYMENT_GATEWAY;
    setPaymentGateway(undefined);
    expect(paymentGateway()).toMatchObject({ name: "sandbox", sandbox: true });
  });

  it("is Wompi with PAYMENT_GATEWAY=wompi and its four keys; not a sandbox (no simulate controls)", () => {
    Object.assign(process.env, {
      PAYMENT_GATEWAY: "wompi",
      WOMPI_PUBLIC_KEY: "pub_test_x",
      WOMPI_PRIVATE_KEY: "prv_test_x",
      WOMPI_EVENTS_SECRET: "test_events_x",
      WOMPI_INTEGRITY_SECRET: "test_integrity_x",
    });
    setPaymentGateway(undefined);
    const g = paymentGateway();
    expect(g).toMatchObject({ name: "wompi", sandbox: false });
    expect(g.simulate).toBeUndefined();
  });

  it("refuses to build a half-configured Wompi", () => {
    process.env.PAYMENT_GATEWAY = "wompi";
    delete process.env.WOMPI_PRIVATE_KEY;
    setPaymentGateway(undefined);
    expect(() => paymentGateway()).toThrow(GatewayConfigError);
  });
});
