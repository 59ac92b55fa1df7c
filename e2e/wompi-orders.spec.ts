import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect, artifact, type Page } from "./helpers";
import { startFakeWompi, type FakeWompi } from "../lib/testing/fake-wompi";

// Cash and PSE with PAYMENT_GATEWAY=wompi (issue 26): a second instance of the production build, on a fresh
// embedded database, pointed at the fake Wompi (lib/testing/fake-wompi.ts), whose events it receives. The guest's
// checkout page shows Wompi's two collect codes with a copy button each and until when to pay; the PSE return page
// tells approved, declined and pending (polling, visibly) from our record.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const BASE = `http://localhost:${PORT}`;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let fake: FakeWompi;
let server: ChildProcess | null = null;
let dataDir = "";
let key = "";
let hotelId = 0;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Cash waits for complete(); PSE for the fake bank's page or complete().
  fake = await startFakeWompi({ finalizeAfterMs: { PSE: null, BANCOLOMBIA_COLLECT: null } });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hb-e2e-wompi-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: BASE,
    NEXTAUTH_URL: BASE,
    DEMO_SEED: "on",
    SCHEDULER: "off",
    RATE_LIMIT_PER_MINUTE: "0",
    PAY_ATTEMPTS_PER_10_MIN: "0",
    NEXT_TELEMETRY_DISABLED: "1",
    PAYMENT_GATEWAY: "wompi",
    WOMPI_API_URL: fake.url,
    WOMPI_PUBLIC_KEY: fake.keys.publicKey,
    WOMPI_PRIVATE_KEY: fake.keys.privateKey,
    WOMPI_EVENTS_SECRET: fake.keys.eventsSecret,
    WOMPI_INTEGRITY_SECRET: fake.keys.integritySecret,
  };
  delete env.DATABASE_URL;
  delete env.CHANNEL_MANAGER;
  server = spawn(process.execPath, ["server.mjs"], { stdio: "ignore", env });
  fake.events.url = `${BASE}/api/gateways/wompi/events`;
  await expect
    .poll(async () => (await fetch(`${BASE}/api/health/ready`).catch(() => null))?.status ?? 0, { timeout: 200_000, intervals: [500, 1000] })
    .toBe(200);
  const keysFile = path.join(dataDir, "secrets", "demo-api-keys.json");
  await expect.poll(() => fs.existsSync(keysFile), { timeout: 30_000 }).toBe(true);
  key = JSON.parse(fs.readFileSync(keysFile, "utf8")).retailer;
  const hotels = await (await fetch(`${BASE}/api/v2/hotels?city=Cartagena`, { headers: { authorization: `Bearer ${key}` } })).json();
  hotelId = hotels[0].id;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await fake?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const order = (ref: string, amount: number) => ({
  ref_name: "Laura",
  ref_lastname: "Gómez Restrepo",
  ref_number: ref,
  detail: "Dos noches con desayuno",
  amount,
  hotel_id: hotelId,
  email: "laura@example.co",
  fiscal_number: "1020304050",
  phone: "3001234567",
  ip: "181.50.3.7",
});

