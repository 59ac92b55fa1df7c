// Issue 24's calendar findings through real HTTP: ids beyond a database id are WordPress's rest_invalid_param
// (never a 500), and a hotel admin may change only its hotels' events and its hotels' admins' venues and
// organizers (docs/calendar.md "Who may do what").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleCalendar } from "@/lib/calendar/api";
import { startTestServer, type TestServer } from "@/lib/testing/server";
import { createHotel, createUser } from "@/lib/testing/factories";
import { issueApiKey } from "@/lib/auth/api-keys";
import { OPERATOR_KEY } from "@/lib/testing/api";

const NOW = "2026-03-11T20:30:00Z";
const BASE = "/wp-json/calendar/events/v1";

let api: TestServer;
let adminA: string;
let adminA2: string;
let adminB: string;
let hotelA: number;

beforeAll(async () => {
  api = await startTestServer([{ prefix: "/wp-json", handler: handleCalendar }]);
  hotelA = (await createHotel(api.db, { city: "CARTAGENA" })).id;
  const hotelB = (await createHotel(api.db, { city: "MEDELLIN" })).id;
  const key = async (hotelIds: number[]) => {
    const u = await createUser(api.db, "hotel_admin", { hotelIds });
    return (await issueApiKey(api.db, { role: "hotel_admin", userId: u.id }, new Date())).key;
  };
  adminA = await key([hotelA]);
  adminA2 = await key([hotelA]); // a second admin of the same hotel
  adminB = await key([hotelB]);
});
afterAll(async () => {
  await api?.close();
});

