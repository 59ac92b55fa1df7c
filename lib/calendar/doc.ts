// GET /doc: the OpenAPI 3.0.0 document of the calendar interface (docs/calendar.md "Index, /doc and discovery").
import type { ArgSpec, WpContext, WpRoute } from "./wp";

const str = { type: "string" };
const int = { type: "integer" };
const bool = { type: "boolean" };

const schemas = {
  ImageSize: { type: "object", properties: { width: int, height: int, "mime-type": str, url: str } },
  CostDetails: { type: "object", properties: { currency_symbol: str, currency_position: str, values: { type: "array", items: int } } },
  Term: {
    type: "object",
    properties: { id: int, name: str, slug: str, taxonomy: str, description: str, parent: int, count: int, url: str, urls: { type: "array", items: str } },
  },
  Image: { type: "object", properties: { url: str, id: int, extension: str, width: int, height: int, sizes: { type: "array", items: { $ref: "#/components/schemas/ImageSize" } } } },
  DateDetails: { type: "object", properties: { year: int, month: int, day: int, hour: int, minutes: int, seconds: int } },
  Event: {
    type: "object",
    properties: {
      id: int, global_id: str, global_id_lineage: { type: "array", items: str }, author: int, status: str, date: str, date_utc: str, modified: str, modified_utc: str,
      url: str, rest_url: str, title: str, description: str, excerpt: str, slug: str, image: { $ref: "#/components/schemas/Image" }, all_day: bool,
      start_date: str, start_date_details: { type: "array", items: { $ref: "#/components/schemas/DateDetails" } }, end_date: str, end_date_details: { type: "array", items: { $ref: "#/components/schemas/DateDetails" } },
      utc_start_date: str, utc_start_date_details: { type: "array", items: { $ref: "#/components/schemas/DateDetails" } }, utc_end_date: str, utc_end_date_details: { type: "array", items: { $ref: "#/components/schemas/DateDetails" } },
      timezone: str, timezone_abbr: str, cost: str, cost_details: { type: "array", items: { $ref: "#/components/schemas/CostDetails" } }, website: str, show_map: bool, show_map_link: bool,
      hide_from_listings: bool, sticky: bool, featured: bool, categories: { type: "array", items: { $ref: "#/components/schemas/Term" } }, tags: { type: "array", items: { $ref: "#/components/schemas/Term" } },
      venue: { $ref: "#/components/schemas/Venue" }, organizer: { type: "array", items: { $ref: "#/components/schemas/Organizer" } },
    },
  },
  Venue: {
    type: "object",
    properties: {
      id: int, author: int, status: str, date: str, date_utc: str, modified: str, modified_utc: str, url: str, venue: str, description: str, excerpt: str, slug: str, image: { $ref: "#/components/schemas/Image" },
      show_map: bool, show_map_link: bool, address: str, city: str, country: str, province: str, state: str, zip: str, phone: str, website: str, stateprovince: str,
    },
  },
  Organizer: {
    type: "object",
    properties: { id: int, author: int, status: str, date: str, date_utc: str, modified: str, modified_utc: str, url: str, organizer: str, description: str, excerpt: str, slug: str, image: { $ref: "#/components/schemas/Image" }, phone: str, website: str, email: str },
  },
};

function swaggerType(a: ArgSpec): string {
  const t = a.swaggerType ?? a.type ?? "string";
  return t === "int" ? "integer" : t === "bool" ? "boolean" : t;
}

function parameters(args: Record<string, ArgSpec>, pathNames: string[]) {
  return Object.entries(args).map(([name, a]) => {
    const p: Record<string, unknown> = {
      in: pathNames.includes(name) ? "path" : "query",
      schema: { type: swaggerType(a) },
      description: a.description ?? "",
      required: pathNames.includes(name) || a.required === true,
      name,
    };
    if (a.csv) Object.assign(p, { style: "form", explode: false });
    return p;
  });
}

function requestBody(args: Record<string, ArgSpec>, pathNames: string[]) {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, a] of Object.entries(args)) {
    if (pathNames.includes(name)) continue;
    properties[name] = { type: swaggerType(a), description: a.description ?? "" };
    if (a.required) required.push(name);
  }
  return { content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties, ...(required.length ? { required } : {}) } } } };
}

const resp = (codes: Record<string, string>) => Object.fromEntries(Object.entries(codes).map(([c, d]) => [c, { description: d }]));

export function swagger(ctx: WpContext, routes: WpRoute[]) {
  const paths: Record<string, unknown> = {};
  for (const r of routes) {
    if (!r.docPath) continue;
    const pathNames = [...r.docPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const ops: Record<string, unknown> = {};
    const isArchive = pathNames.length === 0 && r.docPath !== "/doc";
    for (const e of r.endpoints) {
      if (e.methods.includes("GET")) {
        ops.get = {
          parameters: parameters(e.args, pathNames),
          responses: r.docPath === "/doc" ? resp({ 200: "El documento OpenAPI" }) : isArchive ? resp({ 200: "La lista pedida", 400: "Parámetro no válido", 404: "Página fuera de rango" }) : resp({ 200: "El elemento", 400: "Parámetro no válido", 403: "No accesible", 404: "No existe" }),
        };
      }
      if (e.methods.includes("POST")) {
        ops.post = {
          parameters: parameters(Object.fromEntries(Object.entries(e.args).filter(([n]) => pathNames.includes(n))), pathNames),
          requestBody: requestBody(e.args, pathNames),
          responses: resp({ 200: "Actualizado", 201: "Creado", 400: "Parámetro no válido", 403: "Sin permiso" }),
        };
      }
      if (e.methods.includes("DELETE")) {
        ops.delete = {
          parameters: parameters(e.args, pathNames),
          responses: resp({ 200: "Movido a la papelera (o eliminado)", 400: "Parámetro no válido", 403: "Sin permiso", 410: "Ya estaba en la papelera", 500: "No se pudo eliminar" }),
        };
      }
    }
    paths[r.docPath] = ops;
  }
  return {
    openapi: "3.0.0",
    info: {
      version: "1.0.0",
      title: "The Events Calendar REST API",
      description: "The Events Calendar REST API allows accessing upcoming events information easily and conveniently.",
    },
    servers: [{ url: ctx.root }],
    paths,
    components: { schemas },
  };
}
