// Events (docs/calendar.md: "GET /events", "Creating and updating events", "Deleting events", "Event", "Date handling").
import type { Prisma } from "@/lib/db/generated/client";
import { WpError, WpResponse, READABLE, CREATABLE, EDITABLE, DELETABLE, listToArray, truthy, isPositiveInt, type ArgSpec, type Endpoint, type WpContext, type WpRoute } from "./wp";
import {
  archiveUrl,
  CATEGORY_TAX,
  findTerm,
  isEventId,
  isImage,
  isPostStatus,
  isString,
  isStringOrEmpty,
  isTermList,
  isTermRefList,
  isTime,
  isTimezoneOrEmpty,
  isUrlOrEmpty,
  isUserId,
  isLinkedIdList,
  pageArgs,
  postKind,
  reprCtx,
  slugify,
  statusListValidator,
  TAG_TAX,
  termCounts,
  uniqueSlug,
  withPage,
} from "./common";
import { eventData, eventInclude, type FullEvent } from "./repr";
import { strtotime } from "./strtotime";
import { endOfDay, fmtYmdHis, fromLocal, SITE_TZ, startOfDay, toLocal, tzAbbr } from "./tz";
import { isLinkedInput, resolveLinked } from "./linked";
import { resolveImage } from "./images";
import { parseCost } from "./cost";
import { canChangeEvent, mayNameAuthor } from "./tenancy";
import { moveToTrash } from "./store";

type Tx = Prisma.TransactionClient;

const localNow = (ctx: WpContext) => toLocal(ctx.now, SITE_TZ);
const parseLocal = (ctx: WpContext, v: unknown, tz = SITE_TZ) => strtotime(v, ctx.now, tz);

// ---------------------------------------------------------------- archive

function archiveArgs(): Record<string, ArgSpec> {
  const time = (description: string, def?: (ctx: WpContext) => string): ArgSpec => ({ type: "string", in: "query", description, validate: isTime, ...(def ? { default: def } : {}) });
  return {
    ...pageArgs,
    start_date: time("Eventos que empiezan en esta fecha o después (por defecto: ayer)", (ctx) => fmtYmdHis(parseLocal(ctx, "yesterday 23:59")!)),
    end_date: time("Eventos que terminan en esta fecha o antes (por defecto: dentro de 24 meses)", (ctx) => fmtYmdHis(parseLocal(ctx, "+24 months")!)),
    search: { type: "string", in: "query", description: "Texto a buscar en título, extracto y descripción", validate: isString },
    categories: { type: "array", items: { type: "string" }, in: "query", csv: true, description: "Categorías (ids o slugs)", validate: (v, ctx) => isTermList(v, ctx, CATEGORY_TAX), sanitize: listToArray },
    tags: { type: "array", items: { type: "string" }, in: "query", csv: true, description: "Etiquetas (ids o slugs)", validate: (v, ctx) => isTermList(v, ctx, TAG_TAX), sanitize: listToArray },
    venue: { type: "array", items: { type: "integer" }, in: "query", csv: true, description: "Ids de lugares", validate: (v, ctx) => isLinkedIdList(v, ctx, "venue"), sanitize: (v) => listToArray(v).map(Number) },
    organizer: { type: "array", items: { type: "integer" }, in: "query", csv: true, description: "Ids de organizadores", validate: (v, ctx) => isLinkedIdList(v, ctx, "organizer"), sanitize: (v) => listToArray(v).map(Number) },
    featured: { type: "boolean", in: "query", description: "Solo destacados (true) o no destacados (false)" },
    status: { type: "string", in: "query", csv: true, description: "Estados a incluir", validate: statusListValidator, sanitize: (v) => listToArray(v).map(String) },
    geoloc: { type: "boolean", in: "query", description: "Requiere la extensión premium; sin ella no filtra" },
    geoloc_lat: { type: "number", swaggerType: "number", in: "query", description: "Latitud" },
    geoloc_lng: { type: "number", swaggerType: "number", in: "query", description: "Longitud" },
    include: { type: "array", items: { type: "integer" }, in: "query", csv: true, description: "Ids de eventos; ignora los filtros de fecha", validate: (v) => { const l = listToArray(v); return l.length > 0 && l.every(isPositiveInt); }, sanitize: (v) => listToArray(v).map(Number) },
    post_parent: { type: "integer", in: "query", description: "Evento padre", validate: isEventId },
    starts_before: time("Eventos que empiezan antes de esta fecha"),
    starts_after: time("Eventos que empiezan después de esta fecha"),
    ends_before: time("Eventos que terminan antes de esta fecha"),
    ends_after: time("Eventos que terminan después de esta fecha"),
    strict_dates: { type: "string", in: "query", default: "false", description: "Usar las horas tal cual (true) o días completos (false)", validate: isString },
    ticketed: {
      type: "boolean",
      in: "query",
      description: "Solo eventos con boletería (requiere el módulo de boletería)",
      validate: (v) => (truthy(v) ? new WpError(400, "event-tickets-not-active", "El módulo de boletería no está activado.") : true),
    },
  };
}

