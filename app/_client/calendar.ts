// Browser-side calls to the calendar interface with the portal session cookie.
import type { WpEvent, WpVenue } from "@/lib/calendar/wire-types";

export type { WpTerm, WpVenue, WpOrganizer, WpEvent } from "@/lib/calendar/wire-types";
export const CAL_BASE = "/wp-json/calendar/events/v1";

export class WpClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

export async function wpFetch<T = unknown>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${CAL_BASE}${path}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers: opts.body !== undefined ? { "content-type": "application/json" } : {},
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    credentials: "same-origin",
  });
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const b = data as { code?: string; message?: string; data?: { params?: Record<string, string> } } | undefined;
    const params = b?.data?.params && !Array.isArray(b.data.params) ? Object.values(b.data.params).join("; ") : "";
    throw new WpClientError(res.status, b?.code ?? String(res.status), [b?.message, params].filter(Boolean).join(" — ") || `HTTP ${res.status}`, data);
  }
  return data as T;
}

/** Every page of an archive (the interface caps per_page at 50). */
export async function wpFetchAll<T>(path: string, key: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 50; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const body = await wpFetch<Record<string, unknown>>(`${path}${sep}per_page=50&page=${page}`);
    out.push(...((body[key] as T[]) ?? []));
    if (!body.next_rest_url) break;
  }
  return out;
}

export function venuesOf(e: Pick<WpEvent, "venue">): WpVenue[] {
  if (Array.isArray(e.venue)) return e.venue;
  return [e.venue];
}
