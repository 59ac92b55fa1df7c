import AxeBuilder from "@axe-core/playwright";
import { test, expect, type Locator, type Page, DEMO, signIn, artifact } from "./helpers";

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());
function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** A grid cell's accessible name, as a person reads it: "Cierre a llegadas, Habitación Doble, jueves 26/11/2026". */
function cellName(what: string, room: string, ymd: string) {
  const weekday = new Intl.DateTimeFormat("es-CO", { weekday: "long", timeZone: "UTC" }).format(new Date(`${ymd}T00:00:00Z`));
  return `${what}, ${room}, ${weekday} ${ymd.split("-").reverse().join("/")}`;
}
const RO = "Precio Tarifa flexible solo alojamiento";

/** axe-core on the page's own content: no serious or critical violation. */
async function noSeriousA11y(page: Page) {
  const r = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  const bad = r.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" / ")}`)).toEqual([]);
}

async function searchCartagena(page: Page, nights: number) {
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Buscar hoteles" })).toBeVisible();
  await page.getByRole("button", { name: "Cartagena", exact: true }).click();
  await page.getByLabel("Noches").fill(String(nights));
}

test.describe("inventory and availability", () => {
  test("an agency searches a demo city with two room groups and sees results", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await searchCartagena(page, 2);
    await page.getByRole("button", { name: /Agregar habitación/ }).click();
    const second = page.getByTestId("group-1");
    await second.getByLabel("Adultos").selectOption("1");
    await second.getByLabel("Niños").selectOption("1");
    await second.getByLabel("Edad niño 1").selectOption("5");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();

    const hotels = page.getByTestId("hotel-result");
    await expect(hotels.first()).toBeVisible();
    // One card per hotel; its rooms open on demand, one group per room asked for.
    await hotels.first().getByRole("button", { name: /Ver habitaciones/ }).click();
    await expect(hotels.first().getByTestId("group-result")).toHaveCount(2);
    await expect(hotels.first().getByText("Habitación 2: 1 adulto y 1 niño (5 años)")).toBeVisible();
    await expect(page.getByTestId("stay-price").first()).toContainText("$");
    const book = hotels.first().getByRole("link", { name: "Reservar" }).first();
    const href = await book.getAttribute("href");
    expect(href).toMatch(/^\/book\?hotel_id=\d+&room_id=[^&]+&rate_id=[^&]+&checkin=\d{4}-\d{2}-\d{2}&nights=2&adults=2&children_ages=$/);
    await page.screenshot({ path: artifact("inventory-search-agency.png"), fullPage: true });
    await page.screenshot({ path: artifact("inventory-search-agency-top.png") });

    // Nothing to sell for a group no room can host: a clear empty state.
    await page.getByTestId("group-1").getByRole("button", { name: "Quitar" }).click();
    await page.getByTestId("group-0").getByLabel("Adultos").selectOption("8");
    await expect(page.getByTestId("search-empty")).toBeVisible();
    await page.screenshot({ path: artifact("inventory-search-empty.png"), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone a summary bar above the results leads back to the form once a search has run.
    await page.getByRole("button", { name: "Cambiar búsqueda" }).click();
    await page.getByTestId("group-0").getByLabel("Adultos").selectOption("2");
    await expect(page.getByTestId("hotel-result").first()).toBeVisible();
    await page.screenshot({ path: artifact("inventory-search-phone.png"), fullPage: true });
    await page.getByTestId("hotel-result").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact("inventory-search-phone-results.png") });
  });

  test("an admin changes a night's price in the grid and the search shows it", async ({ page, browser }) => {
    const checkin = addDays(bogotaToday(), 7);
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/inventory");
    await expect(page.getByRole("heading", { name: "Inventario y tarifas" })).toBeVisible();
    const hotelSelect = page.getByLabel("Hotel", { exact: true });
    const hotelName = (await hotelSelect.locator("option:checked").textContent())!.split(" · ")[0];
    const cell = page.getByLabel(cellName(RO, "Habitación Doble", checkin), { exact: true });
    await expect(cell).toBeVisible();
    // Prices are shown and typed with thousands separators.
    await expect(cell).toHaveValue(/^\d{1,3}(\.\d{3})+$/);
    await cell.fill("777777");
    await expect(cell).toHaveValue("777.777");
    await expect(page.getByText("1 cambio sin guardar")).toBeVisible();
    await page.screenshot({ path: artifact("inventory-grid-edit.png"), fullPage: true });
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Cambios guardados")).toBeVisible();
    await expect(cell).toHaveValue("777.777");

    const agency = await browser.newContext();
    const agencyPage = await agency.newPage();
    await signIn(agencyPage, DEMO.agency);
    await searchCartagena(agencyPage, 1);
    await agencyPage.getByLabel("Llegada").fill(checkin);
    const card = agencyPage.getByTestId("hotel-result").filter({ hasText: hotelName });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: /Ver habitaciones/ }).click();
    await expect(card.getByTestId("product").filter({ hasText: "Tarifa flexible solo alojamiento" }).first()).toContainText(/777\.777/);
    await agencyPage.screenshot({ path: artifact("inventory-search-after-price.png"), fullPage: true });
    await agency.close();
  });

  test("bulk edit: explicit rooms and rates, a preview of old -> new, save, undo; Colombian prices; sticky room names", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const from = addDays(bogotaToday(), 8);
    const to = addDays(from, 2);
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/inventory");
    const suite = (d: string) => page.getByLabel(cellName(RO, "Suite Junior", d), { exact: true });
    const double = (d: string) => page.getByLabel(cellName(RO, "Habitación Doble", d), { exact: true });
    await expect(suite(from)).toBeVisible();
    const before = await suite(from).inputValue();
    const doubleBefore = await double(from).inputValue();
    expect(before).not.toBe("600.000");

    const bulk = page.getByTestId("bulk-form");
    await bulk.getByLabel("Desde", { exact: true }).fill(from);
    await bulk.getByLabel("Hasta", { exact: true }).fill(to);
    await bulk.getByLabel("Precio por noche").fill("600.000");
    // Nothing is picked for the person: no silent "all rooms".
    await bulk.getByRole("button", { name: "Revisar cambios" }).click();
    await expect(bulk.getByRole("alert")).toHaveText("Elija al menos una habitación.");
    await bulk.getByRole("checkbox", { name: "Suite Junior" }).check();
    await bulk.getByRole("button", { name: "Revisar cambios" }).click();
    await expect(bulk.getByRole("alert")).toHaveText("Elija al menos una tarifa para aplicar el precio.");
    await bulk.getByRole("checkbox", { name: "Tarifa flexible solo alojamiento" }).check();
    await expect(bulk.getByLabel("Precio por noche")).toHaveValue("600.000");
    await bulk.getByRole("button", { name: "Revisar cambios" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirme el cambio masivo" });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByTestId("bulk-change");
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    for (let i = 0; i < count; i++) {
      await expect(rows.nth(i)).toContainText("Suite Junior");
      await expect(rows.nth(i)).toContainText("Tarifa flexible solo alojamiento");
      await expect(rows.nth(i)).toContainText(/\$\s?600\.000/);
    }
    await expect(dialog).toContainText(`${before}`);
    await expect(dialog).toContainText(from.split("-").reverse().join("/"));
    await page.screenshot({ path: artifact("inventory-bulk-preview.png") });
    await noSeriousA11y(page);
    await dialog.getByRole("button", { name: /^Guardar \d+ cambios?$/ }).click();
    await expect(page.getByText("Cambio masivo guardado (3 noches).")).toBeVisible();
    for (const d of [from, addDays(from, 1), to]) await expect(suite(d)).toHaveValue("600.000");
    // The other room types were not touched.
    await expect(double(from)).toHaveValue(doubleBefore);
    await page.screenshot({ path: artifact("inventory-bulk-saved.png"), fullPage: true });
    await noSeriousA11y(page);

    await page.getByTestId("bulk-undo").click();
    await expect(page.getByText("Se deshizo el último cambio masivo.")).toBeVisible();
    await expect(suite(from)).toHaveValue(before);
    await expect(page.getByTestId("bulk-undo")).toHaveCount(0);

    // A server refusal reads in words, never as a field path.
    await expect(page.locator("body")).not.toContainText("amountBeforeTax");
    await expect(page.locator("body")).not.toContainText("updates.");

    // Phone: the room names stay in view when the grid scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const scroller = page.getByTestId("grid-scroller");
    await scroller.evaluate((el) => (el.scrollLeft = 900));
    const name = page.getByTestId("grid-room-name").first();
    await name.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest" }));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const box = await name.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x).toBeLessThan(60);
    await expect(name).toBeInViewport();
    await page.screenshot({ path: artifact("inventory-grid-phone-scrolled.png") });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: artifact("inventory-grid-phone.png"), fullPage: true });
  });

  test("grid cells are named in words; the review dialog traps the keyboard and Escape gives the focus back to its button", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const night = addDays(bogotaToday(), 3);
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/inventory");
    const cta = page.getByRole("checkbox", { name: cellName("Cierre a llegadas", "Habitación Doble", night), exact: true });
    await expect(cta).toBeVisible();
    // No cell is named with a code or an ISO date ("CM-CTG-002-DBL 2026-11-26").
    const names = await page.getByTestId("inventory-grid").locator("input").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
    expect(names.length).toBeGreaterThan(20);
    for (const n of names) {
      expect(n).toMatch(/^[^,]+, [^,]+, (lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{2}\/\d{2}\/\d{4}$/);
      expect(n).not.toMatch(/\d{4}-\d{2}-\d{2}|-DBL|-STE|-RO\b/);
    }
    await expect(page.getByLabel(cellName("Estancia mínima (noches)", "Suite Junior", night), { exact: true })).toBeVisible();

    // Keyboard only from here: pick a room and a closing, open the review, Tab stays inside, Escape returns.
    const bulk = page.getByTestId("bulk-form");
    await bulk.getByRole("checkbox", { name: "Habitación Doble" }).focus();
    await page.keyboard.press("Space");
    await bulk.getByLabel("Desde", { exact: true }).fill(night);
    await bulk.getByLabel("Hasta", { exact: true }).fill(night);
    await bulk.getByLabel("Cierre de venta").selectOption("close");
    const review = bulk.getByRole("button", { name: "Revisar cambios" });
    await review.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirme el cambio masivo" });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body), `${key} stays in the dialog`).toBe(true);
    }
    // The focused control shows a visible focus ring (its shadow changes when it takes the focus).
    const cancel = dialog.getByRole("button", { name: "Cancelar" });
    const ring = () => cancel.evaluate((b) => `${getComputedStyle(b).outlineStyle} ${getComputedStyle(b).boxShadow}`);
    await cancel.evaluate((b) => (b as HTMLElement).blur());
    const unfocused = await ring();
    await cancel.focus();
    expect(await ring()).not.toBe(unfocused);
    await page.screenshot({ path: artifact("inventory-review-dialog.png") });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(review).toBeFocused();
    // Nothing was saved: the night is still open.
    await expect(page.getByRole("checkbox", { name: cellName("Cierre de venta", "Habitación Doble", night), exact: true })).not.toBeChecked();
    // Cancel returns the focus to the same button.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(review).toBeFocused();
  });

  test("a restriction checked then unchecked in the grid is no change; every save gives the button its name back", async ({ page }) => {
    const night = addDays(bogotaToday(), 5);
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/inventory");
    const cta = page.getByRole("checkbox", { name: cellName("Cierre a llegadas", "Suite Junior", night), exact: true });
    // Named "Guardar cambios" only when no save is running (it reads "Guardando…" meanwhile).
    const save = page.getByRole("button", { name: "Guardar cambios" });
    await expect(cta).not.toBeChecked();
    await cta.check();
    await expect(cta).toBeChecked();
    await expect(page.getByText("1 cambio sin guardar")).toBeVisible();
    await expect(save).toBeEnabled();
    // Undone by hand: the night is open again and nothing is pending.
    await cta.uncheck();
    await expect(cta).not.toBeChecked();
    await expect(page.getByText(/cambios? sin guardar/)).toHaveCount(0);
    await expect(save).toBeDisabled();

    // Closed and saved, then reopened and saved: each save ends with the button named again, the night as saved.
    for (const closed of [true, false]) {
      await cta.setChecked(closed);
      await expect(page.getByText("1 cambio sin guardar")).toBeVisible();
      await save.click();
      await expect(page.getByText("Cambios guardados")).toBeVisible();
      await expect(save).toBeDisabled();
      await expect(page.getByRole("button", { name: "Guardando…" })).toHaveCount(0);
      await page.reload();
      await expect(cta).toBeChecked({ checked: closed });
    }
  });

  test("closing a night to arrival in bulk: the search no longer offers a stay arriving that night; undo reopens it", async ({ page, browser }) => {
    const night = addDays(bogotaToday(), 12);
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/inventory");
    const hotelId = await page.getByLabel("Hotel", { exact: true }).inputValue();
    const bulk = page.getByTestId("bulk-form");
    await bulk.getByRole("checkbox", { name: "Habitación Doble" }).check();
    await bulk.getByLabel("Desde", { exact: true }).fill(night);
    await bulk.getByLabel("Hasta", { exact: true }).fill(night);
    await bulk.getByLabel("Cierre a llegadas").selectOption("close");
    await bulk.getByRole("button", { name: "Revisar cambios" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirme el cambio masivo" });
    await expect(dialog.getByTestId("bulk-change")).toHaveCount(1);
    await expect(dialog.getByTestId("bulk-change")).toContainText(/Habitación Doble.*Cierre a llegadas.*Abierta.*Cerrada/);
    await dialog.getByRole("button", { name: "Guardar 1 cambio" }).click();
    await expect(page.getByText("Cambio masivo guardado (1 noche).")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: cellName("Cierre a llegadas", "Habitación Doble", night), exact: true })).toBeChecked();
    await page.screenshot({ path: artifact("inventory-grid-cta.png"), fullPage: true });

    const agency = await browser.newContext();
    const agencyPage = await agency.newPage();
    await signIn(agencyPage, DEMO.agency);
    const offered = async (checkin: string) => {
      const r = await agencyPage.request.get(`/api/v2/bookings/availability?hotel_id=${hotelId}&checkin=${checkin}&nights=2&adults=2`);
      expect(r.status()).toBe(200);
      return ((await r.json()).available_rooms as Array<{ roomId: string }>).map((x) => x.roomId.replace(/^.*-/, ""));
    };
    expect(await offered(night)).not.toContain("DBL");
    expect(await offered(night)).toContain("STE");
    expect(await offered(addDays(night, -1))).toContain("DBL");

    await page.getByTestId("bulk-undo").click();
    await expect(page.getByText("Se deshizo el último cambio masivo.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: cellName("Cierre a llegadas", "Habitación Doble", night), exact: true })).not.toBeChecked();
    expect(await offered(night)).toContain("DBL");
    await agency.close();
  });

  /** The error shown under one field of a form (the kit's Field), found by the field's label. */
  const fieldError = (scope: Locator, label: string) => scope.locator("[data-field]").filter({ has: scope.page().getByLabel(label, { exact: true }) }).getByTestId("field-error");

  test("the operator creates a hotel with a room type and a rate plan", async ({ page }) => {
    await signIn(page, DEMO.operator);
    await page.goto("/hotels");
    await expect(page.getByRole("heading", { name: "Hoteles", exact: true })).toBeVisible();
    const form = page.getByTestId("hotel-form");
    await form.getByLabel("Nombre").fill("Hostal Prueba E2E");
    await form.getByLabel("Ciudad", { exact: true }).fill("Villa de Leyva");
    await form.getByRole("button", { name: "Crear hotel" }).click();
    const detail = page.getByTestId("hotel-detail");
    await expect(detail.getByRole("heading", { name: "Hostal Prueba E2E" })).toBeVisible();
    await expect(detail).toContainText("Villa De Leyva");
    const room = detail.getByTestId("room-type-form");
    // Submitted with «Nombre» empty while a wrong «Camas» still has the focus: every rule shows under its own
    // field (the name too: the form checks on submit, so no error line appears on blur and moves the button away
    // from the click), with the count of fields to fix.
    await room.getByLabel("Camas").fill("0");
    await expect(room.getByLabel("Camas")).toBeFocused();
    await room.getByRole("button", { name: "Agregar habitación" }).click();
    await expect(fieldError(room, "Nombre")).toHaveText("Escriba el nombre de la habitación.");
    await expect(room.getByLabel("Nombre")).toHaveAttribute("aria-invalid", "true");
    await expect(room.getByLabel("Nombre")).toBeFocused();
    await expect(fieldError(room, "Camas")).toHaveText("Las camas deben ser un número entero entre 1 y 20.");
    await expect(room.getByTestId("form-errors")).toHaveText("Revise los 2 campos marcados.");
    await expect(room.getByTestId("field-error")).toHaveCount(2);
    await room.getByLabel("Nombre").fill("Doble estándar");
    await expect(fieldError(room, "Nombre")).toHaveCount(0);
    await room.getByLabel("Código (opcional)").fill("DBL-E2E");
    await room.getByLabel("Camas").fill("2");
    await room.getByRole("button", { name: "Agregar habitación" }).click();
    await expect(detail.getByTestId("room-type-row").filter({ hasText: "Doble estándar" })).toBeVisible();
    await expect(room.getByLabel("Nombre"), "the form is emptied for the next one").toHaveValue("");
    await expect(room.getByTestId("field-error")).toHaveCount(0);
    // The API's rule (the code is taken in this hotel) goes under the code, in Spanish.
    await room.getByLabel("Nombre").fill("Doble repetida");
    await room.getByLabel("Código (opcional)").fill("DBL-E2E");
    await room.getByRole("button", { name: "Agregar habitación" }).click();
    await expect(fieldError(room, "Código (opcional)")).toHaveText("Ya existe la habitación DBL-E2E en este hotel");
    await expect(detail.getByTestId("room-type-row")).toHaveCount(1);
    await page.screenshot({ path: artifact("inventory-hotels-room-form-errors.png") });

    const plan = detail.getByTestId("rate-plan-form");
    await plan.getByLabel("Descripción", { exact: true }).fill("Tarifa de prueba");
    await plan.getByLabel("Moneda").fill("C1");
    await plan.getByRole("button", { name: "Agregar tarifa" }).click();
    await expect(fieldError(plan, "Descripción del régimen")).toHaveText("Escriba la descripción del régimen.");
    await expect(fieldError(plan, "Política de cancelación")).toHaveText("Escriba la política de cancelación.");
    await expect(fieldError(plan, "Moneda")).toHaveText("Escriba el código de la moneda en 3 letras, p. ej. COP o USD.");
    await expect(fieldError(plan, "Descripción")).toHaveCount(0);
    await plan.getByLabel("Moneda").fill("COP");
    await plan.getByLabel("Descripción del régimen").fill("Solo alojamiento");
    await plan.getByLabel("Política de cancelación").fill("Sin cargo hasta 24 horas antes.");
    await plan.getByRole("button", { name: "Agregar tarifa" }).click();
    await expect(detail.getByText("Tarifa de prueba")).toBeVisible();
    await expect(page.getByRole("row", { name: /Hostal Prueba E2E/ })).toBeVisible();
    await page.screenshot({ path: artifact("inventory-hotels-operator.png"), fullPage: true });

    // Edit the room type, then retire the rate plan (asked first) and bring it back.
    const roomRow = detail.getByTestId("room-type-row").filter({ hasText: "Doble estándar" });
    await roomRow.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: /Editar habitación/ });
    await edit.getByLabel("Nombre").fill("Doble superior");
    await edit.getByLabel("Camas").fill("0");
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(fieldError(edit, "Camas")).toHaveText("Las camas deben ser un número entero entre 1 y 20.");
    await expect(edit.getByLabel("Camas")).toHaveAttribute("aria-invalid", "true");
    await expect(edit.getByTestId("field-error")).toHaveCount(1);
    await edit.getByLabel("Camas").fill("2");
    await page.screenshot({ path: artifact("inventory-hotels-edit-room.png") });
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(edit).toBeHidden();
    await expect(detail.getByTestId("room-type-row").filter({ hasText: "Doble superior" })).toBeVisible();

    const planRow = detail.getByTestId("rate-plan-row").filter({ hasText: "Tarifa de prueba" });
    await planRow.getByRole("button", { name: "Retirar" }).click();
    const ask = page.getByRole("dialog", { name: /¿Retirar la tarifa/ });
    await expect(ask).toContainText("Las reservas ya hechas la conservan");
    await page.screenshot({ path: artifact("inventory-hotels-retire.png") });
    await noSeriousA11y(page);
    await ask.getByRole("button", { name: "Retirar" }).click();
    await expect(planRow).toContainText("Retirada");
    await planRow.getByRole("button", { name: "Reactivar" }).click();
    await page.getByRole("dialog", { name: /¿Reactivar/ }).getByRole("button", { name: "Reactivar" }).click();
    await expect(planRow).not.toContainText("Retirada");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: artifact("inventory-hotels-phone.png"), fullPage: true });
  });
});