/** Whether a viewer must see the password-protected mask of an event. */
function isMasked(ctx: WpContext, e: { password: string | null }): boolean {
  if (!e.password) return false;
  if (typeof ctx.params.password === "string" && ctx.params.password === e.password) return false;
  return !(ctx.isEditor && ctx.params.context === "edit");
}

async function archive(ctx: WpContext) {
  const p = ctx.params;
  const page = p.page as number;
  const perPage = p.per_page as number;
  const strict = truthy(p.strict_dates);
  const where: Prisma.CalendarEventWhereInput[] = [];
  const statuses = ctx.sent.has("status") ? (p.status as string[]) : null;
  where.push(statuses ? { status: { in: statuses } } : ctx.isEditor ? { status: { notIn: ["trash", "auto-draft"] } } : { status: "publish" });
  where.push({ hideFromListings: false });
  const echo: Array<[string, unknown]> = [
    ["page", page],
    ["per_page", perPage],
  ];
  const relNames = ["starts_before", "starts_after", "ends_before", "ends_after"] as const;
  const hasRelative = relNames.some((n) => ctx.sent.has(n));
  const useInclude = ctx.sent.has("include");
  const bound = (name: string, kind: "start" | "end") => {
    const local = parseLocal(ctx, p[name])!;
    if (strict) return local;
    return kind === "start" ? startOfDay(local) : endOfDay(local);
  };
  if (!useInclude) {
    // Relative bounds replace the default window unless start_date/end_date were sent too (section 6.3).
    if (!hasRelative || ctx.sent.has("start_date")) {
      const v = bound("start_date", "start");
      where.push({ startDate: { gte: v } });
      echo.push(["start_date", fmtYmdHis(v)]);
    }
    if (!hasRelative || ctx.sent.has("end_date")) {
      const v = bound("end_date", "end");
      where.push({ endDate: { lte: v } });
      echo.push(["end_date", fmtYmdHis(v)]);
    }
    for (const n of relNames) {
      if (!ctx.sent.has(n)) continue;
      const v = bound(n, "end");
      echo.push([n, fmtYmdHis(v)]);
      if (n === "starts_before") where.push({ startDate: { lt: v } });
      if (n === "starts_after") where.push({ startDate: { gt: v } });
      if (n === "ends_before") where.push({ endDate: { lt: v } });
      if (n === "ends_after") where.push({ endDate: { gt: v } });
    }
    if (ctx.sent.has("strict_dates")) echo.push(["strict_dates", p.strict_dates]);
  } else {
    where.push({ id: { in: p.include as number[] } });
    echo.push(["include", p.include]);
  }
  if (ctx.sent.has("search")) {
    const words = String(p.search).split(/\s+/).filter(Boolean);
    for (const w of words) where.push({ OR: [{ title: { contains: w, mode: "insensitive" } }, { excerpt: { contains: w, mode: "insensitive" } }, { description: { contains: w, mode: "insensitive" } }] });
    echo.push(["search", p.search]);
  }
  for (const [name, tax] of [["categories", CATEGORY_TAX], ["tags", TAG_TAX]] as const) {
    if (!ctx.sent.has(name)) continue;
    const ids: number[] = [];
    for (const item of p[name] as unknown[]) {
      const t = await findTerm(ctx, tax, item, true);
      if (t) ids.push(t.id);
    }
    where.push({ terms: { some: { termId: { in: ids } } } });
    echo.push([name, p[name]]);
  }
  if (ctx.sent.has("venue")) {
    where.push({ venues: { some: { venueId: { in: p.venue as number[] } } } });
    echo.push(["venue", p.venue]);
  }
  if (ctx.sent.has("organizer")) {
    where.push({ organizers: { some: { organizerId: { in: p.organizer as number[] } } } });
    echo.push(["organizer", p.organizer]);
  }
  if (ctx.sent.has("featured")) {
    where.push({ featured: p.featured as boolean });
    echo.push(["featured", p.featured]);
  }
  if (ctx.sent.has("post_parent")) {
    // Events have no parent/child series here: a valid parent matches nothing.
    where.push({ id: -1 });
    echo.push(["post_parent", p.post_parent]);
  }
  echo.push(["status", statuses ?? (ctx.isEditor ? "any" : "publish")]);
  const orderBy: Prisma.CalendarEventOrderByWithRelationInput[] = useInclude ? [{ date: "asc" }, { id: "asc" }] : [{ startDate: "asc" }, { id: "asc" }];
  const [total, rows] = await Promise.all([
    ctx.database.prisma.calendarEvent.count({ where: { AND: where } }),
    ctx.database.prisma.calendarEvent.findMany({ where: { AND: where }, include: eventInclude, orderBy, skip: (page - 1) * perPage, take: perPage }),
  ]);
  if (rows.length === 0 && page > 1) throw new WpError(404, "event-archive-page-not-found", "La página solicitada del archivo de eventos no existe");
  const counts = await termCounts(ctx, [...new Set(rows.flatMap((r) => r.terms.map((t) => t.termId)))]);
  const rc = reprCtx(ctx, counts);
  const restUrl = archiveUrl(`${ctx.root}events`, echo);
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
  const body: Record<string, unknown> = { events: rows.map((e) => eventData(rc, e, { masked: isMasked(ctx, e) })), rest_url: restUrl };
  if (page * perPage < total) body.next_rest_url = withPage(restUrl, page + 1);
  if (page > 1) body.previous_rest_url = withPage(restUrl, page - 1);
  body.total = total;
  body.total_pages = totalPages;
  return new WpResponse(200, body, { "X-TEC-Total": String(total), "X-TEC-TotalPages": String(totalPages) });
}

