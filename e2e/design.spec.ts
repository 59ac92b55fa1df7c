// The design pass (issue 15), journey by journey: each step shows one fixed problem, and every page visited is
// shot at 1366x900 and 390x844 with no sideways overflow and no serious axe-core violation.
//
// Issue 15, item by item -> the journey step that proves it (spec › test). Every test of every spec also runs
// axe-core on each page it visits and fails on a serious/critical violation or a phone page wider than the screen
// (the `test` fixture in e2e/helpers.ts).
//
// | Item | Proven in |
// |---|---|
// | 1 Amounts typed the Colombian way | design › "Cobrar: '350.000'…" (350.000, 1500000 -> 1.500.000); design › "search → book…" (link amount grouped); inventory › "bulk edit…" (600.000), "an admin changes a night's price…" (777777 -> 777.777) |
// | 2 Bulk edit with preview, explicit picks, undo | inventory › "bulk edit…", "closing a night to arrival in bulk…" |
// | 3 Internal names and English leak | design › "leaks…" (Spanish 404, "Agencia minorista", "Cuenta de pagos", an empty city as a sentence, holder form without "número entero"/agency_id, noLeaks); inventory › "bulk edit…" (no amountBeforeTax/updates.); agencies › first test (no ah_ in the success message); design › "search → book…" (board words, no RO/BB/HB) |
// | 4 PSE failure not silent | design › "search → book…" (?status=rejected on the PSE tab); design › "a guest pays by PSE…" (?status=pending and rejected) |
// | 5 Link bounded by the reservation; states show the right actions | design › "search → book…" (default = max = deadline, API 400, no "vence en" once paid, declined: retry not voucher, paid link: no WhatsApp/correo) |
// | 6 Dialogs centred, focus in them, Escape | agencies › first test (card freeze); design › "leaks…" (agency archive) |
// | 7 Who is staying | design › "search → book…" (age asked, "2 adultos y 1 niño (7 años)" in search, booking, reservation, voucher; Colombia; +57 310 555 1234) |
// | 8 Account holder guidance, card jargon | agencies › first test (new agency without holder: guide on /cards and /organizations; card form in plain Spanish, no "terminal virtual") |
// | 9 Reservation detail on a phone | design › "search → book…" (shoot design-reservation); design › "phone (390x844)…" |
// | 10 Search results people can scan | design › "search → book…" (one card per hotel, folded rooms, sort, filters, summary bar on phone, only rooms that hold the party) |
// | On-page validation messages (book, link, Cobrar, pay) | design › "Cobrar…", "search → book…" (book, link, pay PSE bank) |
// | Plurals "1 pago", "1 enlace", "1 cambio sin guardar" | design › "a guest pays by PSE…"; inventory › "an admin changes a night's price…" |
// | Operator lists: all agencies, Agency column | design › "leaks…" (links Agencia column, "Reservas de todas las agencias") |
// | Link detail dates dd/mm/aaaa | design › "search → book…" (link-validity, no ISO date) |
// | Guest never sees the link code as "Pedido" | design › "search → book…" (voucher); design › "a guest pays by PSE…" (pay page, PSE checkout); lib/payments/voucher.test.ts (PDF) |
// | PSE tab footer, no preselected bank | design › "Cobrar…", "search → book…", "a guest pays by PSE…" |
// | Voucher taxes consistent with Cobrar | design › "Cobrar…" (0 % default), "search → book…" (no "Impuestos (0 %)"); lib/payments/voucher.test.ts (PDF) |
// | PDF voucher colours = web voucher | lib/payments/voucher.test.ts (content-stream colour operators against lib/brand.ts, brand = app/globals.css) |
// | Inventory grid: sticky room names, thousands separators | inventory › "bulk edit…" (phone scroll), "an admin changes a night's price…" |
// | Calendar: confirmation on save, multi-day as one bar across its days (continued on the next week), on a phone the list first with each event's days, click on a day | calendar › "saving says so; an event over several days…"; calendar › first test (click on a day) |
// | "Eventos" stays in the portal | design › "leaks…" |
// | OG preview, favicon, logo | design › "search → book…" |
// | Phone: no horizontal overflow on agent and guest pages | design › "phone (390x844)…" (every nav entry, details, guest pages); every test at phone size via the fixture |
// | axe-core serious/critical at 0 | every spec (fixture); search, inventory, calendar, voucher among the pages visited |
import { test, expect, type Page, DEMO, signIn, shoot, axe, demoKeys, expectCentredDialog, horizontalOverflow } from "./helpers";

