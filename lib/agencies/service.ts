// Agencies (4.12, 4.13, docs/decisions.md section 10): creation that is idempotent on document_number,
// listing, flags (archived implies inactive) and portal users.
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { assertSameAgency } from "@/lib/auth/principal";
import { badRequest } from "@/lib/http/errors";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { config } from "@/lib/config";
import { checkWebhookUrl } from "@/lib/webhooks/url-guard";
import type { CreateAgencyInput, UpdateAgencyInput } from "./schema";

type AgencyRow = Prisma.AgencyGetPayload<object>;

/** ISO 8601 without zone, with microseconds, in UTC (spec section 2: "2026-11-22T10:15:30.123000"). */
export function naiveIsoMicros(d: Date): string {
  return `${d.toISOString().slice(0, 23)}000`;
}

export function presentAgency(a: AgencyRow) {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    country_code: a.countryCode,
    email_for_notifications: a.emailForNotifications,
    document_type: a.documentType,
    document_number: a.documentNumber,
    is_active: a.isActive,
    is_archived: a.isArchived,
    rc_identifier: a.rcIdentifier,
    partner_token: a.partnerToken,
    processor_a_user_id: a.processorAUserId,
    processor_b_user_id: a.processorBUserId,
    payout_account_id: a.payoutAccountId,
    agency_type: a.agencyType,
    is_preloaded: a.isPreloaded,
    webhook_url: a.webhookUrl,
    created_at: naiveIsoMicros(a.createdAt),
    updated_at: naiveIsoMicros(a.updatedAt),
  };
}

export function presentPreloadedAgency(a: AgencyRow) {
  const { payout_account_id: _omit, ...rest } = presentAgency(a);
  void _omit;
  return rest;
}

/** The one SSRF guard (lib/webhooks/url-guard.ts): private, loopback and metadata targets only with WEBHOOK_ALLOW_PRIVATE=1. */
export async function assertWebhookUrlAllowed(url: string | null | undefined, field = "webhook_url") {
  if (!url) return;
  const guard = await checkWebhookUrl(url, { allowPrivate: config().webhookAllowPrivate });
  if (!guard.ok) throw badRequest(`${field}: ${guard.reason}`);
}

export async function createAgency(db: Database, input: CreateAgencyInput, now: Date) {
  await assertWebhookUrlAllowed(input.webhook_url);
  // ON CONFLICT DO NOTHING on the unique document_number: concurrent creates make one row, all read it back.
  const { count } = await db.prisma.agency.createMany({
    data: [
      {
        name: input.name,
        emailForNotifications: input.email_for_notifications,
        phone: input.phone,
        countryCode: input.country_code,
        documentType: input.document_type,
        documentNumber: input.document_number,
        isPreloaded: input.is_preloaded,
        payoutAccountId: input.payout_account_id,
        agencyType: input.agency_type ?? "retailer",
        webhookUrl: input.webhook_url ?? null,
        rcIdentifier: input.rc_identifier ?? null,
        partnerToken: input.partner_token ?? null,
        processorAUserId: input.processor_a_user_id ?? null,
        processorBUserId: input.processor_b_user_id ?? null,
        createdAt: now,
        updatedAt: now,
      },
    ],
    skipDuplicates: true,
  });
  const agency = await db.prisma.agency.findUniqueOrThrow({ where: { documentNumber: input.document_number } });
  return {
    created: count === 1,
    body: {
      msg: count === 1 ? "Agencia creada" : "Ya existe una agencia con ese número de documento; no se creó otra",
      id: agency.id,
      agency: presentAgency(agency),
    },
  };
}

export interface AgencyFilters {
  search?: string;
  agency_type?: "retailer" | "wholesale";
  is_active?: boolean;
  is_archived?: boolean;
  is_preloaded?: boolean;
  page: number;
  per_page: number;
}

export async function listAgencies(db: Database, f: AgencyFilters) {
  const where: Prisma.AgencyWhereInput = {
    agencyType: f.agency_type,
    isActive: f.is_active,
    isArchived: f.is_archived,
    isPreloaded: f.is_preloaded,
  };
  if (f.search) {
    where.OR = [
      { name: { contains: f.search, mode: "insensitive" } },
      { documentNumber: { contains: f.search } },
      { emailForNotifications: { contains: f.search, mode: "insensitive" } },
    ];
  }
  const [rows, total] = await Promise.all([
    db.prisma.agency.findMany({ where, orderBy: { id: "asc" }, skip: (f.page - 1) * f.per_page, take: f.per_page }),
    db.prisma.agency.count({ where }),
  ]);
  return { rows: rows.map(presentAgency), total };
}

/**
 * Agencies by name for the portal's pickers and columns: `usable` only active, unarchived ones (a new link,
 * a new account holder); `withoutAccountHolder` only those that have none yet.
 */
export async function agencyNames(db: Database, f: { usable?: boolean; withoutAccountHolder?: boolean } = {}) {
  const where: Prisma.AgencyWhereInput = {};
  if (f.usable) Object.assign(where, { isActive: true, isArchived: false });
  if (f.withoutAccountHolder) Object.assign(where, { accountHolder: null, isArchived: false });
  return db.prisma.agency.findMany({ where, orderBy: { name: "asc" }, select: { id: true, name: true } });
}

/** 4.12: the preloaded-balance agencies, without payout_account_id. */
export async function listPreloadedAgencies(db: Database) {
  const rows = await db.prisma.agency.findMany({ where: { isPreloaded: true }, orderBy: { id: "asc" } });
  return rows.map(presentPreloadedAgency);
}

export async function getAgency(db: Database, principal: Principal, id: number) {
  assertSameAgency(principal, id, `La agencia ${id}`);
  const agency = await db.prisma.agency.findUnique({ where: { id } });
  if (!agency) throw doesNotExist(`La agencia ${id} no existe`);
  return presentAgency(agency);
}

export async function updateAgency(db: Database, id: number, input: UpdateAgencyInput, now: Date) {
  await assertWebhookUrlAllowed(input.webhook_url);
  const current = await db.prisma.agency.findUnique({ where: { id } });
  if (!current) throw doesNotExist(`La agencia ${id} no existe`);
  const archived = input.is_archived ?? current.isArchived;
  let active = input.is_active ?? current.isActive;
  if (archived) {
    // Archived implies inactive; asking for both at once is a contradiction.
    if (input.is_active === true) throw wrongState("is_active: una agencia archivada no puede estar activa; desarchívela primero");
    active = false;
  }
  const updated = await db.prisma.agency.update({
    where: { id },
    data: {
      name: input.name,
      emailForNotifications: input.email_for_notifications,
      phone: input.phone,
      countryCode: input.country_code,
      agencyType: input.agency_type,
      webhookUrl: input.webhook_url,
      isPreloaded: input.is_preloaded,
      payoutAccountId: input.payout_account_id,
      isArchived: archived,
      isActive: active,
      updatedAt: now,
    },
  });
  return { msg: "Agencia actualizada", agency: presentAgency(updated) };
}
