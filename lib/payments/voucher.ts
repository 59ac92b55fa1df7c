// Vouchers: the receipt of a payment, as JSON and as a PDF a person would keep (docs/decisions.md 7.6).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { PrismaClient } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import { isoBogota, ymd } from "@/lib/time";
import { formatMoney, cityLabel } from "@/lib/format";
import { breakdown } from "./service";
import { voucherPath } from "./voucher-code";
import { BANKS, CASH_METHODS, lookupName } from "./lookups";

export const OPERATOR_NAME = "HotelPay";

export async function getVoucher(db: PrismaClient, code: string) {
  let v = await db.voucher.findUnique({
    where: { code },
    include: { transaction: { include: { hotel: { select: { id: true, name: true, city: true } } } } },
  });
  // A refund's voucher (docs/payments.md): the payment's receipt, headed by the refund.
  const refund = v ? null : await db.paymentRefund.findUnique({ where: { voucherCode: code } });
  if (refund) {
    v = await db.voucher.findUnique({ where: { transactionId: refund.paymentId }, include: { transaction: { include: { hotel: { select: { id: true, name: true, city: true } } } } } });
  }
  if (!v) throw notFound("El comprobante no existe");
  const t = v.transaction;
  const parts = breakdown(t.amount, t.taxPercent, t.servicePercent);
  return {
    voucher_number: String(v.id).padStart(8, "0"),
    code: v.code,
    voucher_url: voucherPath(v.code),
    operator: OPERATOR_NAME,
    transaction_id: t.id,
    status: t.status,
    method: t.method,
    hotel: { id: t.hotel.id, name: t.hotel.name, city: t.hotel.city },
    payer: { name: `${t.refName} ${t.refLastname}`.trim(), email: t.email, fiscal_number: t.fiscalNumber },
    ref_number: t.refNumber,
    detail: t.detail,
    currency: t.currency,
    amount: t.amount,
    base_amount: parts.base,
    tax_percent: t.taxPercent,
    tax_amount: parts.tax,
    service_percent: t.servicePercent,
    service_amount: parts.service,
    installments: t.installments,
    card_brand: t.cardBrand,
    card_last4: t.cardLast4,
    authorization_code: t.method === "card" && t.status === "approved" ? t.paymentReference : null,
    payment_reference: t.method === "card" ? null : t.paymentReference,
    cash_method: t.cashMethod ? lookupName(CASH_METHODS, t.cashMethod) : null,
    bank: t.bankCode ? lookupName(BANKS, t.bankCode) : null,
    decline_reason: t.declineReason,
    paid_at: isoBogota(t.completedAt ?? t.createdAt),
    issued_at: isoBogota(refund ? refund.createdAt : v.createdAt),
    refunded_amount: t.refundedAmount,
    refund: refund
      ? { refund_id: refund.id, amount: refund.amount, reason: refund.reason, status: refund.status, created_at: isoBogota(refund.createdAt), voucher_url: voucherPath(refund.voucherCode) }
      : null,
  };
}

export type VoucherView = Awaited<ReturnType<typeof getVoucher>>;

/**
 * The guest's voucher page: the voucher, the stay it paid when it paid a reservation, and the order reference to
 * show, null when it is the secret code of the payment link or the reservation code already shown as the stay.
 */
export async function guestVoucher(db: PrismaClient, code: string) {
  const v = await getVoucher(db, code);
  const t = await db.paymentTransaction.findUnique({
    where: { id: v.transaction_id },
    select: { link: { select: { code: true } }, reservation: { select: { code: true, adults: true, children: true, childrenAges: true, checkin: true, checkout: true, nights: true } } },
  });
  const r = t?.reservation ?? null;
  const hidden = [t?.link?.code, r?.code];
  return {
    ...v,
    order_ref: hidden.includes(v.ref_number) ? null : v.ref_number,
    stay: r ? { reservation_code: r.code, checkin: ymd(r.checkin), checkout: ymd(r.checkout), nights: r.nights, adults: r.adults, children: r.children, children_ages: r.childrenAges } : null,
  };
}

const STATUS_ES: Record<string, string> = { approved: "Aprobado", rejected: "Rechazado", pending: "Pendiente", expired: "Vencido", cancelled: "Cancelado", refunded: "Reembolsado (no aplicado)" };
const METHOD_ES: Record<string, string> = { card: "Tarjeta de crédito", cash: "Efectivo", bank_transfer: "Transferencia bancaria (PSE)", balance: "Saldo prepagado" };
export const statusLabel = (s: string) => STATUS_ES[s] ?? s;
export const methodLabel = (m: string) => METHOD_ES[m] ?? m;

