#!/usr/bin/env node
// Lists the longest functions of the code base (lines from the first to the last line of each function, nested
// functions counted on their own too), split into server code (lib/, app/api) and pages/components (app/,
// components/). Used to measure issue 25 ("the longest server functions get shorter") and issue 27 (page
// components over about 150 lines split into named parts).
//
//   node scripts/longest-functions.mjs [--top 15] [--over 150] [--json]
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const top = flag("--top", 15);
const over = flag("--over", 0);
const asJson = args.includes("--json");

const root = process.cwd();
const skipDirs = new Set(["node_modules", ".next", "generated", "e2e", "bench", "tests", "test-results", ".git"]);

function* walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipDirs.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.(test|spec|contract)\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) yield p;
  }
}

function nameOf(node, sf) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(sf);
  if (parent && ts.isExportAssignment(parent)) return "default";
  return "(anonymous)";
}

const rows = [];
for (const dir of ["lib", "app", "components"]) {
  if (!fs.existsSync(path.join(root, dir))) continue;
  for (const file of walk(path.join(root, dir))) {
    const rel = path.relative(root, file);
    if (rel.startsWith("lib/testing/")) continue;
    const text = fs.readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const client = /^\s*["']use client["']/.test(text);
    const kind = rel.startsWith("lib/") || rel.startsWith("app/api/") ? "server" : "ui";
    const visit = (node) => {
      if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines >= 20) rows.push({ file: rel, line: start + 1, name: nameOf(node, sf), lines, kind, client });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
}

rows.sort((a, b) => b.lines - a.lines);
const server = rows.filter((r) => r.kind === "server");
const ui = rows.filter((r) => r.kind === "ui");
if (asJson) {
  console.log(JSON.stringify({ server: server.slice(0, top), ui: ui.slice(0, top) }, null, 2));
} else {
  for (const [label, list] of [["server (lib/, app/api)", server], ["pages and components (app/, components/)", ui]]) {
    const shown = over ? list.filter((r) => r.lines > over) : list.slice(0, top);
    console.log(`\n${label}: ${over ? `${shown.length} functions over ${over} lines` : `the ${shown.length} longest`}`);
    for (const r of shown) console.log(`${String(r.lines).padStart(5)}  ${r.name}  ${r.file}:${r.line}`);
  }
}