// ---------------------------------------------------------------- single

export async function loadEvent(db: Tx, id: number): Promise<FullEvent | null> {
  return db.calendarEvent.findUnique({ where: { id }, include: eventInclude });
}

async function present(ctx: WpContext, id: number, opts: { single?: boolean } = {}) {
  const e = (await loadEvent(ctx.database.prisma, id))!;
  const counts = await termCounts(ctx, e.terms.map((t) => t.termId));
  return eventData(reprCtx(ctx, counts), e, opts);
}

/** Handler checks shared by single-event routes: 404 missing, 400 not an event. */
async function existingEvent(ctx: WpContext): Promise<number> {
  const id = (ctx.memo.get("id") as number | undefined) ?? Number(ctx.path.id);
  const kind = await postKind(ctx, id);
  if (kind === null) throw new WpError(404, "rest-event-not-found", `El evento con ID ${id} no existe.`);
  if (kind !== "event") throw new WpError(400, "rest-invalid-event-id", "El ID indicado no es un evento válido.");
  return id;
}

async function getSingle(ctx: WpContext) {
  const id = await existingEvent(ctx);
  const e = (await ctx.database.prisma.calendarEvent.findUnique({ where: { id }, select: { status: true, password: true } }))!;
  if (e.status === "trash") throw new WpError(403, "event-no-longer-available", "Este evento ya no está disponible");
  if (e.status !== "publish" && !ctx.isEditor) throw new WpError(403, "event-not-accessible", "El evento solicitado no es accesible");
  if (e.password && !(ctx.isEditor && ctx.params.context === "edit") && ctx.params.password !== e.password) {
    throw new WpError(403, "event-password-protected", "El evento solicitado no es accesible sin contraseña");
  }
  return present(ctx, id, { single: true });
}

async function deleteSingle(ctx: WpContext) {
  const id = await existingEvent(ctx);
  // Always to the trash (force is ignored); the conditional update lets one of two racing deletes win.
  if (!(await moveToTrash(ctx.database, "event", id))) throw new WpError(410, "event-is-in-trash", "El evento ya está en la papelera");
  return present(ctx, id);
}

// ---------------------------------------------------------------- create / update

