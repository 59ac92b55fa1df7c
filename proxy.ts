// Discovery headers of the calendar interface on the public events pages (calendar.md 8.3): clients find the
// REST root of what they are looking at (the list, a category or tag filter, or one event by slug).
import { NextResponse, type NextRequest } from "next/server";

export function proxy(request: NextRequest) {
  const base = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
  const root = `${base}/wp-json/calendar/events/v1/`;
  const url = request.nextUrl;
  const slug = /^\/events\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  const cat = url.searchParams.get("categories");
  const tag = url.searchParams.get("tags");
  const target = slug ? `events/by-slug/${slug}` : cat ? `events/?categories=${cat}` : tag ? `events/?tags=${tag}` : "events";
  const res = NextResponse.next();
  res.headers.set("X-TEC-API-VERSION", "v1");
  res.headers.set("X-TEC-API-ROOT", `${root}${target}`);
  return res;
}

export const config = { matcher: ["/events", "/events/:slug"] };
