// Every e-mail the product sends (docs/emails.md): what it says in es-CO (and en where the user chose it), from
// data captured when the fact happened. Amounts and dates the Colombian way (lib/format.ts), no internal ids,
// links only under PUBLIC_BASE_URL.
import { formatDate, formatDateTime, formatMoney, paymentMethodLabel } from "@/lib/format";
import { PRODUCT_NAME } from "@/lib/brand";
import type { EmailContent, Locale, TemplateDef } from "./types";

const L = (locale: Locale, es: string, en: string) => (locale === "en" ? en : es);
const money = (amount: string | number, currency: string, locale: Locale) => formatMoney(amount, currency || "COP", locale);
const stayRows = (d: { checkin?: string | null; checkout?: string | null }, locale: Locale): Array<[string, string]> =>
  d.checkin && d.checkout
    ? [
        [L(locale, "Llegada", "Check-in"), formatDate(d.checkin, locale)],
        [L(locale, "Salida", "Check-out"), formatDate(d.checkout, locale)],
      ]
    : [];
const opt = (label: string, value: string | null | undefined): Array<[string, string]> => (value ? [[label, value]] : []);
const guestFooter = (locale: Locale, agency?: string | null) =>
  L(
    locale,
    `${PRODUCT_NAME} procesa los pagos de ${agency ? agency : "su agencia de viajes"}. Si no reconoce esta operación, responda a este correo.`,
    `${PRODUCT_NAME} processes payments for ${agency ? agency : "your travel agency"}. If you do not recognise this, reply to this e-mail.`,
  );
const agencyFooter = (locale: Locale) =>
  L(locale, `Aviso de ${PRODUCT_NAME} para su agencia. Puede desactivar este tipo de aviso en el portal (Preferencias de correo).`, `${PRODUCT_NAME} notice for your agency. You can turn this kind of notice off in the portal.`);
const hotelFooter = (locale: Locale) =>
  L(locale, `Aviso de ${PRODUCT_NAME} para los administradores del hotel. Puede desactivarlo en el portal (Preferencias de correo).`, `${PRODUCT_NAME} notice for the hotel's administrators. You can turn it off in the portal.`);
const userFooter = (locale: Locale) =>
  L(locale, `Correo de seguridad de ${PRODUCT_NAME}; no se puede desactivar. Si no fue usted, avise al operador.`, `Security e-mail from ${PRODUCT_NAME}; it cannot be turned off. If it was not you, tell the operator.`);
const linkHint = (locale: Locale) => L(locale, "Si el botón no funciona, copie esta dirección en su navegador:", "If the button does not work, copy this address into your browser:");
const absolute = (base: string, path: string) => `${base}${path}`;

// ------------------------------------------------------------------------------------------------ guest

export interface ReceiptData {
  guestName: string;
  agencyName: string | null;
  hotelName: string;
  amount: string;
  currency: string;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  authorizationCode: string | null;
  paymentReference: string | null;
  paidAt: string;
  reservationCode: string | null;
  checkin: string | null;
  checkout: string | null;
  voucherPath: string;
}

