import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const DEMO = {
  operator: "operador@demo.co",
  agency: "agencia@demo.co",
  wholesale: "mayorista@demo.co",
  hotelAdmin: "hotel@demo.co",
  password: "demo1234",
};

export async function signIn(page: Page, email: string, password = DEMO.password) {
  await page.goto("/login");
  await page.getByLabel(/correo electrónico|email/i).fill(email);
  await page.getByLabel(/contraseña|password/i).fill(password);
  await page.getByRole("button", { name: /ingresar|sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo API keys the e2e server's seed wrote into its data folder. */
export function demoKeys(): { operator: string; retailer: string; wholesale: string; hotelAdmin: string } {
  const port = process.env.E2E_PORT ?? "3100";
  const dataDir = fs.readFileSync(path.join(os.tmpdir(), `hb-e2e-${port}.datadir`), "utf8");
  return JSON.parse(fs.readFileSync(path.join(dataDir, "secrets", "demo-api-keys.json"), "utf8"));
}

export const artifact = (name: string) => path.join("test-results", "screenshots", name);

/**
 * axe-core on the page as it is now (WCAG 2 A/AA): fails on any serious or critical violation, naming the rule
 * and the nodes, so a contrast or label regression cannot slip into a journey.
 */
export async function axe(page: Page, name = page.url()) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  // Soft: the journey goes on and every page's problems are reported together; the test still fails.
  expect.soft(
    bad.map((v) => `${name} · ${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join(" | ")}`),
    `axe serious/critical violations on ${name}`,
  ).toEqual([]);
}

/** How much wider than the viewport the document is (0 when nothing overflows sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Screenshots of the page at desktop (1366x900) and phone (390x844) size, full page, into
 * test-results/screenshots/<name>-desktop.png and -phone.png; at each size it asserts there is no horizontal
 * overflow and runs axe. The viewport is put back as it was.
 */
export async function shoot(page: Page, name: string, opts: { axe?: boolean } = {}) {
  const before = page.viewportSize();
  for (const [size, vp] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(150);
    await page.screenshot({ path: artifact(`${name}-${size}.png`), fullPage: true });
    expect.soft(await horizontalOverflow(page), `${name} overflows sideways at ${size} (${vp.width} px)`).toBeLessThanOrEqual(0);
    if (opts.axe !== false) await axe(page, `${name} (${size})`);
  }
  if (before) await page.setViewportSize(before);
}
