import { describe, expect, it } from "vitest";
import { mailSettings, mailMode } from "./config";
import { displayName, headerText, normalizeAddress, parseMailbox } from "./address";

describe("mail settings", () => {
  it("without SMTP_URL e-mails are kept; with it, host, port, user and password come from the URL", () => {
    expect(mailSettings({}).kind).toBe("outbox");
    const s = mailSettings({ SMTP_URL: "smtps://hotel%40pay.co:p%3Ass@smtp.example.co", MAIL_FROM: "HotelPay <no-reply@pay.co>", MAIL_REPLY_TO: "soporte@pay.co" });
    expect(s).toMatchObject({ kind: "smtp", secure: true, host: "smtp.example.co", port: 465, user: "hotel@pay.co", pass: "p:ss", from: { name: "HotelPay", address: "no-reply@pay.co" }, replyTo: { address: "soporte@pay.co" } });
    expect(mailSettings({ SMTP_URL: "smtp://smtp.example.co" })).toMatchObject({ secure: false, port: 587, user: null });
  });

  it("a setting that cannot work stops the start in Spanish and English, never showing the password", () => {
    for (const env of [{ SMTP_URL: "http://x.co" }, { SMTP_URL: "no es url" }, { MAIL_FROM: "a@b.co\r\nBcc: c@d.co" }, { MAIL_FROM: "sin arroba" }, { MAIL_REPLY_TO: "x, y@z.co" }, { SMTP_URL: "smtp://u:secreto@h:99999" }]) {
      let message = "";
      try {
        mailSettings(env);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message.split("\n")).toHaveLength(2);
      expect(message).not.toContain("secreto");
    }
    expect(mailMode({ SMTP_URL: "ftp://x" }).mode).toBe("misconfigured");
  });
});

describe("header safety", () => {
  it("one plain address or nothing", () => {
    expect(normalizeAddress(" Ana.Ruiz@Example.CO ")).toBe("Ana.Ruiz@example.co");
    for (const bad of ["a@b.co\r\nBcc: c@d.co", "a@b.co, c@d.co", "Ana <a@b.co>", "a@b", "", null, "a\"b@c.co"]) expect(normalizeAddress(bad)).toBeNull();
    expect(parseMailbox("Ana\r\n <a@b.co>")).toBeNull();
  });

  it("names and subjects lose control characters and are cut", () => {
    expect(displayName('Laura\r\nBcc: x@y.co "<>')).toBe("Laura Bcc: x@y.co");
    const s = headerText(`Asunto\u0000 ${"largo ".repeat(60)}`, 150);
    expect(s.length).toBeLessThanOrEqual(150);
    expect(s).not.toMatch(/[\u0000-\u001f]/);
  });
});