const plain = (s: string | null) => (s ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

async function noLeaks(page: Page) {
  const text = await page.locator("body").innerText();
  // No zod path, field name or board code reaches a person.
  expect(text).not.toMatch(/\b(amountBeforeTax|payout_account_id|hotel_id|agency_id|available_hours|retailer|wholesale)\b/);
  expect(text).not.toMatch(/\b\w+\.\d+\.\w+:/);
}

test("Cobrar: '350.000' is $ 350.000, messages under the fields, taxes at 0 % like the voucher", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.agency);
  await page.goto("/payments/new");
  await expect(page.getByLabel("Impuestos (%)")).toHaveValue("0");
  await page.getByRole("button", { name: /^Cobrar/ }).click();
  await expect(page.locator("#hotel-error")).toHaveText("Elija el hotel");
  await expect(page.getByText("Escriba el valor a cobrar, por ejemplo 350.000")).toBeVisible();
  await expect(page.getByText("Escriba el número de la tarjeta")).toBeVisible();
  await expect(page.getByTestId("form-errors")).toContainText(/Revise los \d+ campos marcados/);
  await page.getByLabel(/Valor total/).fill("350.000");
  await expect(page.getByLabel(/Valor total/)).toHaveValue("350.000");
  expect(plain(await page.getByTestId("breakdown-total").textContent())).toBe("$ 350.000");
  await expect(page.getByText("Escriba el valor a cobrar, por ejemplo 350.000")).toHaveCount(0);
  await page.getByLabel(/Valor total/).fill("1500000");
  await expect(page.getByLabel(/Valor total/)).toHaveValue("1.500.000");
  expect(plain(await page.getByTestId("breakdown-total").textContent())).toBe("$ 1.500.000");
  await page.getByRole("tab", { name: "Transferencia PSE" }).click();
  await expect(page.getByLabel("Banco")).toHaveValue("");
  await noLeaks(page);
  await shoot(page, "design-cobrar");
});

