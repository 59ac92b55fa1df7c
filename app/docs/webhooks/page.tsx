// docs/webhooks.md for people (components/Markdown.tsx renders it).
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { renderMarkdown } from "@/components/Markdown";

export const metadata: Metadata = { title: "Webhooks · Documentación" };
export const dynamic = "force-dynamic";

export default function WebhooksDocsPage() {
  const md = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "webhooks.md"), "utf8");
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200 bg-brand-900 text-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4">
          <Link href="/dashboard" className="text-lg font-bold">HotelPay</Link>
          <Link href="/docs" className="text-sm text-slate-200 hover:text-white">API</Link>
        </div>
      </header>
      <article className="mx-auto max-w-4xl space-y-4 px-4 py-8 text-sm leading-relaxed text-slate-800">{renderMarkdown(md)}</article>
    </div>
  );
}
