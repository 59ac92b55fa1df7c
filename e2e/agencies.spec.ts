import { test, expect, type Page, DEMO, signIn, artifact, shoot, expectCentredDialog } from "./helpers";

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const run = Date.now().toString(36).slice(-5);
const agencyName = `Viajes Pacífico ${run} SAS`;
const agencyEmail = `ventas-${run}@pacifico.co`;
const agencyPassword = "pacifico-2026";
const orgName = `Proveedores Pacífico ${run}`;

async function field(page: Page, form: string, label: RegExp) {
  return page.getByRole("form", { name: form }).getByLabel(label);
}

test.describe.configure({ mode: "serial" });

test("operator creates an agency, its login and its account holder; the agency creates an organization and a one-time card that becomes active", async ({ page }) => {
  test.setTimeout(120_000);
  // --- operator: agencies page, validation messages, create
  await signIn(page, DEMO.operator);
  await page.getByRole("link", { name: "Agencias" }).first().click();
  await expect(page).toHaveURL(/\/agencies$/);
  await expect(page.getByText("Caribe Mayorista de Turismo")).toBeVisible();
  await page.getByRole("button", { name: "Nueva agencia" }).click();
  const form = "Crear agencia";
  await (await field(page, form, /razón social/i)).fill(agencyName);
  await (await field(page, form, /correo para notificaciones/i)).fill("no-es-un-correo");
  await (await field(page, form, /teléfono/i)).fill("+57 300");
  await (await field(page, form, /número de documento/i)).fill(`9001${run.replace(/\D/g, "").padEnd(5, "7").slice(0, 5)}`);
  await (await field(page, form, /cuenta de pagos/i)).fill(`acct_${run}`);
  await page.getByRole("form", { name: form }).getByRole("button", { name: "Crear agencia" }).click();
  // Each message under its own field (the form kit), in words for people.
  await expect(page.getByTestId("field-error").filter({ hasText: /Escriba un correo válido/ })).toBeVisible();
  await expect(page.getByTestId("field-error").filter({ hasText: /sin el indicativo/ })).toBeVisible();
  await expect(page.getByRole("form", { name: form })).not.toContainText("no puede estar vacío");
  await page.screenshot({ path: artifact("agencies-validation.png"), fullPage: true });

  await (await field(page, form, /correo para notificaciones/i)).fill(`avisos-${run}@pacifico.co`);
  await (await field(page, form, /teléfono/i)).fill("3104567890");
  await page.getByRole("form", { name: form }).getByLabel(/tipo de agencia/i).selectOption("retailer");
  await page.getByRole("form", { name: form }).getByRole("button", { name: "Crear agencia" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Agencia creada: ${agencyName}` })).toBeVisible();

  await page.getByPlaceholder(/buscar por nombre/i).fill(`Pacífico ${run}`);
  const row = page.locator("tr", { hasText: agencyName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Activa", { exact: true })).toBeVisible();
  await page.screenshot({ path: artifact("agencies-list.png"), fullPage: true });

  // --- operator: agency detail, portal login
  await row.getByRole("link", { name: agencyName }).click();
  await expect(page.getByRole("heading", { level: 1, name: agencyName })).toBeVisible();
  const users = page.getByRole("region", { name: "Usuarios del portal" });
  await users.getByLabel("Nombre").fill("Ventas Pacífico");
  await users.getByLabel("Correo").fill(agencyEmail);
  await users.getByLabel(/contraseña/i).fill(agencyPassword);
  await users.getByRole("button", { name: "Crear acceso" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Acceso creado para ${agencyEmail}` })).toBeVisible();
  await expect(users.getByRole("listitem").filter({ hasText: agencyEmail })).toBeVisible();
  await page.screenshot({ path: artifact("agency-detail.png"), fullPage: true });

  // --- issue 15, 8: before its account holder exists, the new agency gets guidance, not a dead end
  const fresh = await page.context().browser()!.newContext({ locale: "es-CO", timezoneId: "America/Bogota" });
  const freshPage = await fresh.newPage();
  await signIn(freshPage, agencyEmail, agencyPassword);
  for (const where of ["/cards", "/organizations"]) {
    await freshPage.goto(where);
    const guide = freshPage.getByTestId("no-holder-guide");
    await expect(guide).toContainText("todavía no tiene uno");
    await expect(guide).toContainText("¿Qué es?");
    await expect(guide).toContainText("¿Quién lo registra?");
    await expect(guide).toContainText("¿Cómo lo pido?");
    await expect(freshPage.locator("main")).not.toContainText(/terminal virtual|Id externo|payout_account_id/i);
  }
  await shoot(freshPage, "design-cards-no-holder");
  await fresh.close();

  // --- operator: account holder for the new agency
  await page.getByRole("link", { name: "Registrar titular" }).click();
  await expect(page).toHaveURL(/\/account-holders\?agency=\d+/);
  const h = "Registrar titular";
  await expect(page.getByRole("form", { name: h }).getByLabel("Agencia")).toHaveValue(/\d+/);
  await (await field(page, h, /^nombres/i)).fill("Camila");
  await (await field(page, h, /^apellidos/i)).fill("Restrepo");
  await (await field(page, h, /número de documento/i)).fill("1017223344");
  await (await field(page, h, /fecha de nacimiento/i)).fill("1990-06-15");
  await (await field(page, h, /^correo/i)).fill(`camila-${run}@pacifico.co`);
  await (await field(page, h, /teléfono/i)).fill("+573104567890");
  await (await field(page, h, /dirección/i)).fill("Carrera 4 # 12-30");
  await (await field(page, h, /^ciudad/i)).fill("Cali");
  await (await field(page, h, /departamento/i)).fill("Valle del Cauca");
  // A server rule lands under its own field (the form kit), in words, never as zip_code.
  await (await field(page, h, /código postal/i)).fill("7");
  await page.getByRole("form", { name: h }).getByRole("button", { name: "Registrar" }).click();
  await expect(page.locator("#holder-zip_code-error")).toHaveText(/^Debe tener de 3 a 10 letras o dígitos/);
  await expect(page.getByRole("form", { name: h })).not.toContainText("zip_code");
  await (await field(page, h, /código postal/i)).fill("760001");
  await page.getByRole("form", { name: h }).getByRole("button", { name: "Registrar" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Titular de cuenta registrado para .+ La agencia ya puede crear organizaciones/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /ah_/ })).toHaveCount(0);
  await expect(page.locator("tr", { hasText: agencyName })).toBeVisible();
  await page.screenshot({ path: artifact("account-holders.png"), fullPage: true });

  // --- the agency signs in with its new login
  await page.context().clearCookies();
  await signIn(page, agencyEmail, agencyPassword);
  await page.getByRole("link", { name: "Organizaciones" }).first().click();
  const o = "Nueva organización";
  await (await field(page, o, /nombre/i)).fill(orgName);
  await (await field(page, o, /descripción/i)).fill("Pagos a hoteles del Pacífico");
  await page.getByRole("form", { name: o }).getByRole("button", { name: "Crear organización" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Organización creada: ${orgName}` })).toBeVisible();
  await expect(page.locator("tr", { hasText: orgName })).toBeVisible();
  await page.screenshot({ path: artifact("organizations.png"), fullPage: true });

  // --- one-time card, created frozen
  await page.getByRole("link", { name: "Tarjetas virtuales" }).first().click();
  const c = "Nueva tarjeta";
  // Plain Spanish on the card form (issue 15, 8): no "Id externo del destino", no "Referencia externa", no "terminal virtual".
  await expect(page.getByRole("form", { name: c })).not.toContainText(/Id externo|Referencia externa|terminal virtual/i);
  await expect(page.getByRole("form", { name: c }).getByLabel(/código del proveedor en su sistema/i)).toBeVisible();
  await expect(page.locator("nav").first()).not.toContainText(/terminal virtual/i);
  const activation = addDays(bogotaToday(), 1);
  await (await field(page, c, /tarjetahabiente/i)).fill("Camila Restrepo");
  await page.getByRole("form", { name: c }).getByLabel("Organización").selectOption({ label: orgName });
  await (await field(page, c, /referencia interna/i)).fill(`RES-${run}`);
  await (await field(page, c, /fecha de activación/i)).fill(activation);
  await (await field(page, c, /fecha de vencimiento/i)).fill(addDays(activation, 14));
  await expect(page.getByRole("form", { name: c }).getByLabel(/uso único/i)).toBeChecked();
  await (await field(page, c, /código del proveedor/i)).fill("hotel-cali-01");
  await (await field(page, c, /nombre del proveedor/i)).fill("Hotel Cali Real");
  await (await field(page, c, /correo del proveedor/i)).fill("reservas@calireal.co");
  await page.getByRole("form", { name: c }).getByRole("button", { name: "Crear tarjeta" }).click();
  await expect(page.getByRole("status").filter({ hasText: `VC-RES-${run}` })).toBeVisible();
  const cardRow = page.getByTestId(`card-row-VC-RES-${run}`);
  await expect(cardRow.getByTestId("card-status")).toHaveAttribute("data-status", "frozen");
  await expect(cardRow.getByText("Uso único")).toBeVisible();
  await page.screenshot({ path: artifact("cards-created.png"), fullPage: true });

  // --- the lifecycle job on the activation day (test clock) activates it
  const cron = await page.request.post("/api/cron/virtual-cards", {
    headers: { authorization: "Bearer e2e-cron-secret" },
    data: { now: `${activation}T05:00:00Z` },
  });
  expect(cron.status()).toBe(200);
  expect((await cron.json()).processed).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(page.getByTestId(`card-row-VC-RES-${run}`).getByTestId("card-status")).toHaveAttribute("data-status", "active");
  await page.screenshot({ path: artifact("cards-active.png"), fullPage: true });

  // --- detail: history, sandbox reveal, freeze with confirmation
  await page.getByRole("link", { name: `VC-RES-${run}` }).click();
  await expect(page.getByTestId("card-history")).toContainText("Activada en su fecha de activación");
  await page.getByRole("button", { name: /ver datos de prueba/i }).click();
  await expect(page.getByTestId("card-number")).toHaveText(/^4000 12\d{2} \d{4} \d{4}$/);
  await page.getByRole("button", { name: "Congelar" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("quedará congelada");
  // Issue 15, 6: centred over the page, focus in it, Escape closes it; then asked again and confirmed.
  await expectCentredDialog(page, dialog, { escape: true });
  await page.getByRole("button", { name: "Congelar" }).click();
  await expectCentredDialog(page, dialog);
  await page.screenshot({ path: artifact("card-freeze-confirm.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Congelar" }).click();
  await expect(page.getByTestId("card-history")).toContainText("Congelada por el usuario");
  await expect(page.getByRole("button", { name: "Descongelar" })).toBeVisible();
  await page.screenshot({ path: artifact("card-detail.png"), fullPage: true });

  // --- phone-sized viewport
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/cards");
  await expect(page.getByTestId(`card-item-VC-RES-${run}`).getByTestId("card-status")).toHaveAttribute("data-status", "frozen");
  await page.screenshot({ path: artifact("cards-phone.png"), fullPage: true });
});

test("operator tops up a preloaded agency's balance and the agency sees the ledger", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto("/agencies");
  await page.getByPlaceholder(/buscar por nombre/i).fill("Caribe Mayorista");
  await page.getByRole("link", { name: "Caribe Mayorista de Turismo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Caribe Mayorista de Turismo" })).toBeVisible();
  const note = `Consignación ${run}`;
  await page.getByLabel("Monto (COP)").fill("0");
  await page.getByRole("button", { name: "Recargar saldo" }).click();
  // The kit's rule, under the amount field (issue 27), before anything reaches the API.
  await expect(page.locator('[data-field="topup-amount"]').getByTestId("field-error")).toHaveText("El monto debe ser mayor que $ 0");
  await page.getByLabel("Monto (COP)").fill("250000");
  await page.getByLabel("Nota").fill(note);
  await page.getByRole("button", { name: "Recargar saldo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recarga registrada" })).toBeVisible();
  await expect(page.locator("tr", { hasText: note })).toContainText("250.000");
  await page.screenshot({ path: artifact("agency-balance-topup.png"), fullPage: true });

  await page.context().clearCookies();
  await signIn(page, DEMO.wholesale);
  await page.getByRole("link", { name: "Saldo precargado" }).first().click();
  await expect(page.locator("tr", { hasText: note })).toBeVisible();
  await expect(page.getByRole("button", { name: "Recargar saldo" })).toHaveCount(0);
  await page.screenshot({ path: artifact("agency-balance-own.png"), fullPage: true });
});
