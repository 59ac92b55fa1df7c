// Settings: environment variables with working defaults (README, "Settings").
// Secrets that are not given are generated once into the database: lib/secrets/store.ts reads them (config never does).
import path from "node:path";
import { GatewayConfigError } from "./payment-gateway";

export interface Config {
  dataDir: string;
  databaseUrl: string | undefined;
  port: number;
  publicBaseUrl: string;
  operatorApiKey: string | undefined;
  cronSecret: string | undefined;
  scheduler: boolean;
  testClock: boolean;
  webhookAllowPrivate: boolean;
  demoSeed: "on" | "off" | "auto";
  /** An external channel manager's base URL (lib/gateways/http-channel-manager.ts); unset: the built-in one. */
  channelManagerUrl: string | undefined;
  /** Bearer token sent to the external channel manager, if it asks for one. */
  channelManagerToken: string | undefined;
  /** Bearer token of GET /api/metrics; unset: the route answers 404. */
  metricsToken: string | undefined;
  /** CHANNEL_MANAGER: "builtin" (default) or "channex" (docs/channel-managers.md); anything else fails start-up. */
  channelManager: string;
  /** Channex (lib/gateways/channex): API base, key (header user-api-key), the secret Channex echoes on webhooks. */
  channex: { apiUrl: string; apiKey: string | undefined; webhookSecret: string | undefined; timeoutMs: number };
}

/** A setting that makes the service unable to start; its message is already in Spanish and English (one class for every gateway). */
export const ConfigError = GatewayConfigError;

const truthy = (v: string | undefined) => v !== undefined && ["1", "true", "on", "yes"].includes(v.toLowerCase());

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000) || 3000;
  return {
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL && env.DATABASE_URL.trim() !== "" ? env.DATABASE_URL : undefined,
    port,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    operatorApiKey: env.OPERATOR_API_KEY && env.OPERATOR_API_KEY.length > 0 ? env.OPERATOR_API_KEY : undefined,
    cronSecret: env.CRON_SECRET && env.CRON_SECRET.length > 0 ? env.CRON_SECRET : undefined,
    scheduler: (env.SCHEDULER ?? "on").toLowerCase() !== "off",
    testClock: truthy(env.TEST_CLOCK),
    webhookAllowPrivate: truthy(env.WEBHOOK_ALLOW_PRIVATE),
    demoSeed: env.DEMO_SEED === undefined ? "auto" : truthy(env.DEMO_SEED) ? "on" : "off",
    channelManagerUrl: env.CHANNEL_MANAGER_URL && env.CHANNEL_MANAGER_URL.trim() !== "" ? env.CHANNEL_MANAGER_URL.trim().replace(/\/+$/, "") : undefined,
    channelManagerToken: env.CHANNEL_MANAGER_TOKEN && env.CHANNEL_MANAGER_TOKEN.length > 0 ? env.CHANNEL_MANAGER_TOKEN : undefined,
    metricsToken: env.METRICS_TOKEN && env.METRICS_TOKEN.trim().length > 0 ? env.METRICS_TOKEN.trim() : undefined,
    channelManager: (env.CHANNEL_MANAGER ?? "").trim().toLowerCase() || "builtin",
    channex: {
      apiUrl: (env.CHANNEX_API_URL?.trim() || "https://app.channex.io/api/v1").replace(/\/+$/, ""),
      apiKey: env.CHANNEX_API_KEY?.trim() || undefined,
      webhookSecret: env.CHANNEX_WEBHOOK_SECRET?.trim() || undefined,
      timeoutMs: Math.max(500, Number(env.CHANNEX_TIMEOUT_MS ?? 5000) || 5000),
    },
  };
}

/**
 * The channel-manager settings that would leave the service unable to work, checked at start-up
 * (lib/startup.ts): each problem in Spanish / English, never a secret's value. Empty when all is well.
 */
export function channelManagerProblems(cfg: Config = config()): string[] {
  const problems: string[] = [];
  if (cfg.channelManager !== "builtin" && cfg.channelManager !== "channex") {
    problems.push(`CHANNEL_MANAGER debe ser "builtin" o "channex" / CHANNEL_MANAGER must be "builtin" or "channex"`);
    return problems;
  }
  if (cfg.channelManager !== "channex") return problems;
  if (cfg.channelManagerUrl) {
    problems.push("CHANNEL_MANAGER=channex no admite CHANNEL_MANAGER_URL a la vez / CHANNEL_MANAGER=channex cannot be combined with CHANNEL_MANAGER_URL");
  }
  if (!/^https?:\/\/[^\s/]+/i.test(cfg.channex.apiUrl)) {
    problems.push("CHANNEX_API_URL debe ser una URL http(s) / CHANNEX_API_URL must be an http(s) URL");
  }
  if (!cfg.channex.apiKey) problems.push("Falta CHANNEX_API_KEY (la clave de API de Channex) / CHANNEX_API_KEY is missing (the Channex API key)");
  if (!cfg.channex.webhookSecret) {
    problems.push("Falta CHANNEX_WEBHOOK_SECRET (el secreto que Channex devuelve en cada webhook) / CHANNEX_WEBHOOK_SECRET is missing (the secret Channex sends back on each webhook)");
  } else if (cfg.channex.webhookSecret.length < 16) {
    problems.push("CHANNEX_WEBHOOK_SECRET debe tener al menos 16 caracteres / CHANNEX_WEBHOOK_SECRET must be at least 16 characters long");
  }
  return problems;
}

/** Throws ConfigError (both languages, one line per problem) when the channel-manager settings cannot work. */
export function assertChannelManagerConfig(cfg: Config = config()) {
  const problems = channelManagerProblems(cfg);
  if (problems.length > 0) throw new ConfigError(problems.join("\n"));
}

export function config(): Config {
  return readConfig();
}
