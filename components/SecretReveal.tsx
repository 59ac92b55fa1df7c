"use client";
// A secret shown once (a new API key): what it is, the value, and a button that copies it. Announced as a status
// so a screen reader reads it when it appears.
import { CopyButton } from "./CopyBlock";

export function SecretReveal({ title, secret, testId, copyLabel, copiedLabel }: { title: string; secret: string; testId: string; copyLabel: string; copiedLabel: string }) {
  return (
    <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
      <p className="font-medium text-amber-900">{title}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="min-w-0 break-all rounded bg-white px-2 py-1 font-mono text-xs" data-testid={testId}>
          {secret}
        </code>
        <CopyButton text={secret} label={title} copyLabel={copyLabel} copiedLabel={copiedLabel} className="btn-secondary" />
      </div>
    </div>
  );
}
