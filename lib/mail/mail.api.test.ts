// The mail outbox end to end against a real SMTP server (smtp-server + mailparser), on PGlite and PostgreSQL:
// each e-mail arrives once with the right recipient, subject, Spanish body, amounts, links and PDF; SMTP down
// then up loses nothing; two workers at once send each e-mail once; refusals mark the address.
import { beforeAll, describe, expect, it } from "vitest";
import type { ParsedMail } from "mailparser";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel } from "@/lib/testing/factories";
import { bookedReservation, cardOrder, cashOrder, pendingReservation, publicKeyPem } from "@/lib/testing/payments";
import type { TestSmtp } from "@/lib/testing/smtp";
import { TEST_MAIL_FROM, withMailApi } from "@/lib/testing/mail-api";
import { formatDateTime, formatMoney } from "@/lib/format";
import { enqueueEmail } from "./outbox";
import { sendDueEmails } from "./deliver";

let api: TestServer;
let smtp: TestSmtp;
let pem: string;

withMailApi({ auth: { user: "hotelpay", pass: "s3cr3t:/@" }, env: { MAIL_FROM: TEST_MAIL_FROM }, unset: ["MAIL_MAX_PER_RECIPIENT_HOUR"] }, (m) => ({ api, smtp } = m));
beforeAll(async () => {
  pem = await publicKeyPem(api);
});

const cron = (now?: Date) =>
  apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/emails", { body: now ? { now: now.toISOString() } : {} });
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address;
const byRecipient = (address: string) => smtp.received.filter((m) => to(m)?.toLowerCase() === address.toLowerCase());
/** Subjects are one plain line: the no-break space Intl puts after "$" is a plain space there. */
const money = (n: number) => formatMoney(n).replace(/\s/g, " ");
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("e-mails of a payment", () => {
  it("a card payment in full: the guest's receipt with the voucher PDF, the agency's notice and 'reservation confirmed', each once", async () => {
    const b = await bookedReservation(api, { checkin: future(30) });
    const pay = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, b.hotel.id, b.code, b.amount, { email: "Laura.Pagos@Example.co" }) });
    expect(pay.data).toMatchObject({ msg: "Pago aprobado" });
    const rows = await api.db.prisma.email.findMany({ where: { agencyId: b.agency.id }, orderBy: { template: "asc" } });
    expect(rows.map((r) => [r.template, r.status])).toEqual([
      ["payment_receipt", "pending"],
      ["payment_received", "pending"],
      ["reservation_confirmed", "pending"],
    ]);

    expect((await cron()).data).toEqual({ processed: 3 });
    await smtp.waitFor(3);
    const amount = money(b.amount);

    const [receipt] = byRecipient("Laura.Pagos@example.co");
    expect(receipt.subject).toBe(`Pago aprobado: ${amount} en ${b.hotel.name}`);
    expect(receipt.from?.text).toBe('"HotelPay" <no-reply@hotelpay.test>');
    expect(receipt.text).toContain("Su pago fue aprobado");
    expect(receipt.text).toContain(`Valor pagado:`);
    expect(receipt.text).toContain(formatMoney(b.amount));
    expect(receipt.text).toMatch(/Código de autorización:\s+\S+/);
    expect(receipt.text).toContain(b.code);
    expect(receipt.text).not.toMatch(/tx_[0-9a-f]{8}|res_|lnk_|eml_/);
    expect(receipt.html).toContain("Su pago fue aprobado");
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0].contentType).toBe("application/pdf");
    expect(receipt.attachments[0].filename).toMatch(/^comprobante-\d{8}\.pdf$/);
    expect(receipt.attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    // The link in the e-mail is the guest's voucher page; the voucher it names exists.
    const voucherUrl = /http:\/\/localhost:3000\/vouchers\/([A-Za-z0-9_-]+)/.exec(receipt.text ?? "");
    expect(voucherUrl).not.toBeNull();
    expect((await apiClient(api).GET("/v2/vouchers/{code}", { params: { path: { code: voucherUrl![1] } } })).data).toMatchObject({ status: "approved", method: "card" });

    const [notice] = byRecipient(b.agency.emailForNotifications);
    expect(notice.subject).toBe(`Pago recibido: ${amount} de Laura Gómez`);
    expect(notice.text).toContain(`Reserva:`);
    expect(notice.attachments).toHaveLength(0);

    const [confirmed] = byRecipient(b.reservation.email);
    expect(confirmed.subject).toMatch(new RegExp(`^Reserva confirmada en ${b.hotel.name}: \\d{2}/\\d{2}/\\d{4}$`));
    expect(confirmed.text).toContain("quedó pagada en su totalidad");

    expect((await cron()).data).toEqual({ processed: 0 });
    expect(smtp.received).toHaveLength(3);
    const after = await api.db.prisma.email.findMany({ where: { agencyId: b.agency.id } });
    expect(after.every((r) => r.status === "sent" && r.attemptCount === 1 && r.sentAt !== null)).toBe(true);
  });

  it("a cash order: the guest gets the amount, the reference and until when; approving it sends the receipt", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const order = cashOrder(hotel.id, "PEDIDO-77", 185000);
    order.order.email = "efectivo@example.co";
    const c = await apiClient(api, key).POST("/v2/apms/cash", { body: order });
    expect(c.response.status).toBe(200);
    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    const t = await api.db.prisma.paymentTransaction.findUniqueOrThrow({ where: { id: c.data!.transaction_id } });
    expect(to(m)).toBe("efectivo@example.co");
    expect(m.subject).toBe(`Su referencia para pagar ${money(185000)} en efectivo`);
    expect(m.text).toContain(t.paymentReference!);
    expect(m.text).toContain("Efecty");
    expect(m.text).toContain(formatDateTime(t.expiresAt!));
    expect(m.attachments).toHaveLength(0);

    const s = await apiClient(api, key).POST("/v2/apms/transactions/{transaction_id}/simulate", { params: { path: { transaction_id: t.id } }, body: { outcome: "approved" } });
    expect(s.data!.status).toBe("approved");
    expect((await cron()).data).toEqual({ processed: 2 });
    await smtp.waitFor(3);
    const receipt = byRecipient("efectivo@example.co").find((x) => x.subject?.startsWith("Pago aprobado"));
    expect(receipt?.attachments[0]?.contentType).toBe("application/pdf");
    expect(receipt?.text).toContain("Referencia de pago:");
    expect(byRecipient(agency.emailForNotifications).map((x) => x.subject)).toEqual([`Pago recibido: ${money(185000)} de Laura Gómez`]);
  });
});

