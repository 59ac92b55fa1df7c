import type { Metadata } from "next";
import Link from "next/link";
import { portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { Badge, EmptyState, PageHeader } from "@/components/ui";
import { formatDateTime } from "@/lib/format";
import { listEmails } from "@/lib/mail/list";
import { TEMPLATES } from "@/lib/mail/templates/catalog";
import { mailMode } from "@/lib/mail/config";
import { listSuppressions } from "@/lib/mail/suppressions";
import { messages, STATUS_TONE } from "./messages";
import { MarkedAddresses } from "./MarkedAddresses";

export const metadata: Metadata = { title: "Correos" };

const STATUSES = ["pending", "sent", "kept", "failed", "suppressed"] as const;
type Status = (typeof STATUSES)[number];
const PER_PAGE = 25;

export default async function EmailsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { database, principal } = await portalContext(["operator", "agency"]);
  const { t, locale } = await getDict(messages);
  const raw = await searchParams;
  const status = STATUSES.find((s) => s === raw.status);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(String(raw.page ?? "1"), 10) || 1));
  const list = await listEmails(database, principal, { status, page, per_page: PER_PAGE });
  const pages = Math.max(1, Math.ceil(list.total / PER_PAGE));
  const mode = mailMode();
  const operator = principal.role === "operator";
  const marked = await listSuppressions(database, principal);
  const href = (s: Status | undefined, p = 1) => {
    const q = new URLSearchParams();
    if (s) q.set("status", s);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    return qs ? `/emails?${qs}` : "/emails";
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        subtitle={operator ? t("subtitle") : t("agencySubtitle")}
        actions={
          operator ? undefined : (
            <Link href="/emails/preferences" className="btn-secondary">
              {t("preferences")}
            </Link>
          )
        }
      />
      {operator && (
        <p role="status" data-testid="mail-mode" className={`rounded-md border px-4 py-3 text-sm ${mode.mode === "smtp" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : mode.mode === "outbox" ? "border-sky-200 bg-sky-50 text-sky-900" : "border-red-200 bg-red-50 text-red-900"}`}>
          {mode.mode === "smtp" ? t("smtp", { server: mode.server ?? "", from: mode.from ?? "" }) : mode.mode === "outbox" ? t("outbox") : t("misconfigured")}
        </p>
      )}

      <nav aria-label={t("filter")} className="flex flex-wrap gap-2">
        <Link href={href(undefined)} className={!status ? "btn-primary" : "btn-secondary"} aria-current={!status ? "page" : undefined}>
          {t("all")}
        </Link>
        {STATUSES.map((s) => (
          <Link key={s} href={href(s)} className={status === s ? "btn-primary" : "btn-secondary"} aria-current={status === s ? "page" : undefined}>
            {t(`status.${s}`)}
          </Link>
        ))}
      </nav>

      {list.items.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
      ) : (
        <section>
          <ul className="card divide-y divide-slate-200" data-testid="email-list">
            {list.items.map((e) => (
              <li key={e.id}>
                <Link href={`/emails/${e.id}`} className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4" data-testid="email-row">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{e.subject}</p>
                    <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                      {e.recipient_name ? `${e.recipient_name} · ` : ""}
                      {e.recipient}
                    </p>
                    <p className="text-xs text-slate-500">
                      {e.template_title}
                      {e.attachments > 0 && ` · ${t("attachments", { n: e.attachments })}`}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end sm:gap-1">
                    <Badge tone={STATUS_TONE[e.status]}>{t(`status.${e.status}`)}</Badge>
                    <span className="text-xs text-slate-500">{formatDateTime(e.created_at, locale)}</span>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-center justify-between gap-2 text-sm text-slate-600">
            <span>{t("page", { page, pages, total: list.total })}</span>
            <div className="flex gap-2">
              {page > 1 && (
                <Link className="btn-secondary" href={href(status, page - 1)}>
                  {t("prev")}
                </Link>
              )}
              {page < pages && (
                <Link className="btn-secondary" href={href(status, page + 1)}>
                  {t("next")}
                </Link>
              )}
            </div>
          </div>
        </section>
      )}

      <MarkedAddresses initial={marked.items} />

      {operator && (
        <section aria-labelledby="templates-title" className="space-y-3">
          <div>
            <h2 id="templates-title" className="text-lg font-semibold text-slate-900">
              {t("templates.title")}
            </h2>
            <p className="text-sm text-slate-600">{t("templates.help")}</p>
          </div>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="template-list">
            {Object.entries(TEMPLATES).map(([name, def]) => (
              <li key={name}>
                <Link href={`/emails/templates/${name}`} className="card flex h-full flex-col gap-1 p-3 hover:bg-slate-50">
                  <span className="font-medium text-slate-900">{def.title}</span>
                  <span className="flex flex-wrap gap-2 text-xs">
                    <Badge tone="blue">{t(`audience.${def.audience}`)}</Badge>
                    <Badge tone={def.essential ? "green" : "gray"}>{def.essential ? t("templates.essential") : t("templates.optional")}</Badge>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
