"use client";
import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { PageHeader } from "@/components/ui";
import { messages } from "../../messages";
import { EmailFrame } from "../../EmailFrame";

export function TemplatePreview({ name, title }: { name: string; title: string }) {
  const t = useDict(messages);
  const [locale, setLocale] = useState<"es" | "en">("es");
  const q = useQuery({ queryKey: ["email-template", name, locale], queryFn: ({ signal }) => ok(api.GET("/emails/templates/{name}/preview", { params: { path: { name }, query: { locale } }, signal })) });
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("preview.title", { name: title })}
        subtitle={t("preview.sample")}
        actions={
          <Link href="/emails" className="btn-secondary">
            {t("preview.back")}
          </Link>
        }
      />
      <div className="flex gap-2" role="group">
        {(["es", "en"] as const).map((l) => (
          <button key={l} type="button" className={locale === l ? "btn-primary" : "btn-secondary"} aria-pressed={locale === l} onClick={() => setLocale(l)}>
            {t(`preview.${l}`)}
          </button>
        ))}
      </div>
      {q.data && (
        <>
          <p className="card p-3 text-sm">
            <span className="text-slate-500">{t("detail.subject")}: </span>
            <span className="font-medium text-slate-900" data-testid="preview-subject">
              {q.data.subject}
            </span>
          </p>
          <EmailFrame html={q.data.html} title={t("detail.frame")} />
          <details className="card p-4">
            <summary className="cursor-pointer font-medium text-slate-900">{t("detail.text")}</summary>
            <pre className="mt-3 whitespace-pre-wrap text-sm text-slate-800">{q.data.text}</pre>
          </details>
        </>
      )}
    </div>
  );
}
