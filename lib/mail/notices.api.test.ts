// The notices of issue 29 end to end against a real SMTP server, on PGlite and PostgreSQL: a link expired unpaid,
// a failing webhook (once per streak), a low balance (once per crossing), the hotel admins' booking e-mails and
// daily arrivals digest (once per hotel and day), 'Preferencias de correo' (turned off = recorded `suppressed`,
// essential ones cannot be), marked addresses cleared by the agency, kept e-mails not mass-sent when SMTP comes,
// and the invitation written with the user.
import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ParsedMail } from "mailparser";
import { OPERATOR_KEY } from "@/lib/testing/api";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey, createHotel, createUser, sessionCookieFor } from "@/lib/testing/factories";
import { reservationBody, sellableHotel } from "@/lib/testing/booking-fixtures";
import { bookedReservation, pendingReservation } from "@/lib/testing/payments";
import type { TestSmtp } from "@/lib/testing/smtp";
import { TEST_MAIL_FROM, withMailApi } from "@/lib/testing/mail-api";
import { formatMoney } from "@/lib/format";
import { addDays } from "@/lib/time";
import { FAILURE_WARNING_STREAK } from "@/lib/webhooks/service";
import { enqueueEmail } from "./outbox";

let api: TestServer;
let smtp: TestSmtp;

withMailApi({ env: { MAIL_FROM: TEST_MAIL_FROM }, unset: ["MAIL_KEPT_SEND_HOURS"] }, (m) => ({ api, smtp } = m));

const asCron = () => apiClient(api, undefined, { authorization: "Bearer test-cron-secret" });
const sendEmails = async (now?: Date) => (await asCron().POST("/cron/emails", { body: now ? { now: now.toISOString() } : {} })).data!.processed;
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address?.toLowerCase();
const byRecipient = (address: string) => smtp.received.filter((m) => to(m) === address.toLowerCase());
const money = (n: number) => formatMoney(n).replace(/\s/g, " ");
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const rowsOf = (where: { template: string; agencyId?: number; userId?: number; recipient?: string }) => api.db.prisma.email.findMany({ where, orderBy: { createdAt: "asc" } });

