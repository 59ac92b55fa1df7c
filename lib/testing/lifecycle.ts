// Checks for the lifecycle modules (lib/<aggregate>/lifecycle.ts): their transition table against the Mermaid
// diagram in docs/, and the code against any other writer of the aggregate's status column.
import fs from "node:fs";
import path from "node:path";

// Tests run from the repository root (vitest.config.ts).
const root = () => process.cwd();


/** Where an aggregate starts: `[*]` in a diagram (or a choice state it goes through), `from: null` in a table. */
export const CREATED = "(created)";

/** A transition table: name → from-states (null: the creation) and to-state. */
export type TransitionTable = Record<string, { from: readonly string[] | null; to: string }>;

/** "from -> to" for every transition of the table, sorted, once each; a self-loop (it changes no status) is left out, as in diagramEdges. */
export function tableEdges(table: TransitionTable): string[] {
  const out = new Set<string>();
  for (const t of Object.values(table)) for (const f of t.from ?? [CREATED]) if (f !== t.to) out.add(`${f} -> ${t.to}`);
  return [...out].sort();
}

/**
 * "from -> to" for every transition of the first ```mermaid stateDiagram after the line `heading` in the file
 * `doc` (a path from the repository's root). Edges into `[*]` (an end) and self-loops are not transitions; `[*]` and choice states
 * (`state x <<choice>>`) as a source are the creation.
 */
export function diagramEdges(doc: string, heading: string): string[] {
  const lines = fs.readFileSync(path.join(root(), doc), "utf8").split("\n");
  const at = lines.findIndex((l) => l.trim() === heading);
  if (at < 0) throw new Error(`${doc}: no heading "${heading}"`);
  const start = lines.findIndex((l, i) => i > at && l.trim() === "```mermaid");
  const end = lines.findIndex((l, i) => i > start && l.trim() === "```");
  if (start < 0 || end < 0) throw new Error(`${doc}: no mermaid block after "${heading}"`);
  const block = lines.slice(start + 1, end);
  const choices = new Set(block.flatMap((l) => /^\s*state\s+(\w+)\s+<<choice>>/.exec(l)?.[1] ?? []));
  const out = new Set<string>();
  for (const l of block) {
    const m = /^\s*(\[\*\]|\w+)\s*-->\s*(\[\*\]|\w+)/.exec(l);
    if (!m) continue;
    const [, from, to] = m;
    // An end, the way into a choice, and a self-loop (it changes no status) are not transitions.
    if (to === "[*]" || choices.has(to) || from === to) continue;
    out.add(`${from === "[*]" || choices.has(from) ? CREATED : from} -> ${to}`);
  }
  return [...out].sort();
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(root(), dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!["generated", "testing", "node_modules"].includes(e.name)) out.push(...sources(rel));
    } else if (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) {
      out.push(rel);
    }
  }
  return out;
}

/** The text of the `{ … }` that starts at `open` (balanced braces; strings are not special, good enough here). */
function objectAt(src: string, open: number): string {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "{") depth++;
    else if (src[i] === "}" && --depth === 0) return src.slice(open, i + 1);
  }
  return src.slice(open);
}

const lineOf = (src: string, index: number) => src.slice(0, index).split("\n").length;

/**
 * Every place in lib/, app/, components/ and scripts/ (tests and lib/testing left out) that writes `table`.`column`
 * (`status` unless told): an SQL `UPDATE <table> SET … status = …`, or a Prisma
 * `<model>.update…({ data: { status: … } })` / upsert. Files in `allowed` are the lifecycle modules. Answers
 * "file:line" for each.
 */
export function statusWriters(o: { table: string; model: string; allowed: string[]; column?: string }): string[] {
  const column = o.column ?? "status";
  const found: string[] = [];
  const files = ["lib", "app", "components", "scripts"].filter((d) => fs.existsSync(path.join(root(), d))).flatMap(sources);
  for (const file of files) {
    if (o.allowed.includes(file)) continue;
    const src = fs.readFileSync(path.join(root(), file), "utf8");
    const sql = new RegExp(`UPDATE\\s+(?:ONLY\\s+)?${o.table}\\b(?:\\s+(?:AS\\s+)?\\w+)??\\s+SET\\s+([\\s\\S]*?)(?:\\bWHERE\\b|\\bFROM\\b|\\bRETURNING\\b|\`|$)`, "gi");
    for (const m of src.matchAll(sql)) {
      if (new RegExp(`(^|[\\s,.])${column}\\s*=`, "i").test(m[1])) found.push(`${file}:${lineOf(src, m.index)}`);
    }
    const prisma = new RegExp(`\\.${o.model}\\.(?:update|updateMany|updateManyAndReturn|upsert)\\s*\\(\\s*\\{`, "g");
    for (const m of src.matchAll(prisma)) {
      const args = objectAt(src, m.index + m[0].length - 1);
      for (const d of args.matchAll(/\b(?:data|update|create)\s*:\s*\{/g)) {
        const data = objectAt(args, d.index + d[0].length - 1);
        if (new RegExp(`[{,\\s]${column}\\s*:`).test(data.slice(1))) {
          found.push(`${file}:${lineOf(src, m.index)}`);
          break;
        }
      }
    }
  }
  return found;
}
