// Venues and organizers (docs/calendar.md "Venues and organizers", "Venue and organizer"): one implementation, two configs.
import type { Prisma } from "@/lib/db/generated/client";
import {
  WpError,
  WpResponse,
  READABLE,
  CREATABLE,
  EDITABLE,
  DELETABLE,
  truthy,
  listToArray,
  isPositiveInt,
  type ArgSpec,
  type Endpoint,
  type WpContext,
  type WpRoute,
} from "./wp";
import {
  archiveNotFound,
  archiveUrl,
  isEventId,
  isImageOrEmpty,
  isPostStatus,
  isString,
  isStringOrEmpty,
  isTime,
  isUrlOrEmpty,
  isUserId,
  pageArgs,
  postKind,
  reprCtx,
  statusListValidator,
  uniqueSlug,
  withPage,
} from "./common";
import { organizerData, venueData, type FullOrganizer, type FullVenue } from "./repr";
import { strtotime } from "./strtotime";
import { SITE_TZ, toLocal, fromLocal } from "./tz";
import { resolveImage } from "./images";
import { canChangeLinked, mayNameAuthor } from "./tenancy";
import { moveToTrash } from "./store";

type Tx = Prisma.TransactionClient;
export type LinkedKind = "venue" | "organizer";

interface KindConfig {
  kind: LinkedKind;
  plural: "venues" | "organizers";
  label: string;
  labelPlural: string;
  /** Optional string fields besides the name. */
  fields: string[];
  urlFields: string[];
  searchFields: string[];
}

const VENUE: KindConfig = {
  kind: "venue",
  plural: "venues",
  label: "lugar",
  labelPlural: "lugares",
  fields: ["address", "city", "country", "province", "state", "zip", "phone", "website", "stateprovince"],
  urlFields: ["website"],
  searchFields: ["venue", "description", "excerpt", "address", "city", "province", "state", "stateprovince", "zip", "phone"],
};
const ORGANIZER: KindConfig = {
  kind: "organizer",
  plural: "organizers",
  label: "organizador",
  labelPlural: "organizadores",
  fields: ["phone", "website", "email"],
  urlFields: ["website"],
  searchFields: ["organizer", "description", "excerpt", "phone", "email", "website"],
};
export const KINDS: Record<LinkedKind, KindConfig> = { venue: VENUE, organizer: ORGANIZER };

// Prisma delegates of the two tables share a shape; a narrow structural type keeps the code generic.
interface Delegate {
  findUnique(args: unknown): Promise<unknown>;
  findFirst(args: unknown): Promise<unknown>;
  findMany(args: unknown): Promise<unknown[]>;
  count(args: unknown): Promise<number>;
  create(args: unknown): Promise<unknown>;
  update(args: unknown): Promise<unknown>;
}
type Row = (FullVenue | FullOrganizer) & Record<string, unknown>;

function delegate(db: Tx, kind: LinkedKind): Delegate {
  return (kind === "venue" ? db.calendarVenue : db.calendarOrganizer) as unknown as Delegate;
}

function linkTable(db: Tx, kind: LinkedKind) {
  return (kind === "venue" ? db.calendarEventVenue : db.calendarEventOrganizer) as unknown as { deleteMany(args: unknown): Promise<unknown> };
}

export function linkedData(ctx: WpContext, kind: LinkedKind, row: Row, single = false) {
  return kind === "venue" ? venueData(reprCtx(ctx), row as FullVenue, { single }) : organizerData(reprCtx(ctx), row as FullOrganizer, { single });
}

// ---------------------------------------------------------------- args

export function createArgs(kind: LinkedKind, required: boolean): Record<string, ArgSpec> {
  const cfg = KINDS[kind];
  const args: Record<string, ArgSpec> = {
    [kind]: { type: "string", required, in: "body", description: `El nombre del ${cfg.label}`, validate: isString },
    author: { type: "integer", in: "body", description: "El id del usuario autor", validate: isUserId },
    date: { type: "string", in: "body", description: "Fecha de publicación", validate: isTime },
    date_utc: { type: "string", in: "body", description: "Fecha de publicación en UTC", validate: isTime },
    description: { type: "string", in: "body", description: "Descripción", validate: isStringOrEmpty },
    status: { type: "string", in: "body", description: "Estado", validate: isPostStatus },
  };
  if (kind === "venue") {
    args.show_map = { type: "string", in: "body", description: "Mostrar el mapa", sanitize: (v) => truthy(v) };
    args.show_map_link = { type: "string", in: "body", description: "Mostrar el enlace al mapa", sanitize: (v) => truthy(v) };
  }
  for (const f of cfg.fields) {
    args[f] = { type: "string", in: "body", description: f, validate: cfg.urlFields.includes(f) ? isUrlOrEmpty : isStringOrEmpty };
  }
  args.image = { type: "string", in: "body", description: "Id de una imagen subida o URL de una imagen", validate: isImageOrEmpty };
  return args;
}

