import { test, expect, type Page } from "@playwright/test";
import { DEMO, signIn, artifact } from "./helpers";

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());
function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
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
    await expect(hotels.first().getByTestId("group-result")).toHaveCount(2);
    await expect(hotels.first().getByText(/Habitación 2: 1 adulto, niños de 5 años/)).toBeVisible();
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
    const cell = page.getByLabel(new RegExp(`-RO .*-DBL ${checkin}$`));
    await expect(cell).toBeVisible();
    await cell.fill("777777");
    await expect(page.getByText("1 cambios sin guardar")).toBeVisible();
    await page.screenshot({ path: artifact("inventory-grid-edit.png"), fullPage: true });
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Cambios guardados")).toBeVisible();
    await expect(cell).toHaveValue("777777");

    // Range editing: close sales on the quadruple room for two nights, visible in the grid.
    await page.getByLabel("Habitación", { exact: true }).selectOption({ label: "Habitación Cuádruple" });
    await page.getByLabel("Desde", { exact: true }).last().fill(addDays(checkin, 3));
    await page.getByLabel("Hasta", { exact: true }).fill(addDays(checkin, 4));
    await page.getByLabel("Cierre de venta", { exact: true }).selectOption("closed");
    await page.getByRole("button", { name: "Aplicar al rango" }).click();
    await expect(page.getByText(/2 noches actualizadas/)).toBeVisible();
    await expect(page.getByLabel(new RegExp(`^Cierre de venta .*-QUA ${addDays(checkin, 3)}$`))).toBeChecked();
    await page.screenshot({ path: artifact("inventory-grid-saved.png"), fullPage: true });

    const agency = await browser.newContext();
    const agencyPage = await agency.newPage();
    await signIn(agencyPage, DEMO.agency);
    await searchCartagena(agencyPage, 1);
    await agencyPage.getByLabel("Llegada").fill(checkin);
    const card = agencyPage.getByTestId("hotel-result").filter({ hasText: hotelName });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("product").filter({ hasText: "Tarifa flexible solo alojamiento" }).first()).toContainText(/777\.777/);
    await agencyPage.screenshot({ path: artifact("inventory-search-after-price.png"), fullPage: true });
    await agency.close();
  });

  test("the operator creates a hotel with a room type and a rate plan", async ({ page }) => {
    await signIn(page, DEMO.operator);
    await page.goto("/hotels");
    await expect(page.getByRole("heading", { name: "Hoteles", exact: true })).toBeVisible();
    const form = page.getByTestId("hotel-form");
    await form.getByLabel("Nombre").fill("Hostal Prueba E2E");
    await form.getByLabel("Ciudad").fill("Villa de Leyva");
    await form.getByRole("button", { name: "Crear hotel" }).click();
    const detail = page.getByTestId("hotel-detail");
    await expect(detail.getByRole("heading", { name: "Hostal Prueba E2E" })).toBeVisible();
    await expect(detail).toContainText("Villa De Leyva");
    const room = detail.getByTestId("room-type-form");
    await room.getByLabel("Nombre").fill("Doble estándar");
    await room.getByRole("button", { name: "Agregar habitación" }).click();
    await expect(detail.getByText("Doble estándar")).toBeVisible();
    const plan = detail.getByTestId("rate-plan-form");
    await plan.getByLabel("Descripción", { exact: true }).fill("Tarifa de prueba");
    await plan.getByLabel("Descripción del régimen").fill("Solo alojamiento");
    await plan.getByLabel("Política de cancelación").fill("Sin cargo hasta 24 horas antes.");
    await plan.getByRole("button", { name: "Agregar tarifa" }).click();
    await expect(detail.getByText("Tarifa de prueba")).toBeVisible();
    await expect(page.getByRole("row", { name: /Hostal Prueba E2E/ })).toBeVisible();
    await page.screenshot({ path: artifact("inventory-hotels-operator.png"), fullPage: true });
  });
});
