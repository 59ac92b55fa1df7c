// What a server page (page.tsx, layout.tsx, a server component) needs to call a service, as a route handler gets
// it from lib/http/route.ts: the database, the signed-in principal and the clock. Pages never import lib/db; they
// call `lib/<capability>` service functions `(db, principal, input, now)` (docs/architecture.md, "Services").
import { notFound } from "next/navigation";
import { getDatabase, type Database } from "@/lib/db";
import { systemClock, type Clock } from "@/lib/clock";
import { HttpError } from "@/lib/http/errors";
import { DomainError } from "@/lib/domain/errors";
import type { Principal, PrincipalRole } from "@/lib/auth/principal";
import { requireUser, type PortalUser } from "./session";

/** The clock of server-rendered pages: the one the /api pipeline uses when none is injected (lib/api/handler.ts). */
export const pageClock: Clock = systemClock;

export interface ServiceContext {
  /** The one database handle services take (docs/architecture.md, "Database access"). */
  database: Database;
  /** The instant this render reads as "now", taken once so every service call of the page agrees. */
  now: Date;
}

export interface PortalContext extends ServiceContext {
  user: PortalUser;
  principal: Principal;
}

/** For guest pages (payment link, checkout, voucher, public events) and server components given a principal. */
export async function serviceContext(): Promise<ServiceContext> {
  const database = await getDatabase();
  return { database, now: pageClock.now() };
}

/** For portal pages: the signed-in user (or a redirect to sign-in; with `roles`, others go to the dashboard). */
export async function portalContext(roles?: PrincipalRole[]): Promise<PortalContext> {
  const user = await requireUser(roles);
  return { ...(await serviceContext()), user, principal: user.principal };
}

/** A service's "does not exist" (HTTP 404 or the domain's not_found): unknown, or another tenant's resource. */
const isNotFound = (e: unknown) => (e instanceof HttpError && e.status === 404) || (e instanceof DomainError && e.code === "not_found");

/** A service's 404 (unknown, or another tenant's resource) as the page's own "not found". */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (e) {
    if (isNotFound(e)) notFound();
    throw e;
  }
}

/** A service's 404 as null, for what a page shows only when it exists. */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (e) {
    if (isNotFound(e)) return null;
    throw e;
  }
}

/** A dynamic segment as text: decoded when it still carries percent-encoding, as it came when that is malformed (`%25ZZ` -> `%ZZ`), never a throw. */
export function pathParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
