// CSV for Excel set to Spanish (Colombia) (docs/reports.md): UTF-8 with a byte-order mark so accents survive,
// `;` between cells (the list separator of es-CO Windows, where `,` is the decimal mark), CRLF line ends,
// amounts with a decimal comma and no thousands grouping, dates dd/mm/aaaa in Bogotá time. Text cells that
// a spreadsheet would read as a formula (= + - @, tab, CR) are prefixed with an apostrophe.
import { RawResponse } from "@/lib/http/route";
import { isoBogota } from "@/lib/time";

export const BOM = "\uFEFF";
export const SEP = ";";

export type Cell = string | number | null | undefined | { toString(): string };

/** A text cell: neutralised against formula injection, quoted when it holds ; " or a line break. */
export function textCell(v: string | null | undefined): string {
  let s = v ?? "";
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  if (/[";\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** An amount (number or Decimal) as es-CO Excel reads it: 1250000 or 200000,5 (never grouped). */
export function amountCell(v: number | { toString(): string } | null | undefined): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "number" ? String(v) : v.toString();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return textCell(s);
  return s.replace(".", ",");
}

/** YYYY-MM-DD to dd/mm/aaaa. */
export function dateCell(ymd: string | null | undefined): string {
  if (!ymd) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : textCell(ymd);
}

/** An instant as dd/mm/aaaa hh:mm in Bogotá. */
export function dateTimeCell(at: Date | null | undefined): string {
  if (!at) return "";
  const iso = isoBogota(at);
  return `${dateCell(iso.slice(0, 10))} ${iso.slice(11, 16)}`;
}

export function csvLine(cells: string[]): string {
  return cells.join(SEP) + "\r\n";
}

export function csvResponse(filename: string, header: string[], lines: string[]): RawResponse {
  const body = BOM + csvLine(header.map(textCell)) + lines.join("");
  return new RawResponse(200, body, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
  });
}

/** Reads every row of a filter in keyset-free pages, so an export is never limited to one page. */
export async function allPages<T>(fetchPage: (skip: number, take: number) => Promise<T[]>, pageSize = 1000, maxRows = 200_000): Promise<T[]> {
  const out: T[] = [];
  for (let skip = 0; skip < maxRows; skip += pageSize) {
    const rows = await fetchPage(skip, pageSize);
    out.push(...rows);
    if (rows.length < pageSize) break;
  }
  return out;
}
