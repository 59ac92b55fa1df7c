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
    // "Services"). app/api needs no exception: it hands every request to lib/api.ts.
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
];

export default config;
