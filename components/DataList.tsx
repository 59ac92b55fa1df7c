// The portal's list: one <table> that is a table on a desktop and a stack of cards on a phone (below 768 px),
// so the same rows, links and test ids serve both sizes and nothing is wider than the screen.
// On a phone each row is a card: the "title" column on top, the others as "label: value" lines, "hidden"
// columns left out. The column headers stay in the accessibility tree at every size (visually hidden on a phone).
// Server and client pages both use it (no hooks, no browser APIs).
import type { ReactNode } from "react";

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: "right";
  /** On a phone card: "title" on top without label, "hidden" left out, "plain" without label, default a labelled line. */
  card?: "title" | "hidden" | "plain";
  nowrap?: boolean;
  /** The header's text on the card when `header` is not plain text. */
  cardLabel?: string;
};

export function DataList<T>({
  rows,
  columns,
  rowKey,
  caption,
  testId,
  rowTestId,
  busy = false,
}: {
  rows: readonly T[];
  columns: ReadonlyArray<Column<T> | false | null | undefined>;
  rowKey: (row: T) => string | number;
  /** What the list is, for screen readers (visually hidden). */
  caption: string;
  testId?: string;
  /** One test id for every row, or one per row. */
  rowTestId?: string | ((row: T) => string);
  busy?: boolean;
}) {
  const cols = columns.filter((c): c is Column<T> => Boolean(c));
  return (
    <div className={`card md:overflow-x-auto ${busy ? "opacity-70" : ""}`} aria-busy={busy} data-testid={testId} data-list="">
      <table className="min-w-full text-sm max-md:block md:divide-y md:divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-md:sr-only">
          <tr>
            {cols.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.align === "right" ? "text-right" : "text-left"}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={typeof rowTestId === "function" ? rowTestId(row) : rowTestId} className="hover:bg-slate-50 max-md:flex max-md:flex-col max-md:gap-1 max-md:px-4 max-md:py-3">
              {cols.map((c) => (
                <td
                  key={c.key}
                  className={[
                    "px-3 py-2 align-top text-slate-700 md:table-cell",
                    c.align === "right" ? "md:text-right" : "",
                    c.nowrap ? "md:whitespace-nowrap" : "",
                    "max-md:min-w-0 max-md:p-0 max-md:[overflow-wrap:anywhere]",
                    c.card === "hidden" ? "max-md:hidden" : c.card === "title" ? "max-md:block max-md:text-base" : c.card === "plain" ? "max-md:block" : "max-md:flex max-md:items-baseline max-md:justify-between max-md:gap-3",
                  ].join(" ")}
                >
                  {(c.card === undefined) && (
                    <span className="shrink-0 text-xs text-slate-600 md:hidden">{c.cardLabel ?? c.header}</span>
                  )}
                  <div className={c.card === undefined ? "max-md:min-w-0 max-md:text-right" : ""}>{c.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
