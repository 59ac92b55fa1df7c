// Issue 27: the portal as an agent uses it from a phone. Lists are cards on a phone (nothing off-screen), the filters
// fold, the search lives in the address (Back from the booking page shows the same results), and the search form
// says under each field what is wrong instead of disappearing.
import { test, expect, DEMO, signIn, shoot, demoKeys, type Page } from "./helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** How many px the list is wider than its box (0: nothing off-screen sideways). */
async function listOverflow(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => el.scrollWidth - el.clientWidth);
}

test.describe("portal on a phone", () => {
  for (const [path, listId, rowId] of [
    ["/reservations", "reservations-list", "reservation-row"],
    ["/payments", "payments-table", "payment-row"],
    ["/links", "links-list", "link-row"],
  ] as const) {
    test(`${path}: cards with amount and status on screen, filters folded, no sideways overflow`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await signIn(page, DEMO.agency);
      await page.goto(path);
      const row = page.getByTestId(rowId).first();
      await expect(row).toBeVisible();
      // The filters are one button on a phone; the list is on the first screen.
      const toggle = page.getByTestId("filters-toggle");
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByLabel("Estado", { exact: true }).or(page.getByRole("combobox", { name: "Estado" })).first()).toBeHidden();
      expect(await listOverflow(page, listId)).toBeLessThanOrEqual(0);
      // Amount and status are inside the 390 px screen.
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await expect(row).toContainText(/\$\s[\d.]+/);
      for (const el of await row.locator("td").all()) {
        if (!(await el.isVisible())) continue;
        const b = (await el.boundingBox())!;
        expect(b.x + b.width, "every card line fits the screen").toBeLessThanOrEqual(PHONE.width);
      }
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByRole("button", { name: /^(Buscar|Filtrar)$/ }).first()).toBeVisible();
      await shoot(page, `portal-list${path.replace(/\//g, "-")}`);
      // On a desktop it is a table with its column headers, and the filters are open.
      await page.setViewportSize(DESKTOP);
      await expect(page.getByTestId(listId).getByRole("columnheader").first()).toBeVisible();
      await expect(toggle).toBeHidden();
    });
  }
});

test.describe("search in the address", () => {
  test("search -> book -> Back: the same search and results; a reload gives them too", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.agency);
    await page.goto("/search");
    await page.getByRole("button", { name: "Cartagena", exact: true }).click();
    await page.getByLabel("Noches").fill("3");
    await page.getByTestId("group-0").getByLabel("Niños").selectOption("1");
    await page.getByTestId("group-0").getByLabel("Edad niño 1").selectOption("7");
    const hotel = page.getByTestId("hotel-result").first();
    await expect(hotel).toBeVisible();
    await expect(page).toHaveURL(/\/search\?city=Cartagena&checkin=\d{4}-\d{2}-\d{2}&nights=3&room=2%2C7$/);
    const searched = page.url();
    const checkout = await page.getByTestId("search-checkout").textContent();
    const count = await page.getByTestId("results-count").textContent();
    await hotel.getByRole("button", { name: /Ver habitaciones/ }).click();
    await hotel.getByRole("link", { name: "Reservar" }).first().click();
    await expect(page).toHaveURL(/\/book\?/);

    await page.goBack();
    await expect(page).toHaveURL(searched);
    await expect(page.getByLabel("Ciudad", { exact: true })).toHaveValue("Cartagena");
    await expect(page.getByLabel("Noches")).toHaveValue("3");
    await expect(page.getByTestId("group-0").getByLabel("Edad niño 1")).toHaveValue("7");
    await expect(page.getByTestId("search-checkout")).toHaveText(checkout!);
    await expect(page.getByTestId("hotel-result").first()).toBeVisible();
    await expect(page.getByTestId("results-count")).toHaveText(count!);
    await expect(page.getByTestId("ages-missing")).toHaveCount(0);

    // A shared address (here: a reload) opens the same search with its results.
    await page.reload();
    await expect(page.getByLabel("Noches")).toHaveValue("3");
    await expect(page.getByTestId("results-count")).toHaveText(count!);
  });

  test("on a phone an unknown or empty city is told under the field and the form stays", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.agency);
    await page.goto("/search");
    const city = page.getByLabel("Ciudad", { exact: true });
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    const error = page.locator('[data-field="city"]').getByTestId("field-error");
    await expect(error).toHaveText("Escriba la ciudad o elija una de la lista.");
    await expect(city).toHaveAttribute("aria-invalid", "true");
    await expect(city).toBeFocused();

    await city.fill("Villa Imaginaria");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(error).toContainText("No hay hoteles en Villa Imaginaria. Elija una de estas ciudades:");
    await expect(page.getByTestId("search-form")).toBeVisible();
    await shoot(page, "portal-search-unknown-city");

    // The agent fixes the city in place: no reload needed.
    await page.getByRole("button", { name: "Cartagena", exact: true }).click();
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId("hotel-result").first()).toBeVisible();
    await expect(page.getByTestId("search-form")).toBeVisible();
    await expect(page.getByTestId("search-summary")).toBeVisible();
  });
});

