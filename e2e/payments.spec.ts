import { test, expect, DEMO, signIn, artifact } from "./helpers";

const CARD = "4242424242424242";

async function fillOrder(page: import("@playwright/test").Page, opts: { amount: string; ref: string }) {
  await page.getByLabel("Hotel", { exact: true }).selectOption({ index: 1 });
  await page.getByLabel("Nombre del pagador").fill("Ana");
  await page.getByLabel("Apellido del pagador").fill("Gómez");
  await page.getByLabel("Referencia o código de reserva").fill(opts.ref);
  await page.getByLabel("Detalle").fill("Dos noches, habitación doble");
  await page.getByLabel(/Valor total/).fill(opts.amount);
}

test.describe("payments", () => {
  test("Cobrar by keyboard alone: Tab reaches the method tabs, the arrows move through the four, each shows its own fields, Enter submits", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/payments/new");
    const card = page.getByRole("tab", { name: "Tarjeta de crédito" });
    await expect(card).toHaveAttribute("aria-selected", "true");
    // Only the selected tab is in the Tab order: Tab from the top of the page lands on it.
    for (let i = 0; i < 40 && !(await card.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(card).toBeFocused();
    const panel = page.getByRole("tabpanel");
    const steps: Array<[string, string, string]> = [
      ["ArrowRight", "Efectivo", "Punto de pago"],
      ["ArrowRight", "Transferencia PSE", "Banco"],
      ["ArrowRight", "Nequi", "Celular Nequi del pagador"],
      ["ArrowRight", "Tarjeta de crédito", "Número de tarjeta"],
      ["ArrowLeft", "Nequi", "Celular Nequi del pagador"],
      ["Home", "Tarjeta de crédito", "Número de tarjeta"],
      ["End", "Nequi", "Celular Nequi del pagador"],
    ];
    for (const [key, tab, field] of steps) {
      await page.keyboard.press(key);
      const selected = page.getByRole("tab", { name: tab });
      await expect(selected).toBeFocused();
      await expect(selected).toHaveAttribute("aria-selected", "true");
      await expect(panel).toHaveAttribute("aria-labelledby", (await selected.getAttribute("id"))!);
      await expect(panel.getByLabel(field)).toBeVisible();
    }
    await page.keyboard.press("Home");
    // Tab leaves the tabs for the form; the card number is typed, grouped and its brand named; Enter submits and
    // the fields still to fill are counted and marked.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Hotel", { exact: true })).toBeFocused();
    const number = page.getByLabel("Número de tarjeta");
    for (let i = 0; i < 20 && !(await number.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(number).toBeFocused();
    await page.keyboard.type("4242424242424242");
    await expect(page.getByLabel("Número de tarjeta")).toHaveValue("4242 4242 4242 4242");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("form-errors")).toBeVisible();
    await expect(page.getByLabel(/Titular/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Número de tarjeta")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("agency charges a card from the portal: encrypted in the page, approved, voucher and PDF", async ({ page, request }) => {
    await signIn(page, DEMO.agency);
    await page.getByRole("link", { name: "Cobrar" }).first().click();
    await expect(page).toHaveURL(/\/payments\/new$/);
    await fillOrder(page, { amount: "476000", ref: "E2E-CARD-1" });
    await page.getByLabel("Servicio (%)").fill("10");
    await expect(page.getByTestId("breakdown")).toContainText("Total");
    await page.getByLabel("Correo del pagador").fill("ana@example.co");
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByLabel(/Titular/).fill("Ana Gómez");
    await page.getByLabel("Mes").selectOption("12");
    await page.getByLabel("Año").selectOption({ index: 3 });
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Cuotas").selectOption("3");
    await page.screenshot({ path: artifact("payments-take-card.png"), fullPage: true });

    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v2/virtual-terminal/credit-card") && r.method() === "POST");
    await page.getByRole("button", { name: /^Cobrar/ }).click();
    const req = await sent;
    const raw = req.postData() ?? "";
    expect(raw).not.toContain(CARD);
    expect(raw).not.toContain("4242 4242");
    expect(raw).not.toContain("Ana Gómez\""); // the holder is encrypted too (the order carries the payer name separately)
    const body = JSON.parse(raw);
    expect(body.card_item.cc_number).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(body.card_item.cc_number, "base64").length).toBeGreaterThanOrEqual(256);
    expect(body.order.installments).toBe(3);

    await expect(page.getByTestId("payment-result")).toContainText("Pago aprobado");
    await page.screenshot({ path: artifact("payments-card-approved.png"), fullPage: true });

    await page.getByTestId("voucher-link").click();
    await expect(page).toHaveURL(/\/vouchers\//);
    await expect(page.getByTestId("voucher-status")).toHaveText("Aprobado");
    await expect(page.getByTestId("voucher")).toContainText("terminada en 4242");
    await expect(page.getByTestId("voucher")).toContainText("E2E-CARD-1");
    await page.screenshot({ path: artifact("payments-voucher.png"), fullPage: true });

    const pdfHref = await page.getByTestId("voucher-pdf").getAttribute("href");
    const pdf = await request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).not.toContain(CARD);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.screenshot({ path: artifact("payments-voucher-phone.png"), fullPage: true });
  });

  test("a declined card shows the reason and a voucher", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/payments/new");
    await fillOrder(page, { amount: "150000", ref: "E2E-CARD-2" });
    await page.getByLabel("Número de tarjeta").fill("4000000000009995");
    await page.getByLabel(/Titular/).fill("Luis Pérez");
    await page.getByLabel("Mes").selectOption("05");
    await page.getByLabel("Año").selectOption({ index: 2 });
    await page.getByLabel("CVV").fill("456");
    await page.getByRole("button", { name: /^Cobrar/ }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Pago rechazado");
    await expect(page.getByTestId("payment-result")).toContainText("fondos insuficientes");
    await expect(page.getByTestId("voucher-link")).toBeVisible();
    await page.screenshot({ path: artifact("payments-card-declined.png"), fullPage: true });
  });

  test("cash order: the buyer completes it on the hosted checkout and returns; the list shows it", async ({ page, browser }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/payments/new");
    await page.getByRole("tab", { name: "Efectivo" }).click();
    await fillOrder(page, { amount: "320000", ref: "E2E-CASH-1" });
    await page.getByLabel("Correo del pagador").fill("carlos@example.co");
    await page.getByLabel("Teléfono").fill("3001234567");
    await page.getByLabel("Número de documento").fill("1020304050");
    await page.getByLabel("Dirección").fill("Calle 10 # 5-20");
    await page.getByLabel("Punto de pago").selectOption("EFECTY");
    await page.screenshot({ path: artifact("payments-take-cash.png"), fullPage: true });
    await page.getByRole("button", { name: "Generar referencia de pago" }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Orden de pago creada");
    const checkoutUrl = (await page.getByTestId("checkout-url").textContent())!.trim();
    expect(checkoutUrl).toMatch(/\/checkout\/tx_[0-9a-f]{32}$/);

    // The guest has no session, on a phone.
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO" });
    const g = await guest.newPage();
    await g.goto(checkoutUrl);
    await expect(g.getByTestId("checkout-reference")).toHaveText(/^\d{12}$/);
    await expect(g.getByTestId("checkout")).toContainText("Efecty");
    await expect(g.getByTestId("checkout-status")).toHaveText("Pendiente");
    await g.screenshot({ path: artifact("payments-checkout-phone.png"), fullPage: true });
    await g.getByRole("button", { name: "Completar pago" }).click();
    await expect(g).toHaveURL(/\/checkout\/done\?transaction_id=tx_[0-9a-f]+&status=approved/);
    await expect(g.getByTestId("checkout-result")).toContainText("Pago recibido");
    await g.screenshot({ path: artifact("payments-checkout-done.png"), fullPage: true });
    await guest.close();

    await page.goto("/payments?q=E2E-CASH-1");
    const row = page.getByTestId("payment-row").first();
    await expect(row).toContainText("Efectivo");
    await expect(row).toContainText("Aprobado");
    await expect(row.getByRole("link", { name: "Comprobante" })).toBeVisible();
    await page.goto("/payments");
    expect(await page.getByTestId("payment-row").count()).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: artifact("payments-list.png"), fullPage: true });
    await page.goto("/payments?status=rejected");
    await expect(page.getByTestId("payment-row").first()).toContainText("Rechazado");
    for (const r of await page.getByTestId("payment-row").all()) await expect(r).toContainText("Rechazado");
  });
  test("agency refunds part of a card payment from the payment detail, then the rest", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, DEMO.agency);
    await page.goto("/payments/new");
    await fillOrder(page, { amount: "350000", ref: "E2E-REFUND-1" });
    await page.getByLabel("Correo del pagador").fill("ana@example.co");
    await page.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await page.getByLabel(/Titular/).fill("Ana Gómez");
    await page.getByLabel("Mes").selectOption("12");
    await page.getByLabel("Año").selectOption({ index: 3 });
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: /^Cobrar/ }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Pago aprobado");

    // From the list to the detail.
    await page.goto("/payments?q=E2E-REFUND-1");
    await page.getByTestId("payment-row").first().getByTestId("payment-open").click();
    await expect(page).toHaveURL(/\/payments\/tx_[0-9a-f]+$/);
    await expect(page.getByTestId("payment-detail")).toContainText("Pago E2E-REFUND-1");
    await expect(page.getByTestId("payment-amount")).toHaveText("$ 350.000");
    await expect(page.getByTestId("refunded-amount")).toHaveText("$ 0");
    await expect(page.getByTestId("payment-detail")).toContainText("Este pago no tiene reembolsos.");

    // Reembolsar: the confirmation shows the amount, all that is left by default; the person changes it to 100.000.
    await page.getByTestId("refund-button").click();
    const dialog = page.getByRole("dialog", { name: "Reembolsar pago" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("refund-amount")).toHaveValue("350.000");
    await expect(dialog.getByRole("button", { name: "Reembolsar $ 350.000" })).toBeVisible();
    await dialog.getByTestId("refund-amount").fill("100000");
    await expect(dialog.getByTestId("refund-amount")).toHaveValue("100.000");
    await dialog.getByLabel("Motivo (opcional)").fill("Una noche menos");
    await expect(dialog).toContainText("Se devolverán $ 100.000 al pagador");
    await page.screenshot({ path: artifact("payments-refund-dialog.png") });
    // Above what is left: the button is refused before any request.
    await dialog.getByTestId("refund-amount").fill("400000");
    await expect(dialog).toContainText("Escriba un valor mayor que $ 0 y hasta $ 350.000.");
    await dialog.getByTestId("refund-amount").fill("100000");
    const sent = page.waitForRequest((r) => /\/api\/v2\/payments\/tx_[0-9a-f]+\/refund$/.test(r.url()) && r.method() === "POST");
    await dialog.getByRole("button", { name: "Reembolsar $ 100.000" }).click();
    const req = await sent;
    expect(JSON.parse(req.postData() ?? "{}")).toEqual({ amount: 100000, reason: "Una noche menos" });
    expect(req.headers()["idempotency-key"]).toMatch(/^[0-9a-f]{32}$/);
    await expect(page.getByRole("status")).toHaveText("Reembolso de $ 100.000 registrado.");
    await expect(page.getByTestId("refunded-amount")).toHaveText("$ 100.000");
    await expect(page.getByTestId("refund-row")).toHaveCount(1);
    await expect(page.getByTestId("refund-row").first()).toContainText("Una noche menos");
    await expect(page.getByTestId("refund-row").first()).toContainText("Reembolsado");
    await expect(page.getByTestId("payment-detail")).toContainText("Reembolso parcial");
    await page.screenshot({ path: artifact("payments-detail-refunded.png"), fullPage: true });

    // The rest, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("refund-button").click();
    await expect(page.getByRole("dialog").getByTestId("refund-amount")).toHaveValue("250.000");
    await page.screenshot({ path: artifact("payments-refund-dialog-phone.png") });
    await page.getByRole("dialog").getByRole("button", { name: "Reembolsar $ 250.000" }).click();
    await expect(page.getByTestId("refunded-amount")).toHaveText("$ 350.000");
    await expect(page.getByTestId("refund-button")).toHaveCount(0);
    await expect(page.getByTestId("payment-detail")).toContainText("Este pago ya fue reembolsado en su totalidad.");
    await expect(page.getByTestId("payment-detail")).toContainText("Reembolsado en su totalidad");
    // On a phone the refunds are blocks, not a table wider than the screen.
    await expect(page.getByTestId("refund-item")).toHaveCount(2);
    await expect(page.getByTestId("refunds-table")).toBeHidden();
    await page.screenshot({ path: artifact("payments-detail-phone.png"), fullPage: true });

    await page.goto("/payments?q=E2E-REFUND-1");
    await expect(page.getByTestId("payment-row").first()).toContainText("Reembolsado $ 350.000");
  });
});
