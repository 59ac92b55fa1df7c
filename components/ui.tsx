import Link from "next/link";
// Small presentational pieces shared by portal pages.
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function StatCard({ label, value, hint, testId }: { label: string; value: React.ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="card p-4" data-testid={testId}>
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      {hint && <p className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="card flex flex-col items-center justify-center p-10 text-center">
      <p className="font-medium text-slate-700">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

const BADGE_TONES: Record<string, string> = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  yellow: "bg-amber-50 text-amber-800 ring-amber-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  gray: "bg-slate-100 text-slate-600 ring-slate-500/20",
  blue: "bg-sky-50 text-sky-700 ring-sky-600/20",
};

export function Badge({ tone = "gray", children }: { tone?: keyof typeof BADGE_TONES; children: React.ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[tone]}`}>{children}</span>;
}

/**
 * Previous / next paging under a list, with the "page x of y · total" line: `onPage` for lists held in state,
 * `hrefFor` for lists whose page is in the URL (server pages). The same look on every list.
 */
export function Pager({ page, pages, summary, prevLabel, nextLabel, onPage, hrefFor }: { page: number; pages: number; summary: string; prevLabel: string; nextLabel: string; onPage?: (page: number) => void; hrefFor?: (page: number) => string }) {
  const step = (target: number, label: string, enabled: boolean, rel: "prev" | "next") =>
    hrefFor ? (
      enabled ? (
        <Link href={hrefFor(target)} className="btn-secondary" rel={rel}>
          {label}
        </Link>
      ) : (
        <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
          {label}
        </span>
      )
    ) : (
      <button type="button" className="btn-secondary" disabled={!enabled} onClick={() => onPage?.(target)}>
        {label}
      </button>
    );
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600" aria-label={summary}>
      <span data-testid="pager-summary">{summary}</span>
      <div className="flex gap-2">
        {step(page - 1, prevLabel, page > 1, "prev")}
        {step(page + 1, nextLabel, page < pages, "next")}
      </div>
    </nav>
  );
}

/** A form's general error and its success notice, announced to screen readers. */
export function FormMessages({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800" role="status">
          {notice}
        </p>
      )}
    </>
  );
}
