// Browser-side calls to /api with the portal session cookie; errors carry the standard body's detail.
//
// `api` is the typed client generated from /api/openapi.json (lib/client/schema.d.ts, `npm run api:types`):
// paths, parameters, bodies and answers are checked by the compiler. Wrap a call in `ok()` to get its data
// or an ApiError carrying the status and the Spanish detail of the standard error body:
//   const page = await ok(api.GET("/v2/bookings", { params: { query: { page: 2 } }, signal }));
//   await ok(api.POST("/v2/links/schedule", { body, params: { header: { "Idempotency-Key": idempotencyKey() } } }));
// Every portal and guest page calls /api this way; there is no hand-written fetch wrapper.
import { useMemo, useRef } from "react";
import createClient from "openapi-fetch";
import type { paths } from "./schema";

export type { paths };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
  ) {
    super(detail);
  }
}

/** The standard body's detail (or message), else "HTTP 500". */
function errorFrom(status: number, data: unknown): ApiError {
  const b = data && typeof data === "object" ? (data as { detail?: string; message?: string }) : undefined;
  return new ApiError(status, b?.detail || b?.message || `HTTP ${status}`, data);
}

export const api = createClient<paths>({ baseUrl: "/api", credentials: "same-origin" });

/** The answer of a typed call, or an ApiError with the status and the Spanish detail of the error body. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFrom(response.status, error);
  return data as T;
}

/** A fresh Idempotency-Key for one user action (keep it across retries of that action). */
export function idempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also exists on pages served over plain http.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** FNV-1a of the form's values: enough to notice a change, and no card number kept in memory as text. */
function valuesHash(values: unknown): string {
  const text = JSON.stringify(values) ?? "";
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length}:${h.toString(16)}`;
}

export interface SubmissionKey {
  /** The Idempotency-Key of this submission: the same on a retry, a new one once the values change. */
  key(values: unknown): string;
  /** The body part built for this submission (e.g. encrypted card data), built once per key so a retry resends it as it was. */
  body<T>(values: unknown, build: () => T | Promise<T>): Promise<T>;
  /** Call after a success: the next submission gets a new key. */
  done(): void;
}

/**
 * One Idempotency-Key per submission of a form that creates money or reservations (issue 13): a retry after a
 * lost answer or a network error sends the same key (and the same body), so the server does the work once;
 * after a success, or when the form's values change, the next submission gets a new key.
 */
export function useSubmissionKey(): SubmissionKey {
  const current = useRef<{ key: string; hash: string; built?: Promise<unknown> } | null>(null);
  return useMemo<SubmissionKey>(() => {
    const entry = (values: unknown) => {
      const hash = valuesHash(values);
      if (!current.current || current.current.hash !== hash) current.current = { key: idempotencyKey(), hash };
      return current.current;
    };
    return {
      key: (values) => entry(values).key,
      body<T>(values: unknown, build: () => T | Promise<T>) {
        const e = entry(values);
        if (!e.built) {
          e.built = Promise.resolve().then(build);
          e.built.catch(() => {
            if (current.current === e) e.built = undefined; // a failed build is tried again
          });
        }
        return e.built as Promise<T>;
      },
      done() {
        current.current = null;
      },
    };
  }, []);
}

type Method = "get" | "put" | "post" | "delete" | "patch";
type Op<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
/** The query parameters of a route, e.g. `ApiQuery<"/v2/bookings", "get">`. */
export type ApiQuery<P extends keyof paths, M extends Method = "get"> = Op<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** The JSON body a route takes, e.g. `ApiBody<"/v2/agencies/{id}", "patch">`. */
export type ApiBody<P extends keyof paths, M extends Method = "post"> = Op<P, M> extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
/** The JSON of a route's successful answer, e.g. `ApiAnswer<"/v2/bookings", "get">["items"][number]`. */
export type ApiAnswer<P extends keyof paths, M extends Method = "get"> = Op<P, M> extends { responses: infer R }
  ? R extends { 200: { content: { "application/json": infer T } } }
    ? T
    : R extends { 201: { content: { "application/json": infer T } } }
      ? T
      : never
  : never;
