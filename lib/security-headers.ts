// Security headers on every page and API answer (next.config.ts applies them; server.mjs adds HSTS when the
// client is on https). Next.js's inline bootstrap scripts need 'unsafe-inline' without nonces; framing is
// refused everywhere (frame-ancestors 'none' and X-Frame-Options), which is what stops clickjacking of
// /pay/{code} and /login. Rules: docs/security.md ("Security headers").
export function contentSecurityPolicy(dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Calendar images may be given as any https URL; QR codes and previews are data:/blob:.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(dev = false): Array<{ key: string; value: string }> {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  ];
}

/** Guest pages carry a link code in the path: no Referer leaves them at all. */
export const GUEST_PATHS = ["/pay/:path*", "/checkout/:path*", "/vouchers/:path*", "/cuenta/:path*"];