function writeArgs(required: boolean): Record<string, ArgSpec> {
  const bool = (description: string): ArgSpec => ({ type: "boolean", in: "body", description });
  return {
    author: { type: "integer", in: "body", description: "El id del usuario autor", validate: isUserId },
    date: { type: "string", in: "body", description: "Fecha de publicación", validate: isTime },
    date_utc: { type: "string", in: "body", description: "Fecha de publicación en UTC", validate: isTime },
    title: { type: "string", required, in: "body", description: "Título del evento", validate: isString },
    description: { type: "string", in: "body", description: "Descripción (HTML)", validate: isString },
    slug: { type: "string", in: "body", description: "Slug", validate: isString },
    excerpt: { type: "string", in: "body", description: "Extracto", validate: isString },
    status: { type: "string", in: "body", description: "Estado: publish, draft, pending, private, future", validate: isPostStatus },
    timezone: { type: "string", in: "body", description: "Zona horaria del evento (por defecto America/Bogota)", validate: isTimezoneOrEmpty },
    all_day: { type: "boolean", in: "body", default: required ? false : undefined, description: "Evento de todo el día" },
    start_date: { type: "string", required, in: "body", description: "Inicio (hora local del evento)", validate: isTime },
    end_date: { type: "string", required, in: "body", description: "Fin (hora local del evento)", validate: isTime },
    image: { type: "string", in: "body", description: "Id de una imagen subida o URL de una imagen", validate: async (v, ctx) => v === "" || v === 0 || v === "0" || (await isImage(v, ctx)) },
    cost: { swaggerType: "string", in: "body", description: "Costo (texto o lista de textos)", sanitize: (v) => v },
    website: { type: "string", in: "body", default: undefined, description: "Sitio web del evento", validate: isUrlOrEmpty },
    show_map: bool("Mostrar el mapa"),
    show_map_link: bool("Mostrar el enlace al mapa"),
    hide_from_listings: bool("Ocultar de los listados"),
    sticky: bool("Fijar en el calendario"),
    featured: bool("Destacado"),
    categories: { type: "array", items: { type: "string" }, in: "body", description: "Categorías: ids o nombres (los nombres nuevos se crean)", validate: isTermRefList, sanitize: (v) => (v === "" ? [] : listToArray(v)) },
    tags: { type: "array", items: { type: "string" }, in: "body", description: "Etiquetas: ids o nombres (los nombres nuevos se crean)", validate: isTermRefList, sanitize: (v) => (v === "" ? [] : listToArray(v)) },
    venue: { swaggerType: "array", in: "body", description: "Lugar: id, {id} o datos de un lugar nuevo; vacío para quitarlo", validate: (v, ctx) => isLinkedInput("venue", v, ctx), sanitize: (v) => v },
    organizer: { swaggerType: "array", in: "body", description: "Organizadores: ids, {id} o datos nuevos; vacío para quitarlos", validate: (v, ctx) => isLinkedInput("organizer", v, ctx), sanitize: (v) => v },
    password: { type: "string", in: "body", description: "Contraseña del evento (vacía para quitarla)", validate: isStringOrEmpty },
  };
}

async function resolveTerms(tx: Tx, taxonomy: string, items: unknown[]): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items) {
    if (item === "" || item === null) continue;
    if (typeof item === "number" || (typeof item === "string" && /^\d+$/.test(item))) {
      // isTermRefList refused ids that cannot be database ids; never hand one to the database.
      const t = isPositiveInt(item) ? await tx.calendarTerm.findFirst({ where: { taxonomy, id: Number(item) } }) : null;
      if (t) ids.push(t.id);
      continue;
    }
    const name = String(item).trim();
    const existing =
      (await tx.calendarTerm.findFirst({ where: { taxonomy, name: { equals: name, mode: "insensitive" } } })) ??
      (await tx.calendarTerm.findFirst({ where: { taxonomy, slug: slugify(name) } }));
    if (existing) ids.push(existing.id);
    else {
      const slug = await uniqueSlug(async (s) => (await tx.calendarTerm.count({ where: { taxonomy, slug: s } })) > 0, name);
      ids.push((await tx.calendarTerm.create({ data: { taxonomy, name, slug } })).id);
    }
  }
  return [...new Set(ids)];
}

function invalid(name: string, message: string): WpError {
  return new WpError(400, "rest_invalid_param", `Parámetro(s) no válido(s): ${name}`, { params: { [name]: message }, details: [] });
}

