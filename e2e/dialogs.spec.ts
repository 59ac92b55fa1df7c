// Issue 27: a keyboard-only pass through every confirmation of the portal. Each dialog is opened from its button
// with the keyboard (focus + Enter, as Tab would reach it), is modal and centred with the focus on its safe choice
// and kept inside (expectCentredDialog), closes on Escape without doing anything, and gives the focus back to the
// button that opened it. At the phone size too: a dialog must fit a 390 px screen.
import { test, expect, type Page, type Locator, DEMO, signIn, expectCentredDialog } from "./helpers";

test.describe.configure({ mode: "serial", timeout: 120_000 });

/** Opens the dialog from `opener` with the keyboard, checks it, closes it with Escape; nothing was confirmed. */
async function keyboardPass(page: Page, opener: Locator, dialogName: RegExp | string, says?: RegExp | string) {
  await expect(opener).toBeEnabled();
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  if (says) await expect(dialog).toContainText(says);
  const box = (await dialog.boundingBox())!;
  expect(box.width, "the dialog fits the screen").toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectCentredDialog(page, dialog, { escape: true });
  await expect(opener, "the focus is back on the button that opened it").toBeFocused();
}

for (const size of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`operator: deactivating an agency and revoking an API key are asked with the keyboard (${size.name})`, async ({ page }) => {
      await signIn(page, DEMO.operator);
      await page.goto("/agencies");
      const deactivate = page.getByRole("button", { name: "Desactivar" }).first();
      await keyboardPass(page, deactivate, "Desactivar");
      await expect(deactivate, "Escape changed nothing").toBeVisible();

      await page.goto("/api-keys");
      const revoke = page.getByRole("button", { name: "Revocar" }).first();
      await keyboardPass(page, revoke, /Revocar/);
      await expect(revoke).toBeVisible();
    });

    test(`agency: cancelling a payment link and a booking are asked with the keyboard (${size.name})`, async ({ page }) => {
      await signIn(page, DEMO.agency);
      await page.goto("/links");
      await page.locator('main a[href^="/links/"]:not([href="/links/new"])').first().click();
      const cancelLink = page.getByRole("button", { name: "Cancelar enlace" });
      await keyboardPass(page, cancelLink, /Cancelar/);
      await expect(page.getByText("Activo").first(), "the link is still active").toBeVisible();

      await page.goto("/reservations?status=pending_payment");
      await page.locator('main a[href^="/reservations/HB"]').first().click();
      const cancelBooking = page.getByRole("button", { name: "Cancelar reserva" });
      await keyboardPass(page, cancelBooking, /Cancelar/);
      await expect(cancelBooking, "the booking can still be cancelled: Escape did nothing").toBeVisible();
    });

    test(`wholesale agency: paying from the balance is asked with the keyboard (${size.name})`, async ({ page }) => {
      await signIn(page, DEMO.wholesale);
      await page.goto("/reservations?status=pending_payment");
      await page.locator('main a[href^="/reservations/HB"]').first().click();
      const payBalance = page.getByRole("button", { name: /Pagar con saldo/ });
      await keyboardPass(page, payBalance, "¿Pagar con el saldo precargado?", /se descontarán/i);
      await expect(payBalance).toBeVisible();
    });

    test(`hotel admin: retiring a room type and trashing an event are asked with the keyboard (${size.name})`, async ({ page }) => {
      await signIn(page, DEMO.hotelAdmin);
      await page.goto("/hotels");
      await page.getByRole("button", { name: "Gestionar" }).first().click();
      const retire = page.getByRole("button", { name: /^Retirar/ }).first();
      await keyboardPass(page, retire, /Retirar/);
      await expect(retire).toBeVisible();

      await page.goto("/calendar");
      await page.getByRole("button", { name: "Lista" }).click();
      // The demo's events lie ahead: the first month of the list that has one.
      const edit = page.getByRole("link", { name: "Editar" }).first();
      for (let i = 0; i < 3 && !(await edit.isVisible()); i++) {
        await page.getByRole("button", { name: "Mes siguiente" }).click();
        await edit.waitFor({ timeout: 3_000 }).catch(() => {});
      }
      await edit.click();
      const trash = page.getByRole("button", { name: "Enviar a la papelera" });
      await keyboardPass(page, trash, "¿Enviar este evento a la papelera?");
      await expect(trash).toBeVisible();
    });
  });
}