describe("a refund", () => {
  it("the guest is told how much comes back, with the refund's voucher attached", async () => {
    const b = await bookedReservation(api, { checkin: future(50) });
    const pay = await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, b.hotel.id, b.code, b.amount, { email: "reembolso@example.co" }) });
    const id = pay.data!.transaction_id!;
    await cron();
    await smtp.waitFor(3);
    smtp.received.length = 0;
    const r = await apiClient(api, b.key).POST("/v2/payments/{id}/refund", { params: { path: { id } }, body: { amount: 50000, reason: "Cambio de fechas" } });
    expect(r.response.status).toBe(200);
    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    expect(to(m)).toBe("reembolso@example.co");
    expect(m.subject).toBe(`Reembolso de ${money(50000)} de su pago en ${b.hotel.name}`);
    expect(m.text).toContain("Cambio de fechas");
    expect(m.attachments[0]?.contentType).toBe("application/pdf");
  });
});

describe("e-mails of links and reservations", () => {
  it("'enviar por correo' sends the link once to its address, with the hotel, amount, deadline and a working link", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, { name: "Hotel Las Palmas" });
    const link = await apiClient(api, key).POST("/v2/links/schedule", {
      body: { hotel_id: hotel.id, guest_name: "Camilo Ríos", email: "camilo@example.co", phone: "3001234567", amount: "420000", description: "Dos noches, habitación doble", available_hours: 24, agency_id: agency.id },
    });
    expect(link.response.status).toBe(200);
    const send = () => apiClient(api, key).POST("/v2/links/{code}/email", { params: { path: { code: link.data!.code } } });
    const first = await send();
    expect(first.response.status).toBe(200);
    expect(first.data!.msg).toBe("Enlace enviado por correo a camilo@example.co");
    expect((await send()).data!.msg).toBe("El enlace ya se había enviado a camilo@example.co");
    // Another agency cannot send it.
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, other.key).POST("/v2/links/{code}/email", { params: { path: { code: link.data!.code } } })).response.status).toBe(404);

    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    expect(to(m)).toBe("camilo@example.co");
    expect(m.subject).toBe(`${agency.name}: pague ${money(420000)} para Hotel Las Palmas`);
    expect(m.text).toContain("Hola Camilo Ríos:");
    expect(m.text).toContain("Pague antes del:");
    expect(m.text).toContain(link.data!.url);
    expect(m.html).toContain(`href="${link.data!.url}"`);
    expect(link.data!.url).toBe(`http://localhost:3000/pay/${link.data!.code}`);
    expect((await apiClient(api, key).GET("/v2/links/{code}", { params: { path: { code: link.data!.code } } })).data).toMatchObject({ status: "active" });
  });

  it("a reservation that expires unpaid: its agency is told once", async () => {
    const { agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db);
    const r = await pendingReservation(api.db, { agencyId: agency.id, hotelId: hotel.id, paymentDeadline: new Date(Date.now() - 60_000) });
    const expiry = await apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/reservations-expiry", { body: {} });
    expect(expiry.data!.processed).toBeGreaterThanOrEqual(1);
    expect((await cron()).data!.processed).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(1);
    const mine = byRecipient(agency.emailForNotifications);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe(`Reserva ${r.code} vencida sin pagar (${hotel.name})`);
    expect(mine[0].text).toContain("volvieron al inventario");
  });
});

