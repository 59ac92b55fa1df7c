// How to give an AI assistant HotelPay's tools (MCP). The tool list comes from the same definitions the
// server lists, so this page cannot drift from what /api/mcp offers.
import type { Metadata } from "next";
import Link from "next/link";
import { config } from "@/lib/config";
import { listTools, twinOf, findTool } from "@/lib/mcp/engine";
import { INSTRUCTIONS } from "@/lib/mcp/server";
import { CopyBlock } from "@/components/CopyBlock";
import { DocsFrame, DocsSection, DocsWithSections } from "@/components/DocsLayout";

export const metadata: Metadata = { title: "Asistentes (MCP) · Documentación" };
export const dynamic = "force-dynamic";

type Schema = {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
};

const ROLE_NAMES: Record<string, string> = {
  agency: "agencia",
  operator: "operador",
  hotel_admin: "administrador de hotel",
};

function typeText(s: Schema): string {
  // null only says the field may be null; "optional" is already in its own column.
  if (s.anyOf)
    return s.anyOf
      .filter((x) => x.type !== "null")
      .map(typeText)
      .join(" o ");
  if (s.enum) return s.enum.map((v) => `"${String(v)}"`).join(" | ");
  const range = (min?: number, rawMax?: number) => {
    const max = rawMax !== undefined && rawMax < 1e9 ? rawMax : undefined;
    return min !== undefined && max !== undefined ? ` ${min} a ${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : "";
  };
  switch (s.type) {
    case "integer":
      return `entero${range(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined), s.maximum)}`;
    case "number":
      return `número${range(s.minimum, s.maximum)}`;
    case "string":
      return s.pattern === "^\\d{1,4}$" ? 'texto con un número ("2")' : s.maxLength ? `texto (máx. ${s.maxLength})` : "texto";
    case "array":
      return `lista${s.maxItems ? ` (máx. ${s.maxItems})` : ""} de ${s.items ? typeText(s.items) : "valores"}`;
    case "object":
      return "objeto";
    case "boolean":
      return "sí/no";
    default:
      return "valor";
  }
}

interface Row {
  path: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
}

/** Every argument, nested ones included ("reservation.roomsData[].rateId"). */
function rows(schema: Schema, prefix = "", depth = 0): Row[] {
  const out: Row[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    out.push({
      path,
      depth,
      type: typeText(prop),
      required: (schema.required ?? []).includes(name),
      description: prop.description,
    });
    if (prop.type === "object" && prop.properties) out.push(...rows(prop, `${path}.`, depth + 1));
    if (prop.type === "array" && prop.items?.properties) out.push(...rows(prop.items, `${path}[].`, depth + 1));
  }
  return out;
}

/** One block per argument on phones (a four-column table would scroll sideways), a table from sm up. */
function Arguments({ rows }: { rows: Row[] }) {
  return (
    <>
      <dl className="divide-y divide-slate-100 border-t border-slate-100 sm:hidden">
        {rows.map((r) => (
          <div key={r.path} className="py-2" style={{ paddingLeft: `${r.depth * 0.75}rem` }}>
            <dt className="break-all font-mono text-xs font-semibold text-slate-900">{r.path}</dt>
            <dd className="text-xs text-slate-600">
              {r.type} · {r.required ? "requerido" : "opcional"}
            </dd>
            {r.description && <dd className="text-xs text-slate-700">{r.description}</dd>}
          </div>
        ))}
      </dl>
      <div tabIndex={0} className="hidden overflow-x-auto sm:block">
        <table className="table-basic">
          <thead>
            <tr>
              <th>Argumento</th>
              <th>Tipo</th>
              <th>Requerido</th>
              <th>Descripción</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.path}>
                <td className="whitespace-nowrap font-mono text-xs" style={{ paddingLeft: `${0.75 + r.depth}rem` }}>
                  {r.path}
                </td>
                <td className="text-xs">{r.type}</td>
                <td className="text-xs">{r.required ? "sí" : "no"}</td>
                <td className="min-w-56 text-xs">{r.description ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Hint({ children, tone }: { children: React.ReactNode; tone: "read" | "write" | "danger" | "neutral" }) {
  const cls = {
    read: "bg-sky-50 text-sky-800 ring-sky-600/20",
    write: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
    danger: "bg-red-50 text-red-800 ring-red-600/20",
    neutral: "bg-slate-100 text-slate-700 ring-slate-500/20",
  }[tone];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${cls}`}>{children}</span>;
}

