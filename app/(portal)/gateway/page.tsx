import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { Badge, PageHeader, StatCard } from "@/components/ui";
import { DataList } from "@/components/DataList";
import { formatDateTime, formatMoney, paymentMethodLabel } from "@/lib/format";
import { gatewayPageData, type GatewayEventView, type ManualRefundView, type MismatchView } from "@/lib/wompi/overview";
import { messages } from "./messages";
import { MarkRefundDone } from "./MarkRefundDone";
import { CopyUrl } from "./CopyUrl";

export const metadata: Metadata = { title: "Pasarela de pagos" };

const MODE_TONE = { sandbox: "gray", "wompi-test": "blue", "wompi-production": "green", misconfigured: "red" } as const;
const STATUS_TONE: Record<string, "green" | "yellow" | "red" | "gray"> = { APPROVED: "green", PENDING: "yellow", DECLINED: "red", ERROR: "red", VOIDED: "gray" };

/** An amount as pesos are written here, centavos kept when there are any (a mismatch may be of centavos); a currency Intl does not know as plain text. */
function money(n: number, currency = "COP"): string {
  if (!/^[A-Z]{3}$/.test(currency)) return `${n.toFixed(2)} ${currency}`;
  if (Number.isInteger(n)) return formatMoney(n, currency);
  return new Intl.NumberFormat("es-CO", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
}

/** "monto 1.00 en lugar de 480000.00" as pesos are written here. */
const moneyInText = (text: string) => text.replace(/\b(\d+)\.(\d{2})\b/g, (_, units: string, cents: string) => money(Number(`${units}.${cents}`)));

export default async function GatewayPage() {
  const { database } = await portalContext(["operator"]);
  const { t, locale } = await getDict(messages);
  const words = messages[locale];
  const data = await gatewayPageData(database);
  const wompiStatus = (s: string | null) => (s ? ((words.wompiStatus as Record<string, string>)[s] ?? s) : words.events.unknown);
  const appliedText = (e: GatewayEventView) => (e.applyResult ? ((words.applied as Record<string, string>)[e.applyResult] ?? words.applied.other) : words.applied.notYet);
  const paymentCell = (p: GatewayEventView["payment"]) =>
    p ? (
      <span className="block min-w-0">
        <Link href={`/payments/${encodeURIComponent(p.id)}`} className="font-mono font-semibold text-sky-800 underline [overflow-wrap:anywhere]">
          {p.reference}
        </Link>
        <span className="block text-xs text-slate-600">
          {p.payer} · {paymentMethodLabel(p.method)}
        </span>
      </span>
    ) : (
      <span className="text-slate-600">{t("events.noPayment")}</span>
    );

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />

      <section aria-labelledby="mode-title" className="card space-y-3 p-4" data-testid="gateway-mode">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="mode-title" className="text-lg font-semibold text-slate-900">
            {t("mode.label")}
          </h2>
          <Badge tone={MODE_TONE[data.mode]}>{t(`badge.${data.mode}`)}</Badge>
        </div>
        <p className="text-sm text-slate-700">{t(`mode.${data.mode}`)}</p>
        <p className="text-sm">
          <a href="/docs/going-live" className="font-medium text-sky-800 underline">
            {t("guide")}
          </a>
        </p>
      </section>

      <section aria-labelledby="url-title" className="card space-y-3 p-4">
        <h2 id="url-title" className="text-lg font-semibold text-slate-900">
          {t("eventsUrl.title")}
        </h2>
        {data.eventsUrl ? (
          <>
            <p className="text-sm text-slate-700">{t("eventsUrl.help")}</p>
            <CopyUrl url={data.eventsUrl} label={t("eventsUrl.label")} copyLabel={t("eventsUrl.copy")} copiedLabel={t("eventsUrl.copied")} testId="events-url" />
          </>
        ) : (
          <p className="text-sm text-slate-700" data-testid="events-url-sandbox">
            {t("eventsUrl.sandbox")}
          </p>
        )}
      </section>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label={t("events.title")} value={data.events.length} testId="stat-events" />
        <StatCard label={t("mismatches.title")} value={data.mismatches.length} testId="stat-mismatches" />
        <StatCard label={t("refunds.title")} value={data.manualRefunds.length} testId="stat-refunds" />
      </div>

      <section aria-labelledby="refunds-title" className="space-y-3" id="reembolsos">
        <h2 id="refunds-title" className="text-lg font-semibold text-slate-900">
          {t("refunds.title")}
        </h2>
        <p className="text-sm text-slate-700">{t("refunds.help")}</p>
        {data.manualRefunds.length === 0 ? (
          <p className="text-sm text-slate-600">{t("refunds.empty")}</p>
        ) : (
          <DataList<ManualRefundView>
            rows={data.manualRefunds}
            rowKey={(r) => r.id}
            caption={t("refunds.caption")}
            testId="manual-refunds"
            rowTestId="manual-refund"
            columns={[
              {
                key: "payment",
                header: t("refunds.payment"),
                card: "title",
                cell: (r) => (
                  <span className="block">
                    <Link href={`/payments/${encodeURIComponent(r.payment_id)}`} className="font-mono font-semibold text-sky-800 underline [overflow-wrap:anywhere]">
                      {r.reference ?? t("viewPayment")}
                    </Link>
                    <span className="block text-xs text-slate-600">
                      {r.kind === "refund" ? t("refunds.kindRefund") : t("refunds.kindNotApplied")} · {paymentMethodLabel(r.method)}
                    </span>
                  </span>
                ),
              },
              { key: "amount", header: t("refunds.amount"), align: "right", nowrap: true, cell: (r) => <span className="font-semibold text-slate-900">{formatMoney(r.amount)}</span> },
              {
                key: "payer",
                header: t("refunds.payer"),
                cell: (r) => (
                  <span className="block">
                    <span className="block font-medium text-slate-900">{r.payer_name}</span>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                      {[r.payer_email ?? t("refunds.noEmail"), r.payer_phone, r.payer_document ? `${t("refunds.document")} ${r.payer_document}` : null].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                ),
              },
              { key: "why", header: t("refunds.why"), cell: (r) => <span className="[overflow-wrap:anywhere]">{r.reason ?? "—"}</span> },
              { key: "since", header: t("refunds.since"), nowrap: true, cell: (r) => formatDateTime(r.since, locale) },
              {
                key: "action",
                header: <span className="sr-only">{t("refunds.markDone")}</span>,
                cardLabel: t("refunds.markDone"),
                card: "plain",
                cell: (r) => <MarkRefundDone id={r.id} amount={formatMoney(r.amount)} payer={r.payer_name} reference={r.reference ?? ""} />,
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="mismatches-title" className="space-y-3" id="discrepancias">
        <h2 id="mismatches-title" className="text-lg font-semibold text-slate-900">
          {t("mismatches.title")}
        </h2>
        <p className="text-sm text-slate-700">{t("mismatches.help")}</p>
        {data.mismatches.length === 0 ? (
          <p className="text-sm text-slate-600">{t("mismatches.empty")}</p>
        ) : (
          <DataList<MismatchView>
            rows={data.mismatches}
            rowKey={(m) => m.key}
            caption={t("mismatches.caption")}
            testId="mismatches"
            rowTestId="mismatch"
            columns={[
              { key: "payment", header: t("mismatches.payment"), card: "title", cell: (m) => paymentCell(m.payment) },
              { key: "expected", header: t("mismatches.expected"), align: "right", nowrap: true, cell: (m) => (m.expected === null ? "—" : money(m.expected)) },
              {
                key: "reported",
                header: t("mismatches.reported"),
                align: "right",
                nowrap: true,
                cell: (m) => (
                  <span className="block">
                    <span className="block font-semibold text-red-800">{m.reported === null ? "—" : money(m.reported, m.reportedCurrency)}</span>
                    <span className="block text-xs text-slate-600">{wompiStatus(m.status)}</span>
                  </span>
                ),
              },
              { key: "detail", header: t("mismatches.detail"), cell: (m) => <span className="[overflow-wrap:anywhere]">{moneyInText(m.detail)}</span> },
              { key: "wompi", header: t("mismatches.transaction"), cell: (m) => <span className="font-mono text-xs [overflow-wrap:anywhere]">{m.wompiId ?? "—"}</span> },
              { key: "at", header: t("mismatches.at"), nowrap: true, cell: (m) => formatDateTime(m.at, locale) },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="events-title" className="space-y-3" id="eventos">
        <h2 id="events-title" className="text-lg font-semibold text-slate-900">
          {t("events.title")}
        </h2>
        {data.events.length === 0 ? (
          <p className="text-sm text-slate-600">{t("events.empty")}</p>
        ) : (
          <DataList<GatewayEventView>
            rows={data.events}
            rowKey={(e) => e.key}
            caption={t("events.caption")}
            testId="gateway-events"
            rowTestId="gateway-event"
            columns={[
              {
                key: "received",
                header: t("events.received"),
                card: "title",
                nowrap: true,
                cell: (e) => (
                  <span className="block">
                    <span className="block">{formatDateTime(e.receivedAt, locale)}</span>
                    {e.timesReceived > 1 && <span className="block text-xs text-slate-600">{t("events.times", { n: e.timesReceived })}</span>}
                  </span>
                ),
              },
              { key: "transaction", header: t("events.transaction"), cell: (e) => <span className="font-mono text-xs [overflow-wrap:anywhere]">{e.wompiId ?? t("events.unknown")}</span> },
              { key: "payment", header: t("events.payment"), cell: (e) => paymentCell(e.payment) },
              {
                key: "status",
                header: t("events.status"),
                nowrap: true,
                cell: (e) => (
                  <span className="block">
                    <Badge tone={e.status ? (STATUS_TONE[e.status] ?? "gray") : "gray"}>{wompiStatus(e.status)}</Badge>
                    {e.amount !== null && <span className="block text-xs text-slate-600">{formatMoney(e.amount)}</span>}
                  </span>
                ),
              },
              {
                key: "outcome",
                header: t("events.outcome"),
                cell: (e) => (
                  <span className="block" data-testid="event-outcome">
                    <span className={`block font-medium ${e.accepted ? "text-green-800" : "text-red-800"}`}>{e.accepted ? t("events.accepted") : t("events.refused")}</span>
                    <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">{e.accepted ? appliedText(e) : e.reason}</span>
                  </span>
                ),
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