/** "2026-12-01T18:00:00-05:00" as "01/12/2026 18:00 (hora de Bogotá)". */
export function bogotaText(iso: string) {
  const [d, t] = iso.split("T");
  const [y, m, day] = d.split("-");
  return `${day}/${m}/${y} ${t.slice(0, 5)} (hora de Bogotá)`;
}

// Standard PDF fonts cover Latin-1 (accents, ñ); anything else is replaced rather than failing the receipt.
const latin1 = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

export async function voucherPdf(v: VoucherView): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Comprobante ${v.voucher_number} - ${OPERATOR_NAME}`);
  pdf.setProducer(OPERATOR_NAME);
  pdf.setCreationDate(new Date(v.issued_at));
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.4, 0.45, 0.5);
  let y = 790;
  const money = (n: { toString(): string }) => latin1(formatMoney(n, v.currency));

  page.drawRectangle({ x: 0, y: 770, width: 595, height: 72, color: rgb(0.05, 0.35, 0.55) });
  page.drawText(OPERATOR_NAME, { x: 40, y: 800, size: 22, font: bold, color: rgb(1, 1, 1) });
  page.drawText(v.refund ? "Comprobante de reembolso" : "Comprobante de pago", { x: 40, y: 782, size: 11, font, color: rgb(1, 1, 1) });
  page.drawText(latin1(`N.º ${v.voucher_number}`), { x: 420, y: 800, size: 14, font: bold, color: rgb(1, 1, 1) });
  y = 740;

  const status = statusLabel(v.status).toUpperCase();
  const tone = v.status === "approved" ? rgb(0.02, 0.5, 0.3) : v.status === "pending" ? rgb(0.7, 0.45, 0) : rgb(0.75, 0.1, 0.1);
  page.drawText(`Estado: ${status}`, { x: 40, y, size: 16, font: bold, color: tone });
  y -= 18;
  if (v.decline_reason) {
    page.drawText(latin1(`Motivo: ${v.decline_reason}`), { x: 40, y, size: 11, font, color: tone });
    y -= 16;
  }
  y -= 10;

  const row = (label: string, value: string, strong = false) => {
    page.drawText(latin1(label), { x: 40, y, size: 10, font, color: muted });
    page.drawText(latin1(value).slice(0, 80), { x: 210, y, size: 11, font: strong ? bold : font, color: ink });
    y -= 20;
  };
  const section = (title: string) => {
    y -= 6;
    page.drawText(latin1(title), { x: 40, y, size: 12, font: bold, color: ink });
    y -= 6;
    page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.5, color: muted });
    y -= 16;
  };

  if (v.refund) {
    section("Reembolso");
    row("Fecha", bogotaText(v.refund.created_at));
    row("Valor reembolsado", `${money(v.refund.amount)} ${v.currency}`, true);
    if (v.refund.reason) row("Motivo", v.refund.reason);
    row("Reembolso", v.refund.refund_id);
  }
  section("Pago");
  row("Fecha", bogotaText(v.paid_at));
  row("Medio de pago", methodLabel(v.method));
  if (v.method === "card") {
    row("Tarjeta", `${(v.card_brand ?? "").toUpperCase()} terminada en ${v.card_last4 ?? "----"}`);
    if (v.installments) row("Cuotas", String(v.installments));
    if (v.authorization_code) row("Código de autorización", v.authorization_code);
  } else {
    row("Referencia de pago", v.payment_reference ?? "-");
    if (v.cash_method) row("Punto de pago", v.cash_method);
    if (v.bank) row("Banco", v.bank);
  }
  row("Referencia del pedido", v.ref_number);
  if (v.detail) row("Detalle", v.detail);
  row("Transacción", v.transaction_id);

  section("Hotel y pagador");
  row("Hotel", `${v.hotel.name} (${cityLabel(v.hotel.city)})`);
  row("Pagador", v.payer.name);
  if (v.payer.fiscal_number) row("Documento", v.payer.fiscal_number);
  if (v.payer.email) row("Correo", v.payer.email);

  section("Valores");
  row("Valor base", money(v.base_amount));
  row(`Impuestos (${Number(v.tax_percent) * 100} %)`, money(v.tax_amount));
  row(`Servicio (${Number(v.service_percent) * 100} %)`, money(v.service_amount));
  row("Total", `${money(v.amount)} ${v.currency}`, true);
  if (Number(v.refunded_amount) > 0) row("Reembolsado", `${money(v.refunded_amount)} ${v.currency}`);

  y -= 20;
  page.drawText(latin1(`Emitido por ${OPERATOR_NAME} el ${bogotaText(v.issued_at)}. Código de verificación: ${v.code}`), { x: 40, y, size: 8, font, color: muted });
  page.drawText("Este comprobante no contiene datos completos de la tarjeta: solo la marca y los últimos cuatro dígitos.", { x: 40, y: y - 12, size: 8, font, color: muted });
  return pdf.save();
}
