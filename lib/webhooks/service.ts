// Rules of the webhooks capability: settings, signing secret, test event, delivery log and redelivery.
import type { Database, PrismaClient } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { agencyScope } from "@/lib/auth/principal";
import { badRequest, notFound } from "@/lib/http/errors";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { config } from "@/lib/config";
import { checkWebhookUrl } from "./url-guard";
import { generateWebhookSecret } from "./signing";
import { sealWebhookSecret } from "./secret-box";
import { enqueueWebhook } from "./outbox";
import { WEBHOOK_EVENTS } from "./events";
import { isoBogota } from "@/lib/time";

export { FAILURE_WARNING_STREAK } from "./retry";
import { FAILURE_WARNING_STREAK } from "./retry";

/** The agency the caller acts for: its own, or (operator) the one named by `agency_id`. */
export async function targetAgency(db: Database, p: Principal, requested: number | undefined) {
  const scope = agencyScope(p);
  const id = scope ?? requested;
  if (id === undefined) throw badRequest("agency_id: es obligatorio para el operador");
  if (scope !== null && requested !== undefined && requested !== scope) throw notFound("La agencia no existe");
  const agency = await db.prisma.agency.findUnique({ where: { id } });
  if (!agency) throw doesNotExist(`La agencia ${id} no existe`);
  return agency;
}

/** 400 naming the field when the URL is not a public http(s) address (checked on the resolved addresses). */
export async function validateWebhookUrl(url: string, field = "webhook_url"): Promise<string> {
  const r = await checkWebhookUrl(url, { allowPrivate: config().webhookAllowPrivate });
  if (!r.ok) throw badRequest(`${field}: ${r.reason}`);
  return r.url.toString();
}

type AgencyRow = { id: number; webhookUrl: string | null; webhookSecret: string | null; webhookFailureStreak: number };
export const presentSettings = (a: AgencyRow) => ({
  agency_id: a.id,
  webhook_url: a.webhookUrl,
  has_secret: a.webhookSecret !== null,
  failure_streak: a.webhookFailureStreak,
  warning: a.webhookUrl !== null && a.webhookFailureStreak >= FAILURE_WARNING_STREAK,
});

export async function getSettings(db: Database, p: Principal, agencyId?: number) {
  return presentSettings(await targetAgency(db, p, agencyId));
}

export async function updateSettings(db: Database, p: Principal, input: { webhook_url: string | null; agency_id?: number }) {
  const agency = await targetAgency(db, p, input.agency_id);
  const url = input.webhook_url === null ? null : await validateWebhookUrl(input.webhook_url);
  // A new URL starts with a clean record: the old one's failures say nothing about it.
  const streak = url === agency.webhookUrl ? agency.webhookFailureStreak : 0;
  const updated = await db.prisma.agency.update({ where: { id: agency.id }, data: { webhookUrl: url, webhookFailureStreak: streak } });
  return presentSettings(updated);
}

/** Creates or rotates the signing secret; the only time it is returned. */
export async function rotateSecret(db: Database, p: Principal, agencyId: number) {
  if (p.role === "agency" && p.agencyId !== agencyId) throw notFound(`La agencia ${agencyId} no existe`);
  const secret = generateWebhookSecret();
  // Stored sealed (lib/webhooks/secret-box.ts); the plaintext leaves only in this answer.
  const r = await db.prisma.agency.updateMany({ where: { id: agencyId }, data: { webhookSecret: sealWebhookSecret(agencyId, secret) } });
  if (r.count === 0) throw doesNotExist(`La agencia ${agencyId} no existe`);
  return { webhook_secret: secret };
}

