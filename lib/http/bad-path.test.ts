import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

const call = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

describe("proxy: malformed paths never reach Next's router", () => {
  it("answers JSON 400 for /api, rest_no_route 404 for /wp-json and a Spanish 400 page for pages", async () => {
    for (const p of ["/api/v2/links/%ZZ", "/api/v2/hotels/%E0%A4%A", "/api/v2/links/a%00b"]) {
      const res = call(p);
      expect(res.status, p).toBe(400);
      expect(await res.json()).toMatchObject({ code: "400", message: "Solicitud inválida", detail: expect.stringMatching(/^ruta: /) });
    }
    const wp = call("/wp-json/calendar/events/v1/events/%E0%A4%A");
    expect(wp.status).toBe(404);
    expect(await wp.json()).toMatchObject({ code: "rest_no_route", data: { status: 404 } });
    const page = call("/pay/%ZZ");
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Dirección no válida");
    expect(html).not.toMatch(/URIError|malformed|Internal Server Error/);
  });

  it("lets good paths through and keeps the calendar discovery headers", () => {
    expect(call("/pay/abc%20def").headers.get("x-middleware-next")).toBe("1");
    expect(call("/api/v2/links").status).toBe(200);
    const ev = call("/events/fiesta");
    expect(ev.headers.get("x-tec-api-root")).toContain("events/by-slug/fiesta");
  });
});
