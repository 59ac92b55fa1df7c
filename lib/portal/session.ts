// The signed-in portal user for server components and pages (same session cookie the /api handlers read).
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getDatabase } from "@/lib/db";
import { sessionPrincipal } from "@/lib/auth/session";
import type { Principal, PrincipalRole } from "@/lib/auth/principal";

export interface PortalUser {
  id: number;
  name: string;
  email: string;
  principal: Principal;
  agency: { id: number; name: string; agencyType: string; isPreloaded: boolean } | null;
}

export async function getPortalUser(): Promise<PortalUser | null> {
  const store = await cookies();
  const header = store
    .getAll()
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join("; ");
  const database = await getDatabase();
  const r = await sessionPrincipal(database, header);
  if (!r.ok || !r.principal.userId) return null;
  if (r.agency && (!r.agency.isActive || r.agency.isArchived)) return null;
  const user = await database.prisma.user.findUnique({ where: { id: r.principal.userId }, include: { agency: true } });
  if (!user) return null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    principal: r.principal,
    agency: user.agency ? { id: user.agency.id, name: user.agency.name, agencyType: user.agency.agencyType, isPreloaded: user.agency.isPreloaded } : null,
  };
}

/** For pages: the user, or a redirect to sign-in; with roles, others are sent to the dashboard. */
export async function requireUser(roles?: PrincipalRole[]): Promise<PortalUser> {
  const user = await getPortalUser();
  if (!user) redirect("/login");
  if (roles && !roles.includes(user.principal.role)) redirect("/dashboard");
  return user;
}
