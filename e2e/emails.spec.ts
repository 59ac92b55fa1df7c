import { test, expect, DEMO, signIn, demoKeys, shoot } from "./helpers";

// The 'Correos' page on the e2e server (no SMTP_URL: every e-mail is kept for the operator to read) and the
// invitation journey: a user created without a password opens the invitation from 'Correos', chooses a password
// and signs in; the used link is refused in Spanish.
const cron = (request: import("@playwright/test").APIRequestContext) => request.post("/api/cron/emails", { headers: { authorization: "Bearer e2e-cron-secret" }, data: {} });

test("an invited user opens the invitation from 'Correos', sets a password and signs in; the reused link is refused", async ({ page, request, browser }) => {
  const keys = demoKeys();
  const auth = { authorization: `Bearer ${keys.operator}` };
  const agencies = await (await request.get("/api/v2/agencies", { headers: auth })).json();
  const agencyId = (agencies.items ?? agencies)[0].id as number;
  const email = `invitada-${Date.now()}@demo.co`;
  const created = await request.post(`/api/v2/agencies/${agencyId}/users`, { headers: auth, data: { name: "Isabela Invitada", email } });
  expect(created.status()).toBe(201);
  expect((await cron(request)).ok()).toBe(true);

  await signIn(page, DEMO.operator);
  await page.getByRole("link", { name: "Correos" }).first().click();
  await expect(page.getByRole("heading", { name: "Correos", level: 1 })).toBeVisible();
  await expect(page.getByTestId("mail-mode")).toContainText("Sin SMTP_URL");
  await shoot(page, "emails-list");
  await page.getByTestId("email-row").filter({ hasText: email }).first().click();
  await expect(page.getByRole("heading", { name: "Le invitaron a HotelPay: elija su contraseña" })).toBeVisible();
  await expect(page.getByTestId("email-to")).toContainText(email);
  const button = page.frameLocator("[data-testid=email-frame]").getByRole("link", { name: "Elegir mi contraseña" });
  await expect(button).toBeVisible();
  await shoot(page, "email-detail");
  const href = (await button.getAttribute("href"))!;
  expect(href).toMatch(/\/cuenta\/clave\/[A-Za-z0-9_-]{40,}$/);

  // The invited user, in a browser of their own.
  const guest = await browser.newContext({ locale: "es-CO" });
  const p = await guest.newPage();
  await p.goto(new URL(href).pathname);
  await expect(p.getByRole("heading", { name: "Elija su contraseña" })).toBeVisible();
  await expect(p.getByText(`Hola Isabela Invitada: su usuario es ${email}.`)).toBeVisible();
  await shoot(p, "set-password");
  await p.getByLabel("Contraseña nueva").fill("clave-de-isabela");
  await p.getByLabel("Repita la contraseña").fill("clave-distinta");
  await p.getByRole("button", { name: "Guardar contraseña" }).click();
  // Told under the second field, tied to it for screen readers.
  await expect(p.locator("#confirm-error")).toHaveText("Las contraseñas no coinciden.");
  await expect(p.getByLabel("Repita la contraseña")).toHaveAttribute("aria-invalid", "true");
  await p.getByLabel("Repita la contraseña").fill("clave-de-isabela");
  await p.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(p.getByText("Contraseña guardada. Ya puede entrar.")).toBeVisible();
  await p.getByRole("link", { name: "Entrar" }).click();
  await signIn(p, email, "clave-de-isabela");

  // The same link again: refused in Spanish, nothing changes.
  const again = await guest.newPage();
  await again.goto(new URL(href).pathname);
  await expect(again.getByRole("alert").filter({ hasText: "El enlace ya se usó, venció o no es válido. Pida uno nuevo." })).toBeVisible();
  await shoot(again, "set-password-refused");
  await guest.close();
});

test("a template preview shows the e-mail with sample data, in Spanish and English", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto("/emails/templates/payment_receipt");
  await expect(page.getByTestId("preview-subject")).toHaveText(/^Pago aprobado: \$\s1\.250\.000 en Hotel Casa del Mar$/);
  await expect(page.frameLocator("[data-testid=email-frame]").getByText("Su pago fue aprobado")).toBeVisible();
  await shoot(page, "email-template");
  await page.getByRole("button", { name: "Inglés" }).click();
  await expect(page.getByTestId("preview-subject")).toHaveText(/^Payment approved:/);
});

