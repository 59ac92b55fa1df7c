// Issue 27: the portal as an agent uses it from a phone. Lists are cards on a phone (nothing off-screen), the filters
// fold, the search lives in the address (Back from the booking page shows the same results), and the search form
// says under each field what is wrong instead of disappearing.
import { test, expect, DEMO, signIn, shoot, type Page } from "./helpers";

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
    await expect(page.getByLabel("Ciudad")).toHaveValue("Cartagena");
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
    const city = page.getByLabel("Ciudad");
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
