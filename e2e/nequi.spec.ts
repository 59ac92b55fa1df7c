// Nequi (issue 26): a guest pays a link with Nequi on a desktop and on a phone — the page waits with a visible
// state (the submit disabled, never sent twice) and announces the approval or the decline in its live region — and
// an agent charges with Nequi from Cobrar. Sandbox numbers: 3991111111 approves, 3992222222 declines.
import type { APIRequestContext, Page, Route } from "@playwright/test";
import { test, expect, DEMO, demoKeys, shoot, signIn } from "./helpers";

const SIZES = [
  ["desktop", { width: 1366, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

async function newLink(request: APIRequestContext, amount = "80000.00") {
  const headers = { authorization: `Bearer ${demoKeys().retailer}` };
  const me = await (await request.get("/api/v2/me", { headers })).json();
  const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers })).json();
  const made = await request.post("/api/v2/links/schedule", {
    headers,
    data: { agency_id: me.agency_id, hotel_id: hotels[0].id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "573001234567", amount, description: "Anticipo de la estadía", available_hours: 24 },
  });
  expect(made.status()).toBe(200);
  return new URL((await made.json()).url).pathname;
}

/** Holds the page's status polls until released, so the waiting state can be looked at; then lets them through. */
async function holdPolls(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  await page.route("**/api/v2/links/*/payments/*", async (route: Route) => {
    held++;
    await gate;
    await route.continue();
  });
  return { release, held: () => held };
}

/** The guest's request to pay: counted, so a double submission would show. */
function countPays(page: Page) {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/v2\/links\/[^/]+\/pay$/.test(r.url())) n++;
  });
  return () => n;
}

test.describe("Nequi on the guest's pay page", () => {
  for (const [size, viewport] of SIZES) {
    test(`approve and decline are announced (${size})`, async ({ browser, request }) => {
      const context = await browser.newContext({ viewport, locale: "es-CO", timezoneId: "America/Bogota" });
      const guest = await context.newPage();
      const pays = countPays(guest);
      await guest.goto(await newLink(request));
      const live = guest.getByTestId("pay-live");

      // The Nequi tab is reached with the arrow keys like the others (End: the last one).
      await guest.getByRole("tab", { name: "Tarjeta" }).focus();
      await guest.keyboard.press("End");
      await expect(guest.getByRole("tab", { name: "Nequi" })).toHaveAttribute("aria-selected", "true");
      const phone = guest.getByLabel("Celular Nequi");
      await phone.fill("12345");
      await guest.getByRole("button", { name: /Pagar \$\s80\.000 con Nequi/ }).click();
      await expect(guest.getByText("Escriba su celular Nequi: 10 dígitos que empiezan por 3, p. ej. 300 123 4567")).toBeVisible();
      expect(pays()).toBe(0);
      if (size === "desktop") await shoot(guest, "nequi-pay-form");

      // Approve: the page waits (button disabled, state visible and announced), then the approval is announced.
      const polls = await holdPolls(guest);
      await phone.fill("399 111 1111");
      await guest.getByRole("button", { name: /Pagar \$\s80\.000 con Nequi/ }).click();
      const waiting = guest.getByTestId("nequi-waiting");
      await expect(waiting).toContainText("Aprueba el pago en tu app Nequi…");
      await expect(waiting).toContainText("+57 399 111 1111");
      await expect(waiting.getByRole("button", { name: "Esperando la respuesta de Nequi" })).toBeDisabled();
      await expect(live).toContainText("Aprueba el pago en tu app Nequi…");
      await expect.poll(polls.held).toBeGreaterThan(0);
      if (size === "desktop") await shoot(guest, "nequi-pay-waiting");
      polls.release();
      await expect(guest.getByTestId("pay-result")).toContainText("¡Pago aprobado!");
      await expect(live).toContainText("¡Pago aprobado!");
      await expect(guest.getByRole("link", { name: "Ver comprobante" })).toBeVisible();
      expect(pays()).toBe(1);
      if (size === "desktop") await shoot(guest, "nequi-pay-approved");
      // The link is paid: opened again, it says so.
      await guest.reload();
      await expect(guest.getByTestId("pay-state")).toContainText("Este enlace ya fue pagado");

      // Decline on another link: announced, and the focus goes to the retry.
      await guest.unrouteAll({ behavior: "ignoreErrors" });
      await guest.goto(await newLink(request, "95000.00"));
      await guest.getByRole("tab", { name: "Nequi" }).click();
      await guest.getByLabel("Celular Nequi").fill("3992222222");
      await guest.getByRole("button", { name: /Pagar \$\s95\.000 con Nequi/ }).click();
      await expect(guest.getByTestId("pay-result")).toContainText("El pago fue rechazado");
      await expect(guest.getByTestId("pay-result")).toContainText("el pago fue rechazado en la app Nequi");
      await expect(live).toContainText("el pago fue rechazado en la app Nequi");
      await expect(guest.getByRole("button", { name: "Intentar de nuevo" })).toBeFocused();
      if (size === "desktop") await shoot(guest, "nequi-pay-declined");
      expect(pays()).toBe(2);
      await context.close();
    });
  }
});

test.describe("Nequi in Cobrar", () => {
  test("the agent charges with Nequi; the card waits for the payer and shows the approval", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/payments/new");
    await page.getByRole("tab", { name: "Tarjeta de crédito" }).focus();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Nequi" })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("Hotel").selectOption({ index: 1 });
    await page.getByLabel("Nombre del pagador").fill("Laura");
    await page.getByLabel("Apellido del pagador").fill("Gómez");
    await page.getByLabel("Referencia o código de reserva").fill(`NEQUI-E2E-${Date.now()}`);
    await page.getByLabel("Valor total (COP, con impuestos y servicio)").fill("120000");
    await page.getByLabel("Correo del pagador").fill("laura@example.co");
    await page.getByLabel("Celular Nequi del pagador").fill("3991111111");
    await shoot(page, "nequi-cobrar-form");
    await page.getByRole("button", { name: /Cobrar \$\s120\.000 con Nequi/ }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Pago aprobado", { timeout: 15_000 });
    await expect(page.getByTestId("voucher-link")).toBeVisible();
    await shoot(page, "nequi-cobrar-approved");
  });
});
