import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect, DEMO, signIn, shoot, type Page } from "./helpers";
import { startFakeWompi, type FakeWompi } from "../lib/testing/fake-wompi";

// The operator's "Pasarela" page (app/(portal)/gateway). First on the e2e server (the sandbox): the mode and
// why there is no events URL. Then on a second instance of the production build started here with
// PAYMENT_GATEWAY=wompi against the fake Wompi (E2E_PORT + 21; the fake on a free port): a card payment whose
// event is accepted, a cash payment Wompi reports for another amount (a mismatch: expected vs Wompi), an event
// with a bad checksum (refused, and why), and a partial card refund Wompi cannot make by API (owed by hand),
// which the operator marks paid through the confirmation dialog.
const wompiPort = Number(process.env.E2E_PORT ?? 3100) + 21;
const base = `http://localhost:${wompiPort}`;
let fake: FakeWompi;
let server: ChildProcess | undefined;

const encrypt = (pem: string, v: string) => crypto.publicEncrypt({ key: pem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(v)).toString("base64");

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250)); // polling a condition, not waiting for time to pass
  }
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startFakeWompi({ eventsUrl: `${base}/api/gateways/wompi/events` });
  server = spawn(process.execPath, ["scripts/e2e-server.mjs", String(wompiPort)], {
    stdio: "ignore",
    env: {
      ...process.env,
      PAYMENT_GATEWAY: "wompi",
      WOMPI_API_URL: fake.url,
      WOMPI_PUBLIC_KEY: fake.keys.publicKey,
      WOMPI_PRIVATE_KEY: fake.keys.privateKey,
      WOMPI_EVENTS_SECRET: fake.keys.eventsSecret,
      WOMPI_INTEGRITY_SECRET: fake.keys.integritySecret,
    },
  });
  await until("the Wompi instance", async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), 150_000);
  await until("its demo keys", async () => (fs.existsSync(keysFile()) ? true : undefined));
});
test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  await fake?.close();
});

const keysFile = () => path.join(fs.readFileSync(path.join(os.tmpdir(), `hb-e2e-${wompiPort}.datadir`), "utf8"), "secrets", "demo-api-keys.json");

