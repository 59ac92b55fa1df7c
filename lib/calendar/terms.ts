// Categories (tribe_events_cat) and tags (post_tag): docs/calendar.md "Categories and tags" and "Category and tag".
import type { Prisma } from "@/lib/db/generated/client";
import { WpError, WpResponse, READABLE, CREATABLE, EDITABLE, DELETABLE, listToArray, isPositiveInt, type ArgSpec, type Endpoint, type WpContext, type WpRoute } from "./wp";
import { CATEGORY_TAX, TAG_TAX, isEventId, isString, pageArgs, reprCtx, slugify, termCounts, uniqueSlug, withPage } from "./common";
import { termData } from "./repr";

type Tax = typeof CATEGORY_TAX | typeof TAG_TAX;
const ORDERBY = ["id", "include", "name", "slug", "include_slugs", "term_group", "description", "count"];

async function isTermOf(ctx: WpContext, taxonomy: Tax, v: unknown): Promise<boolean> {
  if (!isPositiveInt(v)) return false;
  return (await ctx.database.prisma.calendarTerm.count({ where: { taxonomy, id: Number(v) } })) > 0;
}

async function isTermIdList(ctx: WpContext, taxonomy: Tax, v: unknown): Promise<boolean> {
  const items = listToArray(v);
  if (items.length === 0) return false;
  for (const i of items) if (!(await isTermOf(ctx, taxonomy, i))) return false;
  return true;
}

function archiveArgs(taxonomy: Tax): Record<string, ArgSpec> {
  const args: Record<string, ArgSpec> = {
    ...pageArgs,
    search: { type: "string", in: "query", description: "Texto a buscar en el nombre o el slug", validate: isString },
    exclude: { type: "array", items: { type: "integer" }, in: "query", csv: true, description: "Ids a excluir", validate: (v, ctx) => isTermIdList(ctx, taxonomy, v), sanitize: (v) => listToArray(v).map(Number) },
    include: { type: "array", items: { type: "integer" }, in: "query", csv: true, description: "Ids a incluir", validate: (v, ctx) => isTermIdList(ctx, taxonomy, v), sanitize: (v) => listToArray(v).map(Number) },
    order: { type: "string", in: "query", description: "asc o desc", validate: (v) => typeof v === "string" && ["asc", "desc"].includes(v.toLowerCase()) },
    orderby: { type: "string", in: "query", description: `Orden por: ${ORDERBY.join(", ")}`, validate: (v) => typeof v === "string" && ORDERBY.includes(v.toLowerCase()) },
    hide_empty: { type: "boolean", in: "query", default: "1", description: "Ocultar los términos sin eventos (por defecto sí)" },
  };
  if (taxonomy === CATEGORY_TAX) args.parent = { type: "integer", in: "query", description: "Id de la categoría padre", validate: (v, ctx) => isTermOf(ctx, taxonomy, v) };
  args.post = { type: "integer", in: "query", description: "Solo los términos de este evento", validate: isEventId };
  args.event = { type: "integer", in: "query", description: "Alias de post", validate: isEventId };
  args.slug = { type: "string", in: "query", description: "Slug", validate: isString };
  return args;
}

function base(taxonomy: Tax) {
  return taxonomy === CATEGORY_TAX ? "categories" : "tags";
}

async function archive(ctx: WpContext, taxonomy: Tax) {
  const p = ctx.params;
  const page = p.page as number;
  const perPage = p.per_page as number;
  const where: Prisma.CalendarTermWhereInput[] = [{ taxonomy }];
  const counts = await termCounts(ctx);
  if (p.hide_empty) where.push({ id: { in: [...counts.entries()].filter(([, n]) => n > 0).map(([id]) => id) } });
  // WordPress's terms search: the name or the slug contains the text (docs/calendar.md, "Categories and tags").
  if (ctx.sent.has("search")) where.push({ OR: [{ name: { contains: String(p.search), mode: "insensitive" } }, { slug: { contains: String(p.search), mode: "insensitive" } }] });
  if (ctx.sent.has("include")) where.push({ id: { in: p.include as number[] } });
  if (ctx.sent.has("exclude")) where.push({ id: { notIn: p.exclude as number[] } });
  if (ctx.sent.has("parent")) where.push({ parent: p.parent as number });
  if (ctx.sent.has("slug")) where.push({ slug: String(p.slug) });
  const post = ctx.sent.has("event") ? p.event : ctx.sent.has("post") ? p.post : undefined;
  if (post !== undefined) where.push({ events: { some: { eventId: Number(post) } } });
  const dir = String(p.order ?? "asc").toLowerCase() === "desc" ? "desc" : "asc";
  const by = String(p.orderby ?? "name").toLowerCase();
  let rows = await ctx.database.prisma.calendarTerm.findMany({ where: { AND: where } });
  const key = (t: (typeof rows)[number]): string | number =>
    by === "id" || by === "term_group" ? t.id : by === "slug" ? t.slug : by === "description" ? t.description : by === "count" ? (counts.get(t.id) ?? 0) : by === "include" ? (p.include as number[] | undefined)?.indexOf(t.id) ?? 0 : t.name.toLowerCase();
  rows = rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = typeof ka === "number" && typeof kb === "number" ? ka - kb : String(ka).localeCompare(String(kb));
    return dir === "desc" ? -c : c;
  });
  const total = rows.length;
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
  const slice = rows.slice((page - 1) * perPage, page * perPage);
  const rc = reprCtx(ctx, counts);
  const restUrl = `${ctx.root}${base(taxonomy)}/`;
  const body: Record<string, unknown> = { rest_url: restUrl, total, total_pages: totalPages, [base(taxonomy)]: slice.map((t) => termData(rc, t)) };
  const pageUrl = (n: number) => withPage(`${restUrl}?per_page=${perPage}`, n);
  if (page < totalPages) body.next_rest_url = pageUrl(page + 1);
  if (page > 1) body.previous_rest_url = pageUrl(page - 1);
  return new WpResponse(200, body, { "X-TEC-Total": String(total), "X-TEC-TotalPages": String(totalPages) });
}

