// The frame of the documentation pages (/docs, /docs/asistentes, /docs/webhooks, /docs/going-live): the dark
// header with HotelPay and the page's links, the "Secciones" menu beside a long page, a titled section, and a
// whole page written in Markdown under docs/.
import fs from "node:fs";
import path from "node:path";
import Link from "next/link";
import { renderMarkdown } from "@/components/Markdown";

export function DocsFrame({ wide = false, links, children }: { wide?: boolean; links: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200 bg-brand-900 text-white">
        <div className={`mx-auto flex ${wide ? "max-w-6xl" : "max-w-4xl"} flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4`}>
          <Link href="/dashboard" className="text-lg font-bold">
            HotelPay
          </Link>
          <nav className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-label="Documentación">
            {links}
          </nav>
        </div>
      </header>
      {children}
    </div>
  );
}

/** A long page: the menu of its sections (sticky beside it from 1024 px, above it on a phone) and the page. */
export function DocsWithSections({ sections, children }: { sections: ReadonlyArray<readonly [id: string, title: string]>; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:flex lg:gap-8">
      <nav className="mb-6 shrink-0 lg:sticky lg:top-6 lg:mb-0 lg:h-fit lg:w-56" aria-label="Secciones">
        <p className="mb-2 text-xs font-semibold uppercase text-slate-500">Secciones</p>
        <ul className="space-y-1 text-sm">
          {sections.map(([id, title]) => (
            <li key={id}>
              <a href={`#${encodeURIComponent(id)}`} className="text-brand-700 hover:underline">
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

export function DocsSection({ id, title, className = "space-y-3 pt-4", children }: { id: string; title: string; className?: string; children: React.ReactNode }) {
  return (
    <section id={id} className={className}>
      <h2 className="border-b border-slate-200 pb-2 text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A page that is one Markdown file of docs/ (components/Markdown.tsx renders it), with one link back. */
export function MarkdownDocsPage({ file, back }: { file: string; back: { href: string; label: string } }) {
  const md = fs.readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", file), "utf8");
  return (
    <DocsFrame
      links={
        <Link href={back.href} className="text-slate-200 hover:text-white">
          {back.label}
        </Link>
      }
    >
      <main className="mx-auto max-w-4xl space-y-4 px-4 py-8 text-sm leading-relaxed text-slate-800 [overflow-wrap:anywhere]">{renderMarkdown(md)}</main>
    </DocsFrame>
  );
}
