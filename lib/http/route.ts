// One definition per route: who may call it, its wire schemas (also the source of /api/openapi.json)
// and the service call. Everything else (auth, parsing, errors, idempotency, logs) lives in lib/http.
import type { z } from "zod";
import type { Database } from "@/lib/db/open";
import type { Clock } from "@/lib/clock";
import type { Principal } from "@/lib/auth/principal";
import type { Logger } from "./log";
import type { EffectKey } from "./effect-key";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Role = Principal["role"];

/** "public": no credentials needed; "cron": Bearer CRON_SECRET; otherwise the roles allowed. */
export type Access = "public" | "cron" | readonly Role[];

type AnyZod = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<P, Q, B, A extends Access> {
  req: Request;
  params: P;
  query: Q;
  body: B;
  principal: A extends readonly Role[] ? Principal : Principal | null;
  /** The one database handle services take (docs/architecture.md, "Database access"). */
  database: Database;
  clock: Clock;
  requestId: string;
  log: Logger;
  /**
   * On an idempotent route called with a key: the caller, the key and the request's fingerprint, for the creating
   * service to write on the row it makes and to look for the row an earlier attempt made (lib/http/effect-key.ts).
   */
  effectKey?: EffectKey | null;
  /** On a `rawBody` route: the request's body as read (at most 1 MB), not parsed. */
  bodyText?: string;
}

export interface RouteResponseDoc {
  status: number;
  description: string;
  schema?: AnyZod;
  contentType?: string;
}

export interface RouteDef<
  PS extends AnyZod | undefined = AnyZod | undefined,
  QS extends AnyZod | undefined = AnyZod | undefined,
  BS extends AnyZod | undefined = AnyZod | undefined,
  A extends Access = Access,
> {
  method: Method;
  /** Path under /api, `{name}` for parameters; literal text around them is kept (`/v2/bookings/hotel_id={hotel_id}`). */
  path: string;
  access: A;
  summary: string;
  tags: string[];
  description?: string;
  params?: PS;
  query?: QS;
  body?: BS;
  responses?: RouteResponseDoc[];
  /** The body may be absent (then `body` is undefined). */
  optionalBody?: boolean;
  /**
   * The handler reads the body itself (`bodyText`): `body` documents the JSON form in OpenAPI but is not applied,
   * and `rawContentTypes` lists the other media types the route takes (a DSN, an e-mail).
   */
  rawBody?: boolean;
  rawContentTypes?: string[];
  /** Honour the Idempotency-Key header (docs/decisions.md 7.11). */
  idempotent?: boolean;
  /**
   * A check of the raw request made after the rate limit and before its input is read: a partner's shared secret
   * in a header (a webhook). Throws (an HttpError) to refuse; a refused request's body is never parsed.
   */
  verify?: (req: Request) => void;
  /** Also allow operators on agency-only routes etc. is expressed in `access`; this flag hides the route from the docs. */
  hidden?: boolean;
  handler: (ctx: RouteContext<Out<PS>, Out<QS>, Out<BS>, A>) => Promise<unknown> | unknown;
}

export type AnyRoute = RouteDef<AnyZod | undefined, AnyZod | undefined, AnyZod | undefined, Access>;

export function defineRoute<
  PS extends AnyZod | undefined = undefined,
  QS extends AnyZod | undefined = undefined,
  BS extends AnyZod | undefined = undefined,
  const A extends Access = Access,
>(def: RouteDef<PS, QS, BS, A>): AnyRoute {
  return def as unknown as AnyRoute;
}

/** A handler result that is not JSON 200: a status, headers, or a raw body (PDF, HTML). */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new RawResponse(status, body, headers);