test("an agency turns a notice off and sets its low-balance alert in 'Preferencias de correo'; 'Correos' lists its marked addresses", async ({ page }) => {
  await signIn(page, DEMO.agency);
  await page.goto("/emails");
  await expect(page.getByRole("heading", { name: "Direcciones marcadas" })).toBeVisible();
  await page.getByRole("link", { name: "Preferencias de correo" }).click();
  await expect(page.getByRole("heading", { name: "Preferencias de correo", level: 1 })).toBeVisible();
  const received = page.getByRole("checkbox", { name: /Pago recibido \(agencia\)/ });
  await expect(received).toBeChecked();
  await received.uncheck();
  const alert = page.getByLabel("Avisarme cuando el saldo baje de (COP)");
  if (await alert.isVisible()) {
    await alert.fill("-3");
    await page.getByRole("button", { name: "Guardar preferencias" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Escriba un valor en pesos mayor que 0, sin puntos ni comas." })).toBeVisible();
    await alert.fill("500000");
  }
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
  await shoot(page, "email-preferences-agency");
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Pago recibido \(agencia\)/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /Pago recibido \(agencia\)/ }).check();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
});

test("a hotel admin turns the daily arrivals digest on from the menu", async ({ page }) => {
  await signIn(page, DEMO.hotelAdmin);
  await page.getByRole("link", { name: "Preferencias de correo" }).first().click();
  await expect(page.getByRole("heading", { name: "Preferencias de correo", level: 1 })).toBeVisible();
  const digest = page.getByRole("checkbox", { name: /Llegadas del día \(hotel\)/ });
  await expect(digest).not.toBeChecked();
  await digest.check();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
  await shoot(page, "email-preferences-hotel");
  await digest.uncheck();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
});

test("a preloaded agency sets and removes its low-balance alert", async ({ page }) => {
  await signIn(page, DEMO.wholesale);
  await page.goto("/emails/preferences");
  const alert = page.getByLabel("Avisarme cuando el saldo baje de (COP)");
  await expect(alert).toBeVisible();
  await alert.fill("1.000");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Escriba un valor en pesos mayor que 0, sin puntos ni comas." })).toBeVisible();
  await alert.fill("500000");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Avisarme cuando el saldo baje de (COP)")).toHaveValue("500000");
  await shoot(page, "email-preferences-preloaded");
  await page.getByLabel("Avisarme cuando el saldo baje de (COP)").fill("");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Preferencias guardadas." })).toBeVisible();
});

test("a bounce received after delivery marks the address: the agency sees it in 'Direcciones marcadas' and clears it", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${demoKeys().retailer}` };
  const me = await (await request.get("/api/v2/me", { headers })).json();
  const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers })).json();
  const address = `rebote-${Date.now()}@example.co`;
  const link = await (
    await request.post("/api/v2/links/schedule", {
      headers,
      data: { agency_id: me.agency_id, hotel_id: hotels[0].id, guest_name: "Rosa Rebote", email: address, phone: "573001234567", amount: "95000.00", description: "Anticipo", available_hours: 24 },
    })
  ).json();
  const mailed = await request.post(`/api/v2/links/${link.code}/email`, { headers });
  expect(mailed.ok()).toBe(true);
  // The provider's webhook (or a relay) tells us the mailbox does not exist.
  const bounced = await request.post("/api/mail/bounces", {
    headers: { authorization: "Bearer e2e-bounce-secret" },
    data: { email: address, kind: "hard", reason: "550 5.1.1 El buzón no existe" },
  });
  expect(bounced.status()).toBe(200);
  expect((await request.post("/api/mail/bounces", { headers: { authorization: "Bearer otro" }, data: { email: address, kind: "hard" } })).status()).toBe(401);

  await signIn(page, DEMO.agency);
  await page.goto("/emails");
  const section = page.getByTestId("marked-addresses");
  await expect(section.getByRole("heading", { name: "Direcciones marcadas" })).toBeVisible();
  const item = section.getByRole("listitem").filter({ hasText: address });
  await expect(item).toContainText("Rebotó después de enviado (permanente): 550 5.1.1 El buzón no existe");
  await item.scrollIntoViewIfNeeded();
  await shoot(page, "emails-marked-bounce");

  await item.getByRole("button", { name: "Quitar la marca" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Quitar la marca?" });
  await expect(dialog).toContainText(address);
  await dialog.getByRole("button", { name: "Quitar la marca" }).click();
  await expect(section.getByRole("status")).toHaveText(`Se quitó la marca de ${address}; los próximos correos le llegarán`);
  await expect(section.getByRole("listitem").filter({ hasText: address })).toHaveCount(0);
  await shoot(page, "emails-marked-cleared");
  const after = await (await request.get("/api/email-suppressions", { headers })).json();
  expect(after.items.some((i: { address: string }) => i.address === address)).toBe(false);
});