function Turn({ who, children }: { who: "guest" | "assistant" | "tool"; children: React.ReactNode }) {
  const style = {
    guest: { label: "Huésped (WhatsApp)", cls: "border-slate-200 bg-white" },
    assistant: { label: "Asistente", cls: "border-brand-100 bg-brand-50" },
    tool: { label: "Llamada a HotelPay", cls: "border-slate-300 bg-slate-50" },
  }[who];
  return (
    <li className={`rounded-lg border p-3 ${style.cls}`}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{style.label}</p>
      <div className="mt-1 space-y-2 text-sm text-slate-800">{children}</div>
    </li>
  );
}

function Call({ name, args, answer }: { name: string; args: unknown; answer: string }) {
  return (
    <>
      <p>
        <code className="font-semibold text-brand-700">{name}</code>
      </p>
      <pre tabIndex={0} className="overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
        {JSON.stringify(args, null, 2)}
      </pre>
      <p className="text-slate-600">
        <span className="font-medium text-slate-700">Texto del resultado:</span> {answer}
      </p>
    </>
  );
}

const SECTIONS = [
  ["conectar", "Conectar un asistente"],
  ["herramientas", "Herramientas"],
  ["conversacion", "Una conversación"],
  ["errores", "Errores y reintentos"],
] as const;

export default function AssistantsDocsPage() {
  const base = config().publicBaseUrl.replace(/\/+$/, "");
  const url = `${base}/api/mcp`;
  return (
    <DocsFrame
      wide
      links={
        <>
          <Link href="/docs" className="text-slate-200 hover:text-white">
            API
          </Link>
          <Link href="/docs/webhooks" className="text-slate-200 hover:text-white">
            Webhooks
          </Link>
          <span aria-current="page" className="font-semibold">
            Asistentes
          </span>
        </>
      }
    >
      <DocsWithSections sections={SECTIONS}>
        <main className="min-w-0 flex-1 space-y-4 text-sm leading-relaxed text-slate-800">
          <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Asistentes conversacionales (MCP)</h1>
          <p className="text-base text-slate-600">
            Un asistente (Claude, ChatGPT o un agente propio) que atiende huéspedes por WhatsApp o la web puede buscar hoteles, reservar y enviar el enlace de pago con las mismas reglas del API: se le
            conectan las herramientas de HotelPay por el{" "}
            <a href="https://modelcontextprotocol.io" className="text-brand-700 underline">
              Model Context Protocol
            </a>
            . Cada herramienta hace lo mismo que su ruta REST y devuelve la misma respuesta, más un texto corto en español para leerle al huésped.
          </p>
          <ConnectSection url={url} />
          <ToolsSection />
          <ConversationSection base={base} />
          <ErrorsSection />
        </main>
      </DocsWithSections>
    </DocsFrame>
  );
}

/** Where the server is, how it authenticates, and the configuration and examples to copy. */
function ConnectSection({ url }: { url: string }) {
  const configJson = JSON.stringify(
    {
      mcpServers: {
        hotelpay: {
          type: "http",
          url,
          headers: { Authorization: "Bearer hbk_SU_CLAVE_API" },
        },
      },
    },
    null,
    2,
  );
  const curl = [
    `curl -s ${url} \\`,
    `  -H "Authorization: Bearer hbk_SU_CLAVE_API" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Accept: application/json, text/event-stream" \\`,
    `  -d '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_cities","arguments":{}}}'`,
  ].join("\n");
  const sdk = [
    `import { Client } from "@modelcontextprotocol/sdk/client/index.js";`,
    `import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";`,
    ``,
    `const transport = new StreamableHTTPClientTransport(new URL("${url}"), {`,
    `  requestInit: { headers: { Authorization: \`Bearer \${process.env.HOTELPAY_API_KEY}\` } },`,
    `});`,
    `const client = new Client({ name: "mi-asistente", version: "1.0.0" });`,
    `await client.connect(transport);`,
    `const { tools } = await client.listTools();`,
    `const r = await client.callTool({ name: "list_cities", arguments: {} });`,
    `console.log(r.content[0].text, r.structuredContent);`,
  ].join("\n");
  return (
    <DocsSection id="conectar" title="Conectar un asistente">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
        <dt className="font-medium text-slate-600">URL</dt>
        <dd>
          <code className="break-all rounded bg-slate-100 px-1" data-testid="mcp-url">
            {url}
          </code>
        </dd>
        <dt className="font-medium text-slate-600">Transporte</dt>
        <dd>Streamable HTTP sin sesión: cada llamada es un POST independiente con respuesta JSON. GET y DELETE responden 405.</dd>
        <dt className="font-medium text-slate-600">Autenticación</dt>
        <dd>
          La misma clave del API: <code className="rounded bg-slate-100 px-1">Authorization: Bearer hbk_...</code>. Sin clave, o con una revocada, la respuesta es 401. La clave de una agencia solo ve
          y modifica lo de esa agencia; el límite de solicitudes por minuto es el del API.
        </dd>
      </dl>
      <p>
        Configuración para un cliente MCP (el formato <code className="rounded bg-slate-100 px-1">mcpServers</code> que usan la mayoría de asistentes y editores):
      </p>
      <CopyBlock code={configJson} label="configuración MCP" testId="mcp-config" />
      <p>Con el SDK oficial de TypeScript:</p>
      <CopyBlock code={sdk} label="ejemplo con el SDK de TypeScript" />
      <p>O sin SDK, una llamada directa:</p>
      <CopyBlock code={curl} label="ejemplo con curl" />
      <p className="text-slate-600">
        Guarde la clave en el gestor de secretos del asistente, nunca en el texto de sus instrucciones: quien tenga la clave puede reservar en nombre de la agencia. Las claves se crean y revocan en{" "}
        <Link href="/api-keys" className="text-brand-700 underline">
          Claves API
        </Link>
        .
      </p>
      <details className="card p-3">
        <summary className="cursor-pointer font-medium">Instrucciones que el servidor entrega al asistente</summary>
        <pre className="mt-2 whitespace-pre-wrap text-xs text-slate-700">{INSTRUCTIONS}</pre>
      </details>
    </DocsSection>
  );
}