/** Writes the sent fields of an event (create when `existing` is null) and returns its id. */
async function writeEvent(ctx: WpContext, existing: FullEvent | null, body: Set<string>): Promise<number> {
  const p = ctx.params;
  const has = (k: string) => body.has(k);
  const nowLocal = localNow(ctx);
  const nowUtc = new Date(Math.floor(ctx.now.getTime() / 1000) * 1000);
  const tz = has("timezone") && p.timezone ? String(p.timezone) : existing?.timezone || SITE_TZ;
  const allDay = has("all_day") ? (p.all_day as boolean) : (existing?.allDay ?? false);
  let start = has("start_date") ? parseLocal(ctx, p.start_date, tz)! : existing!.startDate;
  let end = has("end_date") ? parseLocal(ctx, p.end_date, tz)! : existing!.endDate;
  if (allDay) {
    start = startOfDay(start);
    end = endOfDay(end);
  }
  if (end.getTime() < start.getTime()) throw invalid("end_date", "end_date: debe ser igual o posterior a start_date.");
  const data: Record<string, unknown> = {
    allDay,
    startDate: start,
    endDate: end,
    utcStartDate: fromLocal(start, tz),
    utcEndDate: fromLocal(end, tz),
    timezone: tz,
    timezoneAbbr: tzAbbr(tz, fromLocal(start, tz)),
    modified: nowLocal,
    modifiedUtc: nowUtc,
  };
  if (has("title")) data.title = String(p.title).trim();
  if (has("description")) data.description = String(p.description);
  if (has("excerpt")) data.excerpt = String(p.excerpt);
  if (has("status")) data.status = String(p.status);
  else if (!existing) data.status = "publish";
  if (has("author")) data.authorId = Number(p.author);
  else if (!existing) data.authorId = ctx.principal?.userId ?? 0;
  if (has("date")) {
    data.date = parseLocal(ctx, p.date)!;
    data.dateUtc = has("date_utc") ? strtotime(p.date_utc, ctx.now, "UTC")! : fromLocal(data.date as Date, SITE_TZ);
  } else if (has("date_utc")) {
    data.dateUtc = strtotime(p.date_utc, ctx.now, "UTC")!;
    data.date = toLocal(data.dateUtc as Date, SITE_TZ);
  } else if (!existing) {
    data.date = nowLocal;
    data.dateUtc = nowUtc;
  }
  if (has("cost")) {
    const c = parseCost(p.cost);
    data.cost = c.cost === "" ? null : c.cost;
    data.costValues = c.values;
  }
  if (has("website")) data.website = p.website ? String(p.website) : null;
  if (has("show_map")) data.showMap = p.show_map as boolean;
  if (has("show_map_link")) data.showMapLink = p.show_map_link as boolean;
  if (has("hide_from_listings")) data.hideFromListings = p.hide_from_listings as boolean;
  if (has("sticky")) data.sticky = p.sticky as boolean;
  if (has("featured")) data.featured = p.featured as boolean;
  if (has("password")) data.password = p.password ? String(p.password) : null;
  const wantedSlug = typeof p.__body_slug === "string" && p.__body_slug !== "" ? p.__body_slug : has("slug") && !ctx.path.slug ? String(p.slug) : null;

  return ctx.database.prisma.$transaction(async (tx) => {
    if (!existing || wantedSlug) {
      const base = wantedSlug ?? String(p.title);
      data.slug = await uniqueSlug(async (s) => (await tx.calendarEvent.count({ where: { slug: s, ...(existing ? { NOT: { id: existing.id } } : {}) } })) > 0, base);
    }
    if (has("image")) data.imageId = await resolveImage(ctx, tx, p.image);
    if (!existing && ctx.principal?.role === "hotel_admin" && ctx.principal.hotelIds.length) data.hotelId = ctx.principal.hotelIds[0];
    const id = existing
      ? (await tx.calendarEvent.update({ where: { id: existing.id }, data: data as Prisma.CalendarEventUncheckedUpdateInput })).id
      : (await tx.calendarEvent.create({ data: data as Prisma.CalendarEventUncheckedCreateInput })).id;
    if (has("venue")) {
      const ids = await resolveLinked(ctx, tx, "venue", p.venue);
      await tx.calendarEventVenue.deleteMany({ where: { eventId: id } });
      if (ids.length) await tx.calendarEventVenue.createMany({ data: ids.map((venueId, position) => ({ eventId: id, venueId, position })) });
    }
    if (has("organizer")) {
      const ids = await resolveLinked(ctx, tx, "organizer", p.organizer);
      await tx.calendarEventOrganizer.deleteMany({ where: { eventId: id } });
      if (ids.length) await tx.calendarEventOrganizer.createMany({ data: ids.map((organizerId, position) => ({ eventId: id, organizerId, position })) });
    }
    for (const [name, tax] of [["categories", CATEGORY_TAX], ["tags", TAG_TAX]] as const) {
      if (!has(name)) continue;
      const ids = await resolveTerms(tx, tax, (p[name] as unknown[]) ?? []);
      await tx.calendarEventTerm.deleteMany({ where: { eventId: id, term: { taxonomy: tax } } });
      if (ids.length) await tx.calendarEventTerm.createMany({ data: ids.map((termId) => ({ eventId: id, termId })) });
    }
    return id;
  });
}

