// Issue 27, reports: the period (this month in Bogotá by default), the hotel picker per role, the previous period of
// the same length with the change in percent, the CSV of what is shown, range errors under their field, keyboard only.
import fs from "node:fs";
import { test, expect, DEMO, signIn, shoot, type Page } from "./helpers";

const bogotaToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota" }).format(new Date());
function addDays(s: string, n: number) {
  const d = new Date(`${s}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
const dmy = (s: string) => s.split("-").reverse().join("/");
function month(today: string) {
  const from = `${today.slice(0, 8)}01`;
  const next = addDays(from, 32);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}
function previous(r: { from: string; to: string }) {
  const days = Math.round((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000) + 1;
  return { from: addDays(r.from, -days), to: addDays(r.from, -1), days };
}

type Summary = { reservations: Record<"created" | "confirmed" | "expired" | "cancelled", number>; revenue: { total: number }; previous: Summary };
async function apiSummary(page: Page, query: Record<string, string>): Promise<Summary> {
  const r = await page.request.get(`/api/v2/reports/summary?${new URLSearchParams({ ...query, compare: "previous" })}`);
  expect(r.status()).toBe(200);
  return r.json();
}
const row = (page: Page, id: string) => page.getByTestId("report-row").filter({ has: page.locator(`[data-row="${id}"]`) });
const count = (n: number) => new Intl.NumberFormat("es-CO").format(n);

test("hotel admin: this month by default, a hotel of theirs, the previous period with its change, and the CSV of the table", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, DEMO.hotelAdmin);
  await page.getByRole("link", { name: "Reportes" }).first().click();
  await expect(page.getByRole("heading", { name: "Reportes", level: 1 })).toBeVisible();
  const m = month(bogotaToday());
  const p = previous(m);
  await expect(page.getByLabel("Desde")).toHaveValue(m.from);
  await expect(page.getByLabel("Hasta")).toHaveValue(m.to);
  await expect(page.getByTestId("report-period")).toHaveText(`Del ${dmy(m.from)} al ${dmy(m.to)} · ${p.days} días`);
  await expect(page.getByTestId("report-previous")).toHaveText(`Periodo anterior: del ${dmy(p.from)} al ${dmy(p.to)}`);

  // The picker offers exactly their hotels.
  const hotel = page.getByLabel("Hotel", { exact: true });
  const options = await hotel.locator("option").allTextContents();
  expect(options[0]).toBe("Todos los hoteles");
  expect(options.length).toBe(3);
  expect(options.slice(1).every((o) => o.endsWith(" · Cartagena"))).toBe(true);

  // A 14-day period ending today, one hotel, chosen with the keyboard only.
  const today = bogotaToday();
  const from = addDays(today, -13);
  await page.getByLabel("Desde").fill(from);
  await page.getByLabel("Hasta").fill(today);
  // A date field takes Tab through its day, month and year; a few Tabs later the hotel has the focus.
  await page.getByLabel("Hasta").focus();
  for (let i = 0; i < 4 && !(await hotel.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(hotel).toBeFocused();
  await hotel.selectOption({ index: 1 });
  const hotelId = await hotel.inputValue();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Ver reporte" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/reports\\?from=${from}&to=${today}&hotel=${hotelId}$`));
  const pp = previous({ from, to: today });
  await expect(page.getByTestId("report-previous")).toHaveText(`Periodo anterior: del ${dmy(pp.from)} al ${dmy(pp.to)}`);

  // The table says what the API says, for the period and the previous one, with the change.
  const s = await apiSummary(page, { from, to: today, hotel_id: hotelId });
  const created = row(page, "created");
  await expect(created.locator("[data-cell=current]")).toHaveText(count(s.reservations.created));
  await expect(created.locator("[data-cell=previous]")).toHaveText(count(s.previous.reservations.created));
  const base = s.previous.reservations.created;
  const change = base === 0 ? (s.reservations.created === 0 ? "0 %" : "Sin base") : null;
  if (change) await expect(created.locator("[data-cell=change]")).toHaveText(change);
  else {
    // «+400%», «-33,3%»: the sign, the change with one decimal at most, the percent sign.
    const text = (await created.locator("[data-cell=change]").textContent())!;
    expect(text).toMatch(/^[+\-−][\d.]+(,\d)?\s?%$/);
    const shown = Number(text.replace(/[^\d,+\-−]/g, "").replace("−", "-").replace(",", "."));
    expect(shown).toBe(Math.round(((s.reservations.created - base) / base) * 1000) / 10);
  }
  await expect(row(page, "revenue").locator("[data-cell=current]")).toHaveText(/^\$\s[\d.]+(,\d+)?$/);
  await expect(row(page, "occupancy").locator("[data-cell=current]")).toHaveText(/^\d+(,\d)?\s?%$/);
  await shoot(page, "reports-hotel");

  // The CSV is the table on screen: Spanish names, dd/mm/aaaa, decimal comma, BOM and ;.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-report").click();
  const bytes = fs.readFileSync((await (await download).path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n");
  expect(lines[0]).toBe("Indicador;Periodo;Periodo anterior;Variación %");
  expect(lines[1]).toBe(`Desde;${dmy(from)};${dmy(pp.from)};`);
  expect(lines[2]).toBe(`Hasta;${dmy(today)};${dmy(pp.to)};`);
  const hotelName = (await hotel.locator("option:checked").textContent())!.split(" · ")[0];
  expect(lines[3]).toBe(`Hotel;${hotelName};${hotelName};`);
  expect(lines).toContain(`Reservas creadas;${s.reservations.created};${s.previous.reservations.created};${csvChange(s.reservations.created, base)}`);
  expect(lines.find((l) => l.startsWith("Ingresos cobrados;"))).toBe(`Ingresos cobrados;${String(s.revenue.total).replace(".", ",")};${String(s.previous.revenue.total).replace(".", ",")};${csvChange(s.revenue.total, s.previous.revenue.total)}`);
});

