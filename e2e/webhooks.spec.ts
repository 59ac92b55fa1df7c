import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { test, expect, DEMO, signIn, artifact, shoot } from "./helpers";

interface Received {
  headers: Record<string, string>;
  body: string;
}

// A local receiver the e2e server posts to (it runs with WEBHOOK_ALLOW_PRIVATE=1); `statuses` scripts its answers.
const received: Received[] = [];
const statuses: number[] = [];
let receiverUrl = "";
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    received.push({ headers: req.headers as Record<string, string>, body });
    const status = statuses.shift() ?? 200;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ recibido: status < 300 }));
  });
});

test.beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hotelpay`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test.describe.serial("agency webhooks page", () => {
  let secret = "";

  test("a wrong URL is told under its field in Spanish, by the form and by the server, never as webhook_url", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/webhooks");
    const field = page.getByLabel("URL de webhooks");
    const error = page.locator("#webhook-url-error");
    const saved = await field.inputValue();
    await field.fill("ftp://archivos.example.com");
    await page.getByRole("button", { name: "Guardar URL" }).click();
    await expect(error).toHaveText(/^Escriba una dirección completa que empiece por https:\/\//);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAttribute("aria-describedby", /webhook-url-error/);
    // The server's rule (credentials in the address) lands under the same field.
    await field.fill("https://usuario:clave@example.com/hotelpay");
    await page.getByRole("button", { name: "Guardar URL" }).click();
    await expect(error).toHaveText("No debe incluir usuario ni contraseña");
    await expect(page.locator("main")).not.toContainText("webhook_url");
    await expect(page.getByRole("alert").filter({ hasText: "usuario ni contraseña" })).toHaveCount(0);
    await shoot(page, "webhooks-url-error");
    // Nothing was saved.
    await page.reload();
    await expect(page.getByLabel("URL de webhooks")).toHaveValue(saved);
  });

  test("sets the URL, reveals a new secret once, sends a test event and sees it delivered with its attempt", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.getByRole("link", { name: "Webhooks" }).first().click();
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("Aún no hay entregas.")).toBeVisible();

    await page.getByLabel("URL de webhooks").fill(receiverUrl);
    await page.getByRole("button", { name: "Guardar URL" }).click();
    await expect(page.getByRole("status").filter({ hasText: "URL guardada" })).toBeVisible();

    await page.getByRole("button", { name: /Crear secreto|Rotar secreto/ }).click();
    secret = (await page.getByTestId("fresh-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole("button", { name: "Enviar evento de prueba" }).click();
    const delivery = page.getByTestId("delivery").first();
    await expect(delivery).toContainText("webhook.test");
    await expect(delivery).toContainText("Entregada", { timeout: 15_000 });

    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0].body, received[0].headers) as { event: string };
    expect(event.event).toBe("webhook.test");
    expect(received[0].headers["webhook-id"]).toBe(await delivery.getAttribute("data-delivery-id"));

    await delivery.getByRole("button", { name: "Detalle" }).click();
    const detail = delivery.getByTestId("delivery-detail");
    await expect(detail).toContainText(received[0].headers["webhook-id"]);
    await expect(detail.getByTestId("attempt")).toHaveCount(1);
    await expect(detail.getByTestId("attempt").first()).toContainText("200");
    await expect(detail.getByTestId("attempt").first()).toContainText("recibido");
    await page.screenshot({ path: artifact("webhooks-agency.png"), fullPage: true });

    // Shown once: after a reload only "configured" remains.
    await page.reload();
    await expect(page.getByTestId("fresh-secret")).toHaveCount(0);
    await expect(page.getByText("Secreto configurado")).toBeVisible();
  });

  test("five failures in a row raise the warning and the banner; a successful redelivery clears them", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/webhooks");
    statuses.push(500, 500, 500, 500, 500);
    const before = received.length;
    for (let i = 0; i < 5; i++) {
      await page.getByRole("button", { name: "Enviar evento de prueba" }).click();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + i + 1);
    }
    await expect(page.getByTestId("delivery").first()).toContainText("Pendiente");
    await page.reload();
    await expect(page.getByTestId("webhook-failure-banner")).toBeVisible();
    await expect(page.getByTestId("webhook-failure-banner")).toContainText("5 intentos fallidos seguidos");
    await expect(page.getByTestId("webhook-warning")).toBeVisible();

    const failing = page.getByTestId("delivery").first();
    await failing.getByRole("button", { name: "Detalle" }).click();
    await expect(failing.getByTestId("attempt").first()).toContainText("500");
    await page.screenshot({ path: artifact("webhooks-failing.png"), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("webhook-failure-banner")).toBeVisible();
    await page.screenshot({ path: artifact("webhooks-banner-phone.png"), fullPage: true });
    await page.goto("/webhooks");
    await expect(page.getByTestId("delivery")).toHaveCount(6);
    await page.screenshot({ path: artifact("webhooks-phone.png"), fullPage: true });

    const id = await page.getByTestId("delivery").first().getAttribute("data-delivery-id");
    await page.getByTestId("delivery").first().getByRole("button", { name: "Reenviar" }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(before + 6);
    expect(received.at(-1)!.headers["webhook-id"]).toBe(id);
    await expect(page.locator(`[data-delivery-id="${id}"]`)).toContainText("Entregada", { timeout: 15_000 });
    await page.reload();
    await expect(page.getByTestId("webhook-failure-banner")).toHaveCount(0);
    await expect(page.getByTestId("webhook-warning")).toHaveCount(0);
  });

  test("the operator sees every agency's deliveries and filters them", async ({ page }) => {
    await signIn(page, DEMO.operator);
    await page.goto("/webhooks");
    await expect(page.getByTestId("delivery").first()).toContainText("Viajes Andinos SAS");
    await page.getByLabel("Estado").selectOption("succeeded");
    await expect(page.getByTestId("delivery")).toHaveCount(2);
    await page.screenshot({ path: artifact("webhooks-operator.png"), fullPage: true });
    await page.getByRole("link", { name: "Cómo verificar la firma" }).click();
    await expect(page.getByRole("heading", { name: "Verifying a delivery" })).toBeVisible();
    await expect(page.getByText("reservation.expired").first()).toBeVisible();
    await page.screenshot({ path: artifact("webhooks-docs.png"), fullPage: false });
  });
});
