import { test, expect, DEMO, signIn, artifact, shoot } from "./helpers";

test.describe("sign-in per role", () => {
  for (const [role, email, label, stat] of [
    ["operator", DEMO.operator, "Operador", "stat-agencies"],
    ["agency", DEMO.agency, "Agencia", "stat-pending"],
    ["hotel_admin", DEMO.hotelAdmin, "Administrador de hotel", "stat-hotels"],
  ] as const) {
    test(`${role} signs in and sees the dashboard`, async ({ page }) => {
      await signIn(page, email);
      await expect(page.getByTestId("dashboard")).toBeVisible();
      await expect(page.getByTestId("user-role").first()).toHaveText(label);
      await expect(page.getByTestId(stat)).toBeVisible();
      await page.screenshot({ path: artifact(`dashboard-${role}.png`), fullPage: true });
      await shoot(page, `auth-dashboard-${role}`);
    });
  }

  test("a wrong password is refused with a message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel(/correo electrónico/i).fill(DEMO.agency);
    await page.getByLabel(/contraseña/i).fill("incorrecta");
    await page.getByRole("button", { name: /ingresar/i }).click();
    await expect(page.getByRole("alert").filter({ hasText: /incorrectos/ })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("a crafted callbackUrl never sends the user to another site after signing in (issue 24)", async ({ page, baseURL }) => {
    const ours = new URL(baseURL!).host;
    for (const callbackUrl of ["//evil.example/phish", "/\\evil.example/phish", "/\t/evil.example", "/.//evil.example"]) {
      await page.context().clearCookies();
      await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      await page.getByLabel(/correo electrónico/i).fill(DEMO.agency);
      await page.getByLabel(/contraseña/i).fill(DEMO.password);
      await page.getByRole("button", { name: /ingresar/i }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));
      expect(new URL(page.url()).host, callbackUrl).toBe(ours);
    }
    // A path of this site is kept.
    await page.context().clearCookies();
    await page.goto(`/login?callbackUrl=${encodeURIComponent("/reservations")}`);
    await page.getByLabel(/correo electrónico/i).fill(DEMO.agency);
    await page.getByLabel(/contraseña/i).fill(DEMO.password);
    await page.getByRole("button", { name: /ingresar/i }).click();
    await expect(page).toHaveURL(/\/reservations$/);
  });

  test("pages behind sign-in send anonymous visitors to the login", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the operator's dashboard counts the demo data and switches to English", async ({ page }) => {
    await signIn(page, DEMO.operator);
    await expect(page.getByTestId("stat-hotels")).toContainText("40");
    await expect(page.getByTestId("stat-cities")).toContainText("8");
    await page.getByRole("button", { name: "en" }).first().click();
    await expect(page.getByRole("heading", { name: "Home" })).toBeVisible();
    await page.getByRole("button", { name: "es" }).first().click();
    await expect(page.getByRole("heading", { name: "Inicio" })).toBeVisible();
  });

  test("operator issues an API key that works, then revokes it", async ({ page, request }) => {
    await signIn(page, DEMO.operator);
    await page.goto("/api-keys");
    const card = page.locator("section", { hasText: "Viajes Andinos SAS" });
    await card.getByLabel(/etiqueta/i).fill("e2e");
    await card.getByRole("button", { name: /emitir clave/i }).click();
    const key = (await card.getByTestId("fresh-key").textContent())!.trim();
    expect(key).toMatch(/^hbk_/);
    const me = await request.get("/api/v2/me", { headers: { authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).role).toBe("agency");
    await card.getByRole("row", { name: /e2e/ }).getByRole("button", { name: /revocar/i }).click();
    await page.getByRole("dialog", { name: /¿Revocar la clave hbk_/ }).getByRole("button", { name: "Revocar" }).click();
    await expect(card.getByRole("row", { name: /e2e/ })).toContainText(/revocada/i);
    expect((await request.get("/api/v2/me", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
    await page.screenshot({ path: artifact("api-keys.png"), fullPage: true });
  });
});
