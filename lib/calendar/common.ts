// Validators of docs/calendar.md "Arguments and defaults" (Tribe's Validator classes) and helpers shared by the resources.
import { WpError, listToArray, isPositiveInt, type ArgSpec, type WpContext } from "./wp";
import { strtotime } from "./strtotime";
import { isValidTimezone, SITE_TZ } from "./tz";
import type { ReprCtx } from "./repr";
import { postKindOf, publishedEventCounts, type PostKind } from "./store";

export const POST_STATUSES = ["publish", "future", "draft", "pending", "private", "trash", "auto-draft", "inherit"];
export const CATEGORY_TAX = "tribe_events_cat";
export const TAG_TAX = "post_tag";

export type { PostKind };

/** Which table of the shared id space holds an id (null: no such post). */
export async function postKind(ctx: WpContext, id: number): Promise<PostKind | null> {
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return postKindOf(ctx.database, id);
}

export function reprCtx(ctx: WpContext, termCounts?: Map<number, number>): ReprCtx {
  return { root: ctx.root, site: ctx.site, termCounts };
}

/** Published-event counts per term, as WordPress keeps term counts. */
export async function termCounts(ctx: WpContext, termIds?: number[]): Promise<Map<number, number>> {
  if (termIds && termIds.length === 0) return new Map();
  return publishedEventCounts(ctx.database, termIds);
}

// ---------------------------------------------------------------- validators

// A number is read as the text it becomes (the handlers parse String(v)), so 1e-9 is refused here, not later.
export const isTime = (v: unknown, ctx: WpContext) => (typeof v === "number" ? Number.isFinite(v) && strtotime(String(v), ctx.now, SITE_TZ) !== null : strtotime(v, ctx.now, SITE_TZ) !== null);
export const isString = (v: unknown) => (typeof v === "string" && v !== "") || typeof v === "number";
export const isStringOrEmpty = (v: unknown) => typeof v === "string" || typeof v === "number";
export const isPostStatus = (v: unknown) => typeof v === "string" && POST_STATUSES.includes(v);
export const isTimezoneOrEmpty = (v: unknown) => v === "" || (typeof v === "string" && isValidTimezone(v));

export function isUrl(v: unknown): boolean {
  if (typeof v !== "string") return false;
  try {
    const u = new URL(v);
    return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) && (u.protocol === "mailto:" || u.host !== "") && !/\s/.test(v);
  } catch {
    return false;
  }
}
export const isUrlOrEmpty = (v: unknown) => v === "" || v === null || isUrl(v);

export async function isUserId(v: unknown, ctx: WpContext): Promise<boolean> {
  if (!isPositiveInt(v)) return false;
  return (await ctx.database.prisma.user.count({ where: { id: Number(v) } })) > 0;
}

export async function isEventId(v: unknown, ctx: WpContext): Promise<boolean> {
  if (!isPositiveInt(v)) return false;
  return (await postKind(ctx, Number(v))) === "event";
}

/** An uploaded image id, or an http(s) URL (no HEAD request, decision 12). */
export async function isImage(v: unknown, ctx: WpContext): Promise<boolean> {
  if (isPositiveInt(v)) return (await postKind(ctx, Number(v))) === "image";
  return typeof v === "string" && /^https?:\/\//i.test(v) && isUrl(v);
}
export const isImageOrEmpty = async (v: unknown, ctx: WpContext) => v === "" || v === 0 || v === "0" || v === null || isImage(v, ctx);

/** Every item of a CSV/array is an existing term of the taxonomy (id, slug or name); an empty list fails. */
export async function isTermList(v: unknown, ctx: WpContext, taxonomy: string): Promise<boolean> {
  const items = listToArray(v);
  if (items.length === 0) return false;
  for (const item of items) if ((await findTerm(ctx, taxonomy, item, true)) === null) return false;
  return true;
}