/** Validates an inline entry with the CREATE args of its kind (no required check for {id:N}). */
export async function validateEntry(kind: LinkedKind, entry: unknown, ctx: WpContext): Promise<boolean> {
  if (isPositiveInt(entry)) return (await postKind(ctx, Number(entry))) === kind;
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return false;
  const obj = entry as Record<string, unknown>;
  if (obj.id !== undefined) return isPositiveInt(obj.id) && (await postKind(ctx, Number(obj.id))) === kind;
  const args = createArgs(kind, true);
  for (const [name, spec] of Object.entries(args)) {
    const v = obj[name];
    if (v === undefined) {
      if (spec.required) return false;
      continue;
    }
    if (spec.validate && (await spec.validate(v, ctx, name)) !== true) return false;
  }
  return true;
}

/** `venue` / `organizer` on events: id, CSV of ids, {id}, inline data, a list of those, or empty to unlink. */
export async function isLinkedInput(kind: LinkedKind, v: unknown, ctx: WpContext): Promise<boolean> {
  if (v === "" || v === 0 || v === "0" || v === null || (Array.isArray(v) && v.length === 0)) return true;
  const entries = normalizeLinkedInput(kind, v);
  if (entries.length === 0) return false;
  for (const e of entries) if (!(await validateEntry(kind, e, ctx))) return false;
  return true;
}

export function normalizeLinkedInput(kind: LinkedKind, v: unknown): unknown[] {
  if (v === "" || v === 0 || v === "0" || v === null || v === undefined) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === "object") {
    // A single entry ({venue: "..."} / {id: N}) versus a PHP list of entries.
    const obj = v as Record<string, unknown>;
    if (kind in obj || "id" in obj) return [obj];
    return Object.values(obj);
  }
  if (typeof v === "string") return listToArray(v);
  return [v];
}

// ---------------------------------------------------------------- writes

function postDateFields(ctx: WpContext, p: Record<string, unknown>, sent: (k: string) => boolean, existing?: { date: Date; dateUtc: Date }) {
  const out: Record<string, Date> = {};
  const nowLocal = toLocal(ctx.now, SITE_TZ);
  const nowUtc = new Date(Math.floor(ctx.now.getTime() / 1000) * 1000);
  if (sent("date")) {
    const local = strtotime(p.date, ctx.now, SITE_TZ)!;
    out.date = local;
    out.dateUtc = sent("date_utc") ? strtotime(p.date_utc, ctx.now, "UTC")! : fromLocal(local, SITE_TZ);
  } else if (sent("date_utc")) {
    const utc = strtotime(p.date_utc, ctx.now, "UTC")!;
    out.dateUtc = utc;
    out.date = toLocal(utc, SITE_TZ);
  } else if (!existing) {
    out.date = nowLocal;
    out.dateUtc = nowUtc;
  }
  out.modified = nowLocal;
  out.modifiedUtc = nowUtc;
  return out;
}

function emptyToNull(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v);
  return s === "" ? null : s;
}

