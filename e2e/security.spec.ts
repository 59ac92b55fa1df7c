import { test, expect, DEMO, signIn, artifact } from "./helpers";

test.describe("security headers and sessions", () => {
  test("pages, the API and the docs carry the security headers and still render", async ({ page, request }) => {
    for (const path of ["/login", "/docs", "/events"]) {
      const res = await page.goto(path);
      const h = res!.headers();
      expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(h["x-frame-options"]).toBe("DENY");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    const api = await request.get("/api/health");
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    await page.goto("/login");
    await expect(page.getByRole("button", { name: /ingresar/i })).toBeVisible();
  });

  test("a page segment that decodes to malformed percent-encoding is a Spanish 404, never an error page", async ({ page }) => {
    const event = await page.goto("/events/%25ZZ");
    expect(event!.status()).toBe(404);
    await expect(page.getByText(/no encontr/i).first()).toBeVisible();
    await signIn(page, DEMO.operator);
    const payment = await page.goto("/payments/%25ZZ");
    expect(payment!.status()).toBe(404);
    await expect(page.getByText(/no encontr/i).first()).toBeVisible();
  });

  test("the pay page and the login cannot be framed by another site", async ({ page, baseURL }) => {
    const pay = await page.goto("/pay/LNKNOPE0000");
    expect(pay!.headers()["referrer-policy"]).toBe("no-referrer");
    // A page of another origin (about:blank here) framing ours: the browser must refuse to render it.
    await page.setContent(`<iframe id="f1" src="${baseURL}/login" style="width:600px;height:400px"></iframe><iframe id="f2" src="${baseURL}/pay/LNKNOPE0000"></iframe>`);
    await page.waitForTimeout(1500);
    for (const frame of page.frames().slice(1)) {
      const text = await frame.evaluate(() => document.body?.innerText ?? "").catch(() => "");
      expect(text).not.toMatch(/Ingresar|Contraseña|enlace/i);
    }
    await page.screenshot({ path: artifact("framing-refused.png") });
  });

  test("repeated failures show the Spanish wait message in the form", async ({ page }) => {
    await page.goto("/login");
    const email = `desconocido-${Date.now()}@demo.co`;
    let shown = false;
    for (let i = 0; i < 8 && !shown; i++) {
      await page.getByLabel(/correo electrónico/i).fill(email);
      await page.getByLabel(/contraseña/i).fill(`mala-${i}`);
      await page.getByRole("button", { name: /ingresar/i }).click();
      const alert = page.locator("form [role=alert]");
      await expect(alert).toHaveText(/incorrectos|Demasiados intentos/);
      await expect(page.getByRole("button", { name: /ingresar/i })).toBeEnabled();
      shown = /Demasiados intentos fallidos desde esta conexión\. Espere \d+ segundos/.test((await alert.textContent()) ?? "");
    }
    expect(shown).toBe(true);
    await page.screenshot({ path: artifact("login-throttled.png") });
  });

  test("signing out ends the session on the server: the old cookie no longer opens the portal", async ({ page, browser }) => {
    await signIn(page, DEMO.operator);
    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: /cerrar sesión/i }).first().click();
    await expect(page).toHaveURL(/\/login/);
    const other = await browser.newContext();
    await other.addCookies(cookies);
    const p2 = await other.newPage();
    await p2.goto("/dashboard");
    await expect(p2).toHaveURL(/\/login/);
    await other.close();
  });
});