export async function findTerm(ctx: WpContext, taxonomy: string, item: unknown, byName = false) {
  if (typeof item === "number" || (typeof item === "string" && /^\d+$/.test(item))) {
    const bySlug = await ctx.database.prisma.calendarTerm.findFirst({ where: { taxonomy, slug: String(item) } });
    if (bySlug) return bySlug;
    // A number that cannot be a database id (2147483648, 1e308, 1.5) names no term.
    if (!isPositiveInt(item)) return null;
    return ctx.database.prisma.calendarTerm.findFirst({ where: { taxonomy, id: Number(item) } });
  }
  if (typeof item !== "string" || item === "") return null;
  const bySlug = await ctx.database.prisma.calendarTerm.findFirst({ where: { taxonomy, slug: item } });
  if (bySlug || !byName) return bySlug;
  return ctx.database.prisma.calendarTerm.findFirst({ where: { taxonomy, name: { equals: item, mode: "insensitive" } } });
}

/**
 * The `categories`/`tags` of an event write: each item an id that can be a database id, or a name or slug
 * (new names are created). A number beyond a database id, a fraction or an object is refused (400).
 */
export function isTermRefList(v: unknown): boolean {
  if (v === "" || v === null) return true;
  return listToArray(v).every((item) => item === "" || (typeof item === "number" ? isPositiveInt(item) : typeof item === "string" && (!/^\s*\d+\s*$/.test(item) || isPositiveInt(item))));
}

export async function isLinkedIdList(v: unknown, ctx: WpContext, kind: "venue" | "organizer"): Promise<boolean> {
  const items = listToArray(v);
  if (items.length === 0) return false;
  for (const item of items) {
    if (!isPositiveInt(item)) return false;
    if ((await postKind(ctx, Number(item))) !== kind) return false;
  }
  return true;
}

/** Archive `status` lists (filter_post_status_list): non-editors may only ask for `publish`. */
export function statusListValidator(v: unknown, ctx: WpContext): boolean {
  const items = listToArray(v).map(String);
  if (items.length === 0) return false;
  if (!ctx.isEditor) return items.length === 1 && items[0] === "publish";
  return items.every((s) => POST_STATUSES.includes(s));
}

export function perPageSanitize(v: unknown): number {
  return Math.min(50, parseInt(String(v), 10));
}

export const pageArgs: Record<string, ArgSpec> = {
  page: { type: "integer", swaggerType: "integer", default: 1, in: "query", description: "La página de resultados a devolver; por defecto 1", validate: isPositiveInt, sanitize: (v) => parseInt(String(v), 10) },
  per_page: {
    type: "integer",
    swaggerType: "integer",
    default: 10,
    in: "query",
    description: "Cuántos resultados por página; por defecto 10, máximo 50",
    validate: isPositiveInt,
    sanitize: perPageSanitize,
  },
};

export function archiveNotFound(code: string, what: string): WpError {
  return new WpError(404, code, `La página solicitada del archivo de ${what} no existe`);
}

/** A slug from a title, unique within a table (WordPress appends -2, -3...). */
export function slugify(s: string): string {
  return (
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 180) || "sin-titulo"
  );
}

export async function uniqueSlug(exists: (slug: string) => Promise<boolean>, wanted: string): Promise<string> {
  const base = slugify(wanted);
  if (!(await exists(base))) return base;
  for (let n = 2; ; n++) {
    const s = `${base}-${n}`;
    if (!(await exists(s))) return s;
  }
}

/** rest_url of an archive: base URL plus every effective arg, CSV arrays, not percent-encoded (add_query_arg). */
export function archiveUrl(base: string, args: Array<[string, unknown]>): string {
  const parts = args
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(",") : typeof v === "boolean" ? (v ? "1" : "0") : String(v)}`);
  return parts.length ? `${base}?${parts.join("&")}` : base;
}

export function withPage(url: string, page: number): string {
  const [base, q = ""] = url.split("?");
  const kept = q.split("&").filter((p) => p && !p.startsWith("page="));
  if (page > 1) kept.push(`page=${page}`);
  return kept.length ? `${base}?${kept.join("&")}` : base;
}

export function postDatesFor(ctx: WpContext, dateArg?: unknown, dateUtcArg?: unknown) {
  const nowLocal = new Date(Math.floor(ctx.now.getTime() / 1000) * 1000);
  const local = dateArg !== undefined ? strtotime(dateArg, ctx.now, SITE_TZ) : null;
  const utc = dateUtcArg !== undefined ? strtotime(dateUtcArg, ctx.now, "UTC") : null;
  return { local, utc, nowUtc: nowLocal };
}