function writeArgs(taxonomy: Tax, required: boolean): Record<string, ArgSpec> {
  const args: Record<string, ArgSpec> = {
    name: { type: "string", required, in: "body", description: "Nombre", validate: isString },
    description: { type: "string", in: "body", description: "Descripción", validate: isString },
    slug: { type: "string", in: "body", description: "Slug", validate: isString },
  };
  if (taxonomy === CATEGORY_TAX) args.parent = { type: "integer", in: "body", description: "Id de la categoría padre", validate: (v, ctx) => isTermOf(ctx, taxonomy, v) };
  return args;
}

const canManage = (ctx: WpContext) => ctx.isEditor;

async function present(ctx: WpContext, id: number) {
  const t = (await ctx.database.prisma.calendarTerm.findUnique({ where: { id } }))!;
  return termData(reprCtx(ctx, await termCounts(ctx, [id])), t);
}

async function save(ctx: WpContext, taxonomy: Tax, id: number | null) {
  const p = ctx.params;
  const has = (k: string) => ctx.sent.has(k) && k !== "id";
  const data: Record<string, unknown> = {};
  if (has("name")) {
    const name = String(p.name).trim();
    const clash = await ctx.database.prisma.calendarTerm.findFirst({ where: { taxonomy, name: { equals: name, mode: "insensitive" }, ...(id ? { NOT: { id } } : {}) } });
    if (clash && !id) throw new WpError(400, "term_exists", "Ya existe un término con ese nombre en esta taxonomía.", { term_id: clash.id });
    data.name = name;
  }
  if (has("description")) data.description = String(p.description);
  if (has("parent")) data.parent = Number(p.parent);
  if (has("slug") || !id) {
    const wanted = has("slug") ? slugify(String(p.slug)) : String(p.name);
    if (has("slug") && (await ctx.database.prisma.calendarTerm.count({ where: { taxonomy, slug: wanted, ...(id ? { NOT: { id } } : {}) } })) > 0) {
      throw new WpError(400, "duplicate_term_slug", `El slug "${wanted}" ya está en uso por otro término.`);
    }
    data.slug = await uniqueSlug(async (s) => (await ctx.database.prisma.calendarTerm.count({ where: { taxonomy, slug: s, ...(id ? { NOT: { id } } : {}) } })) > 0, wanted);
  }
  try {
    if (id) return (await ctx.database.prisma.calendarTerm.update({ where: { id }, data })).id;
    return (await ctx.database.prisma.calendarTerm.create({ data: { taxonomy, ...(data as { name: string; slug: string }) } })).id;
  } catch {
    throw new WpError(400, "term_exists", "Ya existe un término con ese slug en esta taxonomía.");
  }
}

function termRoutes(taxonomy: Tax): WpRoute[] {
  const b = base(taxonomy);
  const idArg: ArgSpec = { type: "integer", required: true, in: "path", description: "El id del término", validate: (v, ctx) => isTermOf(ctx, taxonomy, v) };
  const collection: Endpoint[] = [
    { methods: READABLE, args: archiveArgs(taxonomy), handler: (ctx) => archive(ctx, taxonomy) },
    {
      methods: CREATABLE,
      args: writeArgs(taxonomy, true),
      permission: canManage,
      handler: async (ctx) => {
        const id = await save(ctx, taxonomy, null);
        return new WpResponse(201, await present(ctx, id), { Location: `${ctx.root}${b}/${id}` });
      },
    },
  ];
  const single: Endpoint[] = [
    { methods: READABLE, args: { id: idArg }, handler: (ctx) => present(ctx, Number(ctx.path.id)) },
    {
      methods: EDITABLE,
      args: { id: idArg, ...writeArgs(taxonomy, false) },
      permission: canManage,
      handler: async (ctx) => present(ctx, await save(ctx, taxonomy, Number(ctx.path.id))),
    },
    {
      methods: DELETABLE,
      args: { id: idArg },
      permission: canManage,
      handler: async (ctx) => {
        const id = Number(ctx.path.id);
        const previous = await present(ctx, id);
        // Always a hard delete; children move up to the deleted term's parent, as WordPress does.
        await ctx.database.prisma.$transaction(async (tx) => {
          const t = await tx.calendarTerm.findUnique({ where: { id } });
          if (!t) return;
          await tx.calendarTerm.updateMany({ where: { taxonomy, parent: id }, data: { parent: t.parent } });
          await tx.calendarTerm.delete({ where: { id } });
        });
        return previous;
      },
    },
  ];
  return [
    { pattern: `/${b}`, docPath: `/${b}`, endpoints: collection },
    { pattern: `/${b}/(?P<id>\\d+)`, docPath: `/${b}/{id}`, endpoints: single },
  ];
}

export const categoryRoutes = termRoutes(CATEGORY_TAX);
export const tagRoutes = termRoutes(TAG_TAX);