/** Create (or, with de-duplication, reuse) a venue/organizer from validated input. Returns [id, created]. */
export async function insertLinked(ctx: WpContext, tx: Tx, kind: LinkedKind, input: Record<string, unknown>, sent?: Set<string>): Promise<[number, boolean]> {
  const cfg = KINDS[kind];
  const has = (k: string) => (sent ? sent.has(k) : input[k] !== undefined);
  const d = delegate(tx, kind);
  const name = String(input[kind]).trim();
  const description = has("description") ? String(input.description ?? "") : "";
  // Same name and description (case-insensitive) and no conflicting detail: reuse it (duplicate avoidance).
  const candidates = (await d.findMany({
    where: { [kind]: { equals: name, mode: "insensitive" }, status: { not: "trash" } },
    orderBy: { id: "asc" },
  })) as Row[];
  const dup = candidates.find(
    (c) =>
      String(c.description ?? "").toLowerCase() === description.toLowerCase() &&
      cfg.fields.every((f) => !has(f) || emptyToNull(input[f]) === null || String(c[f] ?? "").toLowerCase() === String(input[f]).toLowerCase()),
  );
  if (dup) return [dup.id, false];
  const data: Record<string, unknown> = {
    [kind]: name,
    description,
    authorId: has("author") ? Number(input.author) : (ctx.principal?.userId ?? 0),
    status: has("status") ? String(input.status) : "publish",
    slug: await uniqueSlug(async (s) => (await d.count({ where: { slug: s } })) > 0, name),
    ...postDateFields(ctx, input, has),
  };
  for (const f of cfg.fields) if (has(f)) data[f] = emptyToNull(input[f]);
  if (kind === "venue") {
    if (has("show_map")) data.showMap = truthy(input.show_map);
    if (has("show_map_link")) data.showMapLink = truthy(input.show_map_link);
  }
  if (has("image")) data.imageId = await resolveImage(ctx, tx, input.image);
  try {
    const row = (await d.create({ data })) as Row;
    return [row.id, true];
  } catch {
    throw new WpError(400, kind === "venue" ? "could-not-create-venue" : "could-not-create-organizer", `No se pudo crear el ${cfg.label} con los datos enviados`);
  }
}

/** Event inputs to linked ids, creating inline entries, keeping the order sent. */
export async function resolveLinked(ctx: WpContext, tx: Tx, kind: LinkedKind, v: unknown): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of normalizeLinkedInput(kind, v)) {
    if (isPositiveInt(entry)) ids.push(Number(entry));
    else {
      const obj = entry as Record<string, unknown>;
      if (obj.id !== undefined) {
        const id = Number(obj.id);
        const exists = (await delegate(tx, kind).count({ where: { id } })) > 0;
        if (!exists) throw new WpError(400, "invalid-linked-post-id", "El id de la entidad enlazada no es válido");
        ids.push(id);
      } else ids.push((await insertLinked(ctx, tx, kind, obj))[0]);
    }
  }
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- routes

async function loadRow(ctx: WpContext, kind: LinkedKind, id: number): Promise<Row | null> {
  return (await delegate(ctx.database.prisma, kind).findUnique({ where: { id }, include: { image: true } })) as Row | null;
}

function idArg(kind: LinkedKind): ArgSpec {
  return {
    type: "integer",
    required: true,
    in: "path",
    description: `El id del ${KINDS[kind].label}`,
    validate: async (v, ctx) => isPositiveInt(v) && (await postKind(ctx, Number(v))) === kind,
  };
}

function slugArg(kind: LinkedKind): ArgSpec {
  return {
    type: "string",
    required: true,
    in: "path",
    description: `El slug del ${KINDS[kind].label}`,
    validate: async (v, ctx) => {
      if (typeof v !== "string" || v === "") return false;
      const row = (await delegate(ctx.database.prisma, kind).findFirst({ where: { slug: v }, select: { id: true } })) as { id: number } | null;
      if (!row) return false;
      ctx.memo.set("id", row.id);
      return true;
    },
  };
}

function targetId(ctx: WpContext): number {
  return (ctx.memo.get("id") as number | undefined) ?? Number(ctx.path.id);
}

// Editors only, and tenancy (lib/calendar/tenancy.ts): a hotel admin changes the venues and organizers of its hotels' admins only.
const mayCreate = async (ctx: WpContext) => ctx.isEditor && (await mayNameAuthor(ctx));
const mayChange = (kind: LinkedKind) => async (ctx: WpContext) => (await canChangeLinked(ctx, kind)) && (await mayNameAuthor(ctx));

