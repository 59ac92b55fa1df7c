// Which payment gateway serves payments (README "Settings"; docs/going-live.md): the built-in sandbox unless
// PAYMENT_GATEWAY=wompi, which needs Wompi's four keys. A missing or mismatched one stops the start with a
// message in Spanish and English that names the variable, never its value.

export class GatewayConfigError extends Error {}

export interface WompiSettings {
  /** `test` for pub_test_ keys (Wompi's sandbox), `production` for pub_prod_ keys (real money). */
  mode: "test" | "production";
  /** API base including /v1. */
  apiUrl: string;
  publicKey: string;
  privateKey: string;
  eventsSecret: string;
  integritySecret: string;
  /** WOMPI_CUSTOMER_EMAIL: sent to Wompi (which requires an e-mail) when the payer gave none; optional. */
  customerEmail?: string;
}

export type PaymentGatewaySettings = { kind: "sandbox" } | ({ kind: "wompi" } & WompiSettings);

export const WOMPI_SANDBOX_URL = "https://sandbox.wompi.co/v1";
export const WOMPI_PRODUCTION_URL = "https://production.wompi.co/v1";

const WOMPI_VARS = ["WOMPI_PUBLIC_KEY", "WOMPI_PRIVATE_KEY", "WOMPI_EVENTS_SECRET", "WOMPI_INTEGRITY_SECRET"] as const;

const fail = (es: string, en: string) => new GatewayConfigError(`${es}\n${en}`);

/** The gateway settings from the environment; throws GatewayConfigError when they cannot work. */
export function paymentGatewaySettings(env: Record<string, string | undefined> = process.env): PaymentGatewaySettings {
  const chosen = (env.PAYMENT_GATEWAY ?? "").trim().toLowerCase() || "sandbox";
  if (chosen === "sandbox") return { kind: "sandbox" };
  if (chosen !== "wompi") {
    throw fail(
      `PAYMENT_GATEWAY debe ser "sandbox" o "wompi".`,
      `PAYMENT_GATEWAY must be "sandbox" or "wompi".`,
    );
  }
  const value = (name: string) => (env[name] ?? "").trim();
  const missing = WOMPI_VARS.filter((v) => value(v) === "");
  if (missing.length > 0) {
    throw fail(
      `Falta configuración de Wompi (PAYMENT_GATEWAY=wompi): ${missing.join(", ")}. Cópielas del panel de comercios de Wompi (Desarrolladores > Llaves y secretos) o use PAYMENT_GATEWAY=sandbox. Pasos: docs/going-live.md.`,
      `Missing Wompi settings (PAYMENT_GATEWAY=wompi): ${missing.join(", ")}. Copy them from Wompi's merchant dashboard (Developers > Keys and secrets) or use PAYMENT_GATEWAY=sandbox. Steps: docs/going-live.md.`,
    );
  }
  const publicKey = value("WOMPI_PUBLIC_KEY");
  const privateKey = value("WOMPI_PRIVATE_KEY");
  const eventsSecret = value("WOMPI_EVENTS_SECRET");
  const integritySecret = value("WOMPI_INTEGRITY_SECRET");
  const mode = publicKey.startsWith("pub_prod_") ? "production" : publicKey.startsWith("pub_test_") ? "test" : null;
  if (!mode) {
    throw fail(
      `WOMPI_PUBLIC_KEY debe empezar por pub_test_ (pruebas) o pub_prod_ (producción): es la llave pública del panel de Wompi.`,
      `WOMPI_PUBLIC_KEY must start with pub_test_ (sandbox) or pub_prod_ (production): it is the public key from Wompi's dashboard.`,
    );
  }
  const env_ = mode === "production" ? "prod" : "test";
  const other = mode === "production" ? "test" : "prod";
  const es = mode === "production" ? "producción" : "pruebas";
  if (!privateKey.startsWith(`prv_${env_}_`)) {
    throw fail(
      `WOMPI_PRIVATE_KEY debe empezar por prv_${env_}_ (llaves de ${es}, como WOMPI_PUBLIC_KEY); no mezcle llaves de pruebas y de producción.`,
      `WOMPI_PRIVATE_KEY must start with prv_${env_}_ (the same environment as WOMPI_PUBLIC_KEY); do not mix sandbox and production keys.`,
    );
  }
  // The secrets' prefixes (test_events_, prod_integrity_ ...) are checked only for the classic mistake:
  // a secret of the other environment. An unknown format is accepted (Wompi may change it).
  for (const [name, secret] of [["WOMPI_EVENTS_SECRET", eventsSecret], ["WOMPI_INTEGRITY_SECRET", integritySecret]] as const) {
    if (secret.startsWith(`${other}_`)) {
      throw fail(
        `${name} es de ${mode === "production" ? "pruebas" : "producción"} y WOMPI_PUBLIC_KEY de ${es}: use los secretos del mismo ambiente.`,
        `${name} belongs to the ${other === "prod" ? "production" : "sandbox"} environment but WOMPI_PUBLIC_KEY to ${mode === "production" ? "production" : "the sandbox"}: use the secrets of one environment.`,
      );
    }
  }
  const given = value("WOMPI_API_URL");
  const apiUrl = (given || (mode === "production" ? WOMPI_PRODUCTION_URL : WOMPI_SANDBOX_URL)).replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw fail(`WOMPI_API_URL no es una URL válida.`, `WOMPI_API_URL is not a valid URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw fail(`WOMPI_API_URL debe ser una URL https.`, `WOMPI_API_URL must be an https URL.`);
  }
  if (mode === "production" && url.protocol !== "https:") {
    throw fail(`Con llaves de producción WOMPI_API_URL debe ser https.`, `With production keys WOMPI_API_URL must be https.`);
  }
  if ((url.hostname === "sandbox.wompi.co" && mode === "production") || (url.hostname === "production.wompi.co" && mode === "test")) {
    throw fail(
      `WOMPI_API_URL (${url.hostname}) no corresponde a las llaves de ${es}: Wompi las rechazaría.`,
      `WOMPI_API_URL (${url.hostname}) does not match the ${mode === "production" ? "production" : "sandbox"} keys: Wompi would refuse them.`,
    );
  }
  const customerEmail = value("WOMPI_CUSTOMER_EMAIL");
  if (customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) {
    throw fail(`WOMPI_CUSTOMER_EMAIL debe ser un correo electrónico.`, `WOMPI_CUSTOMER_EMAIL must be an e-mail address.`);
  }
  return { kind: "wompi", mode, apiUrl, publicKey, privateKey, eventsSecret, integritySecret, ...(customerEmail ? { customerEmail } : {}) };
}

/** What the operator sees: sandbox, Wompi test or Wompi production. Never throws. */
export function paymentGatewayMode(env: Record<string, string | undefined> = process.env): "sandbox" | "wompi-test" | "wompi-production" | "misconfigured" {
  try {
    const s = paymentGatewaySettings(env);
    return s.kind === "sandbox" ? "sandbox" : s.mode === "production" ? "wompi-production" : "wompi-test";
  } catch {
    return "misconfigured";
  }
}
