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