function singleEndpoints(kind: LinkedKind, key: "id" | "slug"): Endpoint[] {
  const cfg = KINDS[kind];
  const keyArg: Record<string, ArgSpec> = key === "id" ? { id: idArg(kind) } : { slug: slugArg(kind) };
  const get: Endpoint = {
    methods: READABLE,
    args: keyArg,
    handler: async (ctx) => {
      const row = (await loadRow(ctx, kind, targetId(ctx)))!;
      if (row.status !== "publish" && !ctx.isEditor) throw new WpError(403, `${kind}-not-accessible`, `El ${cfg.label} solicitado no es accesible`);
      return linkedData(ctx, kind, row, true);
    },
  };
  const del: Endpoint = {
    methods: DELETABLE,
    args: keyArg,
    permission: mayChange(kind),
    handler: async (ctx) => {
      const id = targetId(ctx);
      const row = (await loadRow(ctx, kind, id))!;
      if (row.status === "trash") throw new WpError(410, `${kind}-is-in-trash`, `El ${cfg.label} ya está en la papelera`);
      // Conditional update: of two concurrent deletes only one trashes it, the other sees 410.
      if (!(await moveToTrash(ctx.database, kind, id))) throw new WpError(410, `${kind}-is-in-trash`, `El ${cfg.label} ya está en la papelera`);
      await linkTable(ctx.database.prisma, kind).deleteMany({ where: { [`${kind}Id`]: id } });
      return linkedData(ctx, kind, (await loadRow(ctx, kind, id))!);
    },
  };
  const updateArgs: Record<string, ArgSpec> = { ...keyArg, ...createArgs(kind, false) };
  if (key === "slug") updateArgs.slug = { ...slugArg(kind) };
  const update: Endpoint = {
    methods: EDITABLE,
    args: key === "id" ? { ...updateArgs, slug: { type: "string", in: "body", description: "Nuevo slug", validate: isString } } : updateArgs,
    permission: mayChange(kind),
    handler: async (ctx) => {
      const id = targetId(ctx);
      const p = ctx.params;
      const body = bodyKeys(ctx, key);
      const has = (k: string) => body.has(k);
      const row = (await loadRow(ctx, kind, id))!;
      const data: Record<string, unknown> = { ...postDateFields(ctx, p, has, row) };
      if (has(kind)) data[kind] = String(p[kind]).trim();
      if (has("description")) data.description = String(p.description ?? "");
      if (has("status")) data.status = String(p.status);
      if (has("author")) data.authorId = Number(p.author);
      for (const f of cfg.fields) if (has(f)) data[f] = emptyToNull(p[f]);
      if (kind === "venue") {
        if (has("show_map")) data.showMap = truthy(p.show_map);
        if (has("show_map_link")) data.showMapLink = truthy(p.show_map_link);
      }
      const newSlug = renameSlug(ctx, key);
      if (newSlug !== null && newSlug !== row.slug) {
        data.slug = await uniqueSlug(async (s) => (await delegate(ctx.database.prisma, kind).count({ where: { slug: s, NOT: { id } } })) > 0, newSlug);
      }
      try {
        await ctx.database.prisma.$transaction(async (tx) => {
          if (has("image")) data.imageId = await resolveImage(ctx, tx, p.image);
          await delegate(tx, kind).update({ where: { id }, data });
        });
      } catch (e) {
        if (e instanceof WpError) throw e;
        throw new WpError(400, `could-not-update-${kind}`, `No se pudo actualizar el ${cfg.label}`);
      }
      return linkedData(ctx, kind, (await loadRow(ctx, kind, id))!);
    },
  };
  return [get, del, update];
}

/** Names the request body carried (by-slug routes: the path's slug is not a rename). */
function bodyKeys(ctx: WpContext, key: "id" | "slug"): Set<string> {
  const s = new Set(ctx.sent);
  if (key === "id") s.delete("id");
  return s;
}

function renameSlug(ctx: WpContext, key: "id" | "slug"): string | null {
  const raw = ctx.params.__body_slug ?? null;
  if (typeof raw === "string" && raw !== "") return raw;
  if (key === "id" && ctx.sent.has("slug") && typeof ctx.params.slug === "string") return ctx.params.slug;
  return null;
}

function archiveArgs(kind: LinkedKind): Record<string, ArgSpec> {
  return {
    ...pageArgs,
    search: { type: "string", in: "query", description: "Texto a buscar", validate: isString },
    event: { type: "integer", in: "query", description: `Solo ${KINDS[kind].labelPlural} del evento`, validate: isEventId },
    has_events: { swaggerType: "boolean", in: "query", description: "Con o sin eventos" },
    only_with_upcoming: { swaggerType: "boolean", in: "query", default: false, description: "Solo con eventos próximos" },
    status: { type: "string", in: "query", csv: true, description: "Estados a incluir", validate: statusListValidator, sanitize: (v) => listToArray(v).map(String) },
  };
}

