// Organizations (4.11): created under the caller's account holder; the name is unique service-wide.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { badRequest, notFound } from "@/lib/http/errors";
import { resolveAccountHolder } from "./account-holders";
import type { CreateOrganizationInput } from "./schema";

type OrgRow = { id: number; accountHolderId: string; name: string; description: string; externalRef: string | null };

export const presentOrganization = (o: OrgRow) => ({
  id: o.id,
  account_holder_id: o.accountHolderId,
  name: o.name,
  description: o.description,
  external_ref: o.externalRef,
});

const nameTaken = (name: string) => badRequest(`name: ya existe una organización llamada "${name}"; el nombre debe ser único`);

export async function createOrganization(db: Database, principal: Principal, input: CreateOrganizationInput, now: Date) {
  const holder = await resolveAccountHolder(db, principal, input.account_holder_id);
  const taken = await db.prisma.organization.findFirst({ where: { name: { equals: input.name, mode: "insensitive" } }, select: { id: true } });
  if (taken) throw nameTaken(input.name);
  // Two creations racing on one name: the unique index lets one through.
  const { count } = await db.prisma.organization.createMany({
    data: [{ accountHolderId: holder.id, name: input.name, description: input.description, externalRef: input.external_ref ?? null, createdAt: now }],
    skipDuplicates: true,
  });
  if (count === 0) throw nameTaken(input.name);
  return presentOrganization(await db.prisma.organization.findUniqueOrThrow({ where: { name: input.name } }));
}

export async function listOrganizations(db: Database, principal: Principal, accountHolderId: string | undefined) {
  let holderId: string | undefined;
  if (principal.role === "agency") {
    holderId = (await resolveAccountHolder(db, principal, accountHolderId)).id;
  } else {
    holderId = accountHolderId;
  }
  const rows = await db.prisma.organization.findMany({ where: { accountHolderId: holderId }, orderBy: { id: "asc" } });
  return rows.map(presentOrganization);
}

/** An organization the caller may issue cards under; another account holder's is reported missing. */
export async function organizationForCaller(db: Database, principal: Principal, organizationId: number) {
  const org = await db.prisma.organization.findUnique({ where: { id: organizationId }, include: { accountHolder: true } });
  if (!org || (principal.role === "agency" && org.accountHolder.agencyId !== principal.agencyId)) {
    throw notFound(`organization_id: la organización ${organizationId} no existe`);
  }
  return org;
}