const paymentReceipt: TemplateDef<ReceiptData> = {
  audience: "guest",
  essential: true,
  title: "Comprobante de pago (huésped)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `Pago aprobado: ${money(d.amount, d.currency, locale)} en ${d.hotelName}`, `Payment approved: ${money(d.amount, d.currency, locale)} at ${d.hotelName}`),
    preview: L(locale, `Su pago de ${money(d.amount, d.currency, locale)} fue aprobado. Adjuntamos el comprobante.`, `Your payment of ${money(d.amount, d.currency, locale)} was approved. The receipt is attached.`),
    heading: L(locale, "Su pago fue aprobado", "Your payment was approved"),
    intro: [L(locale, `Hola ${d.guestName}:`, `Hello ${d.guestName},`), L(locale, `Recibimos su pago para ${d.hotelName}. Adjuntamos el comprobante en PDF.`, `We received your payment for ${d.hotelName}. The PDF receipt is attached.`)],
    rows: [
      [L(locale, "Valor pagado", "Amount paid"), money(d.amount, d.currency, locale)],
      [L(locale, "Hotel", "Hotel"), d.hotelName],
      ...opt(L(locale, "Reserva", "Booking"), d.reservationCode),
      ...stayRows(d, locale),
      [L(locale, "Medio de pago", "Payment method"), d.method === "card" && d.cardLast4 ? `${d.cardBrand ?? L(locale, "Tarjeta", "Card")} •••• ${d.cardLast4}` : paymentMethodLabel(d.method)],
      ...opt(L(locale, "Código de autorización", "Authorisation code"), d.authorizationCode),
      ...opt(L(locale, "Referencia de pago", "Payment reference"), d.authorizationCode ? null : d.paymentReference),
      [L(locale, "Fecha", "Date"), formatDateTime(d.paidAt, locale)],
    ],
    button: { label: L(locale, "Ver el comprobante", "View the receipt"), url: absolute(base, d.voucherPath.replace(/^\/v2\/vouchers\//, "/vouchers/")), hint: linkHint(locale) },
    outro: [L(locale, "Guarde este correo: es la constancia de su pago.", "Keep this e-mail: it is the record of your payment.")],
    footer: guestFooter(locale, d.agencyName),
  }),
  sample: {
    guestName: "Laura Gómez",
    agencyName: "Viajes El Dorado",
    hotelName: "Hotel Casa del Mar",
    amount: "1250000.00",
    currency: "COP",
    method: "card",
    cardBrand: "VISA",
    cardLast4: "4242",
    authorizationCode: "AUT123456",
    paymentReference: null,
    paidAt: "2026-11-24T20:05:00Z",
    reservationCode: "HB-7K2M9Q",
    checkin: "2026-12-18",
    checkout: "2026-12-21",
    voucherPath: "/v2/vouchers/ejemplo",
  },
};

export interface OrderData {
  guestName: string;
  agencyName: string | null;
  hotelName: string;
  amount: string;
  currency: string;
  method: "cash" | "bank_transfer";
  cashPoint: string | null;
  bank: string | null;
  reference: string | null;
  /** Cash through Wompi: the Bancolombia agreement number quoted with the reference (absent otherwise). */
  agreementCode?: string | null;
  expiresAt: string | null;
  checkin: string | null;
  checkout: string | null;
}

const orderInstructions: TemplateDef<OrderData> = {
  audience: "guest",
  essential: true,
  title: "Instrucciones de pago en efectivo o PSE (huésped)",
  content: (d, locale): EmailContent => {
    const cash = d.method === "cash";
    return {
      subject: cash
        ? L(locale, `Su referencia para pagar ${money(d.amount, d.currency, locale)} en efectivo`, `Your reference to pay ${money(d.amount, d.currency, locale)} in cash`)
        : L(locale, `Complete su pago PSE de ${money(d.amount, d.currency, locale)}`, `Complete your PSE payment of ${money(d.amount, d.currency, locale)}`),
      preview: d.expiresAt ? L(locale, `Pague antes del ${formatDateTime(d.expiresAt, locale)}.`, `Pay before ${formatDateTime(d.expiresAt, locale)}.`) : L(locale, "Instrucciones para completar su pago.", "How to complete your payment."),
      heading: cash ? L(locale, "Pague en efectivo con esta referencia", "Pay in cash with this reference") : L(locale, "Complete su pago por PSE", "Complete your PSE payment"),
      intro: [
        L(locale, `Hola ${d.guestName}:`, `Hello ${d.guestName},`),
        cash
          ? L(locale, `Presente la referencia en ${d.cashPoint ?? "el punto de pago"} y pague el valor exacto. El pago se confirma solo; le enviaremos el comprobante.`, `Show the reference at ${d.cashPoint ?? "the payment point"} and pay the exact amount. We will send you the receipt.`)
          : L(locale, `Termine el pago en la página de su banco${d.bank ? ` (${d.bank})` : ""}. Cuando el banco lo apruebe le enviaremos el comprobante.`, `Finish the payment on your bank's page${d.bank ? ` (${d.bank})` : ""}. When the bank approves it we will send you the receipt.`),
      ],
      rows: [
        [L(locale, "Valor a pagar", "Amount to pay"), money(d.amount, d.currency, locale)],
        ...opt(L(locale, "Número de convenio", "Agreement number"), cash ? (d.agreementCode ?? null) : null),
        ...opt(L(locale, "Referencia de pago", "Payment reference"), d.reference),
        ...opt(L(locale, "Punto de pago", "Payment point"), cash ? d.cashPoint : null),
        ...opt(L(locale, "Banco", "Bank"), cash ? null : d.bank),
        ...opt(L(locale, "Pague antes del", "Pay before"), d.expiresAt ? formatDateTime(d.expiresAt, locale) : null),
        [L(locale, "Hotel", "Hotel"), d.hotelName],
        ...stayRows(d, locale),
      ],
      outro: [L(locale, "Si no paga antes de esa hora, la orden vence y no se le cobrará nada.", "If you do not pay by then, the order expires and nothing is charged.")],
      footer: guestFooter(locale, d.agencyName),
    };
  },
  sample: { guestName: "Laura Gómez", agencyName: "Viajes El Dorado", hotelName: "Hotel Casa del Mar", amount: "850000.00", currency: "COP", method: "cash", cashPoint: "Efecty", bank: null, reference: "71234509", expiresAt: "2026-11-26T04:59:00Z", checkin: "2026-12-18", checkout: "2026-12-21" },
};

export interface LinkData {
  guestName: string;
  agencyName: string;
  hotelName: string;
  amount: string;
  currency: string;
  description: string;
  checkin: string | null;
  checkout: string | null;
  expiresAt: string;
  payPath: string;
}

const paymentLink: TemplateDef<LinkData> = {
  audience: "guest",
  essential: true,
  title: "Enlace de pago enviado por la agencia (huésped)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `${d.agencyName}: pague ${money(d.amount, d.currency, locale)} para ${d.hotelName}`, `${d.agencyName}: pay ${money(d.amount, d.currency, locale)} for ${d.hotelName}`),
    preview: L(locale, `Enlace de pago válido hasta el ${formatDateTime(d.expiresAt, locale)}.`, `Payment link valid until ${formatDateTime(d.expiresAt, locale)}.`),
    heading: L(locale, "Su enlace de pago", "Your payment link"),
    intro: [L(locale, `Hola ${d.guestName}:`, `Hello ${d.guestName},`), L(locale, `${d.agencyName} le envía este enlace para pagar su estadía. Puede pagar con tarjeta, PSE o en efectivo.`, `${d.agencyName} sends you this link to pay for your stay: card, PSE or cash.`)],
    rows: [
      [L(locale, "Valor", "Amount"), money(d.amount, d.currency, locale)],
      [L(locale, "Hotel", "Hotel"), d.hotelName],
      ...stayRows(d, locale),
      [L(locale, "Concepto", "Description"), d.description],
      [L(locale, "Pague antes del", "Pay before"), formatDateTime(d.expiresAt, locale)],
    ],
    button: { label: L(locale, "Pagar ahora", "Pay now"), url: absolute(base, d.payPath), hint: linkHint(locale) },
    outro: [L(locale, "El enlace es personal: no lo reenvíe.", "The link is personal: do not forward it.")],
    footer: guestFooter(locale, d.agencyName),
  }),
  sample: { guestName: "Laura Gómez", agencyName: "Viajes El Dorado", hotelName: "Hotel Casa del Mar", amount: "1250000.00", currency: "COP", description: "Estadía de 3 noches, habitación doble", checkin: "2026-12-18", checkout: "2026-12-21", expiresAt: "2026-11-26T23:00:00Z", payPath: "/pay/ejemplo" },
};