/** Every tool the server lists, with its REST twin, hints and arguments. */
function ToolsSection() {
  const tools = listTools();
  return (
    <DocsSection id="herramientas" title="Herramientas" className="space-y-4 pt-4">
      <p>
        Los argumentos se validan con los mismos esquemas de las rutas REST; los errores nombran el campo. <code className="rounded bg-slate-100 px-1">structuredContent</code> es el cuerpo de la
        respuesta REST (cuando es una lista, va en <code className="rounded bg-slate-100 px-1">results</code>). Cada rol ve solo las herramientas que puede usar.
      </p>
      {tools.map((t) => {
        const def = findTool(t.name)!;
        const route = twinOf(def);
        const a = t.annotations ?? {};
        const args = rows(t.inputSchema as Schema);
        return (
          <article key={t.name} id={`tool-${t.name}`} className="card overflow-hidden" data-testid="mcp-tool">
            <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 px-4 py-3">
              <h3 className="font-mono text-base font-semibold text-slate-900">{t.name}</h3>
              <span className="text-slate-600">{t.title}</span>
              <span className="flex flex-wrap gap-1">
                {a.readOnlyHint ? <Hint tone="read">solo lectura</Hint> : <Hint tone="write">modifica datos</Hint>}
                {a.destructiveHint && <Hint tone="danger">cambia o anula lo existente</Hint>}
                {a.idempotentHint && <Hint tone="neutral">repetirla no tiene más efecto</Hint>}
                {"idempotency_key" in ((t.inputSchema.properties as object) ?? {}) && <Hint tone="neutral">admite idempotency_key</Hint>}
              </span>
            </div>
            <div className="space-y-3 px-4 py-3">
              <p>{t.description}</p>
              <p className="text-xs text-slate-500">
                Ruta REST equivalente:{" "}
                <code>
                  {route.method} /api{route.path}
                </code>{" "}
                · Para: {Array.isArray(route.access) ? route.access.map((r) => ROLE_NAMES[r] ?? r).join(", ") : route.access}
              </p>
              {args.length === 0 ? <p className="text-slate-600">Sin argumentos.</p> : <Arguments rows={args} />}
            </div>
          </article>
        );
      })}
    </DocsSection>
  );
}

