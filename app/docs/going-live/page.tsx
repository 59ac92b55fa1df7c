// docs/going-live.md for the operator (linked from the portal's "Pasarela" page): from the sandbox to Wompi production.
import fs from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { renderMarkdown } from "@/components/Markdown";

export const metadata: Metadata = { title: "Salir a producción con Wompi · Documentación" };
export const dynamic = "force-dynamic";

export default function GoingLiveDocsPage() {
  const md = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "going-live.md"), "utf8");
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200 bg-brand-900 text-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between px-4 py-4">
          <Link href="/dashboard" className="text-lg font-bold">HotelPay</Link>
          <Link href="/gateway" className="text-sm text-slate-200 hover:text-white">Pasarela</Link>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-4 px-4 py-8 text-sm leading-relaxed text-slate-800 [overflow-wrap:anywhere]">{renderMarkdown(md)}</main>
    </div>
  );
}