type Opts = { key?: string; body?: unknown; form?: string };
function cal(method: string, path: string, opts: Opts = {}) {
  const headers: Record<string, string> = { "x-test-now": NOW };
  if (opts.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  return api.call(method, `${BASE}${path}`, { key: opts.key, body: opts.body, rawBody: opts.form, headers });
}

const HUGE = ["2147483648", "99999999999999999999", "1e308", "9007199254740993", "-1", "0", "1.5"];

describe("ids beyond a database id are rest_invalid_param, never a 500 (issue 24)", () => {
  it("categories and tags on GET /events, anonymous, as CSV, arrays and PHP lists", async () => {
    for (const v of HUGE) {
      for (const name of ["categories", "tags"]) {
        for (const q of [`${name}=${encodeURIComponent(v)}`, `${name}[]=${encodeURIComponent(v)}`, `${name}=musica,${encodeURIComponent(v)}`]) {
          const r = await cal("GET", `/events?${q}`);
          expect(r.status, `GET /events?${q}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(r.body.code).toBe("rest_invalid_param");
          expect(Object.keys(r.body.data.params)).toEqual([name]);
        }
      }
    }
  });

  it("categories and tags on POST /events, as JSON numbers and strings and as a form, anonymous and as an editor", async () => {
    const base = { title: "Ids enormes", start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00" };
    for (const raw of [2147483648, 1e20, 1e308, 9007199254740993, -1, 0, 1.5, "2147483648", "99999999999999999999", "9007199254740993"]) {
      for (const name of ["categories", "tags"]) {
        for (const key of [undefined, adminA]) {
          const json = await cal("POST", "/events", { key, body: { ...base, [name]: [raw] } });
          expect(json.status, `${name}=${JSON.stringify(raw)} key=${!!key}: ${JSON.stringify(json.body)}`).toBe(400);
          expect(json.body.code).toBe("rest_invalid_param");
          const scalar = await cal("POST", "/events", { key, body: { ...base, [name]: raw } });
          expect(scalar.status, `${name}=${JSON.stringify(raw)} scalar`).toBe(400);
        }
        if (typeof raw === "string") {
          const form = await cal("POST", "/events", { key: adminA, form: new URLSearchParams({ ...base, [`${name}[]`]: raw }).toString() });
          expect(form.status, `form ${name}=${raw}`).toBe(400);
        }
      }
    }
    expect(await api.db.prisma.calendarEvent.count({ where: { title: "Ids enormes" } })).toBe(0);
  });

  it("a real id, a slug and a new name still work on POST /events", async () => {
    const cat = await cal("POST", "/categories", { key: adminA, body: { name: "Música" } });
    expect(cat.status).toBe(201);
    const r = await cal("POST", "/events", { key: adminA, body: { title: "Con categorías", start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00", categories: [cat.body.id, "Teatro"], tags: ["noche"] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.categories.map((c: { name: string }) => c.name).sort()).toEqual(["Música", "Teatro"]);
    const list = await cal("GET", `/events?categories=${cat.body.id}&start_date=2026-03-01`);
    expect(list.status).toBe(200);
    expect(list.body.events.map((e: { id: number }) => e.id)).toContain(r.body.id);
  });

  it("the public events page's venue and organizer filters and the image files take only database ids", async () => {
    const { upcomingEvents } = await import("@/lib/calendar/public");
    const { handleMedia } = await import("@/lib/calendar/media");
    for (const v of ["2147483648", "99999999999999999999"]) {
      expect(await upcomingEvents(api.db, new Date(NOW), { venue: v })).toEqual([]);
      expect(await upcomingEvents(api.db, new Date(NOW), { organizer: v })).toEqual([]);
      const file = await handleMedia(new Request(`http://localhost:3000/media/calendar/${v}/cartel.png`));
      expect(file.status).toBe(404);
    }
  });

  it("every other numeric id input of the interface answers 400 or 404, never 500", async () => {
    const probes: Array<[string, string, Record<string, unknown>?]> = [];
    for (const v of HUGE) {
      const e = encodeURIComponent(v);
      for (const q of ["venue", "organizer", "include", "post_parent", "page", "per_page"]) probes.push(["GET", `/events?${q}=${e}`]);
      for (const q of ["exclude", "include", "parent", "post", "event", "page", "per_page"]) probes.push(["GET", `/categories?${q}=${e}`]);
      for (const q of ["exclude", "include", "post", "event"]) probes.push(["GET", `/tags?${q}=${e}`]);
      for (const q of ["event", "page", "per_page"]) probes.push(["GET", `/venues?${q}=${e}`], ["GET", `/organizers?${q}=${e}`]);
      for (const b of ["author", "image", "venue", "organizer"]) probes.push(["POST", "/events", { title: "x", start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00", [b]: Number(v) }]);
      probes.push(["POST", "/events", { title: "x", start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00", venue: { id: Number(v) } }]);
      probes.push(["POST", "/events", { title: "x", start_date: "2026-04-01 10:00", end_date: "2026-04-01 12:00", organizer: [{ id: v }] }]);
      probes.push(["POST", "/venues", { venue: "x", author: Number(v) }], ["POST", "/venues", { venue: "x", image: v }]);
      probes.push(["POST", "/categories", { name: `c${v}`, parent: Number(v) }]);
      if (/^\d+$/.test(v)) {
        for (const p of ["events", "venues", "organizers", "categories", "tags"]) probes.push(["GET", `/${p}/${v}`], ["DELETE", `/${p}/${v}`], ["POST", `/${p}/${v}`, { title: "y" }]);
      }
    }
    for (const [m, p, body] of probes) {
      for (const key of [undefined, adminA]) {
        const r = await cal(m, p, { key, body });
        // 0 and -1 mean "none" for some fields (image 0 unsets it): a 2xx is fine, a 500 never is.
        expect(r.status, `${m} ${p} ${JSON.stringify(body ?? "")}: ${r.status} ${JSON.stringify(r.body)}`).toBeLessThan(500);
        if (r.status >= 400) expect(r.body.code, `${m} ${p}`).not.toBe("rest_internal_error");
      }
    }
  });
});

describe("tenancy: a hotel admin changes its hotels' events and its hotels' admins' venues and organizers (issue 24)", () => {
  const forbidden = (r: { status: number; body: { code: string; data: { status: number } } }, what: string) => {
    expect(r.status, what).toBe(403);
    expect(r.body.code, what).toBe("rest_forbidden");
    expect(r.body.data.status, what).toBe(403);
  };

  it("another hotel's admin cannot update or trash an event, by id or by slug; the event stays as it was", async () => {
    const created = await cal("POST", "/events", { key: adminA, body: { title: "Cena del hotel A", start_date: "2026-04-02 19:00", end_date: "2026-04-02 22:00" } });
    expect(created.status).toBe(201);
    const { id, slug } = created.body;
    expect((await api.db.prisma.calendarEvent.findUnique({ where: { id } }))!.hotelId).toBe(hotelA);
    for (const m of ["POST", "PUT", "PATCH"]) {
      forbidden(await cal(m, `/events/${id}`, { key: adminB, body: { title: "Secuestrado" } }), `${m} /events/${id}`);
      forbidden(await cal(m, `/events/by-slug/${slug}`, { key: adminB, body: { title: "Secuestrado" } }), `${m} by-slug`);
    }
    forbidden(await cal("DELETE", `/events/${id}`, { key: adminB }), "DELETE");
    forbidden(await cal("DELETE", `/events/by-slug/${slug}`, { key: adminB }), "DELETE by-slug");
    // Anonymous keeps its 401.
    expect((await cal("DELETE", `/events/${id}`)).status).toBe(401);
    const row = (await api.db.prisma.calendarEvent.findUnique({ where: { id } }))!;
    expect(row.title).toBe("Cena del hotel A");
    expect(row.status).toBe("publish");
    // The hotel's own admins and the operator still can; an unknown id is still 404 for a hotel admin.
    expect((await cal("PATCH", `/events/${id}`, { key: adminA2, body: { title: "Cena del hotel A (2)" } })).status).toBe(200);
    expect((await cal("PATCH", `/events/${id}`, { key: OPERATOR_KEY, body: { excerpt: "Revisado" } })).status).toBe(200);
    expect((await cal("PATCH", "/events/999999", { key: adminB, body: { title: "x" } })).body.code).toBe("rest-event-not-found");
    expect((await cal("DELETE", `/events/${id}`, { key: adminA })).status).toBe(200);
  });

  it("an event the operator wrote for no hotel is the operator's to change", async () => {
    const op = await cal("POST", "/events", { key: OPERATOR_KEY, body: { title: "Festival de la ciudad", start_date: "2026-04-03 10:00", end_date: "2026-04-03 12:00" } });
    expect(op.status).toBe(201);
    forbidden(await cal("PATCH", `/events/${op.body.id}`, { key: adminA, body: { title: "x" } }), "hotel admin on the operator's event");
    expect((await cal("PATCH", `/events/${op.body.id}`, { key: OPERATOR_KEY, body: { title: "Festival" } })).status).toBe(200);
  });

  for (const kind of ["venue", "organizer"] as const) {
    const plural = `${kind}s`;
    it(`${plural}: written by hotel A's admins, changed by them and the operator, refused to hotel B's admin`, async () => {
      const created = await cal("POST", `/${plural}`, { key: adminA, body: { [kind]: `Sitio de A ${kind}` } });
      expect(created.status).toBe(201);
      const { id, slug } = created.body;
      for (const m of ["POST", "PUT", "PATCH"]) {
        forbidden(await cal(m, `/${plural}/${id}`, { key: adminB, body: { [kind]: "Secuestrado" } }), `${m} /${plural}/${id}`);
        forbidden(await cal(m, `/${plural}/by-slug/${slug}`, { key: adminB, body: { [kind]: "Secuestrado" } }), `${m} by-slug`);
      }
      forbidden(await cal("DELETE", `/${plural}/${id}`, { key: adminB }), "DELETE");
      forbidden(await cal("DELETE", `/${plural}/by-slug/${slug}`, { key: adminB }), "DELETE by-slug");
      const table = kind === "venue" ? api.db.prisma.calendarVenue : api.db.prisma.calendarOrganizer;
      const row = (await (table as typeof api.db.prisma.calendarVenue).findUnique({ where: { id } })) as unknown as Record<string, unknown>;
      expect(row[kind]).toBe(`Sitio de A ${kind}`);
      expect(row.status).toBe("publish");
      // Another admin of hotel A, and the operator, may.
      expect((await cal("PATCH", `/${plural}/${id}`, { key: adminA2, body: { description: "Abierto" } })).status).toBe(200);
      expect((await cal("PATCH", `/${plural}/${id}`, { key: OPERATOR_KEY, body: { description: "Revisado" } })).status).toBe(200);
      // Hotel B may still link it to its own event (reading is not changing).
      const ev = await cal("POST", "/events", { key: adminB, body: { title: `Evento de B con ${kind}`, start_date: "2026-04-04 10:00", end_date: "2026-04-04 12:00", [kind]: id } });
      expect(ev.status, JSON.stringify(ev.body)).toBe(201);
      expect((await cal("DELETE", `/${plural}/${id}`, { key: adminA })).status).toBe(200);
    });
  }

  it("a hotel admin cannot hand a venue or an event to another hotel's admin through `author`", async () => {
    const b = await api.db.prisma.user.findFirstOrThrow({ where: { role: "hotel_admin", hotels: { none: { hotelId: hotelA } } } });
    forbidden(await cal("POST", "/venues", { key: adminA, body: { venue: "Regalo", author: b.id } }), "create with a foreign author");
    const mine = await cal("POST", "/venues", { key: adminA, body: { venue: "Propio" } });
    forbidden(await cal("PATCH", `/venues/${mine.body.id}`, { key: adminA, body: { author: b.id } }), "re-author to a foreign admin");
    const a2 = await api.db.prisma.user.findFirstOrThrow({ where: { role: "hotel_admin", hotels: { some: { hotelId: hotelA } } }, orderBy: { id: "desc" } });
    expect((await cal("PATCH", `/venues/${mine.body.id}`, { key: adminA, body: { author: a2.id } })).status).toBe(200);
    expect((await cal("POST", "/venues", { key: OPERATOR_KEY, body: { venue: "Del operador para B", author: b.id } })).status).toBe(201);
  });
});
