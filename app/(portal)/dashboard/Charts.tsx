"use client";
// The dashboard's charts (recharts), drawn from GET /api/v2/reports/summary's answer. Bars open the list they
// summarise, filtered.
import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useDict } from "@/lib/i18n/client";
import { backofficeMessages } from "@/lib/reports/messages";
import type { Summary } from "@/lib/reports/schema";

const cop = new Intl.NumberFormat("es-CO", { style: "currency", currency: "COP", maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat("es-CO", { notation: "compact", maximumFractionDigits: 1 });
// Axis ticks stay on one line: "$ 10,5 M" with non-breaking spaces.
const tick = (v: number) => `$\u00a0${compact.format(v).replace(/\s/g, "\u00a0")}`;
const pct = new Intl.NumberFormat("es-CO", { style: "percent", maximumFractionDigits: 1 });
const ddmm = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}`;
const ddmmyyyy = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

const METHOD_COLORS: Record<string, string> = { card: "#2563eb", cash: "#16a34a", bank_transfer: "#9333ea", balance: "#ea580c", nequi: "#db2777" };
const OUTCOME_COLORS: Record<string, string> = { created: "#64748b", confirmed: "#16a34a", expired: "#f59e0b", cancelled: "#dc2626" };

export function DashboardCharts({ summary, showOccupancy, methodHref, outcomeHref }: { summary: Summary; showOccupancy: boolean; methodHref: Record<string, string> | null; outcomeHref: Record<string, string> }) {
  const t = useDict(backofficeMessages);
  const router = useRouter();
  const daily = summary.daily.map((d) => ({ ...d, label: ddmm(d.date), occupancyPct: d.occupancy ?? 0 }));
  const methods = (["card", "cash", "bank_transfer", "nequi", "balance"] as const).map((m) => ({ key: m, name: t(`dash.method.${m}`), value: summary.revenue.by_method[m] }));
  const outcomes = (["created", "confirmed", "expired", "cancelled"] as const).map((k) => ({ key: k, name: t(`dash.outcome.${k}`), value: summary.reservations[k] }));

  return (
    <div className="grid gap-4 xl:grid-cols-3">
      <section className="card p-4 xl:col-span-3" data-testid="chart-over-time">
        <h2 className="mb-3 font-semibold">{showOccupancy ? t("dash.overTime") : t("dash.overTimeAgency")}</h2>
        <div className="h-72 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={daily} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={12} />
              <YAxis yAxisId="money" tickFormatter={tick} tick={{ fontSize: 11 }} width={80} />
              {showOccupancy ? (
                <YAxis yAxisId="occ" orientation="right" domain={[0, "auto"]} tickFormatter={(v: number) => pct.format(v)} tick={{ fontSize: 11 }} width={48} />
              ) : (
                <YAxis yAxisId="occ" orientation="right" allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
              )}
              <Tooltip
                labelFormatter={(_, payload) => (payload?.[0]?.payload?.date ? ddmmyyyy(payload[0].payload.date as string) : "")}
                formatter={(value, name) => (name === t("dash.chartRevenue") ? cop.format(Number(value)) : showOccupancy ? pct.format(Number(value)) : String(value))}
              />
              <Legend />
              <Bar isAnimationActive={false} yAxisId="money" dataKey="revenue" name={t("dash.chartRevenue")} fill="#2563eb" radius={[3, 3, 0, 0]} />
              <Line
                yAxisId="occ"
                type="linear"
                isAnimationActive={false}
                dataKey={showOccupancy ? "occupancyPct" : "room_nights_sold"}
                name={showOccupancy ? t("dash.chartOccupancy") : t("dash.chartSold")}
                stroke="#ea580c"
                strokeWidth={2}
                dot={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
      </section>

      <section className="card p-4 xl:col-span-2" data-testid="chart-by-method">
        <h2 className="mb-3 font-semibold">{t("dash.byMethod")}</h2>
        <div className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={methods} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
              <XAxis type="number" tickFormatter={tick} tick={{ fontSize: 11 }} />
              <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(v) => cop.format(Number(v))} />
              <Bar
                isAnimationActive={false}
                dataKey="value"
                name={t("dash.revenue")}
                radius={[0, 3, 3, 0]}
                cursor={methodHref ? "pointer" : undefined}
                onClick={(d) => {
                  const key = (d as unknown as { payload?: { key?: string } }).payload?.key;
                  if (methodHref && key) router.push(methodHref[key]);
                }}
              >
                {methods.map((m) => (
                  <Cell key={m.key} fill={METHOD_COLORS[m.key]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {methods.map((m) =>
            methodHref ? (
              <li key={m.key}>
                <a href={methodHref[m.key]} className="text-brand-700 hover:underline">
                  {m.name}: {cop.format(m.value)}
                </a>
              </li>
            ) : (
              <li key={m.key} className="text-slate-600">
                {m.name}: {cop.format(m.value)}
              </li>
            ),
          )}
        </ul>
      </section>

      <section className="card p-4" data-testid="chart-by-outcome">
        <h2 className="mb-3 font-semibold">{t("dash.byOutcome")}</h2>
        <div className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={outcomes} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="name" tick={{ fontSize: 11 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Bar
                isAnimationActive={false}
                dataKey="value"
                name={t("dash.byOutcome")}
                radius={[3, 3, 0, 0]}
                cursor="pointer"
                onClick={(d) => {
                  const key = (d as unknown as { payload?: { key?: string } }).payload?.key;
                  if (key) router.push(outcomeHref[key]);
                }}
              >
                {outcomes.map((o) => (
                  <Cell key={o.key} fill={OUTCOME_COLORS[o.key]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {outcomes.map((o) => (
            <li key={o.key}>
              <a href={outcomeHref[o.key]} className="text-brand-700 hover:underline" data-testid={`outcome-${o.key}`}>
                {o.name}: {o.value}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
