import { test, expect, DEMO, signIn, artifact, shoot } from "./helpers";
import type { Page } from "@playwright/test";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAIElEQVR42mP8z8Dwn4EIwESMIqoqYqRMFYMGMVHGMRAA9sQDDUgc3Z8AAAAASUVORK5CYII=",
  "base64",
);

function bogotaDay(offsetDays: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

test.describe("events calendar", () => {
  /** The demo's nearest event of this hotel is 4 days ahead: near a month's end it is in the next month's grid. */
  async function toMonthOfNextDemoEvent(page: Page) {
    if (bogotaDay(4).slice(0, 7) !== bogotaDay(0).slice(0, 7)) await page.getByRole("button", { name: "Mes siguiente" }).click();
  }

  test("a hotel admin creates an event with a new venue; it appears on the public page and in GET /events", async ({ page, browser }) => {
    const stamp = Date.now().toString(36).slice(-5);
    const title = `Festival de Jazz en la Muralla ${stamp}`;
    const venueName = `Baluarte de San Francisco Javier ${stamp}`;
    const day = bogotaDay(6);

    await signIn(page, DEMO.hotelAdmin);
    await page.getByRole("link", { name: "Calendario" }).first().click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { name: "Calendario de eventos" })).toBeVisible();
    await toMonthOfNextDemoEvent(page);
    await expect(page.getByTestId("month-event").first()).toBeVisible();
    await page.screenshot({ path: artifact("calendar-month.png"), fullPage: true });
    await shoot(page, "calendar-month-checked");
    // A click on a day opens a new event on that day.
    await page.getByTestId("month-day").nth(14).click();
    await expect(page).toHaveURL(/\/calendar\/new\?dia=\d{4}-\d{2}-15$/);
    await page.goBack();
    await toMonthOfNextDemoEvent(page);
    await expect(page.getByTestId("month-event").first()).toBeVisible();
    await page.getByRole("button", { name: "Lista" }).click();
    await expect(page.getByTestId("list-event").first()).toBeVisible();
    await page.screenshot({ path: artifact("calendar-list.png"), fullPage: true });

    await page.getByRole("link", { name: "Nuevo evento" }).click();
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Resumen").fill("Jazz latino al atardecer sobre la muralla de Cartagena.");
    await page.getByLabel("Descripción").fill("Tres bandas del Caribe colombiano.\n\nEntrada con reserva previa.");
    await page.getByLabel("Inicio (hora de Bogotá)").fill(`${day}T18:30`);
    await page.getByLabel("Fin (hora de Bogotá)").fill(`${day}T22:00`);
    await page.getByLabel("Lugar", { exact: true }).selectOption("new");
    await page.getByLabel("Nombre del lugar").fill(venueName);
    await page.getByLabel("Dirección", { exact: true }).fill("Calle del Arsenal, Getsemaní");
    await page.getByLabel("Ciudad", { exact: true }).fill("Cartagena");
    await page.getByLabel("Nuevo organizador (nombre)").fill("Cartagena Jazz Club");
    await page.getByLabel("Categorías: Nuevas, separadas por comas").fill("Jazz");
    await page.getByText("Música", { exact: true }).first().click();
    await page.getByLabel("Destacado", { exact: true }).check();
    await page.getByLabel("Costo", { exact: true }).fill("$60.000");
    await page.getByLabel("Sitio web", { exact: true }).fill("https://jazz.example.co");
    await page.getByTestId("image-input").setInputFiles({ name: "afiche-jazz.png", mimeType: "image/png", buffer: PNG });
    await expect(page.locator("img[src*='/media/calendar/']")).toBeVisible();
    await page.screenshot({ path: artifact("calendar-new-event.png"), fullPage: true });
    await page.getByRole("button", { name: "Guardar evento" }).click();
    await expect(page).toHaveURL(/\/calendar\/\d+\?created=1$/);
    await expect(page.getByLabel("Título")).toHaveValue(title);
    await expect(page.getByLabel("Lugar", { exact: true })).toContainText(venueName);
    await page.screenshot({ path: artifact("calendar-edit-event.png"), fullPage: true });

    // The interface lists it to anonymous clients, with the new venue inline.
    const anon = await browser.newContext();
    const api = await anon.request.get(`/wp-json/calendar/events/v1/events?search=${encodeURIComponent(stamp)}`);
    expect(api.status()).toBe(200);
    const body = await api.json();
    expect(body.total).toBe(1);
    const ev = body.events[0];
    expect(ev.title).toBe(title);
    expect(ev.venue.venue).toBe(venueName);
    expect(ev.organizer[0].organizer).toBe("Cartagena Jazz Club");
    expect(ev.start_date).toBe(`${day} 18:30:00`);
    expect(ev.utc_start_date).toBe(`${day} 23:30:00`);
    expect(ev.featured).toBe(true);
    expect(ev.image.url).toContain("/media/calendar/");
    expect(ev.categories.map((c: { name: string }) => c.name).sort()).toEqual(["Jazz", "Música"]);
    await anon.close();

    // A guest (no session) sees it on the public page and opens its detail.
    const guest = await browser.newContext({ locale: "es-CO", timezoneId: "America/Bogota" });
    const gp = await guest.newPage();
    const html = await gp.goto("/events");
    expect(html!.headers()["x-tec-api-version"]).toBe("v1");
    expect(html!.headers()["x-tec-api-root"]).toMatch(/\/wp-json\/calendar\/events\/v1\/events$/);
    await expect(gp.getByRole("heading", { name: "Eventos en Colombia" })).toBeVisible();
    const card = gp.getByTestId("public-event").filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(venueName);
    await gp.screenshot({ path: artifact("events-public.png"), fullPage: true });
    await card.click();
    await expect(gp.getByTestId("event-title")).toHaveText(title);
    await expect(gp.getByText(venueName)).toBeVisible();
    await expect(gp.getByText("$60.000")).toBeVisible();
    await gp.screenshot({ path: artifact("events-detail.png"), fullPage: true });
    await gp.setViewportSize({ width: 390, height: 844 });
    await gp.screenshot({ path: artifact("events-detail-phone.png"), fullPage: true });
    // The category filter shows this event and nothing outside the category (a retried run may have left its own jazz event).
    await gp.goto("/events?categories=jazz");
    await expect(gp.getByTestId("public-event").filter({ hasText: title })).toHaveCount(1);
    await expect(gp.getByTestId("public-event").filter({ hasNotText: "Festival de Jazz en la Muralla" })).toHaveCount(0);
    await gp.goto("/events");
    await gp.screenshot({ path: artifact("events-public-phone.png"), fullPage: false });
    await guest.close();

    // The new venue is on the venues list and can be edited there.
    await page.goto("/calendar/venues");
    const row = page.getByTestId("linked-row").filter({ hasText: venueName });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Editar" }).click();
    await page.getByLabel("Teléfono").fill("+57 605 6641234");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("status")).toHaveText("Guardado");
    await page.screenshot({ path: artifact("calendar-venues.png"), fullPage: true });
    const v = await page.request.get(`/wp-json/calendar/events/v1/venues/${ev.venue.id}`);
    expect((await v.json()).phone).toBe("+57 605 6641234");
  });

  test("drafts are marked for the hotel admin and hidden from the public", async ({ page, browser }) => {
    await signIn(page, DEMO.hotelAdmin);
    await page.goto("/calendar/new");
    const title = `Cata privada ${Date.now().toString(36).slice(-5)}`;
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Evento de todo el día").check();
    await page.getByLabel("Inicio (hora de Bogotá)").fill(bogotaDay(2));
    await page.getByLabel("Fin (hora de Bogotá)").fill(bogotaDay(2));
    await page.getByLabel("Estado").selectOption("draft");
    await page.getByRole("button", { name: "Guardar evento" }).click();
    await expect(page).toHaveURL(/\/calendar\/\d+\?created=1$/);
    await page.goto("/calendar");
    await page.getByRole("button", { name: "Lista" }).click();
    const draftMonth = bogotaDay(2).slice(0, 7);
    if (draftMonth !== bogotaDay(0).slice(0, 7)) await page.getByRole("button", { name: "Mes siguiente" }).click();
    const item = page.getByTestId("list-event").filter({ hasText: title });
    await expect(item).toContainText("Borrador");
    await expect(item).toContainText("Todo el día");
    const guest = await browser.newContext();
    const gp = await guest.newPage();
    await gp.goto("/events");
    await expect(gp.getByRole("heading", { name: "Eventos en Colombia" })).toBeVisible();
    await expect(gp.getByText(title)).toHaveCount(0);
    const api = await gp.request.get(`/wp-json/calendar/events/v1/events?search=${encodeURIComponent(title)}`);
    expect((await api.json()).total).toBe(0);
    await guest.close();
  });

  test("saving says so; an event over several days is one bar across its days, continued on the next week's row", async ({ page }) => {
    await signIn(page, DEMO.hotelAdmin);
    // Next month's first Saturday (from the 3rd) to the Monday after: two days on one week's row, one on the next.
    const [y, m] = bogotaDay(0).slice(0, 7).split("-").map(Number);
    const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
    const month = `${ny}-${String(nm).padStart(2, "0")}`;
    let sat = 3;
    while (new Date(Date.UTC(ny, nm - 1, sat)).getUTCDay() !== 6) sat += 1;
    const dd = (d: number) => String(d).padStart(2, "0");
    const title = `Feria de las Flores ${Date.now().toString(36).slice(-5)}`;
    await page.goto("/calendar/new");
    await page.getByLabel("Título").fill(title);
    await page.getByLabel("Evento de todo el día").check();
    await page.getByLabel("Inicio (hora de Bogotá)").fill(`${month}-${dd(sat)}`);
    await page.getByLabel("Fin (hora de Bogotá)").fill(`${month}-${dd(sat + 2)}`);
    await page.getByRole("button", { name: "Guardar evento" }).click();
    await expect(page).toHaveURL(/\/calendar\/\d+\?created=1$/);
    await expect(page.getByTestId("event-saved")).toHaveText("✓ Evento creado y guardado");
    await page.getByLabel("Título").fill(`${title} 2026`);
    await page.getByRole("button", { name: "Guardar evento" }).click();
    await expect(page.getByTestId("event-saved")).toHaveText("✓ Evento guardado");

    await page.goto("/calendar");
    await page.getByRole("button", { name: "Mes siguiente" }).click();
    const bar = page.getByTestId("month-event").filter({ hasText: title });
    await expect(bar).toHaveCount(1);
    await expect(page.getByRole("link", { name: `${title} 2026 (continúa)` })).toHaveCount(1);
    // One bar as wide as Saturday and Sunday together (a day column is a seventh of the week's row).
    const row = (await page.getByTestId("month-week").first().boundingBox())!;
    const box = (await bar.boundingBox())!;
    expect(box.width).toBeGreaterThan((row.width / 7) * 1.6);
    expect(box.width).toBeLessThan((row.width / 7) * 2.1);
    await shoot(page, "calendar-multi-day");

    // Opened on a phone, the calendar starts as the list (the month grid is wider than the screen); the
    // event is there with its first day, and the toggle still gives the month.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/calendar");
    await expect(page.getByRole("button", { name: "Lista" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Mes siguiente" }).click();
    const item = page.getByTestId("list-event").filter({ hasText: title });
    await expect(item).toHaveCount(1);
    // Its days, Saturday to Monday, not the Saturday alone.
    await expect(item.getByTestId("list-event-days")).toHaveText(/^Sáb, \d{1,2} de \S+ – Lun, \d{1,2} de \S+$/);
    await page.getByRole("button", { name: "Mes", exact: true }).click();
    await expect(page.getByTestId("month-event").filter({ hasText: title })).toHaveCount(1);
  });
});
