import type { NextConfig } from "next";
import { securityHeaders, GUEST_PATHS } from "./lib/security-headers";

const dev = process.env.NODE_ENV !== "production";

const nextConfig: NextConfig = {
  // Native and WebAssembly database drivers stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pglite-prisma-adapter", "pg", "@prisma/adapter-pg", "bcryptjs", "pdf-lib", "ioredis", "nodemailer", "mailparser", "@react-email/render", "@react-email/components"],
  poweredByHeader: false,
  typedRoutes: false,
  devIndicators: false,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders(dev) },
      ...GUEST_PATHS.map((source) => ({ source, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] })),
      // The voucher PDF opens in the browser's PDF viewer: only framing is restricted there.
      { source: "/api/v2/vouchers/:code", has: [{ type: "query" as const, key: "format", value: "pdf" }], headers: [{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }] },
    ];
  },
};

export default nextConfig;
