"use client";
// Shared bits of the agencies and cards pages: server validation details mapped to fields, a field wrapper,
// and a confirmation dialog.
import { useEffect, useRef } from "react";

/** "phone: debe tener ...; email: ..." -> {phone: "...", email: "..."} (the API's detail names field and rule). */
export function fieldErrors(detail: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of detail.split("; ")) {
    const i = part.indexOf(": ");
    if (i > 0) out[part.slice(0, i)] ??= part.slice(i + 2);
  }
  return out;
}

export function Field({ label, error, children, className = "" }: { label: string; error?: string; children: React.ReactNode; className?: string }) {
  return (
    <label className={`block ${className}`}>
      <span className="label">{label}</span>
      {children}
      {error && (
        <span className="mt-1 block text-xs text-red-700" role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} onCancel={onCancel} className="w-[min(92vw,28rem)] rounded-lg p-0 shadow-xl backdrop:bg-slate-900/40" aria-labelledby="confirm-title">
      <div className="p-5">
        <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{body}</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className={danger ? "btn-danger" : "btn-primary"} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** An Idempotency-Key for one submission (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}