function ConversationSection({ base }: { base: string }) {
  return (
    <DocsSection id="conversacion" title="Una conversación: buscar, reservar, enviar el enlace">
      <p>Así usa las herramientas un asistente de la agencia que atiende a una huésped por WhatsApp (datos de ejemplo).</p>
      <ol className="space-y-3">
        <Turn who="guest">
          <p>Hola, quiero ir a Cartagena del 18 al 20 de diciembre, somos dos adultos. ¿Qué tienen?</p>
        </Turn>
        <Turn who="tool">
          <Call
            name="search_city_availability"
            args={{
              city: "Cartagena",
              checkin: "2026-12-18",
              nights: 2,
              layout: [{ adults: 2 }],
            }}
            answer="Encontré 3 hoteles en Cartagena para 2 adultos del 18/12/2026 al 20/12/2026. El más económico: Hotel Boquilla Mar, Habitación doble estándar, alojamiento y desayuno, $ 640.000 por 2 noches. Otras opciones: Hotel Murallas desde $ 780.000 y Casa San Diego desde $ 910.000."
          />
        </Turn>
        <Turn who="assistant">
          <p>Tengo tres opciones. La más económica es el Hotel Boquilla Mar, habitación doble con desayuno, $ 640.000 por las dos noches. ¿Se la reservo?</p>
        </Turn>
        <Turn who="guest">
          <p>Sí, a nombre de Laura Gómez, laura.gomez@example.co, 300 123 4567.</p>
        </Turn>
        <Turn who="tool">
          <Call
            name="create_reservation"
            args={{
              hotel_id: 12,
              idempotency_key: "wa-573001234567-0001",
              reservation: {
                checkin: "2026-12-18",
                checkout: "2026-12-20",
                nights: "2",
                rooms: "1",
                adults: "2",
                firstName: "Laura",
                lastName: "Gómez",
                country: "COL",
                email: "laura.gomez@example.co",
                telephone: "573001234567",
                currency: "COP",
                roomsData: [
                  {
                    id: "BOQ-DBL",
                    checkin: "2026-12-18",
                    checkout: "2026-12-20",
                    rateId: "BOQ-BB",
                    quantity: "1",
                    currency: "COP",
                    adults: "2",
                    children: "0",
                  },
                ],
              },
            }}
            answer="Reserva creada HBK7M2P9QX: Laura Gómez, Hotel Boquilla Mar, del 18/12/2026 al 20/12/2026 (2 noches), 1 habitación. Estado: pendiente de pago. Total $ 640.000; por pagar $ 640.000 antes del 25/11/2026 a las 10:30. Si no se paga a tiempo, la reserva vence y las habitaciones se liberan."
          />
        </Turn>
        <Turn who="tool">
          <Call
            name="create_payment_link"
            args={{
              hotel_id: 12,
              reservation_code: "HBK7M2P9QX",
              guest_name: "Laura Gómez",
              email: "laura.gomez@example.co",
              phone: "+57 300 123 4567",
              amount: "640000.00",
              description: "Reserva HBK7M2P9QX, Hotel Boquilla Mar, 2 noches",
              available_hours: 24,
              idempotency_key: "wa-573001234567-0002",
            }}
            answer={`Listo: el enlace de pago por $ 640.000 para Laura Gómez acepta pagos hasta el 25/11/2026 a las 10:30. Enlace para enviar al huésped: ${base}/pay/Qm3x…`}
          />
        </Turn>
        <Turn who="assistant">
          <p>¡Listo, Laura! Su reserva es la HBK7M2P9QX. Puede pagar aquí con tarjeta, efectivo o transferencia antes de mañana a las 10:30: {base}/pay/Qm3x…</p>
        </Turn>
        <Turn who="tool">
          <Call name="get_payment_link" args={{ code: "Qm3x…" }} answer="El enlace de $ 640.000 para Laura Gómez está pagado desde el 24/11/2026 a las 18:12." />
        </Turn>
      </ol>
      <p className="text-slate-600">
        El asistente nunca pide datos de tarjeta: <code className="rounded bg-slate-100 px-1">create_reservation</code> los rechaza y la huésped paga en la página del enlace.
      </p>
    </DocsSection>
  );
}

function ErrorsSection() {
  const errorExample = JSON.stringify(
    {
      isError: true,
      content: [
        {
          type: "text",
          text: "Solicitud inválida: checkin (fecha de llegada): debe ser una fecha válida AAAA-MM-DD",
        },
      ],
      structuredContent: {
        code: "400",
        message: "Solicitud inválida",
        detail: "checkin: debe ser una fecha válida AAAA-MM-DD",
      },
    },
    null,
    2,
  );

  return (
    <DocsSection id="errores" title="Errores y reintentos">
      <p>
        Una regla de negocio o un argumento inválido no es un error del protocolo: es un resultado con <code className="rounded bg-slate-100 px-1">isError: true</code>, el mensaje en español (con el
        campo nombrado) y el mismo cuerpo <code className="rounded bg-slate-100 px-1">{"{code, message, detail}"}</code> que daría la ruta REST. La reserva de otra agencia &ldquo;no existe&rdquo;,
        como en REST.
      </p>
      <CopyBlock code={errorExample} label="ejemplo de error" />
      <p>
        <code className="rounded bg-slate-100 px-1">create_reservation</code>, <code className="rounded bg-slate-100 px-1">create_payment_link</code> y{" "}
        <code className="rounded bg-slate-100 px-1">request_nequi_payment</code> aceptan <code className="rounded bg-slate-100 px-1">idempotency_key</code>: repetir la llamada con la misma clave y los
        mismos datos en 24 horas devuelve la primera respuesta sin reservar ni cobrar otra vez; con otros datos responde 409. Es el mismo registro que la cabecera{" "}
        <code className="rounded bg-slate-100 px-1">Idempotency-Key</code> del API: una clave usada por REST se repite por MCP cuando los argumentos, escritos como JSON compacto, son el mismo cuerpo
        (los mismos campos en el mismo orden); si difieren, la respuesta es 409 y no se hace nada dos veces.
      </p>
    </DocsSection>
  );
}