test("search → book → reservation → link → guest pays: guests, cards per hotel, bounded link, pay-page states, voucher", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  await signIn(page, DEMO.agency);
  await page.goto("/search");
  await shoot(page, "design-search-empty");
  await page.getByRole("button", { name: "Cartagena", exact: true }).click();
  await page.getByLabel("Niños").selectOption("1");
  // The child's age is asked, never assumed.
  await expect(page.getByLabel("Edad niño 1")).toHaveValue("");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByTestId("ages-missing")).toContainText("Indique la edad de cada niño");
  await page.getByLabel("Edad niño 1").selectOption("7");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();

  const cards = page.getByTestId("hotel-result");
  await expect(cards.first()).toBeVisible();
  const names = await cards.getByRole("heading", { level: 2 }).allTextContents();
  expect(new Set(names).size).toBe(names.length); // one card per hotel
  // Rooms start folded: the page is a list of hotels with their lowest price, not every room × rate.
  await expect(page.getByTestId("product")).toHaveCount(0);
  const prices = async () => (await page.getByTestId("lowest-price").allTextContents()).map((s) => Number(s.replace(/\D/g, "")));
  const asc = await prices();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  await page.getByLabel("Ordenar").selectOption("price-desc");
  const desc = await prices();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await page.getByLabel("Ordenar").selectOption("price-asc");
  await expect(cards.first()).toContainText("para 2 adultos y 1 niño (7 años) · 2 noches");
  // Board words, not codes; filters narrow the list.
  const toolbar = page.getByTestId("results-toolbar");
  await expect(toolbar.getByRole("button", { name: "Alojamiento y desayuno" })).toBeVisible();
  await expect(toolbar).not.toContainText(/\b(RO|BB|HB)\b/);
  await toolbar.getByRole("button", { name: "Alojamiento y desayuno" }).click();
  await toolbar.getByLabel("Solo reembolsables").check();
  await expect(page.getByTestId("results-count")).toContainText(/de \d+ hoteles con estos filtros/);
  await toolbar.getByLabel("Precio máximo de la estadía").fill("1");
  await expect(page.getByText("Ningún hotel cumple estos filtros")).toBeVisible();
  await page.getByRole("button", { name: "Quitar filtros" }).click();
  const first = cards.first();
  await first.getByRole("button", { name: /Ver habitaciones/ }).click();
  await expect(first.getByTestId("product").first()).toBeVisible();
  // Every room offered holds the party (the API never offers the others: 4.2 checks adults and children).
  for (const fit of await first.getByText(/^Para /).allTextContents()) expect(fit).toBe("Para 2 adultos y 1 niño (7 años)");
  await expect(first.getByTestId("product").first()).toContainText(/Solo alojamiento|Alojamiento y desayuno|Media pensión|Pensión completa|Todo incluido/);
  await noLeaks(page);
  await shoot(page, "design-search-results");
  // On a phone a summary bar above the results leads back to the form (which never hides).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("search-summary")).toBeVisible();
  await page.getByRole("button", { name: "Cambiar búsqueda" }).click();
  await expect(page.getByTestId("search-form")).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  const price = (await first.getByTestId("stay-price").first().textContent())!.trim();
  await first.getByRole("link", { name: "Reservar" }).first().click();

  await expect(page).toHaveURL(/\/book\?.*children_ages=7/);
  await expect(page.getByTestId("book-guests")).toHaveText("2 adultos y 1 niño (7 años)");
  await expect(page.getByTestId("stay-total")).toHaveText(price);
  await page.getByRole("button", { name: "Confirmar reserva" }).click();
  await expect(page.getByText("Escriba los nombres del huésped")).toBeVisible();
  await expect(page.getByText("Escriba el correo del huésped")).toBeVisible();
  await shoot(page, "design-book-errors");
  await page.getByLabel("Nombres").fill("Camila");
  await page.getByLabel("Apellidos").fill("Torres");
  await page.getByLabel("Correo electrónico").fill("camila@example.co");
  await page.getByLabel("Teléfono", { exact: true }).fill("3105551234");
  await page.getByRole("button", { name: "Confirmar reserva" }).click();

  await expect(page).toHaveURL(/\/reservations\/HB[A-Z2-9]{8}\?nueva=1$/);
  const code = (await page.getByTestId("booking-code").textContent())!.trim();
  await expect(page.getByTestId("reservation-guests")).toContainText("2 adultos y 1 niño (7 años)");
  await expect(page.getByTestId("room-guests").first()).toContainText("2 adultos y 1 niño (7 años)");
  await expect(page.getByTestId("reservation-detail")).toContainText("Colombia");
  await expect(page.getByTestId("reservation-detail")).not.toContainText("COL ");
  await expect(page.getByTestId("guest-phone")).toHaveText("+57 310 555 1234");
  await expect(page.getByTestId("reservation-detail")).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await shoot(page, "design-reservation"); // fits a 390 px phone

  // The link for it lasts, by default and at most, until the reservation's payment deadline.
  await page.getByRole("link", { name: "Enviar enlace de pago" }).click();
  await expect(page.getByTestId("hours-hint")).toContainText("plazo de pago de la reserva");
  const max = Number(await page.getByLabel("Vigencia (horas)").getAttribute("max"));
  expect(max).toBeGreaterThanOrEqual(1);
  expect(max).toBeLessThan(720);
  await expect(page.getByLabel("Vigencia (horas)")).toHaveValue(String(max));
  await expect(page.getByLabel("Valor a pagar (COP)")).toHaveValue(/^\d{1,3}(\.\d{3})+$/);
  await page.getByLabel("Vigencia (horas)").fill(String(max + 24));
  await page.getByRole("button", { name: "Crear enlace" }).click();
  await expect(page.getByText(`Como máximo ${max} h: el plazo de pago de la reserva vence antes`)).toBeVisible();
  await shoot(page, "design-link-form");
  await page.getByLabel("Vigencia (horas)").fill(String(max));
  await page.getByRole("button", { name: "Crear enlace" }).click();
  await expect(page.getByTestId("link-detail")).toBeVisible();
  await expect(page.getByTestId("link-validity")).toHaveText(/Vigente hasta \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByTestId("link-detail")).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await shoot(page, "design-link-detail");
  const url = await page.getByTestId("link-url").inputValue();
  const path = new URL(url).pathname;

  // The API holds the same bound, in Spanish.
  const { retailer } = demoKeys();
  const auth = { authorization: `Bearer ${retailer}` };
  const created = await (await request.get(`/api/v2/links/${path.split("/").pop()}`, { headers: auth })).json();
  const tooLong = await request.post("/api/v2/links/schedule", {
    headers: auth,
    data: { agency_id: created.agency_id, hotel_id: created.hotel_id, guest_name: "Camila Torres", email: "camila@example.co", phone: "3105551234", amount: "1000.00", description: "x", available_hours: 720, reservation_code: code },
  });
  expect(tooLong.status()).toBe(400);
  expect((await tooLong.json()).detail).toMatch(/^available_hours: el enlace no puede vencer después del plazo de pago de la reserva \(\d{2}\/\d{2}\/\d{4}, .+\); use como máximo \d+ horas?$/);

  // Shared on WhatsApp, the link shows a real preview.
  const html = await (await request.get(path)).text();
  expect(html).toMatch(/<meta property="og:title" content="Pago de su reserva en [^"]+"/);
  expect(html).toMatch(/<meta property="og:description" content="\$[\s\u00a0]?[\d.]+ · [^"]+"/);
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og-pago\.png"/);
  expect((await request.get("/og-pago.png")).headers()["content-type"]).toContain("image/png");
  expect((await request.get("/favicon.ico")).status()).toBe(200);
  expect((await request.get("/logo.svg")).status()).toBe(200);

  // The guest, on a phone: PSE tab, no preselected bank, footer about PSE; a declined card offers a retry, not a voucher.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const guest = await phone.newPage();
  await guest.goto(path);
  await expect(guest.getByTestId("time-left")).toBeVisible();
  await guest.getByRole("tab", { name: "PSE" }).click();
  await expect(guest.getByLabel("Banco")).toHaveValue("");
  await expect(guest.getByTestId("pay-footer")).toContainText("PSE");
  await expect(guest.getByTestId("pay-footer")).not.toContainText("tarjeta");
  await guest.getByRole("button", { name: "Continuar al banco" }).click();
  await expect(guest.getByText("Elija el banco desde el que va a pagar")).toBeVisible();
  await shoot(guest, "design-pay-pse");
  await guest.goto(`${path}?status=rejected`);
  await expect(guest.getByRole("tab", { name: "PSE" })).toHaveAttribute("aria-selected", "true");
  await expect(guest.getByTestId("pse-return")).toContainText("Su pago por PSE no se completó");
  await shoot(guest, "design-pay-pse-rejected");
  await guest.getByRole("tab", { name: "Tarjeta" }).click();
  const year = String(new Date().getFullYear() + 3);
  const payCard = async (number: string) => {
    await guest.getByLabel("Número de tarjeta").fill(number);
    await guest.getByLabel("Nombre del titular").fill("CAMILA TORRES");
    await guest.getByLabel("Mes", { exact: true }).selectOption("12");
    await guest.getByLabel("Año", { exact: true }).selectOption(year);
    await guest.getByLabel("CVV").fill("123");
    await guest.getByRole("button", { name: /^Pagar/ }).click();
  };
  await payCard("4000 0000 0000 0002");
  await expect(guest.getByTestId("pay-result")).toContainText("El pago fue rechazado");
  await expect(guest.getByRole("link", { name: "Ver comprobante" })).toHaveCount(0);
  await shoot(guest, "design-pay-declined");
  await guest.getByRole("button", { name: "Intentar de nuevo" }).click();
  await payCard("4242 4242 4242 4242");
  await expect(guest.getByTestId("pay-result")).toContainText("¡Pago aprobado!");
  // Paid: no "vence en" above the approval.
  await expect(guest.getByTestId("time-left")).toHaveCount(0);
  await shoot(guest, "design-pay-approved");
  await guest.reload();
  await expect(guest.getByTestId("pay-state")).toContainText("ya fue pagado");
  await expect(guest.getByTestId("time-left")).toHaveCount(0);
  await guest.getByRole("link", { name: "Ver comprobante" }).click();
  await expect(guest).toHaveURL(/\/vouchers\//);
  await expect(guest.getByTestId("voucher-guests")).toHaveText("2 adultos y 1 niño (7 años)");
  await expect(guest.getByTestId("voucher")).not.toContainText("Impuestos (0 %)");
  await expect(guest.getByTestId("voucher")).not.toContainText("Referencia del pedido");
  await expect(guest.getByTestId("voucher")).not.toContainText(path.split("/").pop()!);
  await shoot(guest, "design-voucher");
  await phone.close();

  // The agency's link detail: paid, so no more sending.
  await page.reload();
  await expect(page.getByTestId("link-status")).toContainText("Pagado");
  await expect(page.getByRole("link", { name: "Enviar por WhatsApp" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Enviar por correo" })).toHaveCount(0);
});

test("leaks: Spanish 404, Spanish words for agency types and accounts, guidance without an account holder, Eventos inside the portal", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.goto("/esta-pagina-no-existe");
  await expect(page.getByRole("heading", { name: "No encontramos esta página" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("could not be found");
  await shoot(page, "design-404");

  // At least one link for the operator to list.
  const { operator } = demoKeys();
  const auth = { authorization: `Bearer ${operator}` };
  const agencies = await (await request.get("/api/v2/agencies", { headers: auth })).json();
  const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers: auth })).json();
  const made = await request.post("/api/v2/links/schedule", {
    headers: auth,
    data: { agency_id: agencies[0].id, hotel_id: hotels[0].id, guest_name: "Luis Pérez", email: "luis@example.co", phone: "3001234567", amount: "250000.00", description: "Anticipo", available_hours: 24 },
  });
  expect(made.status()).toBe(200);
  await signIn(page, DEMO.operator);
  // A city without hotels reads as a sentence, not "city: no hay hoteles en Puerto Carreño".
  // (Not Leticia: the Channex journey links a hotel there.)
  await page.goto("/search");
  await page.getByLabel("Ciudad", { exact: true }).fill("Puerto Carreño");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText(/no hay hoteles en Puerto Carreño/i)).toBeVisible();
  await expect(page.locator("main")).not.toContainText("city:");
  // A missing agency reads under its field, never as "Agencia: debe ser un número entero" or agency_id.
  await page.goto("/account-holders");
  await page.getByRole("button", { name: "Registrar titular" }).click();
  const holder = page.getByRole("form", { name: "Registrar titular" });
  await holder.getByRole("button", { name: "Registrar" }).click();
  await expect(holder.locator('[data-field="holder-agency_id"]').getByTestId("field-error")).toBeVisible();
  await expect(holder).not.toContainText(/número entero|agency_id|\w+\.\d+\.\w+:/);
  await page.goto("/api-keys");
  await expect(page.getByText(/Agencia minorista · /).first()).toBeVisible();
  await noLeaks(page);
  await shoot(page, "design-api-keys");
  await page.goto("/links");
  await expect(page.getByRole("columnheader", { name: "Agencia" })).toBeVisible();
  await expect(page.getByText(/Página \d+ de \d+ · \d+ enlaces?$/)).toBeVisible();
  await shoot(page, "design-links-operator");
  await page.goto("/reservations");
  await expect(page.getByText("Reservas de todas las agencias")).toBeVisible();
  await expect(page.getByText("de su agencia")).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Agencia" })).toBeVisible();
  await expect(page.getByTestId("reservation-agency").first()).not.toBeEmpty();
  await shoot(page, "design-reservations-operator");
  await page.goto("/payments");
  await expect(page.getByText("de todas las agencias")).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Agencia" })).toBeVisible();
  await page.goto("/agencies");
  await page.getByRole("button", { name: "Nueva agencia" }).click();
  await expect(page.getByText("Cuenta de pagos", { exact: true })).toBeVisible();
  await noLeaks(page);
  await shoot(page, "design-agencies");
  // Issue 15, 6: archiving asks in a centred dialog (not the top-left corner over the sidebar); Escape leaves it.
  await page.reload();
  await page.getByRole("button", { name: "Archivar" }).first().click();
  await expectCentredDialog(page, page.getByRole("dialog"), { escape: true });

  await page.context().clearCookies();
  await signIn(page, DEMO.wholesale);
  await page.goto("/cards");
  const guide = page.getByTestId("no-holder-guide");
  if (await guide.count()) {
    await expect(guide).toContainText("¿Qué es?");
    await expect(guide).toContainText("¿Quién lo registra?");
    await expect(guide).toContainText("¿Cómo lo pido?");
  }
  await shoot(page, "design-cards-no-holder");
  await page.getByRole("link", { name: "Eventos" }).first().click();
  await expect(page).toHaveURL(/\/calendar\/upcoming$/);
  await expect(page.getByTestId("user-name")).toBeVisible(); // still inside the portal
  await shoot(page, "design-events-portal");
  await page.goto("/dashboard");
  await axe(page, "dashboard (agency)");
});

