import { inflateSync } from "node:zlib";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDFDocument, PDFArray, PDFRawStream, PDFName, type PDFRef } from "pdf-lib";
import { Prisma } from "@/lib/db/generated/client";
import { PALETTE, STATUS_TONES, hexToRgb01 } from "@/lib/brand";
import { voucherPdf, type VoucherStay, type VoucherView } from "./voucher";

const D = (n: number | string) => new Prisma.Decimal(n);

function view(over: Partial<VoucherView> = {}): VoucherView {
  return {
    voucher_number: "00000042",
    code: "VCH8K2PQ7ZT4",
    voucher_url: "/vouchers/VCH8K2PQ7ZT4",
    operator: "HotelPay",
    transaction_id: "txn_1",
    status: "approved",
    method: "card",
    hotel: { id: 1, name: "Hotel Caribe Plaza", city: "cartagena", address: null, stars: null, rnt: null },
    payer: { name: "Camila Torres", email: "camila@example.co", fiscal_number: null },
    ref_number: "LNKSECRET42",
    detail: null,
    currency: "COP",
    amount: D(350000),
    base_amount: D(350000),
    tax_percent: D(0),
    tax_amount: D(0),
    service_percent: D(0),
    service_amount: D(0),
    installments: null,
    card_brand: "visa",
    card_last4: "4242",
    authorization_code: "A12345",
    payment_reference: null,
    cash_method: null,
    bank: null,
    decline_reason: null,
    paid_at: "2026-11-24T15:05:00-05:00",
    issued_at: "2026-11-24T15:05:00-05:00",
    refunded_amount: D(0),
    refund: null,
    ...over,
  } as VoucherView;
}

const stay: VoucherStay = {
  linkCode: "LNKSECRET42",
  reservation: { code: "HBK7M2P9QX", adults: 2, children: 1, childrenAges: "7", checkin: new Date("2026-12-01T00:00:00Z"), checkout: new Date("2026-12-03T00:00:00Z"), nights: 2 },
} as VoucherStay;

/** The page's drawing operators, inflated. */
async function content(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((r) => {
      const stream = (r && "objectNumber" in r ? doc.context.lookup(r as PDFRef) : r) as PDFRawStream;
      const raw = Buffer.from(stream.getContents());
      return stream.dict.get(PDFName.of("Filter")) ? inflateSync(raw).toString("latin1") : raw.toString("latin1");
    })
    .join("\n");
}

/** The fill (rg) and stroke (RG) colours the page draws with, as hex. */
function colours(ops: string): Set<string> {
  const hex = (c: string) => Math.round(Number(c) * 255).toString(16).padStart(2, "0");
  return new Set([...ops.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b/g)].map((m) => `#${hex(m[1])}${hex(m[2])}${hex(m[3])}`));
}

/** The text the page shows (Helvetica, WinAnsi: the hex strings of Tj). */
function texts(ops: string): string {
  return [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], "hex").toString("latin1")).join("\n");
}

describe("the PDF voucher looks like the web voucher", () => {
  it("draws with the web palette: brand header, slate text and labels, the status tone", async () => {
    const ops = await content(await voucherPdf(view(), stay));
    const used = colours(ops);
    for (const c of [PALETTE.brand700, PALETTE.white, PALETTE.ink, PALETTE.muted, PALETTE.rule, STATUS_TONES.approved.fg, STATUS_TONES.approved.bg]) expect(used, c).toContain(c);
    // Nothing off-palette: every colour drawn is one the web voucher uses.
    const palette = new Set<string>([...Object.values(PALETTE), ...Object.values(STATUS_TONES).flatMap((t) => [t.fg, t.bg])]);
    for (const c of used) expect(palette, `${c} is not a web colour`).toContain(c);
    // The header band is the brand colour, as bg-brand-700 on the web.
    const [r, g, b] = hexToRgb01(PALETTE.brand700);
    expect(ops).toMatch(new RegExp(`${r.toFixed(2).slice(0, 3)}\\d* ${g.toFixed(2).slice(0, 3)}\\d* ${b.toFixed(2).slice(0, 3)}\\d* rg`));
  });

  it("a declined payment uses the web's red tone", async () => {
    const used = colours(await content(await voucherPdf(view({ status: "rejected", decline_reason: "Tarjeta rechazada", authorization_code: null }))));
    expect(used).toContain(STATUS_TONES.rejected.fg);
    expect(used).toContain(STATUS_TONES.rejected.bg);
    expect(used).not.toContain(STATUS_TONES.approved.fg);
  });

  it("shows the rows the web shows: no 0 % taxes, no link code as the order, the stay and its guests", async () => {
    const text = texts(await content(await voucherPdf(view(), stay)));
    expect(text).not.toContain("Impuestos (0 %)");
    expect(text).not.toContain("LNKSECRET42");
    expect(text).not.toContain("Referencia del pedido");
    expect(text).toContain("HBK7M2P9QX");
    expect(text).toContain("2 adultos y 1 niño (7 años)");
    expect(text).toContain("01/12/2026 - 03/12/2026 · 2 noches");
    expect(text).toMatch(/\$\s350\.000 COP/);
    const taxed = texts(await content(await voucherPdf(view({ tax_percent: D("0.19"), base_amount: D(294118), tax_amount: D(55882), ref_number: "PED-7" }), null)));
    expect(taxed).toContain("Impuestos (19 %)");
    expect(taxed).toContain("Referencia del pedido");
    expect(taxed).toContain("PED-7");
  });

  it("names the hotel with its stars, address and RNT (Decreto 1836 de 2021); rows left out when unknown", async () => {
    const hotel = { id: 1, name: "Casa Real", city: "CARTAGENA", address: "Calle del Curato # 38-99", stars: 5, rnt: "987654" };
    const text = texts(await content(await voucherPdf(view({ hotel }), stay)));
    expect(text).toContain("Casa Real (5 estrellas) · Cartagena");
    expect(text).toContain("Dirección del hotel");
    expect(text).toContain("Calle del Curato # 38-99, Cartagena");
    expect(text).toContain("RNT del hotel");
    expect(text).toContain("987654");
    const bare = texts(await content(await voucherPdf(view(), stay)));
    expect(bare).toContain("Hotel Caribe Plaza · Cartagena");
    expect(bare).not.toContain("RNT del hotel");
    expect(bare).not.toContain("Dirección del hotel");
  });

  it("the brand colours are the web's (app/globals.css)", () => {
    const css = fs.readFileSync(path.join(process.cwd(), "app/globals.css"), "utf8");
    expect(css).toContain(`--color-brand-700: ${PALETTE.brand700};`);
    expect(css).toContain(`--color-brand-900: ${PALETTE.brand900};`);
  });
});
