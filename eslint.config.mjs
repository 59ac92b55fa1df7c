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
    // One way only: lib/auth builds on the HTTP kit (errors, log, route definitions); the /api pipeline that
    // composes both is lib/api/handler.ts (docs/architecture.md, "Imports"). Types (Principal) may be named.
    files: ["lib/http/**/*.ts"],
    ignores: ["lib/http/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/auth/*", "@/lib/api", "@/lib/api/*"],
              allowTypeImports: true,
              message: "lib/http does not import lib/auth or lib/api: the pipeline that uses both is lib/api/handler.ts",
            },
          ],
        },
      ],
    },
  },
];

export default config;
