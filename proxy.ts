// Next.js 16's request proxy (formerly middleware), in front of every page and route:
// 1. The input gate for paths (lib/http/input.ts): a path with malformed percent-encoding (`%ZZ`, a cut
//    `%E0%A4%A`), a NUL or a lone surrogate never reaches Next's router, whose decoder would answer a
//    plain-text 500. /api answers the standard JSON 400, /wp-json WordPress' `rest_no_route` 404 (400
//    `rest_invalid_param` for a NUL), and pages a small Spanish 400 page.
// 2. Discovery headers of the calendar interface on the public events pages (calendar.md 8.3): clients find
//    the REST root of what they are looking at (the list, a category or tag filter, or one event by slug).
import { NextResponse, type NextRequest } from "next/server";
import { badPathResponse } from "@/lib/http/bad-path";

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  // The raw path as sent (nextUrl keeps percent-escapes as they came).
  const rawPath = new URL(request.url).pathname;
  if (rawPath.includes("%")) {
    const refused = badPathResponse(rawPath);
    if (refused) return refused;
  }
  if (!/^\/events(\/[^/]+)?\/?$/.test(url.pathname)) return NextResponse.next();
  const base = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
  const root = `${base}/wp-json/calendar/events/v1/`;
  const slug = /^\/events\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const cat = url.searchParams.get("categories");
  const tag = url.searchParams.get("tags");
  const target = slug ? `events/by-slug/${slug}` : cat ? `events/?categories=${cat}` : tag ? `events/?tags=${tag}` : "events";
  const res = NextResponse.next();
  res.headers.set("X-TEC-API-VERSION", "v1");
  res.headers.set("X-TEC-API-ROOT", `${root}${target}`);
  return res;
}

// Every path but Next's own static assets: the gate must see malformed paths wherever they point.
export const config = { matcher: ["/((?!_next/static|_next/image).*)"] };
