import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { Badge, EmptyState, PageHeader, StatCard } from "@/components/ui";
import { cityLabel, formatDate, formatDateTime } from "@/lib/format";
import { listHotels } from "@/lib/inventory/service";
import { channexEnabled } from "@/lib/gateways/channex/deps";
import { listAlerts, listProperties, listPushes } from "@/lib/gateways/channex/status";
import { Section, DefinitionList } from "@/components/Section";
import { messages } from "./messages";
import { LinkForm, RetryButton, SyncButton } from "./ChannexActions";

export const metadata: Metadata = { title: "Channex" };

/** An error line for the operator, without our error class's name ("ChannexError: Channex 403: ..."). */
const technical = (line: string) => line.replace(/^[A-Za-z]*Error: /, "");

const FRESH_TONE = { fresh: "green", delayed: "yellow", stale: "red", never: "gray" } as const;
const KIND_TONE = { overbooking: "red", refused: "red", sync_failing: "yellow", duplicate: "yellow" } as const;
const STATE_TONE: Record<string, "green" | "yellow" | "red" | "gray" | "blue"> = {
  owed: "yellow",
  uncertain: "yellow",
  pushed: "blue",
  confirmed: "green",
  refused: "red",
  cancel_owed: "yellow",
  cancelled: "gray",
  released: "gray",
};

type Dict = Awaited<ReturnType<typeof getDict<(typeof messages)["es"]>>>;
type Property = Awaited<ReturnType<typeof listProperties>>[number];
type Alert = Awaited<ReturnType<typeof listAlerts>>[number];
type Push = Awaited<ReturnType<typeof listPushes>>[number];

export default async function ChannexPage() {
  const { database, principal, now } = await portalContext(["operator", "hotel_admin"]);
  const dict = await getDict(messages);
  const { t } = dict;
  const operator = principal.role === "operator";
  const [properties, alerts, pending, failed, hotels] = await Promise.all([
    listProperties(database, principal, now),
    listAlerts(database, principal),
    listPushes(database, principal, "pending"),
    listPushes(database, principal, "failed"),
    operator ? listHotels(database, principal) : Promise.resolve([]),
  ]);
  const linked = new Set(properties.map((p) => p.hotel_id));
  const unlinked = hotels.filter((h) => !linked.has(h.id)).map((h) => ({ id: h.id, name: h.name, city: cityLabel(h.city) }));

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} subtitle={operator ? t("subtitle") : t("adminSubtitle")} />
      {!channexEnabled() && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t("notConfigured")}
        </p>
      )}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t("stats.linked")} value={properties.length} testId="stat-linked" />
        <StatCard label={t("stats.pending")} value={pending.length} testId="stat-pending" />
        <StatCard label={t("stats.failed")} value={failed.length} testId="stat-failed" />
        <StatCard label={t("stats.alerts")} value={alerts.length} testId="stat-alerts" />
      </div>

      <AlertsSection dict={dict} alerts={alerts} />
      {operator && <LinkForm hotels={unlinked} />}
      <PropertiesSection dict={dict} properties={properties} operator={operator} />
      <QueueSection dict={dict} queue={[...failed, ...pending]} operator={operator} />
    </div>
  );
}

