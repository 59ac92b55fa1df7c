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
    // Pages, layouts and components read and write through the services, like the /api routes (docs/architecture.md,
    // "Services"). app/api needs no exception: it hands every request to lib/api/index.ts.
    files: ["app/**/*.{ts,tsx,js,jsx,mjs}", "components/**/*.{ts,tsx,js,jsx,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db", "@/lib/db/**", "**/lib/db", "**/lib/db/**", "@prisma/*", ".prisma/*"],
              message:
                "Pages do not query the database: call a lib/<capability> service (db, principal, input, now) with portalContext() or serviceContext() from lib/portal/page.ts. See docs/architecture.md, \"Services\".",
            },
          ],
        },
      ],
    },
  },
  {
    // Journeys take test/expect from e2e/helpers.ts, whose test runs axe-core on every page they visit.
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "@playwright/test", importNames: ["test", "expect"], message: "Import test and expect from ./helpers (axe on every page)." }] }],
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