/** Queues a `webhook.test` event to the agency's webhook_url; the caller kicks delivery. */
export async function sendTestEvent(db: Database, p: Principal, agencyId: number | undefined, now: Date) {
  const agency = await targetAgency(db, p, agencyId);
  if (!agency.webhookUrl) throw wrongState("webhook_url: la agencia no tiene una URL de webhooks configurada");
  const id = await enqueueWebhook(
    db.prisma,
    {
      agencyId: agency.id,
      event: WEBHOOK_EVENTS.test,
      url: agency.webhookUrl,
      payload: { event: WEBHOOK_EVENTS.test, agency_id: agency.id, sent_at: now.toISOString(), message: "Evento de prueba de HotelPay" },
    },
    now,
  );
  return getDelivery(db, p, id!);
}

const deliveryInclude = { attempts: { orderBy: { attemptNo: "asc" as const } } };
type DeliveryRow = NonNullable<Awaited<ReturnType<PrismaClient["webhookDelivery"]["findFirst"]>>> & {
  attempts: Array<{ attemptNo: number; at: Date; statusCode: number | null; latencyMs: number; responseBody: string | null; error: string | null }>;
};

function parsePayload(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export const presentDelivery = (d: DeliveryRow) => ({
  id: d.id,
  agency_id: d.agencyId,
  event: d.event,
  url: d.url,
  status: d.status,
  attempt_count: d.attempts.length,
  next_attempt_at: d.status === "pending" ? (d.nextAttemptAt ? isoBogota(d.nextAttemptAt) : null) : null,
  last_attempt_at: d.lastAttemptAt ? isoBogota(d.lastAttemptAt) : null,
  succeeded_at: d.succeededAt ? isoBogota(d.succeededAt) : null,
  failed_at: d.failedAt ? isoBogota(d.failedAt) : null,
  created_at: isoBogota(d.createdAt),
  link_id: d.linkId,
  reservation_id: d.reservationId,
  payload: parsePayload(d.payload),
  attempts: d.attempts.map((a) => ({
    attempt_no: a.attemptNo,
    at: isoBogota(a.at),
    status_code: a.statusCode,
    latency_ms: a.latencyMs,
    response_body: a.responseBody,
    error: a.error,
  })),
});

export async function listDeliveries(
  db: Database,
  p: Principal,
  q: { status?: "pending" | "succeeded" | "failed"; event?: string; agency_id?: number; page: number; per_page: number },
) {
  const scope = agencyScope(p);
  const where = {
    ...(scope !== null ? { agencyId: scope } : q.agency_id !== undefined ? { agencyId: q.agency_id } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.event ? { event: q.event } : {}),
  };
  // One snapshot: a delivery and its attempts are read by separate queries while workers update them.
  const [rows, total] = await db.prisma.$transaction(
    async (tx) => [
      await tx.webhookDelivery.findMany({ where, include: deliveryInclude, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
      await tx.webhookDelivery.count({ where }),
    ] as const,
    { isolationLevel: "RepeatableRead" },
  );
  return { data: rows.map(presentDelivery), page: q.page, per_page: q.per_page, total };
}

async function findOwned(db: Database, p: Principal, id: string) {
  const scope = agencyScope(p);
  const d = await db.prisma.$transaction((tx) => tx.webhookDelivery.findUnique({ where: { id }, include: deliveryInclude }), { isolationLevel: "RepeatableRead" });
  if (!d || (scope !== null && d.agencyId !== scope)) throw doesNotExist(`La entrega ${id} no existe`);
  return d;
}

export async function getDelivery(db: Database, p: Principal, id: string) {
  return presentDelivery(await findOwned(db, p, id));
}

/**
 * Sends a delivery again now, keeping its webhook-id (receivers de-duplicate on it). Succeeded and failed
 * deliveries go back to pending; one being sent at this moment -> 409.
 */
export async function redeliver(db: Database, p: Principal, id: string, now: Date) {
  const d = await findOwned(db, p, id);
  const r = await db.prisma.webhookDelivery.updateMany({
    where: { id: d.id, OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] },
    data: { status: "pending", nextAttemptAt: now, failedAt: null, lockedUntil: null },
  });
  if (r.count === 0) throw wrongState("La entrega se está enviando en este momento; intente de nuevo en unos segundos");
  return getDelivery(db, p, d.id);
}
