// Bounces after the SMTP server accepted an e-mail (docs/emails.md "Rebotes"), on PGlite and PostgreSQL: the JSON
// form and a real RFC 3464 report (multipart/report) mark the address like a 550 at RCPT TO, so the next e-mail to
// it is `suppressed` and the agency sees it in 'Direcciones marcadas'; a soft bounce is only noted; the same bounce
// twice marks once; a wrong secret is 401 and hostile bodies are 400 in Spanish, changing nothing.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { TestServer } from "@/lib/testing/server";
import { apiClient } from "@/lib/testing/client";
import { agencyWithKey } from "@/lib/testing/factories";
import type { TestSmtp } from "@/lib/testing/smtp";
import { TEST_MAIL_FROM, withMailApi } from "@/lib/testing/mail-api";
import { enqueueEmail } from "./outbox";

const SECRET = "test-bounce-secret-0123456789";
let api: TestServer;
let smtp: TestSmtp;

withMailApi({ env: { MAIL_FROM: TEST_MAIL_FROM, MAIL_BOUNCE_SECRET: SECRET } }, (m) => ({ api, smtp } = m));

const sendEmails = async () =>
  (await apiClient(api, undefined, { authorization: "Bearer test-cron-secret" }).POST("/cron/emails", { body: {} })).data!.processed;