export interface ConfirmedData {
  guestName: string;
  agencyName: string | null;
  hotelName: string;
  reservationCode: string;
  checkin: string;
  checkout: string;
  guests: string;
  amount: string;
  currency: string;
}

const reservationConfirmed: TemplateDef<ConfirmedData> = {
  audience: "guest",
  essential: false,
  owner: "agency",
  title: "Reserva confirmada (huésped)",
  content: (d, locale): EmailContent => ({
    subject: L(locale, `Reserva confirmada en ${d.hotelName}: ${formatDate(d.checkin, locale)}`, `Booking confirmed at ${d.hotelName}: ${formatDate(d.checkin, locale)}`),
    preview: L(locale, "Su reserva está pagada en su totalidad.", "Your booking is fully paid."),
    heading: L(locale, "Su reserva está confirmada", "Your booking is confirmed"),
    intro: [L(locale, `Hola ${d.guestName}:`, `Hello ${d.guestName},`), L(locale, `Su reserva en ${d.hotelName} quedó pagada en su totalidad. ¡Buen viaje!`, `Your booking at ${d.hotelName} is fully paid. Have a good trip!`)],
    rows: [[L(locale, "Reserva", "Booking"), d.reservationCode], [L(locale, "Hotel", "Hotel"), d.hotelName], ...stayRows(d, locale), [L(locale, "Huéspedes", "Guests"), d.guests], [L(locale, "Total pagado", "Total paid"), money(d.amount, d.currency, locale)]],
    outro: [L(locale, "Presente su documento de identidad al llegar al hotel.", "Show your ID when you arrive at the hotel.")],
    footer: guestFooter(locale, d.agencyName),
  }),
  sample: { guestName: "Laura Gómez", agencyName: "Viajes El Dorado", hotelName: "Hotel Casa del Mar", reservationCode: "HB-7K2M9Q", checkin: "2026-12-18", checkout: "2026-12-21", guests: "2 adultos y 1 niño (7 años)", amount: "1250000.00", currency: "COP" },
};

