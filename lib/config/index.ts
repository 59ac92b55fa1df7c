// Settings of decisions.md section 13: environment variables with working defaults.
// Secrets that are not given are generated once into DATA_DIR and reused.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

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
  };
}

export function config(): Config {
  return readConfig();
}

/** A secret from the environment, or one generated into DATA_DIR/secrets on first use. */
export function persistentSecret(name: string, generate: () => string, envValue?: string): string {
  if (envValue && envValue.length > 0) return envValue;
  const dir = path.join(config().dataDir, "secrets");
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const value = generate();
    try {
      // "wx" keeps the first writer's value if two processes race.
      fs.writeFileSync(file, value, { mode: 0o600, flag: "wx" });
      return value;
    } catch {
      return fs.readFileSync(file, "utf8");
    }
  }
}

export function authSecret(): string {
  return persistentSecret("auth-secret", () => crypto.randomBytes(32).toString("base64url"), process.env.AUTH_SECRET);
}