describe("delivery", () => {
  const enqueue = (n: number, prefix: string) =>
    api.db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await enqueueEmail(tx, { template: "credentials_changed", factKey: `${prefix}:${i}`, to: `${prefix}-${i}@example.co`, toName: "Ana", data: { name: "Ana", what: "password", at: new Date().toISOString() } }, new Date());
      }
    });

  it("SMTP down for a while, then up: every e-mail arrives once", async () => {
    await smtp.stop();
    await enqueue(3, "caida");
    const t0 = new Date();
    expect((await cron(t0)).data).toEqual({ processed: 3 });
    const waiting = await api.db.prisma.email.findMany({ where: { factKey: { startsWith: "caida:" } } });
    expect(waiting.every((e) => e.status === "pending" && e.attemptCount === 1 && /conexión|ECONNREFUSED/i.test(e.lastError ?? ""))).toBe(true);
    // Still down at the first retry.
    expect((await cron(new Date(t0.getTime() + 40_000))).data).toEqual({ processed: 3 });
    await smtp.start();
    process.env.SMTP_URL = smtp.url;
    // Not due yet: nothing is sent before its backoff.
    expect((await cron(new Date(t0.getTime() + 41_000))).data).toEqual({ processed: 0 });
    expect((await cron(new Date(t0.getTime() + 4 * 60_000))).data).toEqual({ processed: 3 });
    await smtp.waitFor(3);
    expect((await cron(new Date(t0.getTime() + 60 * 60_000))).data).toEqual({ processed: 0 });
    expect(smtp.received.map(to).sort()).toEqual(["caida-0@example.co", "caida-1@example.co", "caida-2@example.co"]);
    const done = await api.db.prisma.email.findMany({ where: { factKey: { startsWith: "caida:" } } });
    expect(done.every((e) => e.status === "sent" && e.attemptCount === 3)).toBe(true);
  });

  it("two workers at once send each e-mail once (claim with lease, SKIP LOCKED)", async () => {
    await enqueue(12, "doble");
    const now = new Date();
    const [a, b] = await Promise.all([sendDueEmails(api.db, now), sendDueEmails(api.db, now)]);
    expect(a + b).toBe(12);
    await smtp.waitFor(12);
    expect(new Set(smtp.received.map(to)).size).toBe(12);
    expect((await cron()).data).toEqual({ processed: 0 });
    expect(smtp.received).toHaveLength(12);
  });

  it("a permanent refusal marks the address, stops retries, and later e-mails to it are not sent", async () => {
    smtp.refuse.add("noexiste@example.co");
    await api.db.prisma.$transaction((tx) => enqueueEmail(tx, { template: "credentials_changed", factKey: "rechazo:1", to: "noexiste@example.co", data: { name: "Ana", what: "email", at: new Date().toISOString() } }, new Date()));
    expect((await cron()).data).toEqual({ processed: 1 });
    const e = await api.db.prisma.email.findFirstOrThrow({ where: { factKey: "rechazo:1" } });
    expect(e.status).toBe("failed");
    expect(e.lastError).toMatch(/^SMTP 550 en RCPT TO/);
    expect(await api.db.prisma.emailSuppression.findUnique({ where: { address: "noexiste@example.co" } })).not.toBeNull();
    expect((await cron(new Date(Date.now() + 3_600_000))).data).toEqual({ processed: 0 });
    await api.db.prisma.$transaction((tx) => enqueueEmail(tx, { template: "credentials_changed", factKey: "rechazo:2", to: "NoExiste@Example.co", data: { name: "Ana", what: "email", at: new Date().toISOString() } }, new Date()));
    const later = await api.db.prisma.email.findFirstOrThrow({ where: { factKey: "rechazo:2" } });
    expect(later.status).toBe("suppressed");
    expect(smtp.received).toHaveLength(0);
  });

  it("header injection is impossible: CR/LF in names and subjects stay inside one header, nothing is added", async () => {
    await api.db.prisma.$transaction((tx) =>
      enqueueEmail(
        tx,
        {
          template: "payment_link",
          factKey: "inyeccion:1",
          to: "victima@example.co",
          toName: 'Laura\r\nBcc: atacante@example.co\r\n"X',
          data: { guestName: "Laura <b>negrita</b>", agencyName: "Agencia\r\nBcc: atacante@example.co", hotelName: `Hotel ${"muy largo ".repeat(40)}`, amount: "1000", currency: "COP", description: "<script>alert(1)</script>", checkin: null, checkout: null, expiresAt: new Date().toISOString(), payPath: "/pay/abc" },
        },
        new Date(),
      ),
    );
    expect((await cron()).data).toEqual({ processed: 1 });
    const [m] = await smtp.waitFor(1);
    expect(m.headers.has("bcc")).toBe(false);
    expect(m.bcc).toBeUndefined();
    expect(to(m)).toBe("victima@example.co");
    expect(m.subject!.length).toBeLessThanOrEqual(150);
    expect(m.subject).not.toMatch(/[\r\n]/);
    expect(m.subject).toMatch(/^Agencia Bcc: atacante@example\.co: pague/);
    expect(m.html).not.toContain("<script>");
    expect(m.html).toContain("&lt;script&gt;");
    expect(m.html).not.toContain("<b>negrita</b>");
  });

  it("a per-recipient rate limit: past it, e-mails are recorded as not sent", async () => {
    process.env.MAIL_MAX_PER_RECIPIENT_HOUR = "2";
    await api.db.prisma.$transaction(async (tx) => {
      for (let i = 0; i < 4; i++) await enqueueEmail(tx, { template: "credentials_changed", factKey: `limite:${i}`, to: "bucle@example.co", data: { name: "Ana", what: "password", at: new Date().toISOString() } }, new Date());
    });
    const rows = await api.db.prisma.email.findMany({ where: { factKey: { startsWith: "limite:" } }, orderBy: { factKey: "asc" } });
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending", "suppressed", "suppressed"]);
    expect(rows[2].lastError).toBe("Límite de correos por hora a esta dirección alcanzado");
  });

  it("without SMTP_URL e-mails are kept; the operator reads them rendered, with the PDF, in /api/emails", async () => {
    delete process.env.SMTP_URL;
    const b = await bookedReservation(api, { checkin: future(40) });
    await apiClient(api, b.key).POST("/v2/virtual-terminal/credit-card", { body: cardOrder(pem, b.hotel.id, b.code, b.amount) });
    expect((await cron()).data).toEqual({ processed: 3 });
    expect(smtp.received).toHaveLength(0);
    const list = await apiClient(api, OPERATOR_KEY).GET("/emails", { params: { query: { template: "payment_receipt", per_page: 100 } } });
    expect(list.data!.mode).toBe("outbox");
    const item = list.data!.items.find((i) => i.recipient === "laura@example.co" && i.status === "kept");
    expect(item).toMatchObject({ status_label: "Guardado (sin SMTP)", attachments: 1 });
    const detail = await apiClient(api, OPERATOR_KEY).GET("/emails/{id}", { params: { path: { id: item!.id } } });
    expect(detail.data!.html).toContain("Su pago fue aprobado");
    expect(detail.data!.text).toContain(formatMoney(b.amount));
    expect(detail.data!.attachments).toEqual([{ index: 0, filename: expect.stringMatching(/^comprobante-\d{8}\.pdf$/), available: true }]);
    const pdf = await api.call("GET", `/api/emails/${item!.id}/attachments/0`, { key: OPERATOR_KEY });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The agency sees its own e-mails, another agency does not.
    expect((await apiClient(api, b.key).GET("/emails/{id}", { params: { path: { id: item!.id } } })).response.status).toBe(200);
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, other.key).GET("/emails/{id}", { params: { path: { id: item!.id } } })).response.status).toBe(404);
    expect((await apiClient(api, other.key).GET("/emails", { params: { query: {} } })).data!.items.some((i) => i.id === item!.id)).toBe(false);
    // Bad input is a Spanish 400.
    const bad = await apiClient(api, OPERATOR_KEY).GET("/emails", { params: { query: { status: "nope" as never } } });
    expect(bad.response.status).toBe(400);
  });

  it("every template renders a preview with sample data", async () => {
    const t = await apiClient(api, OPERATOR_KEY).GET("/emails/templates");
    expect(t.data!.items.length).toBeGreaterThanOrEqual(10);
    for (const { name } of t.data!.items) {
      const p = await apiClient(api, OPERATOR_KEY).GET("/emails/templates/{name}/preview", { params: { path: { name }, query: {} } });
      expect(p.response.status).toBe(200);
      expect(p.data!.html).toContain("HotelPay");
      expect(p.data!.text.length).toBeGreaterThan(50);
    }
  });
});
