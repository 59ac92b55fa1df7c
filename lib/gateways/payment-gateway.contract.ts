// The contract every PaymentGateway must pass, as a describe factory: the built-in sandbox runs it in
// sandbox-gateway.api.test.ts, Wompi (against lib/testing/fake-wompi.ts) in wompi/gateway.api.test.ts, each on
// PGlite and PostgreSQL (both gateways keep a record in our database). What it holds every gateway to:
// a repeated key never charges twice, even when the repeats race; the outcome of a key can be asked for later;
// a void or a refund either happens (and the processor shows it) or is refused with a reason, never pretended.
import { describe, expect, it } from "vitest";
import { contractSubject } from "./contract-subject";
import type { ApmPayer, CardChargeInput, CardDetails, PaymentGateway } from "./payment-gateway";

export interface GatewaySubject {
  gateway: PaymentGateway;
  /** A card this gateway approves and one it declines (its documented test values). */
  cards: { approve: string; decline: string };
  /** What the processor itself holds for a key: how many charges it made and the amounts it collected (COP text), and whether it reversed them. */
  processor(key: string): Promise<{ charges: number; approvedAmounts: string[]; reversed: boolean }>;
  close(): Promise<void>;
}

export const CONTRACT_PAYER: ApmPayer = {
  email: "pagador@example.co",
  fullName: "Ana Pagadora",
  phone: "3001234567",
  legalIdType: "CC",
  legalId: "1999888777",
  personType: 0,
};

export function describePaymentGatewayContract(name: string, open: () => Promise<GatewaySubject>) {
  describe(`payment gateway contract: ${name}`, () => {
    let s: GatewaySubject;
    const key = contractSubject(open, (subject) => (s = subject), (run, n) => `tx_contract${run}${String(n).padStart(4, "0")}`);
    const card = (number: string): CardDetails => ({ number, cvc: "123", expMonth: 12, expYear: 2035, holder: "ANA PAGADORA" });
    const charge = (k: string, number: string, amount = "150000.00"): CardChargeInput => ({
      transactionId: k,
      idempotencyKey: k,
      card: card(number),
      amount,
      currency: "COP",
      installments: 1,
      payerEmail: CONTRACT_PAYER.email,
    });

    it("approves the approving test card, once, for exactly the amount asked", async () => {
      const k = key();
      const r = await s.gateway.chargeCard(charge(k, s.cards.approve, "123456.78"));
      expect(r).toMatchObject({ approved: true });
      expect((r as { authorizationCode: string }).authorizationCode).not.toBe("");
      expect(await s.processor(k)).toMatchObject({ charges: 1, approvedAmounts: ["123456.78"], reversed: false });
    });

    it("declines the declining test card with a code and a reason in Spanish, collecting nothing", async () => {
      const k = key();
      const r = await s.gateway.chargeCard(charge(k, s.cards.decline));
      expect(r.approved).toBe(false);
      const d = r as { code: string; reason: string };
      expect(d.code).not.toBe("");
      expect(d.reason).toMatch(/[a-záéíóúñ]{4,}/);
      expect((await s.processor(k)).approvedAmounts).toEqual([]);
    });

    it("a key charged again, sequentially or racing, answers the first outcome and charges once", async () => {
      const k = key();
      const first = await s.gateway.chargeCard(charge(k, s.cards.approve));
      const again = await s.gateway.chargeCard(charge(k, s.cards.approve));
      const racing = await Promise.all(Array.from({ length: 6 }, () => s.gateway.chargeCard(charge(k, s.cards.approve))));
      expect(again).toEqual(first);
      for (const r of racing) expect(r).toEqual(first);
      expect(await s.processor(k)).toMatchObject({ charges: 1, approvedAmounts: ["150000.00"] });

      // Racing from the first call on.
      const k2 = key();
      const all = await Promise.all(Array.from({ length: 6 }, () => s.gateway.chargeCard(charge(k2, s.cards.approve))));
      expect(new Set(all.map((r) => JSON.stringify(r))).size).toBe(1);
      expect((await s.processor(k2)).approvedAmounts).toEqual(["150000.00"]);
    });

    it("findCharge tells what became of a key; a key never charged is null", async () => {
      const ok = key();
      const no = key();
      const approved = await s.gateway.chargeCard(charge(ok, s.cards.approve));
      const declined = await s.gateway.chargeCard(charge(no, s.cards.decline));
      expect(await s.gateway.findCharge(ok)).toEqual(approved);
      expect(await s.gateway.findCharge(no)).toMatchObject({ approved: false, code: (declined as { code: string }).code });
      expect(await s.gateway.findCharge(key())).toBeNull();
    });

    it("voids an approved charge; voiding again repeats nothing", async () => {
      const k = key();
      await s.gateway.chargeCard(charge(k, s.cards.approve));
      const v = await s.gateway.void(k, `void:${k}`);
      expect(v).toMatchObject({ ok: true });
      expect(await s.gateway.void(k, `void:${k}`)).toMatchObject({ ok: true });
      expect(await s.processor(k)).toMatchObject({ charges: 1, reversed: true });
    });

    it("voiding a key never charged is harmless, and leaves nothing charged under it", async () => {
      const k = key();
      const v = await s.gateway.void(k, `void:${k}`);
      if (!v.ok) expect(v.reason).not.toBe("");
      expect((await s.processor(k)).approvedAmounts).toEqual([]);
    });

    it("a full refund of an approved card charge happens, or is refused with a reason; never pretended", async () => {
      const k = key();
      await s.gateway.chargeCard(charge(k, s.cards.approve, "80000.00"));
      const r = await s.gateway.refund(k, "80000.00", `refund:${k}`);
      const again = await s.gateway.refund(k, "80000.00", `refund:${k}`);
      expect(again.ok).toBe(r.ok);
      const after = await s.processor(k);
      if (r.ok) {
        expect(r.reference).not.toBe("");
        expect(after.reversed).toBe(true);
      } else expect(r.reason).toMatch(/[a-záéíóúñ]{4,}/);
      expect(after.charges).toBe(1);
    });

    it("a partial refund happens or is refused as owed by hand; the charge itself is never undone by it", async () => {
      const k = key();
      await s.gateway.chargeCard(charge(k, s.cards.approve, "80000.00"));
      const r = await s.gateway.refund(k, "30000.00", `refund:${k}:1`);
      if (!r.ok) {
        expect(r.manual).toBe(true);
        expect(r.reason).toMatch(/manual/);
        expect((await s.processor(k)).reversed).toBe(false);
      }
    });

    it("a cash order and a bank-transfer order give the payer a reference and a deadline ahead", async () => {
      const now = new Date();
      const cash = await s.gateway.createCashOrder({ transactionId: key(), amount: "95000.00", currency: "COP", now, cashMethod: "efecty", payer: CONTRACT_PAYER });
      expect(cash.reference).toMatch(/\S{6,}/);
      expect(cash.expiresAt.getTime()).toBeGreaterThan(now.getTime());
      const pse = await s.gateway.createBankTransferOrder({
        transactionId: key(),
        amount: "95000.00",
        currency: "COP",
        now,
        bankCode: "1",
        payer: CONTRACT_PAYER,
        redirectUrl: "https://example.co/vuelta",
        description: "Reserva de hotel",
      });
      expect(pse.reference).toMatch(/\S{6,}/);
      expect(pse.expiresAt.getTime()).toBeGreaterThan(now.getTime());
      expect(pse.expiresAt.getTime()).toBeLessThanOrEqual(cash.expiresAt.getTime());
    });
  });
}
