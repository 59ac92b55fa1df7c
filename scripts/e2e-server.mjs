#!/usr/bin/env node
// The server the Playwright journeys drive: the production build on a fresh embedded database with demo data.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.argv[2] ?? "3100";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-e2e-"));
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  PUBLIC_BASE_URL: `http://localhost:${port}`,
  NEXTAUTH_URL: `http://localhost:${port}`,
  DEMO_SEED: "on",
  CRON_SECRET: "e2e-cron-secret",
  MAIL_BOUNCE_SECRET: "e2e-bounce-secret",
  TEST_CLOCK: "1",
  WEBHOOK_ALLOW_PRIVATE: "1",
  SCHEDULER: "off",
  RATE_LIMIT_PER_MINUTE: "0",
  PAY_ATTEMPTS_PER_10_MIN: "0",
  NEXT_TELEMETRY_DISABLED: "1",
  // Channex (docs/channel-managers.md): the journeys run with it selected; hotels not linked to a property stay
  // the built-in channel manager's. e2e/channex.spec.ts starts the fake Channex on this port (E2E_PORT + 20).
  CHANNEL_MANAGER: "channex",
  CHANNEX_API_URL: `http://127.0.0.1:${Number(port) + 20}/api/v1`,
  CHANNEX_API_KEY: "e2e-channex-key",
  CHANNEX_WEBHOOK_SECRET: "e2e-channex-webhook-secret-0123456789",
};
delete env.DATABASE_URL;
fs.writeFileSync(path.join(os.tmpdir(), `hb-e2e-${port}.datadir`), dataDir);
const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env });
// The server shuts down gracefully (closes PGlite); the folder goes when it has exited.
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
