"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, PageHeader } from "@/components/ui";
import { formatDateTime } from "@/lib/format";
import { messages, STATUS_TONE } from "../messages";
import { EmailFrame } from "../EmailFrame";

export function EmailViewer({ id }: { id: string }) {
  const t = useDict(messages);
  const { locale } = useI18n();
  const q = useQuery({ queryKey: ["email", id], queryFn: ({ signal }) => ok(api.GET("/emails/{id}", { params: { path: { id } }, signal })) });
  const back = (
    <Link href="/emails" className="btn-secondary">
      {t("detail.back")}
    </Link>
  );
  if (q.isPending) return <p className="text-sm text-slate-600">{t("detail.loading")}</p>;
  if (q.isError || !q.data)
    return (
      <div className="space-y-3">
        <p role="alert" className="text-sm text-red-700">
          {t("detail.error")}
        </p>
        {back}
      </div>
    );
  const e = q.data;
  return (
    <div className="space-y-6">
      <PageHeader title={e.subject} subtitle={e.template_title} actions={back} />
      <dl className="card grid grid-cols-1 gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-500">{t("detail.to")}</dt>
        <dd className="text-slate-900 [overflow-wrap:anywhere]" data-testid="email-to">
          {e.recipient_name ? `${e.recipient_name} <${e.recipient}>` : e.recipient}
        </dd>
        <dt className="text-slate-500">{t("detail.status")}</dt>
        <dd>
          <Badge tone={STATUS_TONE[e.status]}>{t(`status.${e.status}`)}</Badge>
        </dd>
        <dt className="text-slate-500">{t("detail.created")}</dt>
        <dd className="text-slate-900">{formatDateTime(e.created_at, locale)}</dd>
        {e.sent_at && e.status === "sent" && (
          <>
            <dt className="text-slate-500">{t("detail.sent")}</dt>
            <dd className="text-slate-900">{formatDateTime(e.sent_at, locale)}</dd>
          </>
        )}
        <dt className="text-slate-500">{t("detail.attempts")}</dt>
        <dd className="text-slate-900">{e.attempts}</dd>
        {e.next_attempt_at && (
          <>
            <dt className="text-slate-500">{t("detail.nextAttempt")}</dt>
            <dd className="text-slate-900">{formatDateTime(e.next_attempt_at, locale)}</dd>
          </>
        )}
        {e.last_error && (
          <>
            <dt className="text-slate-500">{t("detail.lastError")}</dt>
            <dd className="text-red-700 [overflow-wrap:anywhere]">{e.last_error}</dd>
          </>
        )}
        <dt className="text-slate-500">{t("detail.attachments")}</dt>
        <dd className="text-slate-900">
          {e.attachments.length === 0 ? (
            t("detail.noAttachments")
          ) : (
            <ul className="space-y-1">
              {e.attachments.map((a) => (
                <li key={a.index}>
                  <a className="text-brand-700 underline" href={`/api/emails/${e.id}/attachments/${a.index}`} download={a.filename} data-testid="email-attachment">
                    {t("detail.download")} {a.filename}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <section aria-labelledby="html-title" className="space-y-2">
        <h2 id="html-title" className="text-lg font-semibold text-slate-900">
          {t("detail.html")}
        </h2>
        <EmailFrame html={e.html} title={t("detail.frame")} />
      </section>
      <details className="card p-4">
        <summary className="cursor-pointer font-medium text-slate-900">{t("detail.text")}</summary>
        <pre className="mt-3 whitespace-pre-wrap text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="email-text">
          {e.text}
        </pre>
      </details>
    </div>
  );
}
