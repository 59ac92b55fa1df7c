import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ["node_modules/**", ".next/**", "lib/db/generated/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "bench/out/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Journeys take test/expect from e2e/helpers.ts, whose test runs axe-core on every page they visit.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test", "expect"], message: "Import test and expect from ./helpers (axe on every page)." }] }],
    },
  },
];

export default config;
