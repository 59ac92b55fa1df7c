"use client";
// Shared bits of the agencies and cards pages: server validation details mapped to fields and a field wrapper;
// the confirmation dialog is the portal's one dialog (components/Dialog).

/** "phone: debe tener ...; email: ..." -> {phone: "...", email: "..."} (the API's detail names field and rule). */
export function fieldErrors(detail: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of detail.split("; ")) {
    const i = part.indexOf(": ");
    if (i > 0) out[part.slice(0, i)] ??= part.slice(i + 2);
  }
  return out;
}

export function Field({ label, error, hint, children, className = "" }: { label: string; error?: string; hint?: string; children: React.ReactNode; className?: string }) {
  return (
    <label className={`block ${className}`}>
      <span className="label">{label}</span>
      {children}
      {hint && <span className="mt-1 block text-xs text-slate-600">{hint}</span>}
      {error && (
        <span className="mt-1 block text-xs text-red-700" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

export { ConfirmDialog } from "@/components/Dialog";

/** An Idempotency-Key for one submission (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
