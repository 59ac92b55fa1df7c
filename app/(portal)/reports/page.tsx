import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import type { Translate } from "@/lib/i18n";
import { PageHeader } from "@/components/ui";
import { cityLabel } from "@/lib/format";
import { bogotaDate } from "@/lib/time";
import { summaryReport } from "@/lib/reports/service";
import { reportHotels } from "@/lib/reports/hotels";
import { comparisonRows } from "@/lib/reports/compare";
import { MAX_RANGE_DAYS, monthRange, rangeDays, rangeProblem } from "@/lib/reports/range";
import { ddmmyyyy } from "@/lib/reports/messages";
import { messages } from "./messages";
import { ReportFilters, type FilterField } from "./ReportFilters";
import { ComparisonTable } from "./ComparisonTable";

export const metadata: Metadata = { title: "Reportes" };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? "";

/** The report page (issue 27; docs/reports.md): a period (by default this month, Bogotá), a hotel, the previous period and a CSV. */
export default async function ReportsPage({ searchParams }: { searchParams: Promise<Params> }) {
  const { database, principal, now } = await portalContext();
  const { t, locale } = await getDict(messages);
  const sp = await searchParams;
  const month = monthRange(bogotaDate(now));
  const hotels = await reportHotels(database, principal);
  const values = { from: one(sp.from) || month.from, to: one(sp.to) || month.to, hotel: one(sp.hotel) };
  const errors = checkAddress(values, hotels, t);
  const hotelId = values.hotel && !errors.hotel ? Number(values.hotel) : undefined;
  const ok = Object.keys(errors).length === 0;
  const summary = ok ? await summaryReport(database, principal, { from: values.from, to: values.to, hotel_id: hotelId, compare: "previous" }) : null;
  const exportHref = `/api/v2/reports/summary?${new URLSearchParams({ from: values.from, to: values.to, ...(hotelId ? { hotel_id: String(hotelId) } : {}), format: "csv" })}`;

  return (
    <div data-testid="reports-page">
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          summary && (
            <a href={exportHref} className="btn-secondary" download title={t("exportHint")} data-testid="export-report">
              {t("export")}
            </a>
          )
        }
      />
      <ReportFilters
        key={`${values.from}|${values.to}|${values.hotel}`}
        values={values}
        month={month}
        hotels={hotels.map((h) => ({ id: h.id, label: `${h.name} · ${cityLabel(h.city)}` }))}
        allLabel={principal.role === "agency" ? t("allAgencyHotels") : t("allHotels")}
        errors={errors}
      />
      {summary?.previous ? (
        <section className="mt-6" aria-labelledby="report-period">
          <h2 id="report-period" className="text-lg font-semibold text-slate-900" data-testid="report-period">
            {t("period", { from: ddmmyyyy(summary.from), to: ddmmyyyy(summary.to) })} · {t("days", { n: rangeDays(summary) })}
          </h2>
          <p className="mb-3 text-sm text-slate-600" data-testid="report-previous">
            {t("previous", { from: ddmmyyyy(summary.previous.from), to: ddmmyyyy(summary.previous.to) })}
          </p>
          <ComparisonTable rows={comparisonRows(summary, summary.previous)} locale={locale} />
        </section>
      ) : (
        <p className="mt-6 text-sm text-slate-600">{t("errors.fix")}</p>
      )}
    </div>
  );
}

/** The address is input too: each problem in Spanish, for the field it belongs to. */
function checkAddress(v: { from: string; to: string; hotel: string }, hotels: Array<{ id: number }>, t: Translate<typeof messages.es>) {
  const errors: Partial<Record<FilterField, string>> = {};
  const problem = rangeProblem(v);
  if (problem === "from-invalid") errors.from = t("errors.fromInvalid");
  if (problem === "to-invalid") errors.to = t("errors.toInvalid");
  if (problem === "order") errors.to = t("errors.order");
  if (problem === "too-long") errors.to = t("errors.tooLong", { max: MAX_RANGE_DAYS });
  if (v.hotel && !hotels.some((h) => String(h.id) === v.hotel)) errors.hotel = t("errors.hotel");
  return errors;
}