test.describe("pay page by keyboard and screen reader", () => {
  test("arrow keys move between the methods; a decline is announced in the live region and the focus goes to the retry", async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${demoKeys().retailer}` };
    const me = await (await request.get("/api/v2/me", { headers })).json();
    const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers })).json();
    const made = await request.post("/api/v2/links/schedule", {
      headers,
      data: { agency_id: me.agency_id, hotel_id: hotels[0].id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "573001234567", amount: "80000.00", description: "Anticipo", available_hours: 24 },
    });
    expect(made.status()).toBe(200);
    const { url } = await made.json();
    const phone = await browser.newContext({ viewport: PHONE, locale: "es-CO", timezoneId: "America/Bogota" });
    const guest = await phone.newPage();
    await guest.goto(new URL(url).pathname);
    // The live region is on the page, empty, before anything is paid.
    const live = guest.getByTestId("pay-live");
    await expect(live).toHaveAttribute("role", "alert");
    await expect(live).toHaveText("");

    // Tabs: one stop in the Tab order, arrows select.
    const cardTab = guest.getByRole("tab", { name: "Tarjeta" });
    await cardTab.focus();
    await guest.keyboard.press("ArrowRight");
    await expect(guest.getByRole("tab", { name: "Efectivo" })).toBeFocused();
    await expect(guest.getByRole("tab", { name: "Efectivo" })).toHaveAttribute("aria-selected", "true");
    await expect(guest.getByRole("tabpanel")).toBeVisible();
    await guest.keyboard.press("End");
    await expect(guest.getByRole("tab", { name: "Nequi" })).toHaveAttribute("aria-selected", "true");
    await guest.keyboard.press("ArrowLeft");
    await expect(guest.getByRole("tab", { name: "PSE" })).toHaveAttribute("aria-selected", "true");
    await guest.keyboard.press("End");
    await guest.keyboard.press("ArrowRight");
    await expect(cardTab).toBeFocused();
    await expect(cardTab).toHaveAttribute("aria-selected", "true");

    // The card number is grouped as typed and its brand named.
    const number = guest.getByLabel("Número de tarjeta");
    await number.pressSequentially("4000000000000002");
    await expect(number).toHaveValue("4000 0000 0000 0002");
    await expect(guest.getByTestId("card-brand")).toHaveText("Visa");
    await guest.getByLabel("Nombre del titular").fill("LAURA GOMEZ");
    await guest.getByLabel("Mes", { exact: true }).selectOption("12");
    await guest.getByLabel("Año", { exact: true }).selectOption({ index: 3 });
    await guest.getByLabel("CVV").fill("123");
    await guest.getByRole("button", { name: /^Pagar \$ 80\.000$/ }).click();

    await expect(live).toContainText("El pago fue rechazado");
    await expect(guest.getByRole("button", { name: "Intentar de nuevo" })).toBeFocused();
    await shoot(guest, "portal-pay-declined");
    await guest.keyboard.press("Enter");
    await expect(number).toBeFocused();
    await expect(live).toHaveText("");
    await phone.close();
  });
});

test.describe("pay page with the keyboard only", () => {
  test("Tab reaches every card field in order with a visible focus, Shift+Tab goes back, Enter pays", async ({ browser, request }) => {
    const headers = { authorization: `Bearer ${demoKeys().retailer}` };
    const me = await (await request.get("/api/v2/me", { headers })).json();
    const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers })).json();
    const made = await request.post("/api/v2/links/schedule", {
      headers,
      data: { agency_id: me.agency_id, hotel_id: hotels[0].id, guest_name: "Laura Gómez", email: "laura@example.co", phone: "573001234567", amount: "65000.00", description: "Anticipo", available_hours: 24 },
    });
    expect(made.status()).toBe(200);
    const { url } = await made.json();
    const ctx = await browser.newContext({ viewport: DESKTOP, locale: "es-CO", timezoneId: "America/Bogota" });
    const guest = await ctx.newPage();
    await guest.goto(new URL(url).pathname);
    await expect(guest.getByRole("tab", { name: "Tarjeta" })).toHaveAttribute("aria-selected", "true");

    // What has the focus: its accessible name (label) or text, and whether it looks focused.
    const focused = () =>
      guest.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return { name: "", ring: false };
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
        const style = (e: Element) => `${getComputedStyle(e).outlineStyle}|${getComputedStyle(e).outlineWidth}|${getComputedStyle(e).boxShadow}`;
        const on = style(el);
        const clone = el.cloneNode(false) as HTMLElement;
        clone.removeAttribute("id");
        clone.setAttribute("tabindex", "-1");
        el.parentElement!.appendChild(clone);
        const off = style(clone);
        clone.remove();
        return { name: (label ?? el.getAttribute("aria-label") ?? el.textContent ?? "").trim(), ring: on !== off };
      });
    const order: string[] = [];
    for (let i = 0; i < 40 && !order.some((n) => /^Pagar \$/.test(n)); i++) {
      await guest.keyboard.press("Tab");
      const f = await focused();
      order.push(f.name);
      expect(f.ring, `focus visible on «${f.name}»`).toBe(true);
    }
    const want = ["Tarjeta", "Número de tarjeta", "Nombre del titular", "Mes", "Año", "CVV", "Cuotas"];
    const at = want.map((w) => order.findIndex((n) => n === w));
    expect(at.every((i) => i >= 0), order.join(" → ")).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(order.at(-1)).toMatch(/^Pagar \$\s65\.000$/);

    // Back with Shift+Tab, then fill the card from the keyboard and pay with Enter.
    await guest.keyboard.press("Shift+Tab");
    expect((await focused()).name).toBe(order.at(-2));
    const number = guest.getByLabel("Número de tarjeta");
    while ((await focused()).name !== "Número de tarjeta") await guest.keyboard.press("Shift+Tab");
    await guest.keyboard.type("4000000000000002");
    await guest.keyboard.press("Tab");
    await guest.keyboard.type("LAURA GOMEZ");
    await guest.keyboard.press("Tab");
    await guest.keyboard.press("End");
    await guest.keyboard.press("Tab");
    await guest.keyboard.press("End");
    await guest.keyboard.press("Tab");
    await guest.keyboard.type("123");
    while (!/^Pagar/.test((await focused()).name)) await guest.keyboard.press("Tab");
    await guest.keyboard.press("Enter");
    await expect(guest.getByTestId("pay-live")).toContainText("El pago fue rechazado");
    await expect(guest.getByRole("button", { name: "Intentar de nuevo" })).toBeFocused();
    await guest.keyboard.press("Enter");
    await expect(number).toBeFocused();
    await ctx.close();
  });
});

test.describe("documents in the words of the country", () => {
  test("a NIT with dots and its check digit is accepted; a wrong check digit is explained under the field", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO.operator);
    await page.goto("/agencies");
    await page.getByRole("button", { name: "Nueva agencia" }).click();
    const form = page.getByRole("form", { name: "Crear agencia" });
    const run = Date.now().toString().slice(-6);
    const base = `901${run}`;
    const w = [3, 7, 13, 17, 19, 23, 29, 37, 41];
    const r = base.split("").reverse().reduce((sum, c, i) => sum + Number(c) * w[i], 0) % 11;
    const dv = r > 1 ? 11 - r : r;
    await form.getByLabel(/razón social/i).fill(`Viajes NIT ${run} SAS`);
    await form.getByLabel(/correo para notificaciones/i).fill(`nit-${run}@example.co`);
    await form.getByLabel(/teléfono/i).fill("3104567890");
    await form.getByLabel(/cuenta de pagos/i).fill(`acct_${run}`);
    await expect(form).toContainText("p. ej. 900.123.456-8");
    const doc = form.getByLabel(/número de documento/i);
    await doc.fill(`${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6)}-${(dv + 1) % 10}`);
    await form.getByRole("button", { name: "Crear agencia" }).click();
    // Under its own field, tied to it for screen readers (the form kit's applyApiError).
    await expect(form.locator("#new-agency-doc-error")).toHaveText(new RegExp(`^El dígito de verificación no corresponde a este NIT: para ${base} es ${dv}`));
    await expect(doc).toHaveAttribute("aria-invalid", "true");
    await expect(form).not.toContainText("document_number");
    await doc.fill(`${base.slice(0, 3)}.${base.slice(3, 6)}.${base.slice(6)}-${dv}`);
    await form.getByRole("button", { name: "Crear agencia" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Agencia creada: Viajes NIT ${run} SAS` })).toBeVisible();
  });
});

