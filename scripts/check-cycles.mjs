// No import cycles: runs only eslint-plugin-import's no-cycle rule (already installed with eslint-config-next)
// over the TypeScript sources, resolving "@/..." through tsconfig's paths. Part of `npm test` (scripts/test-all.sh).
// Type-only imports are ignored (they vanish at runtime); a cycle through any value import fails.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import tsParser from "@typescript-eslint/parser";
import importPlugin from "eslint-plugin-import";

const eslint = new ESLint({
  overrideConfigFile: true,
  cache: false,
  overrideConfig: [
    { ignores: ["node_modules/**", ".next/**", "lib/db/generated/**", "data/**", "test-results/**", "playwright-report/**", "bench/out/**", "**/*.d.ts"] },
    {
      files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
      languageOptions: { parser: tsParser, ecmaVersion: "latest", sourceType: "module", parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { import: importPlugin },
      settings: {
        "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
        "import/resolver": { typescript: { alwaysTryTypes: true, project: "./tsconfig.json" }, node: { extensions: [".js", ".mjs", ".ts", ".tsx"] } },
      },
      rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
    },
  ],
});

const results = await eslint.lintFiles(["lib", "app", "components", "scripts", "server", "e2e", "tests", "bench", "*.ts", "*.mjs"]);
let cycles = 0;
for (const r of results) {
  for (const m of r.messages) {
    if (m.ruleId === "import/no-cycle") {
      cycles++;
      console.log(`${r.filePath.replace(process.cwd() + "/", "")}:${m.line}  ${m.message}`);
    } else if (m.fatal) {
      console.log(`${r.filePath}: ${m.message}`);
    }
  }
}
console.log(cycles === 0 ? `Sin ciclos de importación (${results.length} archivos).` : `${cycles} importaciones en ciclo.`);

// The direction rule: the capabilities under lib/ (its folders) depend one way. A value import from lib/a into
// lib/b and another (direct or through other folders) from lib/b back into lib/a is a cycle between capabilities
// even when no file-level cycle exists. Tests (*.test.ts) are left out: they sit beside what they test and may use
// lib/testing, which itself imports the capabilities it builds fixtures from.
const folderCycles = capabilityCycles();
for (const c of folderCycles) console.log(`Ciclo entre capacidades: ${c.path.join(" → ")}\n  ${c.files.join("\n  ")}`);
console.log(folderCycles.length === 0 ? "Las capacidades de lib/ dependen en un solo sentido." : `${folderCycles.length} ciclos entre capacidades.`);
// The server boundary (the "server-only" package is not installed): no file under app/ or components/ marked
// "use client" may import, directly or through other modules, a lib/ module that touches the database — lib/db,
// lib/<capability>/service.ts, store.ts or lifecycle.ts. Type-only imports are erased and do not count.
const leaks = clientServerLeaks();
for (const l of leaks) console.log(`Módulo de cliente que llega al servidor: ${l.join(" → ")}`);
console.log(leaks.length === 0 ? "Ningún módulo de cliente importa módulos de servidor." : `${leaks.length} módulos de cliente importan módulos de servidor.`);
process.exit(cycles === 0 && folderCycles.length === 0 && leaks.length === 0 ? 0 : 1);

function clientServerLeaks() {
  const isServer = (f) => /^lib\/db(\/|\.ts$)/.test(f) || /^lib\/[^/]+\/(service|store|lifecycle)\.tsx?$/.test(f);
  const resolve = (from, spec) => {
    let base;
    if (spec.startsWith("@/")) base = spec.slice(2);
    else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    else return null; // a package
    for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
      if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
    }
    return null;
  };
  const importsCache = new Map();
  const importsOf = (f) => {
    if (importsCache.has(f)) return importsCache.get(f);
    const src = fs.readFileSync(f, "utf8");
    const out = [];
    // value imports and re-exports (not `import type` / `export type`), side-effect imports and dynamic import()
    const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
    for (const m of src.matchAll(re)) {
      const to = resolve(f, m[1] ?? m[2]);
      if (to && /\.(ts|tsx)$/.test(to) && !to.endsWith(".d.ts")) out.push(to);
    }
    importsCache.set(f, out);
    return out;
  };
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.posix.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) files.push(p);
    }
  };
  walk("app");
  walk("components");
  const leaks = [];
  for (const f of files) {
    if (!/^\s*(?:\/\/[^\n]*\n\s*)*["']use client["']/.test(fs.readFileSync(f, "utf8"))) continue;
    // breadth-first, so the reported chain is a shortest one
    const prev = new Map([[f, null]]);
    const queue = [f];
    let hit = null;
    while (queue.length && !hit) {
      const cur = queue.shift();
      for (const to of importsOf(cur)) {
        if (prev.has(to)) continue;
        prev.set(to, cur);
        if (isServer(to)) { hit = to; break; }
        queue.push(to);
      }
    }
    if (hit) {
      const chain = [];
      for (let c = hit; c; c = prev.get(c)) chain.unshift(c);
      leaks.push(chain);
    }
  }
  return leaks;
}

function capabilityCycles() {
  const edges = new Map(); // "a>b" -> files
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { if (e.name !== "generated") walk(p); continue; }
      if (!/\.(ts|tsx)$/.test(e.name) || /\.test\.tsx?$/.test(e.name) || e.name.endsWith(".d.ts")) continue;
      const from = p.split(path.sep)[1];
      if (!from || from === e.name) continue; // lib/<file>.ts at the top is the composition root
      const src = fs.readFileSync(p, "utf8");
      for (const m of src.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+["']@\/lib\/([^/"']+)\//gm)) {
        const to = m[1];
        if (to === from) continue;
        const k = `${from}>${to}`;
        if (!edges.has(k)) edges.set(k, []);
        edges.get(k).push(p);
      }
    }
  };
  walk("lib");
  const graph = new Map();
  for (const k of edges.keys()) { const [a, b] = k.split(">"); if (!graph.has(a)) graph.set(a, new Set()); graph.get(a).add(b); }
  // Tarjan's strongly connected components: each component of more than one folder is a cycle.
  let index = 0; const stack = []; const on = new Set(); const idx = new Map(); const low = new Map(); const out = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = []; let w;
      do { w = stack.pop(); on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1) {
        const files = [];
        for (const a of comp) for (const b of comp) for (const f of edges.get(`${a}>${b}`) ?? []) files.push(`${f} → lib/${b}`);
        out.push({ path: comp.reverse(), files });
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}
