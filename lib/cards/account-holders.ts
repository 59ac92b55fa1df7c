// Account holders (docs/decisions.md 10.4): registered by the operator, at most one per agency; 4.10 reads one.
import crypto from "node:crypto";
import type { Database, PrismaClient } from "@/lib/db";
import { assertSameAgency, type Principal } from "@/lib/auth/principal";
import { badRequest, notFound } from "@/lib/http/errors";
import { alreadyExists, doesNotExist } from "@/lib/domain/errors";
import { bogotaDate, dateOnly, ymd, isoBogota } from "@/lib/time";
import type { CreateAccountHolderInput } from "./schema";

type HolderRow = NonNullable<Awaited<ReturnType<PrismaClient["accountHolder"]["findUnique"]>>>;

export const presentAccountHolder = (h: HolderRow) => ({
  account_holder_id: h.id,
  agency_id: h.agencyId,
  first_name: h.firstName,
  last_name: h.lastName,
  nacionality: h.nationality,
  person_type: h.personType,
  document_number: h.documentNumber,
  document_type: h.documentType,
  birthdate: ymd(h.birthdate),
  email: h.email,
  phone_number: h.phoneNumber,
  address: h.address,
  city: h.city,
  state: h.state,
  country: h.country,
  zip_code: h.zipCode,
  created_at: isoBogota(h.createdAt),
});

export async function createAccountHolder(db: Database, input: CreateAccountHolderInput, now: Date) {
  if (input.birthdate >= bogotaDate(now)) throw badRequest("birthdate: debe ser una fecha pasada");
  if (input.birthdate < "1900-01-01") throw badRequest("birthdate: debe ser posterior a 1900-01-01");
  const agency = await db.prisma.agency.findUnique({ where: { id: input.agency_id } });
  if (!agency) throw notFound(`agency_id: la agencia ${input.agency_id} no existe`);
  const id = `ah_${crypto.randomBytes(8).toString("hex")}`;
  // The unique agency_id decides a race between two registrations for one agency.
  const { count } = await db.prisma.accountHolder.createMany({
    data: [
      {
        id,
        agencyId: input.agency_id,
        firstName: input.first_name,
        lastName: input.last_name,
        nationality: input.nacionality,
        personType: input.person_type,
        documentNumber: input.document_number,
        documentType: input.document_type,
        birthdate: dateOnly(input.birthdate),
        email: input.email,
        phoneNumber: input.phone_number,
        address: input.address,
        city: input.city,
        state: input.state,
        country: input.country,
        zipCode: input.zip_code,
        createdAt: now,
      },
    ],
    skipDuplicates: true,
  });
  if (count === 0) throw alreadyExists(`agency_id: la agencia ${input.agency_id} ya tiene un titular de cuenta registrado`);
  return presentAccountHolder(await db.prisma.accountHolder.findUniqueOrThrow({ where: { id } }));
}

export async function listAccountHolders(db: Database) {
  const rows = await db.prisma.accountHolder.findMany({ orderBy: { createdAt: "desc" } });
  return rows.map(presentAccountHolder);
}

/** The operator's portal list: each holder with its agency's name. */
export async function listAccountHoldersWithAgency(db: Database) {
  const rows = await db.prisma.accountHolder.findMany({ orderBy: { createdAt: "desc" }, include: { agency: { select: { name: true } } } });
  return rows.map((h) => ({ ...presentAccountHolder(h), agency_name: h.agency.name }));
}

/** Agency `agencyId`'s account holder, or null when it has none yet; another agency's is a 404. */
export async function accountHolderOfAgency(db: Database, principal: Principal, agencyId: number) {
  assertSameAgency(principal, agencyId, `La agencia ${agencyId}`);
  const own = await db.prisma.accountHolder.findUnique({ where: { agencyId } });
  return own ? presentAccountHolder(own) : null;
}

/**
 * The account holder a caller acts under: an agency's own one (an id of another agency's is reported missing),
 * or for the operator the one named.
 */
export async function resolveAccountHolder(db: Database, principal: Principal, accountHolderId: string | undefined) {
  if (principal.role === "agency") {
    const own = await db.prisma.accountHolder.findUnique({ where: { agencyId: principal.agencyId! } });
    if (!own) throw doesNotExist("La agencia no tiene un titular de cuenta registrado; solicítelo al operador");
    if (accountHolderId !== undefined && accountHolderId !== own.id) throw doesNotExist(`El titular de cuenta ${accountHolderId} no existe`);
    return own;
  }
  if (accountHolderId === undefined) throw badRequest("account_holder_id: es obligatorio para el operador");
  const holder = await db.prisma.accountHolder.findUnique({ where: { id: accountHolderId } });
  if (!holder) throw doesNotExist(`El titular de cuenta ${accountHolderId} no existe`);
  return holder;
}

export async function getAccountHolder(db: Database, principal: Principal, accountHolderId: string | undefined) {
  return presentAccountHolder(await resolveAccountHolder(db, principal, accountHolderId));
}