/** Open alerts (an overbooking, a refused or failing push, a duplicate): what, which hotel, since when. */
function AlertsSection({ dict: { t, locale }, alerts }: { dict: Dict; alerts: Alert[] }) {
  return (
    <Section titleId="alerts-title" anchor="alertas" title={t("alerts.title")} empty={alerts.length === 0 && t("alerts.empty")}>
      <ul className="space-y-2" data-testid="channex-alerts">
        {alerts.map((a) => (
          <li key={a.id} className="card flex flex-col gap-1 p-3 sm:flex-row sm:items-start sm:gap-3">
            <span className="shrink-0 self-start whitespace-nowrap">
              <Badge tone={KIND_TONE[a.kind]}>{t(`kind.${a.kind}`)}</Badge>
            </span>
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">{a.hotel_name}</p>
              <p className="text-slate-700 [overflow-wrap:anywhere]">{a.detail}</p>
              <p className="text-xs text-slate-500">{t("alerts.since", { at: formatDateTime(a.created_at, locale) })}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function PropertiesSection({ dict, properties, operator }: { dict: Dict; properties: Property[]; operator: boolean }) {
  return (
    <Section titleId="properties-title" title={dict.t("properties.title")}>
      {properties.length === 0 ? (
        <EmptyState title={dict.t("properties.empty")} />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="channex-properties">
          {properties.map((p) => (
            <PropertyCard key={p.hotel_id} dict={dict} p={p} operator={operator} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** One linked hotel: how fresh our copy of its inventory is, its queue, a pause or stop, the last error. */
function PropertyCard({ dict: { t, locale }, p, operator }: { dict: Dict; p: Property; operator: boolean }) {
  const ago = (seconds: number | null) => (seconds === null ? t("property.never") : seconds < 60 ? t("property.agoNow") : t("property.ago", { n: Math.floor(seconds / 60) }));
  return (
    <li className="card space-y-3 p-4" data-testid={`channex-property-${p.hotel_id}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{p.hotel_name}</p>
          <p className="text-sm text-slate-600">{cityLabel(p.city)}</p>
        </div>
        <Badge tone={FRESH_TONE[p.freshness]}>
          <span data-testid="freshness">{t(`freshness.${p.freshness}`)}</span>
        </Badge>
      </div>
      <DefinitionList
        items={[
          { term: t("property.id"), value: p.property_id, className: "font-mono text-xs text-slate-800 break-all" },
          {
            term: t("property.lastRead"),
            className: "text-slate-800",
            value: (
              <>
                {ago(p.age_seconds)}
                {p.pulled_at && <span className="text-slate-500"> · {formatDateTime(p.pulled_at, locale)}</span>}
              </>
            ),
          },
          { term: t("property.until"), value: p.mirror_to ? formatDate(p.mirror_to, locale) : "—", className: "text-slate-800" },
          { term: t("property.webhook"), value: p.webhook_registered ? t("property.webhookOk") : t("property.webhookMissing"), className: "text-slate-800" },
        ]}
      />
      <p className="text-sm text-slate-700">{t("property.queue", { pending: p.pending_pushes, failed: p.failed_pushes })}</p>
      {p.paused_until && <p className="text-sm text-amber-800">{t("property.paused", { at: formatDateTime(p.paused_until, locale) })}</p>}
      {p.stale_stopped && <p className="text-sm font-medium text-red-700">{t("property.stale")}</p>}
      {p.last_error && (
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">
          {t("property.error")}: {technical(p.last_error)}
        </p>
      )}
      {operator && <SyncButton hotelId={p.hotel_id} />}
    </li>
  );
}

/** Reservations still to send to Channex or refused by it, the refused first. */
function QueueSection({ dict, queue, operator }: { dict: Dict; queue: Push[]; operator: boolean }) {
  return (
    <Section titleId="queue-title" title={dict.t("queue.title")} empty={queue.length === 0 && dict.t("queue.empty")}>
      <ul className="space-y-2" data-testid="channex-queue">
        {queue.map((q) => (
          <QueueItem key={`${q.chatbot_id}-${q.state}`} dict={dict} q={q} operator={operator} />
        ))}
      </ul>
    </Section>
  );
}

function QueueItem({ dict: { t, locale }, q, operator }: { dict: Dict; q: Push; operator: boolean }) {
  return (
    <li className="card flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Link href={`/reservations/${q.chatbot_id}`} className="font-mono font-semibold text-sky-800 underline">
            {q.chatbot_id}
          </Link>
          <Badge tone={STATE_TONE[q.state] ?? "gray"}>{t(`state.${q.state}`)}</Badge>
          {q.modify_owed && <Badge tone="yellow">{t("queue.guestPending")}</Badge>}
        </p>
        <p className="text-slate-700">
          {q.hotel_name}
          {q.checkin && q.checkout && (
            <span className="text-slate-500">
              {" "}
              · {formatDate(q.checkin, locale)} → {formatDate(q.checkout, locale)}
            </span>
          )}
        </p>
        {q.refusal && <p className="text-red-700 [overflow-wrap:anywhere]">{q.refusal}</p>}
        {q.last_error && (
          <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">
            {t("queue.detail")}: {technical(q.last_error)}
          </p>
        )}
        <p className="text-xs text-slate-500">
          {t("queue.attempts")}: {q.attempts}
          {q.next_attempt_at && q.state !== "refused" && <> · {t("queue.next", { at: formatDateTime(q.next_attempt_at, locale) })}</>}
        </p>
      </div>
      {operator && q.state === "refused" && q.chatbot_id && <RetryButton code={q.chatbot_id} />}
    </li>
  );
}