async function operatorSignIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel(/correo electrónico/i).fill(DEMO.operator);
  await page.getByLabel(/contraseña/i).fill(DEMO.password);
  await page.getByRole("button", { name: /ingresar/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test("with the sandbox, 'Pasarela' says so and shows no events URL", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.getByRole("link", { name: "Pasarela" }).first().click();
  await expect(page.getByRole("heading", { name: "Pasarela de pagos", level: 1 })).toBeVisible();
  await expect(page.getByTestId("gateway-mode")).toContainText("Sandbox: la pasarela de pruebas interna");
  await expect(page.getByTestId("events-url-sandbox")).toContainText("PAYMENT_GATEWAY=wompi");
  await expect(page.getByText("No hay reembolsos manuales pendientes.")).toBeVisible();
  await shoot(page, "gateway-sandbox");
  // The guide to go live, from the page.
  await page.getByRole("link", { name: "Guía para salir a producción con Wompi" }).click();
  await expect(page.getByRole("heading", { name: "Salir a producción con Wompi / Going live with Wompi", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: '8. La página "Pasarela" (operador)' })).toBeVisible();
  await shoot(page, "going-live");
});

test("with Wompi: events URL to copy, events accepted and refused, a mismatch, a manual refund marked paid", async ({ page, request }) => {
  test.setTimeout(120_000);
  const keys = JSON.parse(fs.readFileSync(keysFile(), "utf8")) as { retailer: string; operator: string };
  const agency = { authorization: `Bearer ${keys.retailer}` };
  const hotels = await (await request.get(`${base}/api/v2/hotels?city=Cartagena`, { headers: agency })).json();
  const hotelId = hotels[0].id as number;
  const pem = (await (await request.get(`${base}/api/v2/virtual-terminal/public-key`)).json()).pem as string;
  const year = String(new Date().getUTCFullYear() + 2);
  const order = (ref: string, amount: number) => ({ ref_name: "Laura", ref_lastname: "Gómez", ref_number: ref, detail: "Reserva", amount, installments: 1, hotel_id: hotelId, email: "laura@example.co", ip: "181.50.3.7" });
  const card = { cc_number: encrypt(pem, "4242424242424242"), cc_code: encrypt(pem, "123"), cc_expire_month: encrypt(pem, "12"), cc_expire_year: encrypt(pem, year), cc_holder: encrypt(pem, "Laura Gómez") };

  // 1. A card payment Wompi approves: its event is accepted and applied.
  const paid = await request.post(`${base}/api/v2/virtual-terminal/credit-card`, { headers: agency, data: { order: order("RES-PASARELA-1", 250000), card_item: card } });
  expect(paid.status()).toBe(200);
  const paidId = (await paid.json()).transaction_id as string;
  await fake.events.idle();
  // 2. A partial refund of it: Wompi voids only whole charges, so it is owed by hand.
  const refund = await request.post(`${base}/api/v2/payments/${paidId}/refund`, { headers: agency, data: { amount: 50000, reason: "Una noche menos" } });
  expect(refund.status()).toBe(200);
  expect((await refund.json()).status).toBe("manual_pending");
  // 3. A cash order Wompi reports as paid for another amount: a mismatch, never credited.
  const cash = await request.post(`${base}/api/v2/apms/cash`, {
    headers: agency,
    data: {
      order: { ...order("RES-PASARELA-2", 180000), fiscal_number: "1020304050", phone: "3001234567" },
      cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
    },
  });
  expect(cash.status()).toBe(200);
  const cashId = (await cash.json()).transaction_id as string;
  const [collect] = fake.charges(cashId);
  collect.amount_in_cents = 100_00;
  fake.complete(collect.id, "APPROVED");
  await fake.events.idle();
  // 4. An event signed with another secret: refused with 401 and recorded with why.
  const forged = fake.eventFor(collect.id, { secret: "test_events_not_ours" });
  expect((await request.post(`${base}/api/gateways/wompi/events`, { data: forged })).status()).toBe(401);

  await operatorSignIn(page, base);
  await page.getByRole("link", { name: "Pasarela" }).first().click();
  await expect(page.getByRole("heading", { name: "Pasarela de pagos", level: 1 })).toBeVisible();
  await expect(page.getByTestId("gateway-mode")).toContainText("Wompi, ambiente de pruebas");
  await expect(page.getByTestId("events-url")).toContainText(`${base}/api/gateways/wompi/events`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await page.getByTestId("events-url").getByRole("button", { name: /Copiar/ }).click();
  await expect(page.getByTestId("events-url").getByRole("button", { name: /Copiada/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}/api/gateways/wompi/events`);

  const events = page.getByTestId("gateway-event");
  await expect(events.filter({ hasText: "RES-PASARELA-1" }).first()).toContainText("Aceptado");
  // Credited by the event or by the payer's own request a moment earlier: either way applied once.
  await expect(events.filter({ hasText: "RES-PASARELA-1" }).first()).toContainText(/Acreditado al pago|Ya estaba aplicado/);
  await expect(events.filter({ hasText: "checksum inválido" }).first()).toContainText("Rechazado");
  const mismatch = page.getByTestId("mismatch").filter({ hasText: "RES-PASARELA-2" });
  await expect(mismatch).toContainText(/\$\s180\.000/);
  await expect(mismatch).toContainText(/monto \$\s100 en lugar de \$\s180\.000/);
  // No internal payment id is shown as text (only in the links to the payment).
  await expect(page.locator("main")).not.toContainText(paidId);
  await expect(page.locator("main")).not.toContainText(cashId);
  await shoot(page, "gateway-wompi");

  const owed = page.getByTestId("manual-refund").filter({ hasText: "RES-PASARELA-1" });
  await expect(owed).toContainText(/\$\s50\.000/);
  await expect(owed).toContainText("Laura Gómez");
  await owed.getByRole("button", { name: "Marcar como pagado" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Ya devolvió este dinero?" });
  await expect(dialog).toContainText(/Confirme que pagó \$\s50\.000 a Laura Gómez \(pago RES-PASARELA-1\)/);
  await shoot(page, "gateway-confirm");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(owed).toBeVisible();
  await owed.getByRole("button", { name: "Marcar como pagado" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sí, ya lo pagué" }).click();
  await expect(page.getByTestId("manual-refund").filter({ hasText: "RES-PASARELA-1" })).toHaveCount(0);
  const after = await (await request.get(`${base}/api/v2/payments/${paidId}`, { headers: agency })).json();
  expect(after.refunds.map((r: { status: string }) => r.status)).toEqual(["succeeded"]);
});
