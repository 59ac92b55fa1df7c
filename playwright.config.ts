import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  // A journey walks a whole flow and checks each screen at two sizes with axe: about 45 s on a quiet machine, so a
  // loaded CI machine (the API lane runs beside it) needs the room; a stuck step still fails on its own 10 s expect.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    locale: "es-CO",
    timezoneId: "America/Bogota",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // A Colombian agent's browser: Chromium takes the format of date and time inputs from the process's language
      // (dd/mm/aaaa, p. m.), not from the context's locale; it needs Debian's chromium-l10n (scripts/test-all.sh).
      env: { ...process.env, LANG: "es_CO.UTF-8", LC_ALL: "es_CO.UTF-8" },
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node scripts/e2e-server.mjs ${PORT}`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets server.mjs shut down (closes PGlite) and the e2e server remove its data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
