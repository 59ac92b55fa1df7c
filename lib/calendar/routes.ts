// The calendar interface's route table, in registration order (= index order = /doc path order).
import { READABLE, NAMESPACE, WpError, type ArgSpec, type WpContext, type WpRoute } from "./wp";
import { eventRoutes } from "./events";
import { linkedRoutes } from "./linked";
import { categoryRoutes, tagRoutes } from "./terms";
import { swagger } from "./doc";

function publicArgs(args: Record<string, ArgSpec>) {
  const out: Record<string, unknown> = {};
  for (const [name, a] of Object.entries(args)) {
    const o: Record<string, unknown> = {};
    if (a.type) o.type = a.type;
    if (a.default !== undefined && typeof a.default !== "function") o.default = a.default;
    if (a.description) o.description = a.description;
    if (a.items) o.items = a.items;
    if (a.enum) o.enum = a.enum;
    o.required = a.required === true;
    out[name] = o;
  }
  return out;
}

function namespaceIndex(ctx: WpContext) {
  const routes: Record<string, unknown> = {};
  for (const r of calendarRoutes) {
    const key = `/${NAMESPACE}${r.pattern}`;
    const entry: Record<string, unknown> = {
      namespace: NAMESPACE,
      methods: r.endpoints.flatMap((e) => e.methods),
      endpoints: r.endpoints.map((e) => ({ methods: e.methods, args: publicArgs(e.args) })),
    };
    if (!r.pattern.includes("(?P<")) entry._links = { self: [{ href: `${ctx.root}${r.pattern.replace(/^\//, "")}`.replace(/\/$/, "") }] };
    routes[key] = entry;
  }
  return { namespace: NAMESPACE, routes, _links: { up: [{ href: `${ctx.site}/wp-json/` }] } };
}

export const calendarRoutes: WpRoute[] = [
  {
    pattern: "",
    endpoints: [
      {
        methods: READABLE,
        args: { namespace: { type: "string", default: NAMESPACE }, context: { type: "string", default: "view" } },
        handler: async (ctx) => {
          if (ctx.params.namespace !== NAMESPACE) throw new WpError(404, "rest_invalid_namespace", "No se encontró el espacio de nombres indicado.");
          return namespaceIndex(ctx);
        },
      },
    ],
  },
  { pattern: "/doc", docPath: "/doc", endpoints: [{ methods: READABLE, args: {}, handler: async (ctx) => swagger(ctx, calendarRoutes) }] },
  ...eventRoutes,
  ...linkedRoutes("venue"),
  ...linkedRoutes("organizer"),
  ...categoryRoutes,
  ...tagRoutes,
];
