// Contract suite of the calendar interface (docs/calendar.md) through real HTTP on a fresh database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApi } from "@/lib/api";
import { handleCalendar } from "@/lib/calendar/api";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { agencyWithKey, createHotel, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { OPERATOR_KEY } from "@/lib/testing/api";

// 2026-03-11 15:30 in Bogotá (a Wednesday).
const NOW = "2026-03-11T20:30:00Z";
const BASE = "/wp-json/calendar/events/v1";

let api: TestServer;
let editor: string; // hotel admin key
let agency: string; // logged in, no edit rights
let adminUserId: number;

beforeAll(async () => {
  api = await startTestServer([
    { prefix: "/wp-json", handler: handleCalendar },
    { prefix: "/api", handler: handleApi },
  ]);
  const hotel = await createHotel(api.db, { city: "CARTAGENA" });
  const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotel.id] });
  adminUserId = admin.id;
  editor = (await issueApiKey(api.db, { role: "hotel_admin", userId: admin.id }, new Date())).key;
  agency = (await agencyWithKey(api.db)).key;
});
afterAll(async () => {
  await api?.close();
});

type Opts = { key?: string; body?: unknown; form?: string; now?: string };
function cal(method: string, path: string, opts: Opts = {}) {
  const headers: Record<string, string> = { "x-test-now": opts.now ?? NOW };
  if (opts.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  return api.call(method, `${BASE}${path}`, { key: opts.key, body: opts.body, rawBody: opts.form, headers });
}

async function makeEvent(body: Record<string, unknown>) {
  const r = await cal("POST", "/events", { key: editor, body: { start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00", ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const ids = (r: { body: { events: Array<{ id: number }> } }) => r.body.events.map((e) => e.id);

describe("framework layer", () => {
  it("serves the namespace index and the OpenAPI document", async () => {
    const idx = await cal("GET", "");
    expect(idx.status).toBe(200);
    expect(idx.body.namespace).toBe("calendar/events/v1");
    const keys = Object.keys(idx.body.routes);
    expect(keys.slice(0, 5)).toEqual([
      "/calendar/events/v1",
      "/calendar/events/v1/doc",
      "/calendar/events/v1/events",
      "/calendar/events/v1/events/(?P<id>\\d+)",
      "/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)",
    ]);
    expect(idx.body.routes["/calendar/events/v1/events"].methods).toEqual(["GET", "POST"]);
    expect(idx.body.routes["/calendar/events/v1/events/(?P<id>\\d+)"].methods).toEqual(["GET", "DELETE", "POST", "PUT", "PATCH"]);
    const doc = await cal("GET", "/doc");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.0.0");
    expect(doc.body.info).toMatchObject({ version: "1.0.0", title: "The Events Calendar REST API" });
    expect(doc.body.servers[0].url).toBe("http://localhost:3000/wp-json/calendar/events/v1/");
    expect(Object.keys(doc.body.paths)).toEqual([
      "/doc", "/events", "/events/{id}", "/events/by-slug/{slug}", "/venues", "/venues/{id}", "/venues/by-slug/{slug}",
      "/organizers", "/organizers/{id}", "/organizers/by-slug/{slug}", "/categories", "/categories/{id}", "/tags", "/tags/{id}",
    ]);
    expect(doc.body.paths["/events"].get.parameters.find((p: { name: string }) => p.name === "categories")).toMatchObject({ in: "query", style: "form", explode: false });
    expect(Object.keys(doc.body.components.schemas)).toEqual(["ImageSize", "CostDetails", "Term", "Image", "DateDetails", "Event", "Venue", "Organizer"]);
  });

  it("answers unknown routes and methods with rest_no_route in the WordPress envelope", async () => {
    for (const [m, p] of [["GET", "/events/foo"], ["GET", "/events/by-slug/"], ["GET", "/venues/foo%20bar"], ["PUT", "/events"], ["GET", "/nope"], ["GET", "/categories/abc"]]) {
      const r = await cal(m, p);
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.body).toEqual({ code: "rest_no_route", message: expect.any(String), data: { status: 404 } });
    }
    // A trailing slash is ignored.
    expect((await cal("GET", "/events/")).status).toBe(200);
  });

  it("reports missing, then invalid parameters before permission, then 401/403", async () => {
    const missing = await cal("POST", "/events", { body: { start_date: "tomorrow" } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("rest_missing_callback_param");
    expect(missing.body.data).toEqual({ status: 400, params: ["title", "end_date"] });
    const bad = await cal("POST", "/events", { body: { title: "x", start_date: "garbage", end_date: "tomorrow" } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("rest_invalid_param");
    expect(Object.keys(bad.body.data.params)).toEqual(["start_date"]);
    expect(bad.body.data.details).toEqual([]);
    const good = { title: "x", start_date: "tomorrow 9am", end_date: "tomorrow 11am" };
    const anon = await cal("POST", "/events", { body: good });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ code: "rest_forbidden", message: expect.any(String), data: { status: 401 } });
    expect((await cal("POST", "/events", { key: agency, body: good })).status).toBe(403);
    expect((await cal("DELETE", "/venues/987654")).status).toBe(400);
    const featured = await cal("GET", "/events?featured=foo");
    expect(featured.status).toBe(400);
    expect(featured.body.data.params.featured).toMatch(/featured.*boolean/);
    for (const q of ["page=0", "page=foo", "per_page=-1", "start_date=foo", "strict_dates=", "search=", "include=a", "ticketed=true"]) {
      expect((await cal("GET", `/events?${q}`)).status, q).toBe(400);
    }
    const ticketed = await cal("GET", "/events?ticketed=true");
    expect(ticketed.body.data.details.ticketed.code).toBe("event-tickets-not-active");
  });
});

describe("events", () => {
  it("creates an event with an inline venue, organizers and new terms, and represents it key for key", async () => {
    const org = await cal("POST", "/organizers", { key: editor, body: { organizer: "Fundación Hay Festival", email: "info@hay.co" } });
    expect(org.status).toBe(201);
    const r = await cal("POST", "/events", {
      key: editor,
      body: {
        title: "Hay Festival Cartagena",
        description: "Literatura y música",
        start_date: "2026-04-02 18:00",
        end_date: "2026-04-02 21:30",
        cost: ["0$", "20000$", "50000$"],
        website: "https://hayfestival.com/cartagena",
        categories: "Cultura, Literatura",
        tags: ["festival"],
        featured: true,
        venue: { venue: "Teatro Adolfo Mejía", address: "Plaza de la Merced", city: "Cartagena", country: "Colombia" },
        organizer: [org.body.id, { organizer: "Alcaldía de Cartagena" }],
        utc_start_date: "1999-01-01 00:00:00",
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const e = r.body;
    expect(Object.keys(e)).toEqual([
      "id", "global_id", "global_id_lineage", "author", "status", "date", "date_utc", "modified", "modified_utc", "url", "rest_url", "title",
      "description", "excerpt", "slug", "image", "all_day", "start_date", "start_date_details", "end_date", "end_date_details", "utc_start_date",
      "utc_start_date_details", "utc_end_date", "utc_end_date_details", "timezone", "timezone_abbr", "cost", "cost_details", "website", "show_map",
      "show_map_link", "hide_from_listings", "sticky", "featured", "categories", "tags", "venue", "organizer", "custom_fields",
    ]);
    expect(e.author).toBe(String(adminUserId));
    expect(e.status).toBe("publish");
    expect(e.date).toBe("2026-03-11 15:30:00");
    expect(e.date_utc).toBe("2026-03-11 20:30:00");
    expect(e.slug).toBe("hay-festival-cartagena");
    expect(e.rest_url).toBe(`http://localhost:3000${BASE}/events/${e.id}`);
    expect(e.global_id).toBe(`localhost:3000?id=${e.id}`);
    expect(e.description).toBe("<p>Literatura y música</p>");
    expect(e.image).toBe(false);
    expect(e.start_date).toBe("2026-04-02 18:00:00");
    expect(e.utc_start_date).toBe("2026-04-02 23:00:00");
    expect(e.utc_end_date_details).toEqual({ year: "2026", month: "04", day: "03", hour: "02", minutes: "30", seconds: "00" });
    expect(e.timezone).toBe("America/Bogota");
    expect(e.timezone_abbr).toBe("-05");
    expect(e.cost).toBe("Gratis – 50.000$");
    expect(e.cost_details).toEqual({ currency_symbol: "$", currency_code: "COP", currency_position: "postfix", values: ["0", "20000", "50000"] });
    expect(e.show_map).toBe(true);
    expect(e.featured).toBe(true);
    expect(e.categories.map((c: { name: string }) => c.name)).toEqual(["Cultura", "Literatura"]);
    expect(e.categories[0]).toMatchObject({ slug: "cultura", taxonomy: "tribe_events_cat", count: 1, urls: { collection: `http://localhost:3000${BASE}/categories` } });
    expect(e.tags[0]).toMatchObject({ name: "festival", taxonomy: "post_tag" });
    expect(Array.isArray(e.venue)).toBe(false);
    expect(e.venue).toMatchObject({ venue: "Teatro Adolfo Mejía", city: "Cartagena", show_map: true });
    expect(e.venue).not.toHaveProperty("zip");
    expect(e.venue).not.toHaveProperty("stateprovince");
    expect(e.organizer.map((o: { organizer: string }) => o.organizer)).toEqual(["Fundación Hay Festival", "Alcaldía de Cartagena"]);
    expect(e.custom_fields).toEqual([]);
    expect(e).not.toHaveProperty("json_ld");

    const single = await cal("GET", `/events/${e.id}`);
    expect(single.status).toBe(200);
    expect(single.body.json_ld).toMatchObject({ "@type": "Event", name: "Hay Festival Cartagena", startDate: "2026-04-02T18:00:00-05:00" });
    const bySlug = await cal("GET", "/events/by-slug/hay-festival-cartagena");
    expect(bySlug.body.id).toBe(e.id);
    expect((await cal("GET", "/events/by-slug/no-such-event")).status).toBe(400);
  });

  it("accepts form bodies with PHP bracket keys, all-day spans and other time zones", async () => {
    const form = [
      "title=Feria+de+las+Flores",
      "start_date=2026-08-01+10:00",
      "end_date=2026-08-10+18:00",
      "all_day=true",
      "timezone=America/New_York",
      "venue[venue]=Parque+Norte",
      "venue[city]=Medellín",
      "organizer[0][organizer]=Alcaldía+de+Medellín",
      "organizer[1][organizer]=Silleteros+de+Santa+Elena",
      "categories=Feria",
    ].join("&");
    const r = await cal("POST", "/events", { key: editor, form });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.all_day).toBe(true);
    expect(r.body.start_date).toBe("2026-08-01 00:00:00");
    expect(r.body.end_date).toBe("2026-08-10 23:59:59");
    expect(r.body.utc_start_date).toBe("2026-08-01 04:00:00");
    expect(r.body.timezone).toBe("America/New_York");
    expect(r.body.timezone_abbr).toBe("EDT");
    expect(r.body.venue.venue).toBe("Parque Norte");
    expect(r.body.organizer).toHaveLength(2);
  });

  it("404 for missing ids, 400 for non-events, 403 for drafts to the public", async () => {
    const missing = await cal("GET", "/events/999999");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("rest-event-not-found");
    expect(missing.body.message).toContain("999999");
    expect((await cal("GET", "/events/0")).body.code).toBe("rest-event-not-found");
    const v = await cal("POST", "/venues", { key: editor, body: { venue: "Muelle de los Pegasos" } });
    const notEvent = await cal("GET", `/events/${v.body.id}`);
    expect(notEvent.status).toBe(400);
    expect(notEvent.body.code).toBe("rest-invalid-event-id");
    const draft = await makeEvent({ title: "Borrador secreto", status: "draft" });
    expect(draft.status).toBe("draft");
    const anon = await cal("GET", `/events/${draft.id}`);
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe("event-not-accessible");
    expect((await cal("GET", `/events/${draft.id}`, { key: agency })).status).toBe(403);
    expect((await cal("GET", `/events/${draft.id}`, { key: editor })).status).toBe(200);
    expect((await cal("GET", `/events/${draft.id}`, { key: OPERATOR_KEY })).status).toBe(200);
  });

  it("updates only the fields sent, renames by slug, and keeps drafts drafts", async () => {
    const e = await makeEvent({ title: "Concierto en la playa", all_day: true, sticky: true, featured: true, status: "draft", tags: "música" });
    const r = await cal("PATCH", `/events/${e.id}`, { key: editor, body: { title: "Concierto al atardecer" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: "Concierto al atardecer", all_day: true, sticky: true, featured: true, status: "draft", slug: "concierto-en-la-playa" });
    expect(r.body.tags).toHaveLength(1);
    const renamed = await cal("PUT", "/events/by-slug/concierto-en-la-playa", { key: editor, body: { slug: "atardecer", tags: "" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe("atardecer");
    expect(renamed.body.tags).toEqual([]);
    const unlinked = await cal("POST", `/events/${e.id}`, { key: editor, body: { venue: { venue: "Playa Blanca" } } });
    expect(unlinked.body.venue.venue).toBe("Playa Blanca");
    expect((await cal("POST", `/events/${e.id}`, { key: editor, body: { venue: "" } })).body.venue).toEqual([]);
    expect((await cal("PATCH", "/events/999999", { key: editor, body: { title: "x" } })).status).toBe(404);
    expect((await cal("PATCH", `/events/${e.id}`, { body: { title: "x" } })).status).toBe(401);
    expect((await cal("PATCH", `/events/${e.id}`, { key: agency, body: { title: "x" } })).status).toBe(403);
    expect((await cal("PATCH", `/events/${e.id}`, { key: editor, body: { end_date: "2026-03-01" } })).status).toBe(400);
  });

  it("trashes on delete, answers 410 the second time and 403 on read", async () => {
    const e = await makeEvent({ title: "Evento para borrar" });
    expect((await cal("DELETE", `/events/${e.id}`)).status).toBe(401);
    expect((await cal("DELETE", `/events/${e.id}`, { key: agency })).status).toBe(403);
    const del = await cal("DELETE", `/events/${e.id}?force=true`, { key: editor });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe("trash");
    const again = await cal("DELETE", `/events/${e.id}`, { key: editor });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("event-is-in-trash");
    const read = await cal("GET", `/events/${e.id}`, { key: editor });
    expect(read.status).toBe(403);
    expect(read.body.code).toBe("event-no-longer-available");
    expect((await cal("DELETE", "/events/999999", { key: editor })).status).toBe(404);
  });

  it("racing creates with the same title all succeed with distinct slugs", async () => {
    const body = { title: "Festival simultáneo", start_date: "2026-05-01 10:00", end_date: "2026-05-01 11:00" };
    const results = await Promise.all([1, 2, 3].map(() => cal("POST", "/events", { key: editor, body })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.body.slug)).size).toBe(3);
  });

  it("one of two racing deletes trashes the event, the other gets 410", async () => {
    const e = await makeEvent({ title: "Carrera de borrado" });
    const results = await Promise.all([cal("DELETE", `/events/${e.id}`, { key: editor }), cal("DELETE", `/events/${e.id}`, { key: editor })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
  });

  it("hides password-protected fields in archives and asks for the password on read", async () => {
    const e = await makeEvent({ title: "Cena privada", password: "clave", cost: "$100000", start_date: "2026-03-20 20:00", end_date: "2026-03-20 23:00" });
    const list = await cal("GET", `/events?include=${e.id}`);
    const masked = list.body.events[0];
    expect(masked).toMatchObject({ title: "Cena privada", description: "", cost: "", image: false, featured: null, all_day: null, venue: [], categories: [] });
    expect(masked.cost_details).toEqual({ currency_symbol: "", currency_position: "", currency_code: "", values: [] });
    expect((await cal("GET", `/events?include=${e.id}&password=clave`)).body.events[0].cost).toBe("$100000");
    const r = await cal("GET", `/events/${e.id}`);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("event-password-protected");
    expect((await cal("GET", `/events/${e.id}?password=clave`)).status).toBe(200);
    expect((await cal("GET", `/events/${e.id}?password=otra`)).status).toBe(403);
  });
});

describe("GET /events windows, filters and pages", () => {
  // A separate clock far from the other tests' events: 2030-06-15 12:00 Bogotá.
  const now = "2030-06-15T17:00:00Z";
  const mk = (title: string, start: string, end: string, extra: Record<string, unknown> = {}) =>
    cal("POST", "/events", { key: editor, now, body: { title, start_date: start, end_date: end, ...extra } }).then((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    });
  const get = (q: string, key?: string) => cal("GET", `/events?${q}`, { now, key });
  let ev: Record<string, number>;

  beforeAll(async () => {
    ev = {
      twoDaysAgo: await mk("Hace dos días", "2030-06-13 10:00", "2030-06-13 11:00"),
      yesterday: await mk("Ayer temprano", "2030-06-14 00:30", "2030-06-14 02:00"),
      a16: await mk("Charla 16h", "2030-07-01 16:00", "2030-07-01 16:30", { categories: "Charlas", featured: true }),
      a20: await mk("Charla 20h", "2030-07-01 20:00", "2030-07-01 20:30", { categories: "Talleres" }),
      in23m: await mk("En 23 meses", "2032-05-20 10:00", "2032-05-20 12:00"),
      lastDay: await mk("Último día de la ventana", "2032-06-15 22:00", "2032-06-15 23:59"),
      in25m: await mk("En 25 meses", "2032-07-20 10:00", "2032-07-20 12:00"),
      draft: await mk("Borrador de junio", "2030-06-20 10:00", "2030-06-20 12:00", { status: "draft" }),
      hidden: await mk("Oculto", "2030-06-21 10:00", "2030-06-21 12:00", { hide_from_listings: true }),
    };
  });

  it("defaults to yesterday 00:00 .. end of the day 24 months ahead, published only for the public", async () => {
    const r = await get("per_page=50");
    expect(r.status).toBe(200);
    const got = ids(r);
    expect(got).toContain(ev.yesterday);
    expect(got).toContain(ev.in23m);
    expect(got).toContain(ev.lastDay);
    expect(got).not.toContain(ev.twoDaysAgo);
    expect(got).not.toContain(ev.in25m);
    expect(got).not.toContain(ev.draft);
    expect(got).not.toContain(ev.hidden);
    expect(r.body.rest_url).toContain("start_date=2030-06-14 00:00:00");
    expect(r.body.rest_url).toContain("end_date=2032-06-15 23:59:59");
    expect(r.body.rest_url).toContain("status=publish");
    const starts = r.body.events.map((e: { start_date: string }) => e.start_date);
    expect([...starts].sort()).toEqual(starts);
    const asEditor = await get("per_page=50", editor);
    expect(ids(asEditor)).toContain(ev.draft);
    expect(asEditor.body.rest_url).toContain("status=any");
    expect((await cal("GET", `/events/${ev.hidden}`, { now })).status).toBe(200);
  });

  it("includes whole days unless strict_dates, and lets relative bounds replace the defaults", async () => {
    const window = "start_date=2030-07-01 15:00:00&end_date=2030-07-01 18:00:00";
    expect(ids(await get(window))).toEqual([ev.a16, ev.a20]);
    expect(ids(await get(`${window}&strict_dates=false`))).toEqual([ev.a16, ev.a20]);
    const strict = await get(`${window}&strict_dates=true`);
    expect(ids(strict)).toEqual([ev.a16]);
    expect(strict.body.rest_url).toContain("start_date=2030-07-01 15:00:00");
    const rel = await get("ends_after=2030-06-12&starts_before=2030-06-14&per_page=50");
    expect(ids(rel)).toEqual([ev.twoDaysAgo, ev.yesterday]);
    expect(rel.body.rest_url).not.toContain("start_date=");
    expect(rel.body.rest_url).toContain("ends_after=2030-06-12 23:59:59");
    expect(ids(await get("starts_after=yesterday&starts_before=2030-07-01"))).toEqual([ev.a16, ev.a20]);
    expect(ids(await get(`include=${ev.twoDaysAgo},${ev.in25m}`))).toEqual([ev.twoDaysAgo, ev.in25m]);
    expect(ids(await get(`start_date=${Math.floor(Date.parse("2032-05-20T00:00:00-05:00") / 1000)}&end_date=+26 months`))).toEqual([ev.in23m, ev.lastDay, ev.in25m]);
  });

  it("filters by category slug or id, featured, search, venue and status", async () => {
    expect(ids(await get("categories=charlas"))).toEqual([ev.a16]);
    const cat = await cal("GET", "/categories?search=Talleres", { now });
    expect(ids(await get(`categories=charlas,${cat.body.categories[0].id}`))).toEqual([ev.a16, ev.a20]);
    expect((await get("categories=nope")).status).toBe(400);
    expect(ids(await get("featured=true"))).toEqual([ev.a16]);
    expect(ids(await get("featured=0"))).not.toContain(ev.a16);
    expect(ids(await get("search=charla 20h"))).toEqual([ev.a20]);
    expect((await get("status=publish")).status).toBe(200);
    for (const s of ["draft", "publish, draft", "foo"]) expect((await get(`status=${s}`)).status, s).toBe(400);
    expect(ids(await get("status=draft", editor))).toContain(ev.draft);
    expect((await get("status=foo, bar, publish", editor)).status).toBe(400);
    expect((await get("venue=999999")).status).toBe(400);
  });

  it("pages with next/previous URLs, X-TEC headers, a 50 cap and 404 past the end", async () => {
    const p1 = await get("per_page=2");
    expect(p1.headers.get("x-tec-total")).toBe(String(p1.body.total));
    expect(p1.headers.get("x-tec-totalpages")).toBe(String(Math.ceil(p1.body.total / 2)));
    expect(p1.body.total).toBeGreaterThanOrEqual(5);
    expect(p1.body.next_rest_url).toContain("page=2");
    expect(p1.body).not.toHaveProperty("previous_rest_url");
    const next = await cal("GET", p1.body.next_rest_url.replace(`http://localhost:3000${BASE}`, ""), { now });
    expect(next.status).toBe(200);
    expect(next.body.previous_rest_url).not.toMatch(/[?&]page=/);
    expect(ids(next)).not.toEqual(ids(p1));
    const last = await get(`per_page=2&page=${p1.body.total_pages}`);
    expect(last.body).not.toHaveProperty("next_rest_url");
    const past = await get(`per_page=2&page=${p1.body.total_pages + 1}`);
    expect(past.status).toBe(404);
    expect(past.body.code).toBe("event-archive-page-not-found");
    expect((await get("per_page=100")).body.rest_url).toContain("per_page=50");
    const empty = await get("search=nada-que-coincida");
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ events: [], total: 0, total_pages: 0 });
  });
});

describe("venues and organizers", () => {
  it("creates, de-duplicates, lists, drops empty keys, unlinks on delete and answers 410", async () => {
    const v = await cal("POST", "/venues", { key: editor, body: { venue: "Estadio Metropolitano", city: "Barranquilla", country: "Colombia", province: "Atlántico", zip: "" } });
    expect(v.status).toBe(201);
    expect(v.body).toMatchObject({ venue: "Estadio Metropolitano", stateprovince: "Atlántico", author: String(adminUserId), show_map: true, show_map_link: true });
    expect(v.body).not.toHaveProperty("zip");
    expect(v.body).not.toHaveProperty("phone");
    expect(v.body).not.toHaveProperty("json_ld");
    const dup = await cal("POST", "/venues", { key: editor, body: { venue: "estadio metropolitano" } });
    expect(dup.status).toBe(201);
    expect(dup.body.id).toBe(v.body.id);
    expect((await cal("POST", "/venues", { body: { venue: "x" } })).status).toBe(401);
    expect((await cal("POST", "/venues", { key: editor, body: { venue: "" } })).status).toBe(400);
    expect((await cal("POST", "/venues", { key: editor, body: { venue: "y", author: 99999 } })).status).toBe(400);
    expect((await cal("POST", "/venues", { key: editor, body: { venue: "y", status: "nope" } })).status).toBe(400);
    const single = await cal("GET", `/venues/${v.body.id}`);
    expect(single.body.json_ld["@type"]).toBe("Place");
    expect((await cal("GET", "/venues/999999")).status).toBe(400);
    expect((await cal("GET", "/venues/by-slug/estadio-metropolitano")).body.id).toBe(v.body.id);
    const upd = await cal("POST", `/venues/${v.body.id}`, { key: editor, body: { city: "", phone: "6053000000" } });
    expect(upd.status).toBe(200);
    expect(upd.body).not.toHaveProperty("city");
    expect(upd.body.phone).toBe("6053000000");

    const e = await makeEvent({ title: "Carnaval de Barranquilla", venue: v.body.id, start_date: "2027-02-06 09:00", end_date: "2027-02-09 18:00" });
    expect(e.venue.id).toBe(v.body.id);
    const withEvents = await cal("GET", "/venues?has_events=true&per_page=50");
    expect(withEvents.body.venues.map((x: { id: number }) => x.id)).toContain(v.body.id);
    expect((await cal("GET", `/venues?event=${e.id}`)).body.venues.map((x: { id: number }) => x.id)).toEqual([v.body.id]);
    expect((await cal("GET", "/venues?search=metropolitano")).body.total).toBe(1);
    const del = await cal("DELETE", `/venues/${v.body.id}`, { key: editor });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe("trash");
    expect((await cal("DELETE", `/venues/${v.body.id}`, { key: editor })).body.code).toBe("venue-is-in-trash");
    expect((await cal("GET", `/events/${e.id}`)).body.venue).toEqual([]);
    expect((await cal("GET", "/venues?page=99")).body.code).toBe("venue-archive-page-not-found");
  });

  it("organizers: create, read, 403 for drafts to the public", async () => {
    const o = await cal("POST", "/organizers", { key: editor, body: { organizer: "Corporación Festival Vallenato", phone: "6055700000", website: "not a url" } });
    expect(o.status).toBe(400);
    const ok = await cal("POST", "/organizers", { key: editor, body: { organizer: "Corporación Festival Vallenato", status: "draft", email: "no-es-correo" } });
    expect(ok.status).toBe(201);
    expect(ok.body.email).toBe("no-es-correo");
    const anon = await cal("GET", `/organizers/${ok.body.id}`);
    expect(anon.status).toBe(403);
    expect(anon.body.code).toBe("organizer-not-accessible");
    expect((await cal("GET", "/organizers")).body.organizers.map((x: { id: number }) => x.id)).not.toContain(ok.body.id);
    expect((await cal("GET", "/organizers", { key: editor })).body.organizers.map((x: { id: number }) => x.id)).toContain(ok.body.id);
  });
});

describe("categories and tags", () => {
  it("creates, reads, lists with envelopes, validates and hard-deletes", async () => {
    const c = await cal("POST", "/categories", { key: editor, body: { name: "Gastronomía", description: "Comida y bebida" } });
    expect(c.status).toBe(201);
    expect(Object.keys(c.body)).toEqual(["id", "count", "description", "name", "slug", "taxonomy", "parent", "meta", "url", "urls"]);
    expect(c.body).toMatchObject({ name: "Gastronomía", slug: "gastronomia", taxonomy: "tribe_events_cat", parent: 0, count: 0 });
    expect((await cal("POST", "/categories", { key: editor, body: { name: "Gastronomía" } })).body.code).toBe("term_exists");
    expect((await cal("POST", "/categories", { key: agency, body: { name: "Otra" } })).status).toBe(403);
    expect((await cal("POST", "/categories", { body: { name: "Otra" } })).status).toBe(401);
    expect((await cal("GET", `/categories/${c.body.id}`)).body.name).toBe("Gastronomía");
    expect((await cal("GET", "/categories/999999")).status).toBe(400);
    const t = await cal("POST", "/tags", { key: editor, body: { name: "Familia" } });
    expect(t.body).not.toHaveProperty("parent");
    expect((await cal("GET", `/tags/${c.body.id}`)).status).toBe(400);
    const hidden = await cal("GET", "/categories");
    expect(hidden.body.categories.map((x: { id: number }) => x.id)).not.toContain(c.body.id);
    const all = await cal("GET", "/categories?hide_empty=false&per_page=1");
    expect(all.body.rest_url).toBe(`http://localhost:3000${BASE}/categories/`);
    expect(all.body.next_rest_url).toContain("page=2");
    expect(all.headers.get("x-tec-total")).toBe(String(all.body.total));
    for (const q of ["order=&orderby=id", "order=desc&orderby=", "exclude=999999", "parent=2389", "parent=", "post=999999", "event=foo", "slug="]) {
      expect((await cal("GET", `/categories?${q}`)).status, q).toBe(400);
    }
    expect((await cal("GET", "/categories?slug=desconocido")).body.categories).toEqual([]);
    const names = async (q: string) => (await cal("GET", `/categories?hide_empty=false&per_page=50&${q}`)).body.categories.map((x: { name: string }) => x.name);
    expect(await names("search=gastro")).toContain("Gastronomía");
    expect(await names("search=gastronomia")).toContain("Gastronomía"); // no accent: only the slug has it so
    const sl = await cal("POST", "/categories", { key: editor, body: { name: "Cocina de mar", slug: "mariscos-y-pescados" } });
    expect(await names("search=mariscos")).toEqual(["Cocina de mar"]); // by the slug alone, as WordPress does
    expect(await names("search=cocina de mar")).toEqual(["Cocina de mar"]);
    expect(await names("search=nada-que-coincida")).toEqual([]);
    expect((await cal("GET", "/tags?hide_empty=false&search=famil")).body.tags.map((x: { name: string }) => x.name)).toContain("Familia");
    expect((await cal("DELETE", `/categories/${sl.body.id}`, { key: editor })).status).toBe(200);
    expect((await cal("DELETE", `/categories/${c.body.id}`, { key: agency })).status).toBe(403);
    const del = await cal("DELETE", `/categories/${c.body.id}`, { key: editor });
    expect(del.status).toBe(200);
    expect(del.body.name).toBe("Gastronomía");
    expect((await cal("GET", `/categories/${c.body.id}`)).status).toBe(400);
  });
});

describe("images", () => {
  it("uploads an image, serves it, and links it to an event by id or by URL", async () => {
    const { handleMedia } = await import("@/lib/calendar/media");
    // The media handler runs in process against this suite's database (the one startTestServer set).
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    const up = (key: string | undefined, bytes: Buffer) =>
      handleMedia(new Request("http://localhost:3000/media/calendar?filename=Cartel%20Ñ.png", { method: "POST", body: new Blob([new Uint8Array(bytes)]), headers: key ? { authorization: `Bearer ${key}`, "content-type": "image/png" } : {} }));
    expect((await up(undefined, png)).status).toBe(401);
    expect((await up(agency, png)).status).toBe(403);
    expect((await up(editor, Buffer.from("no soy una imagen"))).status).toBe(400);
    const r = await up(editor, png);
    expect(r.status).toBe(201);
    const img = await r.json();
    expect(img).toMatchObject({ extension: "png", width: 1, height: 1, filesize: png.length });
    const served = await handleMedia(new Request(img.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const e = await makeEvent({ title: "Evento con imagen", image: img.id });
    expect(e.image).toMatchObject({ id: img.id, url: img.url, extension: "png" });
    const byUrl = await makeEvent({ title: "Evento con URL", image: "https://example.com/afiche.jpg" });
    expect(byUrl.image).toMatchObject({ url: "https://example.com/afiche.jpg", extension: "jpg" });
    expect((await cal("POST", "/events", { key: editor, body: { title: "x", start_date: "tomorrow", end_date: "tomorrow", image: "ftp://x/y.png" } })).status).toBe(400);
    expect((await cal("PATCH", `/events/${e.id}`, { key: editor, body: { image: "" } })).body.image).toBe(false);
  });
});

describe("portal sessions", () => {
  it("a hotel admin's session cookie edits; an agency session reads published only; foreign origins are refused", async () => {
    const { sessionCookieFor } = await import("@/lib/testing/factories");
    const cookieFor = (uid: number) => sessionCookieFor(api.db, uid);
    const agencyRow = await api.db.prisma.agency.findFirstOrThrow();
    const agencyUser = await createUser(api.db, "agency", { agencyId: agencyRow.id });
    const adminCookie = await cookieFor(adminUserId);
    const agencyCookie = await cookieFor(agencyUser.id);
    const body = JSON.stringify({ title: "Evento desde el portal", start_date: "2026-06-01 10:00", end_date: "2026-06-01 12:00", status: "draft" });
    const post = (cookie: string, extra: Record<string, string> = {}) =>
      api.call("POST", `${BASE}/events`, { rawBody: body, headers: { cookie, "content-type": "application/json", "x-test-now": NOW, origin: "http://localhost:3000", ...extra } });
    const created = await post(adminCookie);
    expect(created.status).toBe(201);
    expect(created.body.author).toBe(String(adminUserId));
    expect((await post(agencyCookie)).status).toBe(403);
    const foreign = await post(adminCookie, { origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("rest_cookie_invalid_nonce");
    // Without Origin, a write is ours only when the browser says same-origin (issue 24).
    const bare = await api.call("POST", `${BASE}/events`, { rawBody: body, headers: { cookie: adminCookie, "content-type": "application/json", "x-test-now": NOW } });
    expect(bare.status).toBe(403);
    expect(bare.body.code).toBe("rest_cookie_invalid_nonce");
    const read = await api.call("GET", `${BASE}/events/${created.body.id}`, { headers: { cookie: agencyCookie } });
    expect(read.status).toBe(403);
    expect((await api.call("GET", `${BASE}/events/${created.body.id}`, { headers: { cookie: adminCookie } })).status).toBe(200);
  });
});

describe("remaining single routes", () => {
  it("updates and deletes organizers and venues by id and by slug, and edits tags", async () => {
    const o = await cal("POST", "/organizers", { key: editor, body: { organizer: "Colectivo Champetú", phone: "3001112233" } });
    const upd = await cal("PATCH", `/organizers/${o.body.id}`, { key: editor, body: { website: "https://champetu.example.co", phone: "" } });
    expect(upd.status).toBe(200);
    expect(upd.body.website).toBe("https://champetu.example.co");
    expect(upd.body).not.toHaveProperty("phone");
    const renamed = await cal("PUT", "/organizers/by-slug/colectivo-champetu", { key: editor, body: { slug: "champetu" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.slug).toBe("champetu");
    expect((await cal("GET", "/organizers/by-slug/colectivo-champetu")).status).toBe(400);
    expect((await cal("GET", "/organizers/by-slug/champetu")).body.id).toBe(o.body.id);
    expect((await cal("DELETE", "/organizers/by-slug/champetu")).status).toBe(401);
    expect((await cal("DELETE", "/organizers/by-slug/champetu", { key: editor })).body.status).toBe("trash");
    expect((await cal("DELETE", `/organizers/${o.body.id}`, { key: editor })).body.code).toBe("organizer-is-in-trash");

    const v = await cal("POST", "/venues", { key: editor, body: { venue: "Castillo San Felipe", show_map: "false" } });
    expect(v.body.show_map).toBe(false);
    const vr = await cal("POST", "/venues/by-slug/castillo-san-felipe", { key: editor, body: { city: "Cartagena", venue: "Castillo de San Felipe de Barajas" } });
    expect(vr.body).toMatchObject({ city: "Cartagena", venue: "Castillo de San Felipe de Barajas", slug: "castillo-san-felipe" });

    // Archives of venues: headers, paging links, upcoming-only.
    const page1 = await cal("GET", "/venues?per_page=1", { key: editor });
    expect(page1.headers.get("x-tec-total")).toBe(String(page1.body.total));
    expect(page1.headers.get("x-tec-totalpages")).toBe(String(page1.body.total));
    expect(page1.body.next_rest_url).toContain("page=2");
    expect(page1.body.rest_url).toContain("status=any");
    const past = await cal("POST", "/venues", { key: editor, body: { venue: "Sala del pasado" } });
    await makeEvent({ title: "Evento pasado", venue: past.body.id, start_date: "2026-01-05 10:00", end_date: "2026-01-05 12:00" });
    const future = await cal("POST", "/venues", { key: editor, body: { venue: "Sala del futuro" } });
    await makeEvent({ title: "Evento futuro", venue: future.body.id });
    const upcoming = (await cal("GET", "/venues?only_with_upcoming=true&per_page=50")).body.venues.map((x: { id: number }) => x.id);
    expect(upcoming).toContain(future.body.id);
    expect(upcoming).not.toContain(past.body.id);
    const none = (await cal("GET", "/venues?has_events=false&per_page=50", { key: editor })).body.venues.map((x: { id: number }) => x.id);
    expect(none).toContain(vr.body.id);
    expect(none).not.toContain(future.body.id);

    const tag = await cal("POST", "/tags", { key: editor, body: { name: "Nocturno", description: "De noche" } });
    expect(tag.status).toBe(201);
    expect(tag.headers.get("location")).toBe(`http://localhost:3000${BASE}/tags/${tag.body.id}`);
    const tu = await cal("PATCH", `/tags/${tag.body.id}`, { key: editor, body: { name: "Nocturna", slug: "nocturna" } });
    expect(tu.body).toMatchObject({ name: "Nocturna", slug: "nocturna", taxonomy: "post_tag" });
    expect((await cal("PATCH", `/tags/${tag.body.id}`, { key: editor, body: { description: "" } })).status).toBe(400);
    const e = await makeEvent({ title: "Ruta nocturna", tags: [tag.body.id] });
    expect(e.tags.map((t: { slug: string }) => t.slug)).toEqual(["nocturna"]);
    const tags = await cal("GET", `/tags?event=${e.id}`);
    expect(tags.body.tags.map((t: { id: number }) => t.id)).toEqual([tag.body.id]);
    expect((await cal("DELETE", `/tags/${tag.body.id}`, { key: editor })).body.slug).toBe("nocturna");
    expect((await cal("GET", `/events/${e.id}`)).body.tags).toEqual([]);
  });
});