// Editors only, and tenancy (lib/calendar/tenancy.ts): a hotel admin changes its hotels' events only.
const canCreate = async (ctx: WpContext) => ctx.isEditor && (await mayNameAuthor(ctx));
const canUpdate = async (ctx: WpContext) => (await canChangeEvent(ctx)) && (await mayNameAuthor(ctx));

function bodyNames(ctx: WpContext): Set<string> {
  const s = new Set(ctx.sent);
  s.delete("id");
  if (ctx.path.slug !== undefined) s.delete("slug");
  return s;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === "P2002" || /unique constraint/i.test(String((e as Error)?.message));

async function create(ctx: WpContext) {
  // Two creates racing for the same slug: the unique index refuses one, which retries with the next free slug.
  for (let attempt = 0; ; attempt++) {
    try {
      const id = await writeEvent(ctx, null, bodyNames(ctx));
      return new WpResponse(201, await present(ctx, id));
    } catch (e) {
      if (attempt >= 4 || !isUniqueViolation(e)) throw e;
    }
  }
}

async function update(ctx: WpContext) {
  const id = await existingEvent(ctx);
  const existing = (await loadEvent(ctx.database.prisma, id))!;
  try {
    await writeEvent(ctx, existing, bodyNames(ctx));
  } catch (e) {
    if (e instanceof WpError) throw e;
    throw new WpError(403, "could-not-update-event", "No se pudo actualizar el evento");
  }
  return present(ctx, id);
}

// ---------------------------------------------------------------- routes

const idArg: ArgSpec = { type: "integer", required: true, in: "path", description: "El id del evento", validate: (v) => typeof v === "number" || (typeof v === "string" && /^\d+$/.test(v)) };
const passwordArg: ArgSpec = { type: "string", in: "query", description: "La contraseña del evento, si la tiene", validate: isString };
const slugArg: ArgSpec = {
  type: "string",
  required: true,
  in: "path",
  description: "El slug del evento",
  validate: async (v, ctx) => {
    if (typeof v !== "string" || v === "") return false;
    const e = await ctx.database.prisma.calendarEvent.findUnique({ where: { slug: v }, select: { id: true } });
    if (!e) return false;
    ctx.memo.set("id", e.id);
    return true;
  },
};

function singleEndpoints(key: "id" | "slug"): Endpoint[] {
  const keyArgs: Record<string, ArgSpec> = key === "id" ? { id: idArg } : { slug: slugArg };
  return [
    { methods: READABLE, args: { ...keyArgs, password: passwordArg }, handler: getSingle },
    { methods: DELETABLE, args: { ...keyArgs, password: passwordArg }, permission: canChangeEvent, handler: deleteSingle },
    { methods: EDITABLE, args: { ...writeArgs(false), ...keyArgs }, permission: canUpdate, handler: update },
  ];
}

export const eventRoutes: WpRoute[] = [
  {
    pattern: "/events",
    docPath: "/events",
    endpoints: [
      { methods: READABLE, args: archiveArgs(), handler: archive },
      { methods: CREATABLE, args: writeArgs(true), permission: canCreate, handler: create },
    ],
  },
  { pattern: "/events/(?P<id>\\d+)", docPath: "/events/{id}", endpoints: singleEndpoints("id") },
  { pattern: "/events/by-slug/(?P<slug>[^/]+)", docPath: "/events/by-slug/{slug}", endpoints: singleEndpoints("slug") },
];