test("a guest pays by PSE: no link code as «Pedido», back from the bank pending or rejected says so; «1 enlace», «1 pago»", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { operator } = demoKeys();
  const auth = { authorization: `Bearer ${operator}` };
  const guestName = `Sofía Gómez ${Date.now().toString(36).slice(-5)}`;
  const agencies = await (await request.get("/api/v2/agencies", { headers: auth })).json();
  const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers: auth })).json();
  const made = await request.post("/api/v2/links/schedule", {
    headers: auth,
    data: { agency_id: agencies[0].id, hotel_id: hotels[0].id, guest_name: guestName, email: "sofia@example.co", phone: "3001234567", amount: "180000.00", description: "Anticipo", available_hours: 24 },
  });
  expect(made.status()).toBe(200);
  const path = new URL((await made.json()).url).pathname;
  const linkCode = path.split("/").pop()!;

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const guest = await phone.newPage();
  await guest.goto(path);
  // The guest never reads the link's own code as an order reference.
  await expect(guest.locator("main")).not.toContainText(linkCode);
  await expect(guest.locator("main")).not.toContainText("Pedido");
  await guest.goto(`${path}?status=pending`);
  await expect(guest.getByRole("tab", { name: "PSE" })).toHaveAttribute("aria-selected", "true");
  await expect(guest.getByTestId("pse-return")).toContainText("Su banco todavía está procesando el pago");
  await expect(guest.getByTestId("pse-return")).toContainText("No pague de nuevo");
  await shoot(guest, "design-pay-pse-pending");
  await guest.goto(`${path}?status=rejected`);
  await expect(guest.getByTestId("pse-return")).toContainText("Su pago por PSE no se completó");
  await expect(guest.getByLabel("Banco")).toHaveValue("");
  await guest.getByLabel("Banco").selectOption({ index: 1 });
  await guest.getByLabel("Número de documento").fill("1020304050");
  await guest.getByLabel("Dirección").fill("Calle 10 # 5-20");
  await guest.getByRole("button", { name: "Continuar al banco" }).click();
  await expect(guest).toHaveURL(/\/checkout\//);
  await expect(guest.getByTestId("checkout")).toBeVisible();
  await expect(guest.getByTestId("checkout")).not.toContainText(linkCode);
  await expect(guest.getByTestId("checkout")).not.toContainText("Pedido");
  await shoot(guest, "design-checkout-pse");
  await phone.close();

  // Plurals: one link is "1 enlace", one payment "1 pago".
  await signIn(page, DEMO.operator);
  await page.goto("/links");
  await page.locator("#l-q").fill(guestName);
  await page.locator("#l-q").press("Enter");
  await expect(page.getByText(/· 1 enlace$/)).toBeVisible();
  await page.goto(`/payments?q=${linkCode}`);
  await expect(page.getByText("1 pago", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^1 pagos$/)).toHaveCount(0);
  await shoot(page, "design-payments-one");
});