function csvChange(cur: number, prev: number) {
  if (prev === 0) return cur === 0 ? "0" : "";
  return String(Math.round(((cur - prev) / Math.abs(prev)) * 1000) / 10).replace(".", ",");
}

test("range errors are told under the field in Spanish, from the form and from the address", async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.goto("/reports");
  await page.getByLabel("Desde").fill("2026-11-10");
  await page.getByLabel("Hasta").fill("2026-11-01");
  await page.getByRole("button", { name: "Ver reporte" }).click();
  const toError = page.locator("#report-to-error");
  await expect(toError).toHaveText("La fecha final debe ser igual o posterior a la inicial.");
  await expect(page.getByLabel("Hasta")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByLabel("Desde").fill("2025-01-01");
  await page.getByLabel("Hasta").fill("2026-11-30");
  await page.getByRole("button", { name: "Ver reporte" }).click();
  await expect(toError).toHaveText("El periodo puede tener como mucho 366 días; acorte las fechas.");
  await shoot(page, "reports-errors");

  // A typed address is checked too: no table, no export, the message under the field.
  await page.goto("/reports?from=2026-11-10&to=2026-11-01&hotel=999999");
  await expect(page.locator("#report-to-error")).toHaveText("La fecha final debe ser igual o posterior a la inicial.");
  await expect(page.locator("#report-hotel-error")).toHaveText("Elija un hotel de la lista.");
  await expect(page.getByTestId("report-table")).toHaveCount(0);
  await expect(page.getByTestId("export-report")).toHaveCount(0);
  await page.goto("/reports?from=ayer&to=2026-11-01");
  await expect(page.locator("#report-from-error")).toHaveText("Escriba la fecha inicial (día, mes y año).");
});

test("agency on a phone: its booked hotels only, no occupancy, the table as cards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.agency);
  await page.goto("/reports");
  const options = await page.getByLabel("Hotel", { exact: true }).locator("option").allTextContents();
  expect(options[0]).toBe("Todos los hoteles donde reservó");
  const booked = await page.request.get("/api/v2/reports/hotels");
  const names = ((await booked.json()).data as Array<{ name: string }>).map((h) => h.name);
  expect(options.slice(1).map((o) => o.split(" · ")[0])).toEqual(names);
  await expect(page.getByTestId("report-table")).toBeVisible();
  await expect(page.locator("[data-row=occupancy]")).toHaveCount(0);
  await expect(page.locator("[data-row=revpar]")).toHaveCount(0);
  await expect(row(page, "created")).toBeVisible();
  await shoot(page, "reports-agency");
});