export interface RefundData {
  guestName: string;
  agencyName: string | null;
  hotelName: string;
  amount: string;
  paymentAmount: string;
  currency: string;
  method: string;
  reason: string | null;
  at: string;
}

const refundMade: TemplateDef<RefundData> = {
  audience: "guest",
  essential: true,
  title: "Reembolso realizado (huésped)",
  content: (d, locale): EmailContent => ({
    subject: L(locale, `Reembolso de ${money(d.amount, d.currency, locale)} de su pago en ${d.hotelName}`, `Refund of ${money(d.amount, d.currency, locale)} of your payment at ${d.hotelName}`),
    preview: L(locale, "Le devolvimos dinero de su pago.", "We refunded part or all of your payment."),
    heading: L(locale, "Le devolvimos su dinero", "We refunded your money"),
    intro: [L(locale, `Hola ${d.guestName}:`, `Hello ${d.guestName},`), L(locale, `Reembolsamos ${money(d.amount, d.currency, locale)} de su pago de ${money(d.paymentAmount, d.currency, locale)}. Según su banco, el dinero puede tardar unos días en verse.`, `We refunded ${money(d.amount, d.currency, locale)} of your ${money(d.paymentAmount, d.currency, locale)} payment. Your bank may take a few days to show it.`)],
    rows: [[L(locale, "Valor reembolsado", "Refunded"), money(d.amount, d.currency, locale)], [L(locale, "Hotel", "Hotel"), d.hotelName], [L(locale, "Medio de pago", "Payment method"), paymentMethodLabel(d.method)], ...opt(L(locale, "Motivo", "Reason"), d.reason), [L(locale, "Fecha", "Date"), formatDateTime(d.at, locale)]],
    outro: [],
    footer: guestFooter(locale, d.agencyName),
  }),
  sample: { guestName: "Laura Gómez", agencyName: "Viajes El Dorado", hotelName: "Hotel Casa del Mar", amount: "400000.00", paymentAmount: "1250000.00", currency: "COP", method: "card", reason: "Cambio de fechas", at: "2026-11-25T15:30:00Z" },
};

// ------------------------------------------------------------------------------------------------ agency

export interface PaymentReceivedData {
  agencyName: string;
  guestName: string;
  hotelName: string;
  amount: string;
  currency: string;
  method: string;
  reservationCode: string | null;
  linkDescription: string | null;
  paidAt: string;
}

const paymentReceived: TemplateDef<PaymentReceivedData> = {
  audience: "agency",
  essential: false,
  owner: "agency",
  title: "Pago recibido (agencia)",
  content: (d, locale): EmailContent => ({
    subject: L(locale, `Pago recibido: ${money(d.amount, d.currency, locale)} de ${d.guestName}`, `Payment received: ${money(d.amount, d.currency, locale)} from ${d.guestName}`),
    preview: d.reservationCode ? L(locale, `Reserva ${d.reservationCode} en ${d.hotelName}.`, `Booking ${d.reservationCode} at ${d.hotelName}.`) : d.hotelName,
    heading: L(locale, "Pago recibido", "Payment received"),
    intro: [L(locale, `${d.guestName} pagó ${money(d.amount, d.currency, locale)}.`, `${d.guestName} paid ${money(d.amount, d.currency, locale)}.`)],
    rows: [[L(locale, "Valor", "Amount"), money(d.amount, d.currency, locale)], [L(locale, "Pagador", "Payer"), d.guestName], [L(locale, "Hotel", "Hotel"), d.hotelName], ...opt(L(locale, "Reserva", "Booking"), d.reservationCode), ...opt(L(locale, "Enlace de pago", "Payment link"), d.linkDescription), [L(locale, "Medio de pago", "Method"), paymentMethodLabel(d.method)], [L(locale, "Fecha", "Date"), formatDateTime(d.paidAt, locale)]],
    outro: [],
    footer: agencyFooter(locale),
  }),
  sample: { agencyName: "Viajes El Dorado", guestName: "Laura Gómez", hotelName: "Hotel Casa del Mar", amount: "1250000.00", currency: "COP", method: "card", reservationCode: "HB-7K2M9Q", linkDescription: null, paidAt: "2026-11-24T20:05:00Z" },
};

export interface ReservationExpiredData {
  agencyName: string;
  guestName: string;
  hotelName: string;
  reservationCode: string;
  amount: string;
  amountPaid: string;
  currency: string;
  deadline: string;
  checkin: string;
  checkout: string;
}

