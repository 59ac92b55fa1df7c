"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, PageHeader } from "@/components/ui";
import { DefinitionList } from "@/components/Section";
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
      <DefinitionList
        className="card p-4"
        items={[
          { term: t("detail.to"), value: e.recipient_name ? `${e.recipient_name} <${e.recipient}>` : e.recipient, className: "text-slate-900 [overflow-wrap:anywhere]", testId: "email-to" },
          { term: t("detail.status"), value: <Badge tone={STATUS_TONE[e.status]}>{t(`status.${e.status}`)}</Badge>, className: "" },
          { term: t("detail.created"), value: formatDateTime(e.created_at, locale) },
          e.sent_at && e.status === "sent" && { term: t("detail.sent"), value: formatDateTime(e.sent_at, locale) },
          { term: t("detail.attempts"), value: e.attempts },
          e.next_attempt_at && { term: t("detail.nextAttempt"), value: formatDateTime(e.next_attempt_at, locale) },
          e.last_error && { term: t("detail.lastError"), value: e.last_error, className: "text-red-700 [overflow-wrap:anywhere]" },
          { term: t("detail.attachments"), value: <Attachments id={e.id} attachments={e.attachments} /> },
        ]}
      />
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

/** The e-mail's attachments, each a download link. */
function Attachments({ id, attachments }: { id: string; attachments: ReadonlyArray<{ index: number; filename: string }> }) {
  const t = useDict(messages);
  if (attachments.length === 0) return <>{t("detail.noAttachments")}</>;
  return (
    <ul className="space-y-1">
      {attachments.map((a) => (
        <li key={a.index}>
          <a className="text-brand-700 underline" href={`/api/emails/${id}/attachments/${a.index}`} download={a.filename} data-testid="email-attachment">
            {t("detail.download")} {a.filename}
          </a>
        </li>
      ))}
    </ul>
  );
}
