// The events URL with a copy button: the whole address stays readable on a phone (it wraps instead of scrolling
// under the button); the button is the kit's CopyButton.
import { CopyButton } from "@/components/CopyBlock";

export function CopyUrl({ url, label, copyLabel, copiedLabel, testId }: { url: string; label: string; copyLabel: string; copiedLabel: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-md bg-slate-900 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid={testId}>
      <code className="min-w-0 break-all font-mono text-sm text-slate-100" aria-label={label}>
        {url}
      </code>
      <CopyButton
        text={url}
        label={label}
        copyLabel={copyLabel}
        copiedLabel={copiedLabel}
        className="shrink-0 self-start rounded border border-slate-500 bg-slate-800 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus:ring-2 focus:ring-brand-500 sm:self-auto"
      />
    </div>
  );
}