const reservationExpired: TemplateDef<ReservationExpiredData> = {
  audience: "agency",
  essential: false,
  owner: "agency",
  title: "Reserva vencida sin pagar (agencia)",
  content: (d, locale): EmailContent => ({
    subject: L(locale, `Reserva ${d.reservationCode} vencida sin pagar (${d.hotelName})`, `Booking ${d.reservationCode} expired unpaid (${d.hotelName})`),
    preview: L(locale, "Las habitaciones volvieron al inventario.", "The rooms went back to inventory."),
    heading: L(locale, "Una reserva venció sin pagar", "A booking expired unpaid"),
    intro: [L(locale, `El plazo de pago de la reserva ${d.reservationCode} de ${d.guestName} venció el ${formatDateTime(d.deadline, locale)}. Las habitaciones volvieron al inventario del hotel.`, `The payment deadline of booking ${d.reservationCode} for ${d.guestName} passed on ${formatDateTime(d.deadline, locale)}. The rooms went back to the hotel's inventory.`)],
    rows: [[L(locale, "Reserva", "Booking"), d.reservationCode], [L(locale, "Huésped", "Guest"), d.guestName], [L(locale, "Hotel", "Hotel"), d.hotelName], ...stayRows(d, locale), [L(locale, "Valor", "Amount"), money(d.amount, d.currency, locale)], [L(locale, "Pagado", "Paid"), money(d.amountPaid, d.currency, locale)]],
    outro: [L(locale, "Si el huésped aún quiere viajar, haga una reserva nueva.", "If the guest still wants to travel, make a new booking.")],
    footer: agencyFooter(locale),
  }),
  sample: { agencyName: "Viajes El Dorado", guestName: "Laura Gómez", hotelName: "Hotel Casa del Mar", reservationCode: "HB-7K2M9Q", amount: "1250000.00", amountPaid: "0.00", currency: "COP", deadline: "2026-11-25T17:00:00Z", checkin: "2026-12-18", checkout: "2026-12-21" },
};

export interface LinkExpiredData {
  agencyName: string;
  guestName: string;
  hotelName: string;
  amount: string;
  currency: string;
  description: string;
  expiresAt: string;
}

const linkExpired: TemplateDef<LinkExpiredData> = {
  audience: "agency",
  essential: false,
  owner: "agency",
  title: "Enlace de pago vencido sin pagar (agencia)",
  content: (d, locale): EmailContent => ({
    subject: L(locale, `Enlace de pago vencido sin pagar: ${d.guestName}, ${money(d.amount, d.currency, locale)}`, `Payment link expired unpaid: ${d.guestName}, ${money(d.amount, d.currency, locale)}`),
    preview: d.description,
    heading: L(locale, "Un enlace de pago venció sin pagar", "A payment link expired unpaid"),
    intro: [L(locale, `El enlace que envió a ${d.guestName} venció el ${formatDateTime(d.expiresAt, locale)} sin recibir el pago.`, `The link you sent to ${d.guestName} expired on ${formatDateTime(d.expiresAt, locale)} without a payment.`)],
    rows: [[L(locale, "Huésped", "Guest"), d.guestName], [L(locale, "Hotel", "Hotel"), d.hotelName], [L(locale, "Concepto", "Description"), d.description], [L(locale, "Valor", "Amount"), money(d.amount, d.currency, locale)]],
    outro: [L(locale, "Puede crear un enlace nuevo desde el portal.", "You can create a new link from the portal.")],
    footer: agencyFooter(locale),
  }),
  sample: { agencyName: "Viajes El Dorado", guestName: "Laura Gómez", hotelName: "Hotel Casa del Mar", amount: "1250000.00", currency: "COP", description: "Estadía de 3 noches", expiresAt: "2026-11-25T17:00:00Z" },
};

export interface WebhookFailingData {
  agencyName: string;
  url: string;
  failures: number;
  lastError: string;
  at: string;
}

const webhookFailing: TemplateDef<WebhookFailingData> = {
  audience: "agency",
  essential: false,
  owner: "agency",
  title: "Webhook con fallas (agencia)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `Su webhook no responde: ${d.failures} intentos fallidos seguidos`, `Your webhook is failing: ${d.failures} failed attempts in a row`),
    preview: d.url,
    heading: L(locale, "Su webhook está fallando", "Your webhook is failing"),
    intro: [
      L(locale, `Las últimas ${d.failures} entregas a su dirección de webhook fallaron. Seguimos reintentando cada entrega; mientras tanto sus sistemas no reciben los avisos de pagos y reservas.`, `The last ${d.failures} deliveries to your webhook address failed. We keep retrying each one; meanwhile your systems do not get payment and booking notices.`),
    ],
    rows: [[L(locale, "Dirección", "Address"), d.url], [L(locale, "Intentos fallidos seguidos", "Failed attempts in a row"), String(d.failures)], [L(locale, "Último error", "Last error"), d.lastError], [L(locale, "Fecha", "Date"), formatDateTime(d.at, locale)]],
    button: { label: L(locale, "Revisar los webhooks", "Check the webhooks"), url: absolute(base, "/webhooks"), hint: linkHint(locale) },
    outro: [L(locale, "Le avisamos una vez por racha de fallas: cuando una entrega vuelva a funcionar, el contador se reinicia.", "We tell you once per streak of failures: when a delivery works again, the count starts over.")],
    footer: agencyFooter(locale),
  }),
  sample: { agencyName: "Viajes El Dorado", url: "https://api.viajeseldorado.co/webhooks/hotelpay", failures: 5, lastError: "HTTP 500", at: "2026-11-25T15:30:00Z" },
};

