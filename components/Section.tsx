// A titled part of a page (an <h2> that names the <section>, an optional help line, and the empty line instead
// of the content when there is nothing to show), and a definition list of "label: value" lines (two columns from
// 640 px, one above the other on a phone). Server and client pages both use them (no hooks, no browser APIs).
import { Fragment, type ReactNode } from "react";

export function Section({
  titleId,
  title,
  aside,
  help,
  empty,
  card = false,
  anchor,
  testId,
  children,
}: {
  /** The heading's id, which names the section for screen readers. */
  titleId: string;
  title: ReactNode;
  /** Beside the title (a badge). */
  aside?: ReactNode;
  help?: ReactNode;
  /** When given, shown instead of the content ("no hay ..."). */
  empty?: ReactNode;
  /** The whole section in a card (a short block of text), not a list of cards. */
  card?: boolean;
  /** The section's own id, for links to it (#reembolsos). */
  anchor?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold text-slate-900">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className={card ? "card space-y-3 p-4" : "space-y-3"} id={anchor} data-testid={testId}>
      {aside ? (
        <div className="flex flex-wrap items-center gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {help && <p className="text-sm text-slate-700">{help}</p>}
      {empty ? <p className="text-sm text-slate-600">{empty}</p> : children}
    </section>
  );
}

export type Definition = { term: ReactNode; value: ReactNode; className?: string; testId?: string };

/** "label: value" lines; a `false`/`null`/`""` line is left out (a value that does not apply). */
export function DefinitionList({ items, className = "" }: { items: ReadonlyArray<Definition | false | "" | null | undefined>; className?: string }) {
  return (
    <dl className={`grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)] ${className}`}>
      {items
        .filter((d): d is Definition => Boolean(d))
        .map((d, i) => (
          <Fragment key={i}>
            <dt className="text-slate-500">{d.term}</dt>
            <dd className={d.className ?? "text-slate-900"} data-testid={d.testId}>
              {d.value}
            </dd>
          </Fragment>
        ))}
    </dl>
  );
}
