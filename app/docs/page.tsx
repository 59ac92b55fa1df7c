import type { Metadata } from "next";
import Link from "next/link";
import { routes } from "@/lib/routes";
import { buildOpenApi } from "@/lib/http/openapi";
import { config } from "@/lib/config";
import { getT } from "@/lib/i18n/server";
import { LocaleSwitch } from "@/components/LocaleSwitch";
import { DocsFrame, DocsWithSections } from "@/components/DocsLayout";

export const metadata: Metadata = { title: "Documentación API" };
export const dynamic = "force-dynamic";

type Op = {
  summary: string;
  description?: string;
  tags: string[];
  parameters: Array<{
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema?: unknown;
  }>;
  requestBody?: { content: { "application/json": { schema: unknown } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  "x-roles": string[];
};

const METHOD_TONE: Record<string, string> = {
  get: "bg-sky-100 text-sky-800",
  post: "bg-emerald-100 text-emerald-800",
  put: "bg-amber-100 text-amber-800",
  patch: "bg-violet-100 text-violet-800",
  delete: "bg-red-100 text-red-800",
};

export default async function DocsPage() {
  const { t } = await getT();
  const doc = buildOpenApi(routes, `${config().publicBaseUrl}/api`);
  const byTag = new Map<string, Array<{ method: string; path: string; op: Op }>>();
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops as Record<string, Op>)) {
      const tag = op.tags[0] ?? "Otros";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  return (
    <DocsFrame
      wide
      links={
        <>
          <Link href="/docs/asistentes" className="underline">
            Asistentes (MCP)
          </Link>
          <Link href="/docs/webhooks" className="underline">
            Webhooks
          </Link>
          <a href="/api/openapi.json" className="underline">
            openapi.json
          </a>
          <LocaleSwitch className="rounded bg-white" />
        </>
      }
    >
      <DocsWithSections sections={[...byTag.keys()].map((tag) => [tag, tag] as const)}>
        <main className="min-w-0 flex-1">
          <h1 className="text-3xl font-semibold">{t("docs.title")}</h1>
          <p className="mt-2 text-slate-600">{t("docs.intro")}</p>
          <p className="mt-1 text-sm text-slate-500">
            Base: <code>{doc.servers[0].url}</code>
          </p>
          <p className="mt-3 rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-slate-700">
            ¿Reservas desde un asistente de IA (Claude, ChatGPT, un agente propio)? Conéctelo por MCP:{" "}
            <Link href="/docs/asistentes" className="font-medium text-brand-700 underline">
              guía para asistentes
            </Link>
            . Para un cliente TypeScript tipado: <code className="break-all">npx openapi-typescript {doc.servers[0].url}/openapi.json -o hotelpay-api.d.ts</code> y <code>openapi-fetch</code>.
          </p>
          {[...byTag.entries()].map(([tag, ops]) => (
            <section key={tag} id={tag} className="mt-10">
              <h2 className="border-b border-slate-200 pb-2 text-xl font-semibold">{tag}</h2>
              <div className="mt-4 space-y-4">
                {ops.map(({ method, path, op }) => (
                  <Operation key={`${method} ${path}`} method={method} path={path} op={op} />
                ))}
              </div>
            </section>
          ))}
        </main>
      </DocsWithSections>
    </DocsFrame>
  );
}

/** One route: method, path and summary; opened, who may call it, its parameters, body and answers. */
function Operation({ method, path, op }: { method: string; path: string; op: Op }) {
  return (
    <details className="card overflow-hidden" data-testid="doc-op">
      <summary className="flex cursor-pointer flex-wrap items-center gap-3 px-4 py-3">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_TONE[method]}`}>{method}</span>
        <code className="break-all text-sm">/api{path}</code>
        <span className="text-sm text-slate-600">{op.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-slate-100 px-4 py-3 text-sm">
        {op.description && <p className="text-slate-600">{op.description}</p>}
        <p className="text-xs text-slate-500">Acceso: {op["x-roles"].join(", ")}</p>
        {op.parameters.length > 0 && (
          <div tabIndex={0} role="region" aria-label="Parámetros" className="overflow-x-auto">
            <table className="table-basic">
              <thead>
                <tr>
                  <th>Parámetro</th>
                  <th>En</th>
                  <th>Requerido</th>
                  <th>Esquema</th>
                </tr>
              </thead>
              <tbody>
                {op.parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td className="font-mono">{p.name}</td>
                    <td>{p.in}</td>
                    <td>{p.required ? "sí" : "no"}</td>
                    <td className="break-all font-mono text-xs">{JSON.stringify(p.schema)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {op.requestBody && (
          <div>
            <p className="font-medium">Cuerpo</p>
            <pre tabIndex={0} className="mt-1 max-h-80 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
              {JSON.stringify(op.requestBody.content["application/json"].schema, null, 2)}
            </pre>
          </div>
        )}
        <div>
          <p className="font-medium">Respuestas</p>
          <ul className="mt-1 space-y-2">
            {Object.entries(op.responses).map(([status, r]) => (
              <li key={status}>
                <span className="font-mono font-semibold">{status}</span> {r.description}
                {r.content && !status.startsWith("4") && (
                  <pre tabIndex={0} className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs">
                    {JSON.stringify(Object.values(r.content)[0].schema, null, 2)}
                  </pre>
                )}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}
