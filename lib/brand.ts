// The product's name and the colours the web pages draw with, for what is drawn outside the browser (the PDF
// voucher), so a receipt printed from the PDF looks like the one on the web (app/vouchers/[code]/page.tsx).
// Brand colours are app/globals.css's @theme (lib/brand.test.ts keeps them equal); the greys and status tones are
// Tailwind 4's slate/emerald/amber/red/sky in sRGB, the classes the web voucher uses.

export const PRODUCT_NAME = "HotelPay";

export const PALETTE = {
  brand700: "#135a55", // header band, product name (bg-brand-700, text-brand-700)
  brand900: "#0b3431",
  accent: "#f59e0b", // the logo's check mark (public/logo.svg)
  white: "#ffffff",
  ink: "#0f172b", // body text (text-slate-900)
  muted: "#45556c", // labels and footnotes (text-slate-600)
  rule: "#e2e8f0", // separators (border-slate-200)
} as const;

/** The status pill: text and background, as the web voucher's `tone` classes. */
export const STATUS_TONES: Record<string, { fg: string; bg: string }> = {
  approved: { fg: "#007a55", bg: "#ecfdf5" }, // text-emerald-700 bg-emerald-50
  pending: { fg: "#973c00", bg: "#fffbeb" }, // text-amber-800 bg-amber-50
  rejected: { fg: "#c10007", bg: "#fef2f2" }, // text-red-700 bg-red-50
  expired: { fg: "#45556c", bg: "#f1f5f9" }, // text-slate-600 bg-slate-100
  cancelled: { fg: "#45556c", bg: "#f1f5f9" },
  refunded: { fg: "#0069a8", bg: "#f0f9ff" }, // text-sky-700 bg-sky-50
};

/** "#135a55" as [0.075, 0.353, 0.333], the 0-1 channels PDF colour operators take. */
export function hexToRgb01(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => c / 255) as [number, number, number];
}