async function post(pathname: string, body: unknown) {
  const res = await fetch(`${BASE}/api${pathname}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as { transaction_id: string; checkout_url: string };
}

const pse = (ref: string, amount: number, bank: string) =>
  post("/v2/apms/bank-transfer", {
    order: order(ref, amount),
    bank_transfer: { bank_code: bank, response_url: "https://agencia.example.co/retorno", user_type: "0", fiscal_number_type: "CC", address: "Calle 10 # 5-20" },
  });

async function shoot(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: artifact(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: artifact(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.describe("Wompi: cash and PSE on the guest's pages", () => {
  test("cash: the checkout page shows the agreement number and the payment reference, each copied by its button, and until when to pay", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
    const o = await post("/v2/apms/cash", {
      order: order("E2E-WOMPI-CASH", 185000),
      cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
    });
    expect(o.checkout_url).toBe(`${BASE}/checkout/${o.transaction_id}`);
    const [t] = fake.charges(o.transaction_id);
    const agreement = String(t.payment_method.extra!.business_agreement_code);
    const intention = String(t.payment_method.extra!.payment_intention_identifier);

    await page.setViewportSize(DESKTOP);
    await page.goto(o.checkout_url);
    await expect(page.getByTestId("checkout-amount")).toHaveText(/185\.000/);
    await expect(page.getByTestId("checkout-collect")).toContainText("corresponsal bancario Bancolombia");
    await expect(page.getByTestId("checkout-agreement")).toContainText(agreement);
    await expect(page.getByTestId("checkout-intention")).toContainText(intention);
    // 72 hours ahead, in Bogotá time, dd/mm/yyyy.
    const until = new Intl.DateTimeFormat("es-CO", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Bogota" }).format(new Date(Date.now() + 72 * 3600_000));
    await expect(page.getByTestId("checkout-expires")).toContainText(`Pague antes del ${until}`);
    await expect(page.getByTestId("checkout-status")).toHaveText("Pendiente");

    await page.getByTestId("checkout-agreement").getByRole("button").click();
    await expect(page.getByTestId("checkout-agreement").getByRole("button")).toContainText("Copiado");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(agreement);
    await page.getByTestId("checkout-intention").getByRole("button").click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(intention);
    await shoot(page, "wompi-cash-checkout");

    // Paid at the correspondent: Wompi's event credits it; the page says so.
    fake.complete(t.id, "APPROVED");
    await fake.events.idle();
    await page.reload();
    await expect(page.getByTestId("checkout-outcome")).toContainText("Pago aprobado");
    await expect(page.getByRole("link", { name: "Ver comprobante" })).toBeVisible();
  });

  test("PSE: to the bank and back, approved; declined; and pending, waiting visibly until Wompi decides", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // Approved at the bank.
    const ok = await pse("E2E-WOMPI-PSE-1", 98000, "1");
    const okTx = fake.charges(ok.transaction_id)[0];
    expect(ok.checkout_url).toBe(`${fake.root}/bank/${okTx.id}`);
    await page.goto(`${BASE}/checkout/${ok.transaction_id}`);
    await expect(page.getByTestId("checkout")).toContainText("Banco que aprueba");
    await expect(page.getByTestId("checkout-bank")).toHaveText("Pagar en mi banco (PSE)");
    await expect(page.getByTestId("checkout-status")).toHaveText("Pendiente");
    await shoot(page, "wompi-pse-before-bank");
    await page.getByTestId("checkout-bank").click();
    await page.getByRole("button", { name: "Aprobar pago" }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${ok.transaction_id}\\?id=`));
    await expect(page.getByTestId("checkout-outcome")).toContainText("Pago aprobado");
    await expect(page.getByTestId("checkout-status")).toHaveText("Aprobado");
    await shoot(page, "wompi-pse-approved");

    // Declined by the bank.
    const no = await pse("E2E-WOMPI-PSE-2", 98000, "2");
    await page.goto(no.checkout_url);
    await page.getByRole("button", { name: "Rechazar pago" }).click();
    await expect(page.getByTestId("checkout-outcome")).toContainText("Pago rechazado");
    await expect(page.getByTestId("checkout-outcome")).toContainText("No se realizó ningún cobro");
    await shoot(page, "wompi-pse-declined");

    // Back from the bank before it answered: the page waits, visibly, and shows the outcome when Wompi has it
    // (its event lost: the page asks Wompi on each refresh).
    const wait = await pse("E2E-WOMPI-PSE-3", 98000, "1");
    const waitTx = fake.charges(wait.transaction_id)[0];
    await page.goto(`${BASE}/checkout/${wait.transaction_id}?id=${waitTx.id}&env=test`);
    await expect(page.getByTestId("checkout-waiting")).toHaveAttribute("data-state", "polling");
    await expect(page.getByTestId("checkout-waiting")).toContainText("Esperando la confirmación de su banco");
    await shoot(page, "wompi-pse-pending");
    fake.events.mode = "drop";
    fake.complete(waitTx.id, "APPROVED");
    await expect(page.getByTestId("checkout-outcome")).toContainText("Pago aprobado", { timeout: 15_000 });
    fake.events.mode = "deliver";
  });
});