export interface BalanceLowData {
  agencyName: string;
  balance: string;
  threshold: string;
  currency: string;
  reservationCode: string | null;
  at: string;
}

const balanceLow: TemplateDef<BalanceLowData> = {
  audience: "agency",
  essential: false,
  owner: "agency",
  title: "Saldo precargado bajo (agencia)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `Su saldo bajó a ${money(d.balance, d.currency, locale)}`, `Your balance is down to ${money(d.balance, d.currency, locale)}`),
    preview: L(locale, `Por debajo de su aviso de ${money(d.threshold, d.currency, locale)}.`, `Below your alert of ${money(d.threshold, d.currency, locale)}.`),
    heading: L(locale, "Su saldo precargado está bajo", "Your preloaded balance is low"),
    intro: [L(locale, `Después del último cobro su saldo quedó en ${money(d.balance, d.currency, locale)}, por debajo del aviso de ${money(d.threshold, d.currency, locale)} que usted eligió. Recargue para seguir pagando reservas con saldo.`, `After the last charge your balance is ${money(d.balance, d.currency, locale)}, below the ${money(d.threshold, d.currency, locale)} alert you chose. Top up to keep paying bookings from balance.`)],
    rows: [[L(locale, "Saldo disponible", "Available balance"), money(d.balance, d.currency, locale)], [L(locale, "Aviso configurado", "Alert set at"), money(d.threshold, d.currency, locale)], ...opt(L(locale, "Último cobro (reserva)", "Last charge (booking)"), d.reservationCode), [L(locale, "Fecha", "Date"), formatDateTime(d.at, locale)]],
    button: { label: L(locale, "Ver mi saldo", "See my balance"), url: absolute(base, "/balance"), hint: linkHint(locale) },
    outro: [L(locale, "Le avisamos una vez cada vez que el saldo cruza el aviso hacia abajo.", "We tell you once each time the balance crosses the alert downwards.")],
    footer: agencyFooter(locale),
  }),
  sample: { agencyName: "Viajes El Dorado", balance: "180000.00", threshold: "500000.00", currency: "COP", reservationCode: "HB-7K2M9Q", at: "2026-11-25T15:30:00Z" },
};

// ------------------------------------------------------------------------------------------------ users

export interface InvitationData {
  name: string;
  invitedBy: string | null;
  roleLabel: string;
  path: string;
  expiresAt: string;
}

const userInvitation: TemplateDef<InvitationData> = {
  audience: "user",
  essential: true,
  title: "Invitación al portal (usuario)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `Le invitaron a ${PRODUCT_NAME}: elija su contraseña`, `You are invited to ${PRODUCT_NAME}: choose your password`),
    preview: L(locale, `El enlace vale hasta el ${formatDateTime(d.expiresAt, locale)}.`, `The link is valid until ${formatDateTime(d.expiresAt, locale)}.`),
    heading: L(locale, `Bienvenido a ${PRODUCT_NAME}`, `Welcome to ${PRODUCT_NAME}`),
    intro: [L(locale, `Hola ${d.name}:`, `Hello ${d.name},`), L(locale, `${d.invitedBy ? `${d.invitedBy} le creó` : "Se le creó"} una cuenta (${d.roleLabel}). Elija su contraseña para entrar.`, `${d.invitedBy ? `${d.invitedBy} created` : "We created"} an account for you (${d.roleLabel}). Choose your password to sign in.`)],
    rows: [[L(locale, "El enlace vence", "The link expires"), formatDateTime(d.expiresAt, locale)]],
    button: { label: L(locale, "Elegir mi contraseña", "Choose my password"), url: absolute(base, d.path), hint: linkHint(locale) },
    outro: [L(locale, "El enlace sirve una sola vez.", "The link works only once.")],
    footer: userFooter(locale),
  }),
  sample: { name: "Andrés Pérez", invitedBy: "Operador HotelPay", roleLabel: "agencia", path: "/invitacion/ejemplo", expiresAt: "2026-11-30T17:00:00Z" },
};