function archiveEndpoint(kind: LinkedKind): Endpoint {
  const cfg = KINDS[kind];
  return {
    methods: READABLE,
    args: archiveArgs(kind),
    handler: async (ctx) => {
      const p = ctx.params;
      const page = p.page as number;
      const perPage = p.per_page as number;
      const statuses = ctx.sent.has("status") ? (p.status as string[]) : null;
      const where: Record<string, unknown>[] = [];
      where.push(statuses ? { status: { in: statuses } } : ctx.isEditor ? { status: { notIn: ["trash", "auto-draft"] } } : { status: "publish" });
      const visibleEvent = ctx.isEditor ? { status: { notIn: ["trash", "auto-draft"] } } : { status: "publish" };
      if (ctx.sent.has("search")) {
        const s = String(p.search);
        where.push({ OR: cfg.searchFields.map((f) => ({ [f]: { contains: s, mode: "insensitive" } })) });
      }
      if (ctx.sent.has("event")) where.push({ events: { some: { eventId: Number(p.event) } } });
      if (ctx.sent.has("has_events")) {
        where.push(truthy(p.has_events) ? { events: { some: { event: visibleEvent } } } : { events: { none: {} } });
      }
      if (truthy(p.only_with_upcoming)) {
        where.push({ events: { some: { event: { ...visibleEvent, endDate: { gte: toLocal(ctx.now, SITE_TZ) } } } } });
      }
      const d = delegate(ctx.database.prisma, kind);
      const [total, rows] = await Promise.all([
        d.count({ where: { AND: where } }),
        d.findMany({ where: { AND: where }, include: { image: true }, orderBy: [{ date: "desc" }, { id: "desc" }], skip: (page - 1) * perPage, take: perPage }),
      ]);
      if (rows.length === 0 && page > 1) throw archiveNotFound(`${kind}-archive-page-not-found`, cfg.labelPlural);
      const base = `${ctx.root}${cfg.plural}`;
      const restUrl = archiveUrl(base, [
        ["page", page],
        ["per_page", perPage],
        ["search", ctx.sent.has("search") ? p.search : undefined],
        ["event", ctx.sent.has("event") ? p.event : undefined],
        ["has_events", ctx.sent.has("has_events") ? p.has_events : undefined],
        ["only_with_upcoming", ctx.sent.has("only_with_upcoming") ? p.only_with_upcoming : undefined],
        ["status", statuses ?? (ctx.isEditor ? "any" : "publish")],
      ]);
      const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
      const body: Record<string, unknown> = { [cfg.plural]: (rows as Row[]).map((r) => linkedData(ctx, kind, r)), rest_url: restUrl };
      if (page < totalPages) body.next_rest_url = withPage(restUrl, page + 1);
      if (page > 1) body.previous_rest_url = withPage(restUrl, page - 1);
      body.total = total;
      body.total_pages = totalPages;
      return new WpResponse(200, body, { "X-TEC-Total": String(total), "X-TEC-TotalPages": String(totalPages) });
    },
  };
}

function createEndpoint(kind: LinkedKind): Endpoint {
  return {
    methods: CREATABLE,
    args: createArgs(kind, true),
    permission: mayCreate,
    handler: async (ctx) => {
      const [id] = await ctx.database.prisma.$transaction((tx) => insertLinked(ctx, tx, kind, ctx.params, ctx.sent));
      return new WpResponse(201, linkedData(ctx, kind, (await loadRow(ctx, kind, id))!));
    },
  };
}

export function linkedRoutes(kind: LinkedKind): WpRoute[] {
  const plural = KINDS[kind].plural;
  return [
    { pattern: `/${plural}`, docPath: `/${plural}`, endpoints: [archiveEndpoint(kind), createEndpoint(kind)] },
    { pattern: `/${plural}/(?P<id>\\d+)`, docPath: `/${plural}/{id}`, endpoints: singleEndpoints(kind, "id") },
    { pattern: `/${plural}/by-slug/(?P<slug>[^/]+)`, docPath: `/${plural}/by-slug/{slug}`, endpoints: singleEndpoints(kind, "slug") },
  ];
}

