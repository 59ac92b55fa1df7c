// Vouchers: the receipt of a payment, as JSON and as a PDF a person would keep (docs/decisions.md 7.6).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { Database } from "@/lib/db";
import { doesNotExist } from "@/lib/domain/errors";
import { formatMoney, formatDate, formatDateTime, cityLabel, countLabel, guestsLabel, starsLabel } from "@/lib/format";
import { PRODUCT_NAME, PALETTE, STATUS_TONES, hexToRgb01 } from "@/lib/brand";
import { isoBogota, ymd } from "@/lib/time";
import { breakdown } from "./service";
import { voucherPath } from "@/lib/money/voucher-code";
import { CASH_METHODS, lookupName } from "@/lib/money/lookups";
import { pseBankName } from "./banks";
import { paymentMessages } from "./messages";

export const OPERATOR_NAME = PRODUCT_NAME;
/** The hotel as the receipt names it: with its address, stars and RNT (Decreto 1836 de 2021, docs/decisions.md 5.13). */
const HOTEL_FIELDS = { id: true, name: true, city: true, address: true, stars: true, rnt: true } as const;

export async function getVoucher(db: Database, code: string) {
  let v = await db.prisma.voucher.findUnique({
    where: { code },
    include: { transaction: { include: { hotel: { select: HOTEL_FIELDS } } } },
  });
  // A refund's voucher (docs/payments.md): the payment's receipt, headed by the refund.
  const refund = v ? null : await db.prisma.paymentRefund.findUnique({ where: { voucherCode: code } });
  if (refund) {
    v = await db.prisma.voucher.findUnique({ where: { transactionId: refund.paymentId }, include: { transaction: { include: { hotel: { select: HOTEL_FIELDS } } } } });
  }
  if (!v) throw doesNotExist("El comprobante no existe");
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
    hotel: { id: t.hotel.id, name: t.hotel.name, city: t.hotel.city, address: t.hotel.address, stars: t.hotel.stars, rnt: t.hotel.rnt },
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
    bank: await pseBankName(t.bankCode),
    // Cash and PSE: until when the order could be paid (the earlier of the method's limit and the payment deadline).
    order_expires_at: t.method === "cash" || t.method === "bank_transfer" ? (t.expiresAt ? isoBogota(t.expiresAt) : null) : null,
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
 * What the voucher shows about the stay a payment belongs to (the web voucher and the PDF show the same): the
 * reservation with its dates and guests, and the link's own code, which a guest is never shown as an order reference.
 */
export async function voucherStay(db: Database, transactionId: string) {
  const t = await db.prisma.paymentTransaction.findUnique({
    where: { id: transactionId },
    select: { link: { select: { code: true } }, reservation: { select: { code: true, adults: true, children: true, childrenAges: true, checkin: true, checkout: true, nights: true } } },
  });
  return { linkCode: t?.link?.code ?? null, reservation: t?.reservation ?? null };
}

export type VoucherStay = Awaited<ReturnType<typeof voucherStay>>;

/** The payment's own order reference, unless it is the link's code or the reservation's (shown as "Reserva"). */
export const orderReference = (v: Pick<VoucherView, "ref_number">, stay: VoucherStay | null) =>
  v.ref_number !== stay?.linkCode && v.ref_number !== stay?.reservation?.code ? v.ref_number : null;

/** A tax or service percent as the web shows it: 0.19 -> "19". */
export const percentText = (d: { toString(): string }) => String(Math.round(Number(d.toString()) * 100));

/**
 * The guest's voucher page: the voucher, the stay it paid when it paid a reservation, and the order reference to
 * show (null when it is the link's secret code or the reservation's code, already shown as the stay).
 */
export async function guestVoucher(db: Database, code: string) {
  const v = await getVoucher(db, code);
  const stay = await voucherStay(db, v.transaction_id);
  const r = stay.reservation;
  return {
    ...v,
    order_ref: orderReference(v, stay),
    stay: r ? { reservation_code: r.code, checkin: ymd(r.checkin), checkout: ymd(r.checkout), nights: r.nights, adults: r.adults, children: r.children, children_ages: r.childrenAges } : null,
  };
}

/** "Posada del Molino (4 estrellas) · Villa de Leyva": the receipt's hotel line, web and PDF alike. */
export const hotelLine = (h: { name: string; city: string; stars: number | null }) => `${h.name}${h.stars ? ` (${starsLabel(h.stars)})` : ""} · ${cityLabel(h.city)}`;

// Standard PDF fonts cover Latin-1 (accents, ñ); anything else is replaced rather than failing the receipt.
const latin1 = (s: string) => s.replace(/[\u2009\u202f]/g, " ").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
const color = (hex: string) => rgb(...hexToRgb01(hex));

/** The PDF receipt, laid out and coloured like the web voucher (lib/brand.ts), with the same rows and words. */
export async function voucherPdf(v: VoucherView, stay: VoucherStay | null = null): Promise<Uint8Array> {
  const m = paymentMessages.es;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Comprobante ${v.voucher_number} - ${OPERATOR_NAME}`);
  pdf.setProducer(OPERATOR_NAME);
  pdf.setCreationDate(new Date(v.issued_at));
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = color(PALETTE.ink);
  const muted = color(PALETTE.muted);
  const white = color(PALETTE.white);
  const money = (n: { toString(): string }) => latin1(formatMoney(n, v.currency));
  const right = (text: string, x: number, y: number, size: number, f = font, c = ink) =>
    page.drawText(text, { x: x - f.widthOfTextAtSize(text, size), y, size, font: f, color: c });

  // Header: the brand band with the product, the title and the number, as the web voucher's header.
  page.drawRectangle({ x: 0, y: 762, width: 595, height: 80, color: color(PALETTE.brand700) });
  page.drawText(OPERATOR_NAME, { x: 40, y: 806, size: 20, font: bold, color: white });
  page.drawText(latin1(v.refund ? "Comprobante de reembolso" : m.voucher.title), { x: 40, y: 786, size: 11, font, color: white });
  right(latin1(`${m.voucher.number} ${v.voucher_number}`), 555, 800, 14, bold, white);

  // The status pill and the amount.
  let y = 722;
  const tone = STATUS_TONES[v.status] ?? STATUS_TONES.expired;
  const status = latin1(m.status[v.status as keyof typeof m.status] ?? v.status);
  const pillW = bold.widthOfTextAtSize(status, 11) + 24;
  page.drawSvgPath(`M 10 0 H ${pillW - 10} A 10 10 0 0 1 ${pillW - 10} 20 H 10 A 10 10 0 0 1 10 0 Z`, { x: 40, y: y + 15, color: color(tone.bg), borderColor: color(tone.fg), borderWidth: 0.5, borderOpacity: 0.3 });
  page.drawText(status, { x: 52, y: y + 1, size: 11, font: bold, color: color(tone.fg) });
  right(money(v.amount), 555, y - 2, 20, bold);
  y -= 30;
  if (v.decline_reason) {
    const rejected = STATUS_TONES.rejected;
    page.drawRectangle({ x: 40, y: y - 8, width: 515, height: 24, color: color(rejected.bg) });
    page.drawText(latin1(`${m.voucher.reason}: ${v.decline_reason}`).slice(0, 95), { x: 50, y, size: 10, font, color: color(rejected.fg) });
    y -= 34;
  }

  const row = (label: string, value: string, strong = false) => {
    page.drawText(latin1(label), { x: 40, y, size: 10, font, color: muted });
    page.drawText(latin1(value).slice(0, 80), { x: 210, y, size: 10.5, font: strong ? bold : font, color: ink });
    y -= 19;
  };
  const rule = () => {
    y -= 2;
    page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.75, color: color(PALETTE.rule) });
    y -= 18;
  };

  if (v.refund) {
    row("Reembolso", formatDateTime(v.refund.created_at));
    row("Valor reembolsado", `${money(v.refund.amount)} ${v.currency}`, true);
    if (v.refund.reason) row(m.voucher.reason, v.refund.reason);
    row("N.º de reembolso", v.refund.refund_id);
    rule();
  }
  row(m.voucher.date, formatDateTime(v.paid_at));
  row(m.voucher.method, m.method[v.method as keyof typeof m.method] ?? v.method);
  if (v.method === "card") {
    row(m.voucher.card, `${(v.card_brand ?? "").toUpperCase()} ${m.voucher.endingIn.replace("{last4}", v.card_last4 ?? "----")}`);
    if (v.installments) row(m.voucher.installments, String(v.installments));
    if (v.authorization_code) row(m.voucher.authorization, v.authorization_code);
  } else {
    row(m.voucher.paymentReference, v.payment_reference ?? "-");
    if (v.cash_method) row(m.voucher.network, v.cash_method);
    if (v.bank) row(m.voucher.bank, v.bank);
    if (v.order_expires_at) row(m.voucher.orderExpires, formatDateTime(v.order_expires_at));
  }
  const order = orderReference(v, stay);
  if (order) row(m.voucher.order, order);
  if (v.detail) row(m.voucher.detail, v.detail);
  row(m.voucher.hotel, hotelLine(v.hotel));
  if (v.hotel.address) row(m.voucher.hotelAddress, `${v.hotel.address}, ${cityLabel(v.hotel.city)}`);
  if (v.hotel.rnt) row(m.voucher.rnt, v.hotel.rnt);
  const r = stay?.reservation;
  if (r) {
    row(m.voucher.reservation, r.code);
    row(m.voucher.stay, `${formatDate(ymd(r.checkin))} - ${formatDate(ymd(r.checkout))} · ${countLabel(r.nights, "noche")}`);
    row(m.voucher.guests, guestsLabel(r.adults, r.childrenAges, r.children));
  }
  row(m.voucher.payer, v.payer.name);
  if (v.payer.fiscal_number) row(m.voucher.document, v.payer.fiscal_number);
  if (v.payer.email) row("Correo", v.payer.email);

  // Totals: base, taxes and service only when the payment broke them down (as the web voucher).
  rule();
  const tax = percentText(v.tax_percent);
  const service = percentText(v.service_percent);
  const total = (label: string, value: string, strong = false) => {
    page.drawText(latin1(label), { x: 40, y, size: 10.5, font: strong ? bold : font, color: strong ? ink : muted });
    right(latin1(value), 555, y, 10.5, strong ? bold : font);
    y -= 19;
  };
  if (tax !== "0" || service !== "0") total(m.voucher.base, money(v.base_amount));
  if (tax !== "0") total(m.voucher.tax.replace("{p}", tax), money(v.tax_amount));
  if (service !== "0") total(m.voucher.service.replace("{p}", service), money(v.service_amount));
  total(m.voucher.total, `${money(v.amount)} ${v.currency}`, true);
  if (Number(v.refunded_amount) > 0) total("Reembolsado", `${money(v.refunded_amount)} ${v.currency}`);

  y -= 16;
  page.drawText(latin1(`${m.voucher.issuedBy.replace("{operator}", OPERATOR_NAME)} el ${formatDateTime(v.issued_at)} (hora de Bogotá) - ${m.voucher.transaction} ${v.transaction_id}`), { x: 40, y, size: 8, font, color: muted });
  page.drawText(latin1(`Código de verificación: ${v.code}`), { x: 40, y: y - 12, size: 8, font, color: muted });
  page.drawText("Este comprobante no contiene datos completos de la tarjeta: solo la marca y los últimos cuatro dígitos.", { x: 40, y: y - 24, size: 8, font, color: muted });
  return pdf.save();
}