test("phone (390x844): no page an agent or a guest opens is wider than the screen", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.agency);
  const nav = await page.locator("nav a[href^='/']").evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute("href")!))]);
  expect(nav.length).toBeGreaterThan(8);
  // The detail pages an agent opens from the lists.
  const firstHref = async (list: string, re: RegExp) => {
    await page.goto(list);
    const find = async () => (await page.locator("main a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href")!))).find((h) => re.test(h));
    // Client-rendered lists fill in after the page loads.
    await expect.poll(find, { message: `a link like ${re} on ${list}` }).toBeTruthy();
    return find();
  };
  const details = [
    await firstHref("/reservations", /^\/reservations\/(?!arrivals)[^/?]+$/),
    await firstHref("/links", /^\/links\/[A-Za-z0-9_-]{16,64}$/),
    await firstHref("/payments", /^\/payments\/(?!new)[^/?]+$/),
    await firstHref("/payments", /^\/vouchers\/[A-Za-z0-9_-]+$/),
  ].filter((h): h is string => Boolean(h));
  expect(details, "reservation, link, payment and voucher pages found").toHaveLength(4);
  const guestLink = await firstHref("/links", /^\/links\/[A-Za-z0-9_-]{16,64}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  for (const href of [...nav, ...details, "/search?city=Cartagena", "/payments/new", "/links/new"]) {
    await page.goto(href);
    await page.waitForLoadState("load");
    const over = await horizontalOverflow(page);
    if (over > 0) wide.push(`${href}: ${over} px`);
  }
  // The guest's pages, without a session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const guest = await phone.newPage();
  for (const href of ["/login", "/events", "/esta-pagina-no-existe", ...(guestLink ? [guestLink.replace("/links/", "/pay/")] : []), ...details.filter((h) => h.startsWith("/vouchers/"))]) {
    await guest.goto(href);
    await guest.waitForLoadState("load");
    const over = await horizontalOverflow(guest);
    if (over > 0) wide.push(`${href} (guest): ${over} px`);
  }
  await phone.close();
  expect(wide, "pages wider than a 390 px phone").toEqual([]);
});
