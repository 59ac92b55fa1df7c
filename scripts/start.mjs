#!/usr/bin/env node
// `npm start` on a fresh checkout: install what is missing, build when the sources changed, then serve the
// product with demo data on the embedded database at http://localhost:$PORT (default 3000).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} falló (código ${r.status})`);
    process.exit(r.status ?? 1);
  }
}

// 1. Dependencies (and the generated Prisma client) when missing or out of date with the lockfile.
const lock = path.join(root, "package-lock.json");
const stamp = path.join(root, "node_modules", ".install-stamp");
const lockHash = fs.existsSync(lock) ? crypto.createHash("sha256").update(fs.readFileSync(lock)).digest("hex") : "none";
if (!fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8").trim() !== lockHash) {
  console.log("› Instalando dependencias (npm install)…");
  // npm install rather than npm ci: registries that serve only this platform's optional packages make npm ci refuse the lockfile.
  run("npm", ["install", "--no-audit", "--no-fund"]);
  fs.writeFileSync(stamp, lockHash);
}
if (!fs.existsSync(path.join(root, "lib", "db", "generated", "client.ts"))) run("npx", ["prisma", "generate"]);

// 2. Production build when any source is newer than the last build.
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (["node_modules", ".next", "data", ".git", "generated", "test-results", "playwright-report"].includes(entry.name)) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}
const buildId = path.join(root, ".next", "BUILD_ID");
const sources = ["app", "components", "lib", "prisma", "public", "server"].filter((d) => fs.existsSync(d)).map((d) => newestMtime(path.join(root, d)));
const configs = ["package.json", "next.config.ts", "instrumentation.ts", "proxy.ts", "postcss.config.mjs", "tsconfig.json"].filter((f) => fs.existsSync(f)).map((f) => fs.statSync(f).mtimeMs);
const newestSource = Math.max(...sources, ...configs);
if (!fs.existsSync(buildId) || fs.statSync(buildId).mtimeMs < newestSource || process.env.FORCE_BUILD === "1") {
  console.log("› Compilando la aplicación (next build)…");
  run("npx", ["next", "build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
}

// 3. Serve.
const port = process.env.PORT ?? "3000";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORT: port };
env.PUBLIC_BASE_URL ??= `http://localhost:${port}`;
env.NEXTAUTH_URL ??= env.PUBLIC_BASE_URL;
console.log(`› Sirviendo en ${env.PUBLIC_BASE_URL}`);
// server.mjs, not `next start`: it knows the client's address (TRUSTED_PROXIES) and shuts down gracefully.
const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