test.describe("Cobrar from a reservation", () => {
  test("the detail comes filled in; after a cash order the agent sees the reference, the amount, WhatsApp and the way back", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.agency);
    await page.goto("/reservations?status=pending_payment");
    const row = page.getByTestId("reservation-row").first();
    const code = (await row.getByText(/^HB[A-Z2-9]{8}$/).textContent())!.trim();
    await row.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/reservations/${code}$`));
    await page.getByRole("link", { name: /Cobrar ahora/ }).click();
    await expect(page).toHaveURL(/\/payments\/new\?/);
    await expect(page.getByLabel("Detalle")).toHaveValue(`Pago de la reserva ${code}`);
    // The method tabs answer the arrow keys.
    await page.getByRole("tab", { name: "Tarjeta de crédito" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Efectivo" })).toHaveAttribute("aria-selected", "true");
    await page.getByLabel("Número de documento").fill("1020304050");
    await page.getByLabel("Dirección").fill("Calle 10 # 5-20");
    await page.getByRole("button", { name: "Generar referencia de pago" }).click();
    await expect(page.getByTestId("payment-result")).toContainText("Orden de pago creada");
    await expect(page.getByTestId("order-summary")).toContainText(code);
    await expect(page.getByTestId("order-amount")).toHaveText(/^\$\s[\d.]+$/);
    const checkoutUrl = (await page.getByTestId("checkout-url").textContent())!.trim();
    const wa = (await page.getByTestId("order-whatsapp").getAttribute("href"))!;
    expect(wa).toMatch(/^https:\/\/wa\.me\/\d{10,15}\?text=/);
    const text = decodeURIComponent(wa.split("?text=")[1]);
    expect(text).toContain(`Referencia de pago: ${code}.`);
    expect(text).toContain(checkoutUrl);
    await shoot(page, "portal-cobrar-order");
    await page.getByTestId("back-to-reservation").click();
    await expect(page).toHaveURL(new RegExp(`/reservations/${code}$`));
  });
});
