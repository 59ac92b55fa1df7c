"use client";
// A block of code, or one value (`line`: an address, a key), with a button that copies it (CopyButton, also
// used alone); the confirmation is announced to screen readers.
import { useState } from "react";

export function CopyBlock({
  code,
  label,
  copyLabel = "Copiar",
  copiedLabel = "Copiado",
  testId,
  large = false,
  line = false,
}: {
  code: string;
  label: string;
  copyLabel?: string;
  copiedLabel?: string;
  testId?: string;
  /** A short number a person reads out or types (a payment reference), not a block of code. */
  large?: boolean;
  /** One value (an address, a key) that wraps on a phone instead of scrolling under the button, which goes below it. */
  line?: boolean;
}) {
  const text = line ? (
    <code className="min-w-0 break-all font-mono text-sm text-slate-100" aria-label={label}>
      {code}
    </code>
  ) : (
    <pre
      tabIndex={0}
      className={`overflow-x-auto rounded-md bg-slate-900 p-4 pr-24 leading-relaxed text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${large ? "text-lg font-semibold tracking-wider" : "text-xs"}`}
      aria-label={label}
    >
      {code}
    </pre>
  );
  const button = line
    ? "shrink-0 self-start rounded border border-slate-500 bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-brand-500 sm:self-auto"
    : "absolute right-2 top-2 rounded border border-slate-500 bg-slate-800 px-2 py-1 text-xs font-medium text-white hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-brand-500";
  return (
    <div className={line ? "flex flex-col gap-2 rounded-md bg-slate-900 p-3 sm:flex-row sm:items-center sm:justify-between" : "relative"} data-testid={testId}>
      {text}
      <CopyButton text={code} label={label} copyLabel={copyLabel} copiedLabel={copiedLabel} className={button} />
    </div>
  );
}

/** The button that copies `text`, and the confirmation announced to screen readers ("Copiado" for 2 s). */
export function CopyButton({ text, label, copyLabel, copiedLabel, className }: { text: string; label: string; copyLabel: string; copiedLabel: string; className: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? copiedLabel : copyLabel}
        <span className="sr-only"> {label}</span>
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? copiedLabel : ""}
      </span>
    </>
  );
}