describe("agency notices", () => {
  it("a link that expires unpaid: its agency is told once, in Spanish, with the guest, the amount and no internal id", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, { name: "Hotel Las Brisas" });
    const link = await apiClient(api, key).POST("/v2/links/schedule", {
      body: { hotel_id: hotel.id, guest_name: "Camilo Ríos", email: "camilo@example.co", phone: "3001234567", amount: "420000", description: "Dos noches en Las Brisas", available_hours: 24, agency_id: agency.id },
    });
    expect(link.response.status).toBe(200);
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect((await asCron().POST("/cron/payment-links", { body: { now: later.toISOString() } })).data!.processed).toBeGreaterThanOrEqual(1);
    expect((await apiClient(api, key).GET("/v2/links/{code}", { params: { path: { code: link.data!.code } } })).data).toMatchObject({ status: "expired" });
    // A second run finds nothing to expire and writes nothing.
    await asCron().POST("/cron/payment-links", { body: { now: later.toISOString() } });
    expect(await rowsOf({ template: "link_expired", agencyId: agency.id })).toHaveLength(1);

    // Written at the expiry's instant, due from then.
    expect(await sendEmails(later)).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(1);
    const mine = byRecipient(agency.emailForNotifications);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe(`Enlace de pago vencido sin pagar: Camilo Ríos, ${money(420000)}`);
    expect(mine[0].text).toContain("Dos noches en Las Brisas");
    expect(mine[0].text).toContain("Hotel Las Brisas");
    expect(mine[0].text).toMatch(/venció el \d{2}\/\d{2}\/\d{4}/);
    expect(mine[0].text).not.toMatch(/lnk_|eml_|tx_/);
  });

  it("a failing webhook: one e-mail when the streak reaches the warning, none for further failures, a new one after a success and a new streak", async () => {
    let status = 500;
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(status).end());
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const { agency } = await agencyWithKey(api.db, { webhookUrl: url });
      const deliveries = async (n: number, tag: string) => {
        for (let i = 0; i < n; i++) {
          await api.db.prisma.webhookDelivery.create({ data: { id: `msg_${tag}_${i}_${agency.id}`, agencyId: agency.id, event: "webhook.test", url, payload: "{}", status: "pending", nextAttemptAt: new Date(), createdAt: new Date() } });
        }
      };
      const webhooksRun = () => asCron().POST("/cron/webhooks", { body: {} });
      await deliveries(FAILURE_WARNING_STREAK + 2, "a");
      expect((await webhooksRun()).data!.processed).toBe(FAILURE_WARNING_STREAK + 2);
      expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: agency.id } })).webhookFailureStreak).toBe(FAILURE_WARNING_STREAK + 2);
      expect(await rowsOf({ template: "webhook_failing", agencyId: agency.id })).toHaveLength(1);

      // One more failure in the same streak: nothing new.
      await deliveries(1, "b");
      await webhooksRun();
      expect(await rowsOf({ template: "webhook_failing", agencyId: agency.id })).toHaveLength(1);

      // A success ends the streak; the next streak that reaches the warning is told again.
      status = 200;
      await deliveries(1, "c");
      await webhooksRun();
      expect((await api.db.prisma.agency.findUniqueOrThrow({ where: { id: agency.id } })).webhookFailureStreak).toBe(0);
      status = 503;
      await deliveries(FAILURE_WARNING_STREAK, "d");
      await webhooksRun();
      expect(await rowsOf({ template: "webhook_failing", agencyId: agency.id })).toHaveLength(2);

      expect(await sendEmails()).toBe(2);
      await smtp.waitFor(2);
      const mine = byRecipient(agency.emailForNotifications);
      expect(mine.map((m) => m.subject)).toEqual([`Su webhook no responde: ${FAILURE_WARNING_STREAK} intentos fallidos seguidos`, `Su webhook no responde: ${FAILURE_WARNING_STREAK} intentos fallidos seguidos`]);
      expect(mine.every((x) => x.text?.includes(url))).toBe(true);
      expect(mine.map((x) => (x.text?.includes("HTTP 503") ? "503" : x.text?.includes("HTTP 500") ? "500" : "?")).sort()).toEqual(["500", "503"]);
    } finally {
      receiver.close();
    }
  });

  it("a low balance: the agency sets its alert; one e-mail per crossing below it, none while it stays below", async () => {
    const checkin = future(60);
    const b = await bookedReservation(api, { checkin, balance: 500_000 });
    const balance = async () => (await api.db.prisma.agency.findUniqueOrThrow({ where: { id: b.agency.id } })).balance.toNumber();
    const payFromBalance = async (code: string) => expect((await apiClient(api, b.key).POST("/v2/bookings/chatbot/{booking_id}/pay-from-balance", { params: { path: { booking_id: code } } })).response.status).toBe(200);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 3, rooms: 3, price: 50_000 });
    const book = async (from: number, nights: number) => {
      const r = await apiClient(api, b.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, { checkin: addDays(checkin, from), checkout: addDays(checkin, from + nights), nights }) });
      return (r.data as { chatbot_id: string }).chatbot_id;
    };
    // Bad input is a Spanish 400 and changes nothing.
    const bad = await apiClient(api, b.key).PUT("/email-preferences", { body: { balance_alert_threshold: -5 } });
    expect(bad.response.status).toBe(400);
    const threshold = 500_000 - b.amount + 1;
    const set = await apiClient(api, b.key).PUT("/email-preferences", { body: { balance_alert_threshold: threshold } });
    expect(set.data).toMatchObject({ owner: "agency", is_preloaded: true, balance_alert_threshold: threshold });

    // Paying the reservation takes the balance just below the alert: one e-mail.
    await payFromBalance(b.code);
    const low = await balance();
    expect(low).toBe(500_000 - b.amount);
    expect(await rowsOf({ template: "balance_low", agencyId: b.agency.id })).toHaveLength(1);
    // A second booking paid from balance while already below: no new e-mail.
    await payFromBalance(await book(0, 1));
    expect(await rowsOf({ template: "balance_low", agencyId: b.agency.id })).toHaveLength(1);

    expect(await sendEmails()).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(1);
    const [m] = byRecipient(b.agency.emailForNotifications).filter((x) => x.subject?.startsWith("Su saldo"));
    expect(m.subject).toBe(`Su saldo bajó a ${money(low)}`);
    expect(m.text).toContain(formatMoney(threshold));
    expect(m.text).toContain(b.code);

    // Topped up above the alert: the next debit that crosses it writes a second e-mail.
    await apiClient(api, OPERATOR_KEY).POST("/v2/agencies/{id}/balance/top-ups", { params: { path: { id: b.agency.id } }, body: { amount: "400000" } });
    await apiClient(api, b.key).PUT("/email-preferences", { body: { balance_alert_threshold: (await balance()) - 1 } });
    await payFromBalance(await book(1, 2));
    const rows = await rowsOf({ template: "balance_low", agencyId: b.agency.id });
    expect(rows).toHaveLength(2);
    expect(rows[1].subject).toBe(`Su saldo bajó a ${money(await balance())}`);
    // No alert (null): nothing more is written.
    expect((await apiClient(api, b.key).PUT("/email-preferences", { body: { balance_alert_threshold: null } })).data!.balance_alert_threshold).toBeNull();
    await payFromBalance(await book(2, 1));
    expect(await rowsOf({ template: "balance_low", agencyId: b.agency.id })).toHaveLength(2);
  });
});

