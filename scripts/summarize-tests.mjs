#!/usr/bin/env node
// Adds up the JSON reports of vitest and Playwright and ends the run with one line: "N passed, N failed, N skipped".
import fs from "node:fs";
import path from "node:path";

const [dir, failedSteps = ""] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith(".json")) continue;
  let r;
  try {
    r = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  } catch {
    continue;
  }
  if (typeof r.numPassedTests === "number") {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  } else if (r.stats) {
    passed += (r.stats.expected ?? 0) + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected ?? 0;
    skipped += r.stats.skipped ?? 0;
    console.log(`${file}: ${(r.stats.expected ?? 0) + (r.stats.flaky ?? 0)} passed, ${r.stats.unexpected ?? 0} failed`);
  }
}
const steps = failedSteps.trim();
if (steps) console.log(`Pasos con fallas: ${steps}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(steps || failed > 0 ? 1 : 0);