export interface ResetData {
  name: string;
  path: string;
  expiresAt: string;
}

const passwordReset: TemplateDef<ResetData> = {
  audience: "user",
  essential: true,
  title: "Restablecer la contraseña (usuario)",
  content: (d, locale, base): EmailContent => ({
    subject: L(locale, `Restablezca su contraseña de ${PRODUCT_NAME}`, `Reset your ${PRODUCT_NAME} password`),
    preview: L(locale, `El enlace vale hasta el ${formatDateTime(d.expiresAt, locale)}.`, `The link is valid until ${formatDateTime(d.expiresAt, locale)}.`),
    heading: L(locale, "Restablecer la contraseña", "Reset your password"),
    intro: [L(locale, `Hola ${d.name}:`, `Hello ${d.name},`), L(locale, "Alguien pidió cambiar la contraseña de su cuenta. Si fue usted, elija una nueva.", "Someone asked to change your account's password. If it was you, choose a new one.")],
    rows: [[L(locale, "El enlace vence", "The link expires"), formatDateTime(d.expiresAt, locale)]],
    button: { label: L(locale, "Elegir una contraseña nueva", "Choose a new password"), url: absolute(base, d.path), hint: linkHint(locale) },
    outro: [L(locale, "Si no lo pidió, ignore este correo: su contraseña no cambia.", "If you did not ask, ignore this e-mail: your password stays the same.")],
    footer: userFooter(locale),
  }),
  sample: { name: "Andrés Pérez", path: "/restablecer/ejemplo", expiresAt: "2026-11-25T18:00:00Z" },
};

export interface CredentialsChangedData {
  name: string;
  what: "password" | "email";
  at: string;
}

const credentialsChanged: TemplateDef<CredentialsChangedData> = {
  audience: "user",
  essential: true,
  title: "Aviso de cambio de contraseña o correo (usuario)",
  content: (d, locale): EmailContent => ({
    subject: d.what === "password" ? L(locale, `Su contraseña de ${PRODUCT_NAME} cambió`, `Your ${PRODUCT_NAME} password changed`) : L(locale, `El correo de su cuenta de ${PRODUCT_NAME} cambió`, `Your ${PRODUCT_NAME} account e-mail changed`),
    preview: formatDateTime(d.at, locale),
    heading: d.what === "password" ? L(locale, "Su contraseña cambió", "Your password changed") : L(locale, "Su correo cambió", "Your e-mail changed"),
    intro: [L(locale, `Hola ${d.name}:`, `Hello ${d.name},`), L(locale, `El ${formatDateTime(d.at, locale)} se cambió ${d.what === "password" ? "la contraseña" : "el correo"} de su cuenta.`, `On ${formatDateTime(d.at, locale)} your account's ${d.what === "password" ? "password" : "e-mail"} was changed.`)],
    rows: [],
    outro: [L(locale, "Si no fue usted, avise de inmediato al operador.", "If it was not you, tell the operator right away.")],
    footer: userFooter(locale),
  }),
  sample: { name: "Andrés Pérez", what: "password", at: "2026-11-25T18:00:00Z" },
};

// ------------------------------------------------------------------------------------------------ hotel

export interface HotelBookingData {
  hotelName: string;
  kind: "new" | "cancelled" | "guest_changed";
  reservationCode: string;
  guestName: string;
  agencyName: string;
  checkin: string;
  checkout: string;
  rooms: number;
  guests: string;
}

const hotelBooking: TemplateDef<HotelBookingData> = {
  audience: "hotel",
  essential: false,
  owner: "user",
  title: "Reserva nueva, cancelada o modificada (hotel)",
  content: (d, locale): EmailContent => {
    const what = { new: L(locale, "Reserva nueva", "New booking"), cancelled: L(locale, "Reserva cancelada", "Booking cancelled"), guest_changed: L(locale, "Cambio de huésped", "Guest changed") }[d.kind];
    return {
      subject: `${what}: ${d.reservationCode}, ${formatDate(d.checkin, locale)} (${d.hotelName})`,
      preview: `${d.guestName}, ${d.guests}`,
      heading: what,
      intro: [L(locale, `${d.agencyName} — ${d.guestName}.`, `${d.agencyName} — ${d.guestName}.`)],
      rows: [[L(locale, "Reserva", "Booking"), d.reservationCode], [L(locale, "Huésped", "Guest"), d.guestName], ...stayRows(d, locale), [L(locale, "Habitaciones", "Rooms"), String(d.rooms)], [L(locale, "Huéspedes", "Guests"), d.guests], [L(locale, "Agencia", "Agency"), d.agencyName]],
      outro: [],
      footer: hotelFooter(locale),
    };
  },
  sample: { hotelName: "Hotel Casa del Mar", kind: "new", reservationCode: "HB-7K2M9Q", guestName: "Laura Gómez", agencyName: "Viajes El Dorado", checkin: "2026-12-18", checkout: "2026-12-21", rooms: 1, guests: "2 adultos" },
};

