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
import { CopyBlock } from "@/components/CopyBlock";
import { Section } from "@/components/Section";

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

type Words = (typeof messages)["es"];
type Dict = Awaited<ReturnType<typeof getDict<Words>>>;
type Data = Awaited<ReturnType<typeof gatewayPageData>>;

export default async function GatewayPage() {
  const { database } = await portalContext(["operator"]);
  const dict = await getDict(messages);
  const { t } = dict;
  const data = await gatewayPageData(database);

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <ModeSection dict={dict} mode={data.mode} />
      <EventsUrlSection dict={dict} url={data.eventsUrl} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard label={t("events.title")} value={data.events.length} testId="stat-events" />
        <StatCard label={t("mismatches.title")} value={data.mismatches.length} testId="stat-mismatches" />
        <StatCard label={t("refunds.title")} value={data.manualRefunds.length} testId="stat-refunds" />
      </div>
      <RefundsSection dict={dict} refunds={data.manualRefunds} />
      <MismatchesSection dict={dict} mismatches={data.mismatches} />
      <EventsSection dict={dict} events={data.events} />
    </div>
  );
}

/** Which gateway takes the payments (sandbox, Wompi's test or production keys, or a bad setting) and the guide to going live. */
function ModeSection({ dict: { t }, mode }: { dict: Dict; mode: Data["mode"] }) {
  return (
    <Section titleId="mode-title" title={t("mode.label")} aside={<Badge tone={MODE_TONE[mode]}>{t(`badge.${mode}`)}</Badge>} card testId="gateway-mode">
      <p className="text-sm text-slate-700">{t(`mode.${mode}`)}</p>
      <p className="text-sm">
        <a href="/docs/going-live" className="font-medium text-sky-800 underline">
          {t("guide")}
        </a>
      </p>
    </Section>
  );
}

/** The address to give Wompi for its events, with a copy button (none in the sandbox). */
function EventsUrlSection({ dict: { t }, url }: { dict: Dict; url: string | null }) {
  return (
    <Section titleId="url-title" title={t("eventsUrl.title")} card>
      {url ? (
        <>
          <p className="text-sm text-slate-700">{t("eventsUrl.help")}</p>
          <CopyBlock line code={url} label={t("eventsUrl.label")} copyLabel={t("eventsUrl.copy")} copiedLabel={t("eventsUrl.copied")} testId="events-url" />
        </>
      ) : (
        <p className="text-sm text-slate-700" data-testid="events-url-sandbox">
          {t("eventsUrl.sandbox")}
        </p>
      )}
    </Section>
  );
}

/** The payment a row is about: its reference (a link), payer and method. */
function PaymentCell({ dict: { t }, payment: p }: { dict: Dict; payment: GatewayEventView["payment"] }) {
  return p ? (
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
}

/** Wompi's status of a transaction in words. */
const wompiStatus = (words: Words, s: string | null) => (s ? ((words.wompiStatus as Record<string, string>)[s] ?? s) : words.events.unknown);

/** Money to give back by hand (a refund Wompi cannot make, a payment that could not be applied), each marked done here. */
function RefundsSection({ dict: { t, locale }, refunds }: { dict: Dict; refunds: ManualRefundView[] }) {
  return (
    <Section titleId="refunds-title" anchor="reembolsos" title={t("refunds.title")} help={t("refunds.help")} empty={refunds.length === 0 && t("refunds.empty")}>
      <DataList<ManualRefundView>
        rows={refunds}
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
    </Section>
  );
}

/** Payments whose amount or currency at Wompi is not what we asked for. */
function MismatchesSection({ dict, mismatches }: { dict: Dict; mismatches: MismatchView[] }) {
  const { t, locale } = dict;
  return (
    <Section titleId="mismatches-title" anchor="discrepancias" title={t("mismatches.title")} help={t("mismatches.help")} empty={mismatches.length === 0 && t("mismatches.empty")}>
      <DataList<MismatchView>
        rows={mismatches}
        rowKey={(m) => m.key}
        caption={t("mismatches.caption")}
        testId="mismatches"
        rowTestId="mismatch"
        columns={[
          { key: "payment", header: t("mismatches.payment"), card: "title", cell: (m) => <PaymentCell dict={dict} payment={m.payment} /> },
          { key: "expected", header: t("mismatches.expected"), align: "right", nowrap: true, cell: (m) => (m.expected === null ? "—" : money(m.expected)) },
          {
            key: "reported",
            header: t("mismatches.reported"),
            align: "right",
            nowrap: true,
            cell: (m) => (
              <span className="block">
                <span className="block font-semibold text-red-800">{m.reported === null ? "—" : money(m.reported, m.reportedCurrency)}</span>
                <span className="block text-xs text-slate-600">{wompiStatus(messages[locale], m.status)}</span>
              </span>
            ),
          },
          { key: "detail", header: t("mismatches.detail"), cell: (m) => <span className="[overflow-wrap:anywhere]">{moneyInText(m.detail)}</span> },
          { key: "wompi", header: t("mismatches.transaction"), cell: (m) => <span className="font-mono text-xs [overflow-wrap:anywhere]">{m.wompiId ?? "—"}</span> },
          { key: "at", header: t("mismatches.at"), nowrap: true, cell: (m) => formatDateTime(m.at, locale) },
        ]}
      />
    </Section>
  );
}

/** Every event Wompi sent us: when, about which transaction and payment, and whether we accepted and applied it. */
function EventsSection({ dict, events }: { dict: Dict; events: GatewayEventView[] }) {
  const { t, locale } = dict;
  const words = messages[locale];
  const appliedText = (e: GatewayEventView) => (e.applyResult ? ((words.applied as Record<string, string>)[e.applyResult] ?? words.applied.other) : words.applied.notYet);
  return (
    <Section titleId="events-title" anchor="eventos" title={t("events.title")} empty={events.length === 0 && t("events.empty")}>
      <DataList<GatewayEventView>
        rows={events}
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
          { key: "payment", header: t("events.payment"), cell: (e) => <PaymentCell dict={dict} payment={e.payment} /> },
          {
            key: "status",
            header: t("events.status"),
            nowrap: true,
            cell: (e) => (
              <span className="block">
                <Badge tone={e.status ? (STATUS_TONE[e.status] ?? "gray") : "gray"}>{wompiStatus(words, e.status)}</Badge>
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
    </Section>
  );
}
