// Issue 16 back office: dashboards with charts from live data per role, the hotel admin's Reservas and
// Llegadas, the Exportar buttons, the agency's team and the operator's hotel admins.
import fs from "node:fs";
import { test, expect, type Page, DEMO, signIn, artifact } from "./helpers";

const SIZES = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "mobile", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  for (const s of SIZES) {
    await page.setViewportSize({ width: s.width, height: s.height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: artifact(`backoffice-${name}-${s.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function expectCharts(page: Page) {
  for (const id of ["chart-over-time", "chart-by-method", "chart-by-outcome"]) {
    // recharts draws SVG once the container is measured: bars are there, from the seeded activity.
    await expect(page.getByTestId(id).locator("svg.recharts-surface").first()).toBeVisible();
  }
  await expect(page.getByTestId("chart-over-time").locator(".recharts-bar-rectangle").first()).toBeVisible();
}

test("hotel admin: dashboard with charts, Reservas with export, Llegadas with composition and amount paid", async ({ page }) => {
  await signIn(page, DEMO.hotelAdmin);
  await expect(page.getByTestId("stat-hotels")).toBeVisible();
  await expectCharts(page);
  await expect(page.getByTestId("kpi-occupancy")).toContainText("%");
  await expect(page.getByTestId("kpi-revenue")).toContainText(/\$\s?[\d.]+/);
  await expect(page.getByTestId("report")).toContainText(/Del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByTestId("action-arrivals")).toBeVisible();
  await shots(page, "dashboard-hotel");

  // The arrivals tile opens the arrivals page.
  await page.getByTestId("action-arrivals").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/reservations\/arrivals/);
  await expect(page.getByRole("heading", { name: "Llegadas" })).toBeVisible();
  await expect(page.getByTestId("arrival").first()).toBeVisible();
  await expect(page.getByTestId("arrival").first()).toContainText(/\d+ adultos?/);
  await expect(page.getByTestId("arrival").first()).toContainText(/Por pagar \$\s?[\d.]+|Pagado/);
  await page.getByRole("tab", { name: "Próximos 7 días" }).click();
  await expect(page.getByRole("tab", { name: "Próximos 7 días" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText(/ y 1 niño/).first()).toBeVisible();
  await shots(page, "arrivals");

  // Reservas: only their hotels, read only, exportable.
  await page.getByRole("link", { name: "Reservas" }).first().click();
  await expect(page).toHaveURL(/\/reservations$/);
  await expect(page.getByRole("heading", { name: "Reservas" })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByLabel("Hotel")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByTestId("export-bookings").click();
  const file = await (await download).path();
  const bytes = fs.readFileSync(file!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  // A hotel admin sees several agencies' guests: the export says whose each one is.
  expect(text.split("\r\n")[0]).toMatch(/^Código;Estado;Hotel;Agencia;Llegada/);
  expect(text.split("\r\n").length).toBeGreaterThan(2);
  await shots(page, "reservations-hotel");

  await rows.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/reservations\/HB/);
  await expect(page.getByRole("button", { name: /Cancelar reserva|Editar/ })).toHaveCount(0);
});

test("operator: dashboard with charts and lists; payments export; hotel admins from the hotel page", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await expect(page.getByTestId("stat-agencies")).toBeVisible();
  await expectCharts(page);
  await expect(page.getByTestId("action-links")).toBeVisible();
  await shots(page, "dashboard-operator");

  // A reservation outcome opens the filtered list.
  await page.getByTestId("outcome-cancelled").click();
  await expect(page).toHaveURL(/\/reservations\?status=cancelled/);
  await expect(page.locator("tbody tr").first()).toContainText("Cancelada");

  await page.goto("/payments?status=approved");
  const download = page.waitForEvent("download");
  await page.getByTestId("export-payments").click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8").slice(1);
  const lines = csv.split("\r\n").filter(Boolean);
  expect(lines[0]).toContain("Monto");
  expect(lines.length).toBeGreaterThan(5);
  expect(lines.slice(1).every((l) => l.split(";")[2] === "Aprobado")).toBe(true);

  await page.goto("/hotels");
  await page.getByRole("row", { name: /Casa Real Ciudad Amurallada/ }).getByRole("button", { name: "Gestionar" }).click();
  const admins = page.getByTestId("hotel-admins");
  await expect(admins).toBeVisible();
  await expect(admins.getByTestId("hotel-admin").filter({ hasText: DEMO.hotelAdmin })).toBeVisible();
  const email = `recepcion-${Date.now()}@demo.co`;
  await admins.getByLabel("Nombre").fill("Rosa Recepción");
  await admins.getByLabel("Correo electrónico").fill(email);
  await admins.getByLabel("Contraseña inicial").fill("clave-segura-1");
  await admins.getByRole("button", { name: "Crear acceso" }).click();
  await expect(admins.getByText("Acceso creado.")).toBeVisible();
  const row = admins.getByTestId("hotel-admin").filter({ hasText: email });
  await row.getByRole("button", { name: "Desactivar" }).click();
  await expect(row).toContainText("Desactivado");
  await admins.scrollIntoViewIfNeeded();
  await shots(page, "hotel-admins");
});

test("agency: dashboard without occupancy, team managed by its admin", async ({ page }) => {
  await signIn(page, DEMO.agency);
  await expect(page.getByTestId("stat-pending")).toBeVisible();
  await expectCharts(page);
  await expect(page.getByTestId("kpi-occupancy")).toHaveCount(0);
  await shots(page, "dashboard-agency");

  await page.getByRole("link", { name: "Equipo" }).first().click();
  await expect(page.getByTestId("team-page")).toBeVisible();
  const email = `vendedor-${Date.now()}@demo.co`;
  await page.getByLabel("Nombre").fill("Víctor Vendedor");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña inicial").fill("clave-segura-1");
  await page.getByRole("button", { name: "Agregar usuario" }).click();
  const row = page.getByTestId("team-user").filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Dar clave API" }).click();
  await expect(page.getByTestId("issued-key")).toContainText("hbk_");
  await row.getByRole("button", { name: "Desactivar" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Desactivar" }).click();
  await expect(row).toContainText("Desactivado");
  await shots(page, "team");
});
