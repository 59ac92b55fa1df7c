#!/usr/bin/env node
// CPU profile of the lone varied-question search (issue 28): starts the production server with --cpu-prof on a
// fresh bench database, asks varied 4.2 questions one at a time, stops the server and prints the functions that
// took the most self time. Usage: npx next build && BENCH_PORT=3680 node bench/profile-varied.mjs
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PORT, benchServer, cannon } from "./lib.mjs";
import { variedLoad } from "./availability.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-prof-"));
process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const { key, stop } = await benchServer();
const base = `http://127.0.0.1:${PORT}`;
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", "accept-encoding": "gzip, br" };
await cannon({ ...variedLoad(base, "Villa%20Bench", headers, new Set(), 40_000), connections: 1, duration: 3 });
const seen = new Set();
const r = await cannon({ ...variedLoad(base, "Villa%20Bench", headers, seen, 15_000), connections: 1, duration: Number(process.env.BENCH_SECONDS ?? 10) });
console.log(`lone varied: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, mean ${r.latency.average} ms, p99 ${r.latency.p99} ms, ${seen.size} distinct`);
await stop();
const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
const prof = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
const self = new Map();
const dt = new Map();
for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
let total = 0;
for (const n of prof.nodes) {
  const t = dt.get(n.id) ?? 0;
  total += t;
  const cf = n.callFrame;
  const k = `${cf.functionName || "(anonymous)"} ${cf.url.replace(/^.*\/(\.next|lib|node_modules)\//, "$1/")}:${cf.lineNumber + 1}`;
  self.set(k, (self.get(k) ?? 0) + t);
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30));
for (const [k, t] of top) console.log(`${((t / total) * 100).toFixed(1).padStart(5)} %  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
console.log(`profile: ${path.join(dir, file)}`);