describe("hotel admins", () => {
  it("a booking made, its guest changed and cancelled: each admin of that hotel is told, an admin who turned it off gets it recorded as not sent", async () => {
    const checkin = future(45);
    const { hotel, rate, room } = await sellableHotel(api.db, { from: checkin, nights: 4, rooms: 3, price: 150_000 });
    const other = await createHotel(api.db);
    const admin = await createUser(api.db, "hotel_admin", { hotelIds: [hotel.id] });
    const quiet = await createUser(api.db, "hotel_admin", { hotelIds: [hotel.id] });
    const elsewhere = await createUser(api.db, "hotel_admin", { hotelIds: [other.id] });
    const asQuiet = apiClient(api, undefined, { cookie: await sessionCookieFor(api.db, quiet.id) });
    const off = await asQuiet.PUT("/email-preferences", { body: { templates: { hotel_booking: false } } });
    expect(off.response.status).toBe(200);
    expect(off.data!.items.find((i) => i.template === "hotel_booking")).toMatchObject({ enabled: false });
    // Receipts and invitations cannot be turned off; a template that is not the user's is refused.
    expect((await asQuiet.PUT("/email-preferences", { body: { templates: { password_reset: false } } })).response.status).toBe(400);
    expect((await asQuiet.PUT("/email-preferences", { body: { templates: { payment_received: false } } })).response.status).toBe(400);

    const { key } = await agencyWithKey(api.db);
    const made = await apiClient(api, key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, { checkin, checkout: addDays(checkin, 2), nights: 2 }) });
    const code = (made.data as { chatbot_id: string }).chatbot_id;
    expect((await apiClient(api, key).PUT("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: code } }, body: { reservation: { firstName: "Lucía" } } })).response.status).toBe(200);
    expect((await apiClient(api, key).POST("/v2/bookings/chatbot/{booking_id}/cancel", { params: { path: { booking_id: code } } })).response.status).toBe(200);

    const mine = await rowsOf({ template: "hotel_booking", userId: admin.id });
    expect(mine.map((e) => e.status)).toEqual(["pending", "pending", "pending"]);
    const theirs = await rowsOf({ template: "hotel_booking", userId: quiet.id });
    expect(theirs.map((e) => [e.status, e.lastError])).toEqual([
      ["suppressed", "El destinatario desactivó este tipo de aviso (Preferencias de correo)"],
      ["suppressed", "El destinatario desactivó este tipo de aviso (Preferencias de correo)"],
      ["suppressed", "El destinatario desactivó este tipo de aviso (Preferencias de correo)"],
    ]);
    expect(await rowsOf({ template: "hotel_booking", userId: elsewhere.id })).toHaveLength(0);

    expect(await sendEmails()).toBe(3);
    await smtp.waitFor(3);
    const got = byRecipient(admin.email);
    expect(got.map((m) => m.subject?.split(":")[0]).sort()).toEqual(["Cambio de huésped", "Reserva cancelada", "Reserva nueva"]);
    const changed = got.find((m) => m.subject?.startsWith("Cambio de huésped"))!;
    expect(changed.subject).toMatch(new RegExp(`^Cambio de huésped: ${code}, \\d{2}/\\d{2}/\\d{4} \\(${hotel.name}\\)$`));
    expect(changed.text).toContain("Lucía Gómez");
    expect(changed.text).toContain("2 adultos");
    expect(byRecipient(quiet.email)).toHaveLength(0);
  });

  it("the daily arrivals digest: only for admins who asked for it, from 6:00 Bogotá, once per hotel and day", async () => {
    const { agency } = await agencyWithKey(api.db);
    const hotel = await createHotel(api.db, { name: "Hotel Llegadas" });
    const wants = await createUser(api.db, "hotel_admin", { hotelIds: [hotel.id] });
    const not = await createUser(api.db, "hotel_admin", { hotelIds: [hotel.id] });
    const on = await apiClient(api, undefined, { cookie: await sessionCookieFor(api.db, wants.id) }).PUT("/email-preferences", { body: { templates: { hotel_arrivals: true } } });
    expect(on.data!.items.find((i) => i.template === "hotel_arrivals")).toMatchObject({ enabled: true, opt_in: true });
    await pendingReservation(api.db, { agencyId: agency.id, hotelId: hotel.id, paymentDeadline: new Date("2026-12-19T00:00:00Z") });
    const digest = async (at: string) => (await asCron().POST("/cron/arrivals-digest", { body: { now: at } })).data!.processed;

    expect(await digest("2026-12-20T10:30:00Z")).toBe(0); // 5:30 in Bogotá: not yet
    expect(await digest("2026-12-20T11:05:00Z")).toBe(1);
    expect(await digest("2026-12-20T11:06:00Z")).toBe(0);
    expect(await digest("2026-12-20T20:00:00Z")).toBe(0);
    const rows = await rowsOf({ template: "hotel_arrivals", recipient: wants.email });
    expect(rows).toHaveLength(1);
    expect(await rowsOf({ template: "hotel_arrivals", recipient: not.email })).toHaveLength(0);

    expect(await sendEmails(new Date("2026-12-20T11:06:00Z"))).toBe(1);
    const [m] = await smtp.waitFor(1);
    expect(to(m)).toBe(wants.email);
    expect(m.subject).toBe("Llegadas del 20/12/2026 en Hotel Llegadas: 1 reserva");
    expect(m.text).toContain("Laura Gómez");
    expect(m.text).toContain("pendiente de pago");
    // The next day writes the next digest (none arriving is said too).
    expect(await digest("2026-12-21T12:00:00Z")).toBe(1);
    const next = await rowsOf({ template: "hotel_arrivals", recipient: wants.email });
    expect(next[1].subject).toBe("Llegadas del 21/12/2026 en Hotel Llegadas: ninguna");
  });
});

describe("preferences, marked addresses and kept e-mails", () => {
  it("an agency turns off 'payment received': the e-mail is recorded as not sent with the reason; turned on again, it is sent", async () => {
    const b = await bookedReservation(api, { checkin: future(70) });
    const before = await apiClient(api, b.key).GET("/email-preferences", { params: { query: {} } });
    expect(before.data!.address).toBe(b.agency.emailForNotifications);
    expect(before.data!.items.map((i) => i.template).sort()).toEqual(["balance_low", "link_expired", "payment_received", "reservation_confirmed", "reservation_expired", "webhook_failing"]);
    expect(before.data!.items.every((i) => i.enabled)).toBe(true);
    await apiClient(api, b.key).PUT("/email-preferences", { body: { templates: { payment_received: false } } });
    await api.db.prisma.$transaction((tx) =>
      enqueueEmail(tx, { template: "payment_received", factKey: `test:${b.agency.id}:1`, to: b.agency.emailForNotifications, data: { agencyName: "A", guestName: "G", hotelName: "H", amount: "1000", currency: "COP", method: "card", reservationCode: null, linkDescription: null, paidAt: new Date().toISOString() }, agencyId: b.agency.id, optOutOwners: [`agency:${b.agency.id}`] }, new Date()),
    );
    const [row] = await rowsOf({ template: "payment_received", agencyId: b.agency.id });
    expect(row).toMatchObject({ status: "suppressed", lastError: "El destinatario desactivó este tipo de aviso (Preferencias de correo)" });
    const listed = await apiClient(api, b.key).GET("/emails", { params: { query: { status: "suppressed" } } });
    expect(listed.data!.items.map((i) => i.id)).toContain(row.id);
    // The operator edits an agency's preferences by naming it; another agency cannot.
    const other = await agencyWithKey(api.db);
    expect((await apiClient(api, other.key).PUT("/email-preferences", { body: { agency_id: b.agency.id, templates: { payment_received: true } } })).response.status).toBe(404);
    expect((await apiClient(api, OPERATOR_KEY).PUT("/email-preferences", { body: { agency_id: b.agency.id, templates: { payment_received: true } } })).data!.items.find((i) => i.template === "payment_received")!.enabled).toBe(true);
    await api.db.prisma.$transaction((tx) =>
      enqueueEmail(tx, { template: "payment_received", factKey: `test:${b.agency.id}:2`, to: b.agency.emailForNotifications, data: { agencyName: "A", guestName: "G", hotelName: "H", amount: "1000", currency: "COP", method: "card", reservationCode: null, linkDescription: null, paidAt: new Date().toISOString() }, agencyId: b.agency.id, optOutOwners: [`agency:${b.agency.id}`] }, new Date()),
    );
    expect((await rowsOf({ template: "payment_received", agencyId: b.agency.id })).map((r) => r.status)).toEqual(["suppressed", "pending"]);
  });

  it("a refused address is listed for the agency whose e-mail it refused, and the agency clears the mark after fixing it", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const other = await agencyWithKey(api.db);
    smtp.refuse.add("mal-escrito@example.co");
    const write = (n: number) =>
      api.db.prisma.$transaction((tx) => enqueueEmail(tx, { template: "credentials_changed", factKey: `marca:${agency.id}:${n}`, to: "mal-escrito@example.co", data: { name: "Ana", what: "password", at: new Date().toISOString() }, agencyId: agency.id }, new Date()));
    await write(1);
    expect(await sendEmails()).toBe(1);
    const listed = await apiClient(api, key).GET("/email-suppressions");
    expect(listed.data!.items).toEqual([{ address: "mal-escrito@example.co", reason: expect.stringMatching(/^SMTP 550 en RCPT TO/), marked_at: expect.any(String), emails: 1 }]);
    expect((await apiClient(api, other.key).GET("/email-suppressions")).data!.items.some((i) => i.address === "mal-escrito@example.co")).toBe(false);
    expect((await apiClient(api, other.key).POST("/email-suppressions/clear", { body: { address: "mal-escrito@example.co" } })).response.status).toBe(404);
    await write(2);
    expect((await api.db.prisma.email.findFirstOrThrow({ where: { factKey: `marca:${agency.id}:2` } })).status).toBe("suppressed");

    smtp.refuse.clear();
    const cleared = await apiClient(api, key).POST("/email-suppressions/clear", { body: { address: "Mal-Escrito@example.co" } });
    expect(cleared.data!.msg).toBe("Se quitó la marca de mal-escrito@example.co; los próximos correos le llegarán");
    const notMarked = await apiClient(api, key).POST("/email-suppressions/clear", { body: { address: "mal-escrito@example.co" } });
    expect(notMarked.response.status).toBe(404);
    expect(notMarked.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "La dirección no está marcada" });
    await write(3);
    expect(await sendEmails()).toBe(1);
    const [m] = await smtp.waitFor(1);
    expect(to(m)).toBe("mal-escrito@example.co");
  });

  it("e-mails kept without SMTP are not sent when SMTP is configured later; the operator can send a recent one, once", async () => {
    delete process.env.SMTP_URL;
    const write = (n: number, at: Date) =>
      api.db.prisma.$transaction((tx) => enqueueEmail(tx, { template: "credentials_changed", factKey: `guardado:${n}:${at.getTime()}`, to: `guardado-${n}@example.co`, data: { name: "Ana", what: "password", at: at.toISOString() } }, at));
    const old = new Date(Date.now() - 30 * 3_600_000);
    await write(1, old);
    await write(2, new Date());
    expect(await sendEmails()).toBe(2);
    const kept = await api.db.prisma.email.findMany({ where: { recipient: { in: ["guardado-1@example.co", "guardado-2@example.co"] } }, orderBy: { recipient: "asc" } });
    expect(kept.map((e) => e.status)).toEqual(["kept", "kept"]);
    // Without SMTP, asking to send is refused.
    const noSmtp = await apiClient(api, OPERATOR_KEY).POST("/emails/{id}/send", { params: { path: { id: kept[1].id } } });
    expect(noSmtp.response.status).toBe(409);
    expect(noSmtp.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "No hay SMTP configurado (SMTP_URL): el correo seguiría guardado" });

    process.env.SMTP_URL = smtp.url;
    expect(await sendEmails(new Date(Date.now() + 3_600_000))).toBe(0);
    expect(smtp.received).toHaveLength(0);
    // Older than MAIL_KEPT_SEND_HOURS (24 h): refused; a recent one: sent once; asking twice does not send twice.
    const tooOld = await apiClient(api, OPERATOR_KEY).POST("/emails/{id}/send", { params: { path: { id: kept[0].id } } });
    expect(tooOld.response.status).toBe(409);
    expect(tooOld.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "El correo tiene más de 24 horas: ya no se envía (la información puede haber cambiado)" });
    expect((await apiClient(api, OPERATOR_KEY).POST("/emails/{id}/send", { params: { path: { id: kept[1].id } } })).data).toMatchObject({ status: "pending" });
    const twice = await apiClient(api, OPERATOR_KEY).POST("/emails/{id}/send", { params: { path: { id: kept[1].id } } });
    expect(twice.response.status).toBe(409);
    expect(twice.error).toEqual({ code: "409", message: "Conflicto con el estado actual del recurso", detail: "Solo se envía a pedido un correo guardado sin SMTP" });
    const unknown = await apiClient(api, OPERATOR_KEY).POST("/emails/{id}/send", { params: { path: { id: "eml_desconocido0000" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({ code: "404", message: "Recurso no encontrado", detail: "El correo no existe" });
    const agency = await agencyWithKey(api.db);
    expect((await apiClient(api, agency.key).POST("/emails/{id}/send", { params: { path: { id: kept[1].id } } })).response.status).toBe(403);
    expect(await sendEmails()).toBe(1);
    const [m] = await smtp.waitFor(1);
    expect(to(m)).toBe("guardado-2@example.co");
    expect(await sendEmails()).toBe(0);
    expect((await api.db.prisma.email.findUniqueOrThrow({ where: { id: kept[0].id } })).status).toBe("kept");
  });

  it("an invited hotel admin: the user and the invitation are written together; a duplicate e-mail writes neither", async () => {
    const hotel = await createHotel(api.db);
    const email = `invitado-${hotel.id}@example.co`;
    const created = await apiClient(api, OPERATOR_KEY).POST("/v2/hotels/{id}/admins", { params: { path: { id: hotel.id } }, body: { name: "Marta Ruiz", email } });
    expect(created.response.status).toBe(201);
    const invites = await rowsOf({ template: "user_invitation", recipient: email });
    expect(invites).toHaveLength(1);
    expect(invites[0].userId).toBe(created.data!.id);
    const again = await apiClient(api, OPERATOR_KEY).POST("/v2/hotels/{id}/admins", { params: { path: { id: hotel.id } }, body: { name: "Otra", email } });
    expect(again.response.status).toBe(409);
    expect(await rowsOf({ template: "user_invitation", recipient: email })).toHaveLength(1);
    expect(await api.db.prisma.userToken.count({ where: { userId: created.data!.id } })).toBe(1);
  });
});