export interface HotelArrivalsData {
  hotelName: string;
  day: string;
  arrivals: Array<{ reservationCode: string; guestName: string; agencyName: string; nights: number; rooms: number; guests: string; paid: boolean }>;
}

const hotelArrivals: TemplateDef<HotelArrivalsData> = {
  audience: "hotel",
  essential: false,
  owner: "user",
  optIn: true,
  title: "Llegadas del día (hotel)",
  content: (d, locale, base): EmailContent => {
    const n = d.arrivals.length;
    return {
      subject: L(locale, `Llegadas del ${formatDate(d.day, locale)} en ${d.hotelName}: ${n === 0 ? "ninguna" : n === 1 ? "1 reserva" : `${n} reservas`}`, `Arrivals on ${formatDate(d.day, locale)} at ${d.hotelName}: ${n === 0 ? "none" : n === 1 ? "1 booking" : `${n} bookings`}`),
      preview: n === 0 ? L(locale, "Hoy no llega ninguna reserva.", "No bookings arrive today.") : d.arrivals.map((a) => a.guestName).join(", "),
      heading: L(locale, `Llegadas de hoy, ${formatDate(d.day, locale)}`, `Today's arrivals, ${formatDate(d.day, locale)}`),
      intro: [n === 0 ? L(locale, `Hoy no llega ninguna reserva a ${d.hotelName}.`, `No bookings arrive at ${d.hotelName} today.`) : L(locale, `Estas reservas llegan hoy a ${d.hotelName}:`, `These bookings arrive at ${d.hotelName} today:`)],
      rows: d.arrivals.map((a): [string, string] => [
        `${a.reservationCode} · ${a.guestName}`,
        L(locale, `${a.nights} ${a.nights === 1 ? "noche" : "noches"}, ${a.rooms} ${a.rooms === 1 ? "habitación" : "habitaciones"}, ${a.guests} · ${a.agencyName} · ${a.paid ? "pagada" : "pendiente de pago"}`, `${a.nights} ${a.nights === 1 ? "night" : "nights"}, ${a.rooms} ${a.rooms === 1 ? "room" : "rooms"}, ${a.guests} · ${a.agencyName} · ${a.paid ? "paid" : "awaiting payment"}`),
      ]),
      button: { label: L(locale, "Ver las llegadas", "See the arrivals"), url: absolute(base, "/reservations/arrivals"), hint: linkHint(locale) },
      outro: [],
      footer: L(locale, `Resumen diario de ${PRODUCT_NAME} que usted pidió. Puede desactivarlo en el portal (Preferencias de correo).`, `Daily ${PRODUCT_NAME} digest you asked for. You can turn it off in the portal (E-mail preferences).`),
    };
  },
  sample: {
    hotelName: "Hotel Casa del Mar",
    day: "2026-12-18",
    arrivals: [
      { reservationCode: "HB-7K2M9Q", guestName: "Laura Gómez", agencyName: "Viajes El Dorado", nights: 3, rooms: 1, guests: "2 adultos", paid: true },
      { reservationCode: "HB-3P8Z2W", guestName: "Camilo Ríos", agencyName: "Turismo Andino", nights: 1, rooms: 2, guests: "4 adultos", paid: false },
    ],
  },
};

// ------------------------------------------------------------------------------------------------ the catalog

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const TEMPLATES: Record<string, TemplateDef<any>> = {
  payment_receipt: paymentReceipt,
  order_instructions: orderInstructions,
  payment_link: paymentLink,
  reservation_confirmed: reservationConfirmed,
  refund_made: refundMade,
  payment_received: paymentReceived,
  reservation_expired: reservationExpired,
  link_expired: linkExpired,
  webhook_failing: webhookFailing,
  balance_low: balanceLow,
  hotel_booking: hotelBooking,
  hotel_arrivals: hotelArrivals,
  user_invitation: userInvitation,
  password_reset: passwordReset,
  credentials_changed: credentialsChanged,
};

export type TemplateName = keyof typeof TEMPLATES;
export const isTemplate = (name: string): boolean => Object.prototype.hasOwnProperty.call(TEMPLATES, name);
