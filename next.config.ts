import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly database drivers stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg", "bcryptjs", "pdf-lib"],
  poweredByHeader: false,
  typedRoutes: false,
  devIndicators: false,
};

export default nextConfig;
