// The fake Wompi itself, where tests elsewhere do not reach it: outcomes after a delay, the PSE bank page that
// sends the payer back the way Wompi does, delayed events, the documented authentication rules.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WompiClient } from "@/lib/gateways/wompi/client";
import { eventChecksum } from "@/lib/gateways/wompi/signatures";
import { startFakeWompi, type FakeWompi } from "./fake-wompi";

let fake: FakeWompi;
let client: WompiClient;
const received: Array<{ body: { data: { transaction: { id: string; status: string } }; timestamp: number; signature: { properties: string[]; checksum: string } }; header: string | undefined; at: number }> = [];
let receiver: http.Server;

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      received.push({ body: JSON.parse(raw), header: req.headers["x-event-checksum"] as string | undefined, at: Date.now() });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  fake = await startFakeWompi({ finalizeAfterMs: { CARD: 80, PSE: null }, eventsUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events` });
  client = new WompiClient({ baseUrl: fake.url, publicKey: fake.keys.publicKey, privateKey: fake.keys.privateKey, integritySecret: fake.keys.integritySecret });
});
afterAll(async () => {
  await fake?.close();
  await new Promise((r) => receiver.close(r));
});

describe("fake Wompi", () => {
  it("a transaction is PENDING, then final after the configured delay, and its event is signed with the events secret", async () => {
    const token = await client.tokenizeCard({ number: "4111111111111111", cvc: "123", expMonth: 1, expYear: 2033, holder: "ANA" });
    if (!token.ok) throw new Error(token.error.message);
    const r = await client.createTransaction({ reference: "fake-delay", amountInCents: 500000, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "CARD", token: token.value.id, installments: 1 } });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.status).toBe("PENDING");
    await until(() => received.some((e) => e.body.data.transaction.id === r.value.id), "the event");
    const e = received.find((x) => x.body.data.transaction.id === r.value.id)!;
    expect(e.body.data.transaction.status).toBe("DECLINED");
    expect(e.header).toBe(e.body.signature.checksum);
    expect(eventChecksum(e.body, fake.keys.eventsSecret)).toBe(e.body.signature.checksum);
    expect((await client.getTransaction(r.value.id))).toMatchObject({ ok: true, value: { status: "DECLINED", extra: { processorResponseCode: "51" } } });
  });

  it("PSE: the bank page approves or declines (by the bank chosen) and sends the payer back with ?id=&env=test", async () => {
    const make = async (reference: string, bank: string) => {
      const r = await client.createTransaction({
        reference,
        amountInCents: 9000000,
        currency: "COP",
        customerEmail: "a@b.co",
        customerData: { full_name: "Ana Pagadora", phone_number: "3001234567" },
        redirectUrl: "https://hotelpay.example/checkout/tx_1/vuelta?lang=es",
        paymentMethod: { type: "PSE", user_type: 0, user_legal_id_type: "CC", user_legal_id: "1999888777", financial_institution_code: bank, payment_description: "Reserva" },
      });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.extra.asyncPaymentUrl).toBeUndefined(); // the creation answer carries no URL yet
      const read = await client.getTransaction(r.value.id);
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    };
    const ok = await make("fake-pse-1", "1");
    const page = await fetch(ok.extra.asyncPaymentUrl!);
    expect(await page.text()).toContain("Banco de pruebas");
    const back = await fetch(`${ok.extra.asyncPaymentUrl}?outcome=APPROVED`, { method: "POST", redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`https://hotelpay.example/checkout/tx_1/vuelta?lang=es&id=${encodeURIComponent(ok.id)}&env=test`);
    expect(fake.transaction(ok.id)!.status).toBe("APPROVED");

    // The sandbox's "Banco que rechaza" declines whatever the payer presses.
    const no = await make("fake-pse-2", "2");
    await fetch(`${no.extra.asyncPaymentUrl}?outcome=APPROVED`, { method: "POST", redirect: "manual" });
    expect(fake.transaction(no.id)!.status).toBe("DECLINED");
    expect(await client.createTransaction({ reference: "fake-pse-3", amountInCents: 1000, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "PSE", user_type: 0, user_legal_id_type: "CC", user_legal_id: "1", financial_institution_code: "9", payment_description: "x".repeat(31) } })).toMatchObject({
      ok: false,
      error: { kind: "validation", fields: { "payment_method.financial_institution_code": expect.any(Array), "payment_method.payment_description": expect.any(Array), "customer_data.full_name": expect.any(Array) } },
    });
  });

  it("delays events when asked", async () => {
    fake.events.delayMs = 150;
    try {
      const r = await client.createTransaction({ reference: "fake-nequi-delay", amountInCents: 1000, currency: "COP", customerEmail: "a@b.co", paymentMethod: { type: "NEQUI", phone_number: "3991111111" } });
      if (!r.ok) throw new Error(r.error.message);
      await until(() => received.some((e) => e.body.data.transaction.id === r.value.id), "the delayed event");
      const finalAt = Date.parse(fake.transaction(r.value.id)!.finalized_at!);
      expect(received.find((e) => e.body.data.transaction.id === r.value.id)!.at - finalAt).toBeGreaterThanOrEqual(150);
    } finally {
      fake.events.delayMs = 0;
    }
  });

  it("authentication as documented: merchant by public key in the path, lists and voids only with the private key", async () => {
    expect((await fetch(`${fake.url}/merchants/pub_test_unknown`)).status).toBe(404);
    const list = await fetch(`${fake.url}/transactions?reference=x`, { headers: { authorization: `Bearer ${fake.keys.publicKey}` } });
    expect(list.status).toBe(401);
    expect(await list.json()).toMatchObject({ error: { type: "INVALID_ACCESS_TOKEN" } });
    const otherEnv = await fetch(`${fake.url}/pse/financial_institutions`, { headers: { authorization: "Bearer pub_prod_abcdef" } });
    expect(await otherEnv.json()).toEqual({ error: { type: "INVALID_ACCESS_TOKEN", reason: "La llave proporcionada no corresponde a este ambiente." } });
    expect((await fetch(`${fake.url}/pse/financial_institutions`)).status).toBe(401);
    const t = fake.transactions[0];
    expect((await fetch(`${fake.url}/transactions/${t.id}`)).status).toBe(200); // a transaction is public by id
  });
});
