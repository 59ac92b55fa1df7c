// Settings: environment variables with working defaults (README, "Settings").
// Secrets that are not given are generated once into the database (lib/secrets/store.ts).
import path from "node:path";
import { secret } from "@/lib/secrets/store";

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
}

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
  };
}

export function config(): Config {
  return readConfig();
}

/** Session signing secret: AUTH_SECRET, or the one stored once in the database (lib/secrets/store.ts). */
export function authSecret(): string {
  return secret("auth-secret");
}