async function bounce(body: string | object, contentType = "application/json", auth = `Bearer ${SECRET}`) {
  const r = await fetch(`${api.url}/api/mail/bounces`, {
    method: "POST",
    headers: { "content-type": contentType, authorization: auth },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {
    // an empty or non-JSON answer is checked by the caller through `status`
  }
  return { status: r.status, body: json as { items?: Array<Record<string, unknown>>; detail?: string; message?: string } };
}

/** Writes an e-mail for the agency and sends it through the test SMTP server; returns its row. */
async function sentEmail(agencyId: number, to: string, fact: string) {
  await api.db.prisma.$transaction((tx) =>
    enqueueEmail(tx, { template: "credentials_changed", factKey: fact, to, data: { name: "Ana", what: "password", at: new Date().toISOString() }, agencyId }, new Date()),
  );
  expect(await sendEmails()).toBe(1);
  await smtp.waitFor(1);
  const row = await api.db.prisma.email.findFirstOrThrow({ where: { factKey: fact } });
  expect(row.status).toBe("sent");
  return row;
}

const marks = async (address: string) => (await api.db.sql.query(`SELECT reason FROM email_suppressions WHERE address = $1`, [address])) as Array<{ reason: string }>;

/** A bounce as a receiving server writes it (RFC 3464): explanation, delivery status, the original's headers. */
function dsnEmail(recipient: string, status: string, originalMessageId: string, boundary = "rebote_b0undary_42") {
  const body = [
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    "This is the mail system at host mx.example.co.",
    "Your message could not be delivered to one or more recipients.",
    "",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.co",
    "Arrival-Date: Fri, 27 Nov 2026 05:10:00 +0000",
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${status.startsWith("5") ? "failed" : "delayed"}`,
    `Status: ${status}`,
    "Remote-MTA: dns; mx.example.co",
    `Diagnostic-Code: smtp; ${status.startsWith("5") ? "550" : "452"} ${status} The email account that you tried`,
    "  to reach does not exist",
    "",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    "From: HotelPay <no-reply@hotelpay.test>",
    `To: ${recipient}`,
    "Subject: Su contraseña cambió",
    `Message-ID: ${originalMessageId}`,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const contentType = `multipart/report; report-type=delivery-status; boundary="${boundary}"`;
  const whole = [
    "From: Mail Delivery System <MAILER-DAEMON@mx.example.co>",
    "To: no-reply@hotelpay.test",
    "Subject: Undelivered Mail Returned to Sender",
    "Date: Fri, 27 Nov 2026 05:10:01 +0000",
    "Message-ID: <dsn-1@mx.example.co>",
    "MIME-Version: 1.0",
    `Content-Type: ${contentType}`,
    "",
    body,
  ].join("\r\n");
  return { body, contentType, whole };
}

describe("bounces after delivery", () => {
  it("a JSON hard bounce marks the address, fails the e-mail, the agency sees it marked and the next e-mail is not sent; twice marks once", async () => {
    const { key, agency } = await agencyWithKey(api.db);
    const sent = await sentEmail(agency.id, "rebota@example.co", `bounce:${agency.id}:1`);
    const payload = { email: "Rebota@Example.co", kind: "hard", reason: "550 5.1.1 user unknown", message_id: `<${sent.id}@hotelpay.test>` };

    const first = await bounce(payload);
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([{ email: "rebota@example.co", kind: "hard", marked: true, newly_marked: true, email_recorded: true }]);
    const row = await api.db.prisma.email.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.status).toBe("failed");
    expect(row.lastError).toBe("Rebotó después de enviado (permanente): 550 5.1.1 user unknown");

    const listed = await apiClient(api, key).GET("/email-suppressions");
    expect(listed.data!.items).toEqual([{ address: "rebota@example.co", reason: "Rebotó después de enviado (permanente): 550 5.1.1 user unknown", marked_at: expect.any(String), emails: 1 }]);

    // The same bounce again (a provider retrying its webhook): one mark, the answer says it was already there.
    const again = await bounce(payload);
    expect(again.body.items).toEqual([{ email: "rebota@example.co", kind: "hard", marked: true, newly_marked: false, email_recorded: true }]);
    expect(await marks("rebota@example.co")).toHaveLength(1);

    smtp.received.length = 0;
    await api.db.prisma.$transaction((tx) =>
      enqueueEmail(tx, { template: "credentials_changed", factKey: `bounce:${agency.id}:2`, to: "rebota@example.co", data: { name: "Ana", what: "password", at: new Date().toISOString() }, agencyId: agency.id }, new Date()),
    );
    const later = await api.db.prisma.email.findFirstOrThrow({ where: { factKey: `bounce:${agency.id}:2` } });
    expect(later.status).toBe("suppressed");
    expect(await sendEmails()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("a complaint marks the address too; an address with no e-mail of ours is still marked (a provider's list)", async () => {
    const r = await bounce({ email: "queja@example.co", kind: "complaint" });
    expect(r.body.items).toEqual([{ email: "queja@example.co", kind: "complaint", marked: true, newly_marked: true, email_recorded: false }]);
    expect((await marks("queja@example.co"))[0].reason).toBe("El destinatario lo marcó como correo no deseado");
  });

  it("a real multipart/report bounce (the whole e-mail, or its body with the Content-Type) marks the recipient and fails the e-mail its headers name", async () => {
    const { agency } = await agencyWithKey(api.db);
    const sent = await sentEmail(agency.id, "no-existe@example.co", `dsn:${agency.id}:1`);
    const dsn = dsnEmail("no-existe@example.co", "5.1.1", `<${sent.id}@hotelpay.test>`);

    const r = await bounce(dsn.whole, "message/rfc822");
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([{ email: "no-existe@example.co", kind: "hard", marked: true, newly_marked: true, email_recorded: true }]);
    expect((await marks("no-existe@example.co"))[0].reason).toBe("Rebotó después de enviado (permanente): 5.1.1 550 5.1.1 The email account that you tried to reach does not exist");
    expect((await api.db.prisma.email.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("failed");

    // The same report posted as its MIME body: recognised, nothing new.
    const body = await bounce(dsn.body, dsn.contentType);
    expect(body.body.items).toEqual([{ email: "no-existe@example.co", kind: "hard", marked: true, newly_marked: false, email_recorded: true }]);
    expect(await marks("no-existe@example.co")).toHaveLength(1);
  });

  it("a soft bounce (4.x.x, or kind soft) is noted on the e-mail but does not mark: the next e-mail is sent", async () => {
    const { agency } = await agencyWithKey(api.db);
    const sent = await sentEmail(agency.id, "llena@example.co", `soft:${agency.id}:1`);
    const dsn = dsnEmail("llena@example.co", "4.2.2", `<${sent.id}@hotelpay.test>`);
    const r = await bounce(dsn.whole, "message/rfc822");
    expect(r.body.items).toEqual([{ email: "llena@example.co", kind: "soft", marked: false, newly_marked: false, email_recorded: true }]);
    const json = await bounce({ email: "llena@example.co", kind: "soft", reason: "Buzón lleno", message_id: `${sent.id}@hotelpay.test` });
    expect(json.body.items).toEqual([{ email: "llena@example.co", kind: "soft", marked: false, newly_marked: false, email_recorded: true }]);
    const row = await api.db.prisma.email.findUniqueOrThrow({ where: { id: sent.id } });
    expect(row.status).toBe("sent");
    expect(row.lastError).toBe("Rebote temporal después de enviado: Buzón lleno");
    expect(await marks("llena@example.co")).toHaveLength(0);

    smtp.received.length = 0;
    await sentEmail(agency.id, "llena@example.co", `soft:${agency.id}:2`);
  });

  it("a raw message/delivery-status body is read; a Message-ID of another address's e-mail is not touched", async () => {
    const { agency } = await agencyWithKey(api.db);
    const other = await sentEmail(agency.id, "otra@example.co", `raw:${agency.id}:1`);
    const fields = `Reporting-MTA: dns; mx.example.co\r\n\r\nFinal-Recipient: rfc822; <crudo@example.co>\r\nAction: failed\r\nStatus: 5.2.1\r\n`;
    const r = await bounce(fields, "message/delivery-status");
    expect(r.body.items).toEqual([{ email: "crudo@example.co", kind: "hard", marked: true, newly_marked: true, email_recorded: false }]);
    const wrong = await bounce({ email: "crudo@example.co", kind: "hard", message_id: `<${other.id}@hotelpay.test>` });
    expect(wrong.body.items![0].email_recorded).toBe(false);
    expect((await api.db.prisma.email.findUniqueOrThrow({ where: { id: other.id } })).status).toBe("sent");
  });
});

describe("who may post a bounce", () => {
  it("a wrong or missing secret is 401; Basic with the secret as password is accepted; without MAIL_BOUNCE_SECRET the route does not exist", async () => {
    const payload = { email: "secreto@example.co", kind: "hard" };
    for (const auth of [`Bearer ${SECRET}x`, "Bearer ", "", `Basic ${Buffer.from("bounces:otro").toString("base64")}`, "Bearer test-bounce-secret"]) {
      const r = await bounce(payload, "application/json", auth);
      expect(r.status, auth).toBe(401);
      expect(r.body.detail).toBe("Se requiere Authorization: Bearer $MAIL_BOUNCE_SECRET");
    }
    expect(await marks("secreto@example.co")).toHaveLength(0);
    const basic = await bounce(payload, "application/json", `Basic ${Buffer.from(`bounces:${SECRET}`).toString("base64")}`);
    expect(basic.status).toBe(200);
    expect(await marks("secreto@example.co")).toHaveLength(1);

    delete process.env.MAIL_BOUNCE_SECRET;
    const off = await bounce({ email: "apagado@example.co", kind: "hard" }, "application/json", "Bearer ");
    expect(off.status).toBe(404);
    expect(await marks("apagado@example.co")).toHaveLength(0);
  });

  it("hostile bodies are 400 in Spanish (413 when too big), never 500, and mark nothing", async () => {
    const before = Number(((await api.db.sql.query(`SELECT count(*)::int AS n FROM email_suppressions`)) as Array<{ n: number }>)[0].n);
    const cases: Array<[string, string, RegExp]> = [
      ["", "application/json", /^cuerpo: se requiere el rebote/],
      ["{", "application/json", /^cuerpo: JSON mal formado/],
      ["[]", "application/json", /debe ser un objeto|expected object|objeto/i],
      [JSON.stringify({ kind: "hard" }), "application/json", /^email: es obligatorio/],
      [JSON.stringify({ email: "x@example.co" }), "application/json", /^kind: debe ser hard, soft o complaint/],
      [JSON.stringify({ email: "no es correo", kind: "hard" }), "application/json", /^email: no es una dirección de correo válida/],
      [JSON.stringify({ email: "a@b.co\r\nBcc: x@y.co", kind: "hard" }), "application/json", /^email: /],
      [JSON.stringify({ email: "a@b.co", kind: "hard", reason: "x".repeat(600) }), "application/json", /^reason: máximo 500 caracteres/],
      ['{"__proto__": {"admin": true}, "email": "a@b.co", "kind": "hard"}', "application/json", /./],
      ["Reporting-MTA: dns; x\r\n\r\nAction: failed\r\n", "message/delivery-status", /^cuerpo: el informe no tiene destinatarios con rebote/],
      ["Final-Recipient: rfc822; bien@example.co\r\nStatus: 2.0.0\r\n", "message/delivery-status", /^cuerpo: el informe no tiene destinatarios con rebote/],
      ["Final-Recipient: rfc822; no-es-correo\r\nStatus: 5.1.1\r\n", "message/delivery-status", /^cuerpo: el informe no tiene destinatarios con rebote/],
      ["--x\r\nContent-Type: text/plain\r\n\r\nhola\r\n--x--\r\n", 'multipart/report; boundary="x"', /^cuerpo: el informe no tiene destinatarios con rebote/],
      ["\u0000\u0001garbage\u00ff", "message/rfc822", /^cuerpo: no es un informe de entrega/],
      ["Subject: hola\r\n\r\nFinal-Recipient: rfc822; a@b.co\r\nStatus: 5.1.1\r\n", "message/rfc822", /^cuerpo: no es un informe de entrega/],
      ["email=a@b.co&kind=hard", "application/x-www-form-urlencoded", /^cuerpo: tipo de contenido no admitido/],
      ["hola", "text/plain", /^cuerpo: tipo de contenido no admitido/],
    ];
    for (const [body, ct, detail] of cases) {
      const r = await bounce(body, ct);
      expect(r.status, `${ct} ${body.slice(0, 40)}`).toBe(400);
      expect(r.body.detail, `${ct} ${body.slice(0, 40)}`).toMatch(detail);
      expect(r.body.detail).not.toMatch(/undefined|Error:|TypeError|Invalid input|expected/);
    }
    const huge = await bounce({ email: "grande@example.co", kind: "hard", reason: "x".repeat(1_100_000) });
    expect(huge.status).toBe(413);
    const manyParts = Array.from({ length: 2000 }, (_, i) => `Final-Recipient: rfc822; r${i}@example.co\r\nStatus: 4.0.0\r\n`).join("\r\n");
    expect((await bounce(manyParts, "message/delivery-status")).status).toBe(200);
    // Random bodies under each accepted content type: always an answer, never a 500.
    const types = ["application/json", "message/delivery-status", 'multipart/report; boundary="b"', "message/rfc822"];
    const bodies = fc.sample(fc.oneof(fc.string({ unit: "binary", maxLength: 400 }), fc.json({ maxDepth: 3 }), fc.constantFrom("--b\r\nContent-Type: message/delivery-status\r\n\r\nStatus: 5.1.1\r\n--b--", "Final-Recipient: rfc822;\r\nStatus: 5.")), { numRuns: 40, seed: 29 });
    for (const [i, body] of bodies.entries()) {
      const r = await bounce(body, types[i % types.length]);
      expect([200, 400], `${types[i % types.length]} ${JSON.stringify(body).slice(0, 60)}`).toContain(r.status);
    }
    const after = Number(((await api.db.sql.query(`SELECT count(*)::int AS n FROM email_suppressions`)) as Array<{ n: number }>)[0].n);
    expect(after).toBe(before);
  });
});
