// No import cycles: runs only eslint-plugin-import's no-cycle rule (already installed with eslint-config-next)
// over the TypeScript sources, resolving "@/..." through tsconfig's paths. Part of `npm test` (scripts/test-all.sh).
// Type-only imports are ignored (they vanish at runtime); a cycle through any value import fails.
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
process.exit(cycles === 0 ? 0 : 1);
