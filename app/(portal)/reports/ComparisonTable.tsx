// The report's figures next to the previous period's and the change (issue 27): a table on a desktop, cards on
// a phone (components/DataList). The CSV export writes the same rows (lib/reports/export.ts).
import { DataList } from "@/components/DataList";
import { formatMoney } from "@/lib/format";
import { intlLocale, type Locale } from "@/lib/i18n";
import { getDict } from "@/lib/i18n/server";
import type { ComparisonRow } from "@/lib/reports/compare";
import { messages } from "./messages";

export async function ComparisonTable({ rows, locale }: { rows: ComparisonRow[]; locale: Locale }) {
  const { t } = await getDict(messages);
  const number = new Intl.NumberFormat(intlLocale(locale));
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1 });
  const change = new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
  const value = (r: ComparisonRow, n: number | null) => (n === null ? "—" : r.kind === "money" ? formatMoney(n, "COP", locale) : r.kind === "ratio" ? percent.format(n) : number.format(n));
  const tone = (r: ComparisonRow) => (r.change === null || r.change === 0 ? "text-slate-700" : (r.change > 0) !== (r.id === "refunds" || r.id === "expired" || r.id === "cancelled") ? "text-emerald-800" : "text-red-700");
  return (
    <DataList
      rows={rows}
      rowKey={(r) => r.id}
      caption={t("caption")}
      testId="report-table"
      rowTestId="report-row"
      columns={[
        { key: "figure", header: t("figure"), card: "title", cell: (r) => <span className="font-medium text-slate-900" data-row={r.id}>{t(`rows.${r.id}`)}</span> },
        { key: "current", header: t("current"), align: "right", nowrap: true, cell: (r) => <span className="font-semibold tabular-nums text-slate-900" data-cell="current">{value(r, r.current)}</span> },
        { key: "previous", header: t("before"), align: "right", nowrap: true, cell: (r) => <span className="tabular-nums" data-cell="previous">{value(r, r.previous)}</span> },
        {
          key: "change",
          header: t("change"),
          align: "right",
          nowrap: true,
          cell: (r) => (
            <span className={`tabular-nums ${tone(r)}`} data-cell="change">
              {r.change === null ? t("noBase") : change.format(r.change / 100)}
            </span>
          ),
        },
      ]}
    />
  );
}
