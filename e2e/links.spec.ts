import { devices } from "@playwright/test";
import { test, expect, DEMO, signIn, artifact, demoKeys, shoot } from "./helpers";

/** A booking of the demo retailer through the API (4.1), for the first Cartagena hotel. */
async function book(request: import("@playwright/test").APIRequestContext) {
  const { retailer } = demoKeys();
  const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers: { authorization: `Bearer ${retailer}` } })).json();
  const hotel = hotels[0];
  const checkin = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(Date.now() + 22 * 86_400_000).toISOString().slice(0, 10);
  const avail = await (
    await request.get(`/api/v2/bookings/availability?hotel_id=${hotel.id}&checkin=${checkin}&nights=2&adults=2`, { headers: { authorization: `Bearer ${retailer}` } })
  ).json();
  const room = avail.available_rooms[0];
  const product = room.products[0];
  const res = await request.post(`/api/v2/bookings/hotel_id=${hotel.id}`, {
    headers: { authorization: `Bearer ${retailer}` },
    data: {
      reservation: {
        checkin,
        checkout,
        nights: "2",
        rooms: "1",
        adults: "2",
        children: "0",
        firstName: "Valentina",
        lastName: "Ríos <script>alert(1)</script>",
        country: "COL",
        email: "valentina@example.co",
        telephone: "573155550000",
        currency: "COP",
        roomsData: [{ id: room.roomId, checkin, checkout, rateId: product.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
      },
    },
  });
  const body = await res.json();
  expect(body.chatbot_id).toBeTruthy();
  return { code: body.chatbot_id as string, amount: product.baseRate.amountBeforeTax as number };
}

test.describe("payment links", () => {
  test("agency sends a link from a reservation; the guest pays on a phone; the agency sees it paid", async ({ page, request, browser }) => {
    const booking = await book(request);
    await signIn(page, DEMO.agency);
    await page.goto(`/reservations/${booking.code}`);
    await page.getByRole("link", { name: "Enviar enlace de pago" }).click();
    await expect(page).toHaveURL(/\/links\/new\?reservation=/);
    await expect(page.getByLabel("Nombre del huésped")).toHaveValue(/Valentina Ríos/);
    await expect(page.getByLabel("Descripción")).toHaveValue(new RegExp(booking.code));
    await page.getByLabel("Descripción").fill(`Reserva ${booking.code} <script>alert("x")</script>`);
    await page.screenshot({ path: artifact("links-new.png"), fullPage: true });
    await shoot(page, "links-new-checked");
    await page.getByRole("button", { name: "Crear enlace" }).click();
    await expect(page.getByTestId("link-detail")).toBeVisible();
    await expect(page.getByTestId("link-status")).toContainText("Activo");
    const url = await page.getByTestId("link-url").inputValue();
    expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]{22}$/);
    const wa = await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href");
    expect(wa).toMatch(/^https:\/\/wa\.me\/573155550000\?text=/);
    // The message says who writes, for which stay and until when.
    const text = decodeURIComponent(wa!.split("?text=")[1]).replace(/\u00a0/g, " ");
    expect(text).toMatch(/le escribimos de .+\./);
    expect(text).toMatch(/Puede pagar hasta el \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]\. ?m\./);
    expect(text).toContain(url);
    const mail = await page.getByRole("link", { name: "Enviar por correo" }).getAttribute("href");
    expect(mail).toMatch(/^mailto:valentina%40example\.co\?/);
    await page.screenshot({ path: artifact("links-detail-active.png"), fullPage: true });

    // The guest, on a phone.
    const phone = await browser.newContext({ ...devices["Pixel 7"], locale: "es-CO", timezoneId: "America/Bogota" });
    const guest = await phone.newPage();
    let alerted = false;
    guest.on("dialog", async (d) => {
      alerted = true;
      await d.dismiss();
    });
    await guest.goto(new URL(url).pathname);
    await expect(guest.getByTestId("pay-page")).toBeVisible();
    // What the agency typed is shown as text, never run.
    await expect(guest.getByTestId("pay-description")).toContainText('<script>alert("x")</script>');
    await expect(guest.getByTestId("time-left")).toContainText(/vence/);
    await guest.screenshot({ path: artifact("pay-phone.png"), fullPage: true });
    await shoot(guest, "pay-checked");
    await guest.getByLabel("Número de tarjeta").fill("4242 4242 4242 4242");
    await guest.getByLabel("Nombre del titular").fill("VALENTINA RIOS");
    await guest.getByLabel("Mes", { exact: true }).selectOption("12");
    await guest.getByLabel("Año", { exact: true }).selectOption(String(new Date().getFullYear() + 3));
    await guest.getByLabel("CVV").fill("123");
    const sent = guest.waitForRequest((r) => r.url().includes("/pay") && r.method() === "POST");
    await guest.getByRole("button", { name: /^Pagar/ }).click();
    const raw = (await sent).postData() ?? "";
    expect(raw).not.toContain("4242424242424242");
    await expect(guest.getByTestId("pay-result")).toContainText("¡Pago aprobado!");
    await guest.screenshot({ path: artifact("pay-phone-approved.png"), fullPage: true });
    expect(alerted).toBe(false);

    // Opening the link again says it was paid.
    await guest.reload();
    await expect(guest.getByTestId("pay-state")).toContainText("ya fue pagado");
    await guest.getByRole("link", { name: "Ver comprobante" }).click();
    await expect(guest).toHaveURL(/\/vouchers\//);
    await phone.close();

    // The agency sees it paid, with the attempt, and the reservation confirmed.
    await page.reload();
    await expect(page.getByTestId("link-status")).toContainText("Pagado");
    await expect(page.getByTestId("link-detail")).toContainText("4242");
    await page.screenshot({ path: artifact("links-detail-paid.png"), fullPage: true });
    await page.goto(`/reservations/${booking.code}`);
    await expect(page.getByTestId("reservation-detail")).toContainText("Confirmada");
  });

  test("cancelling a link asks first in the portal's dialog; confirmed, the link is cancelled", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${demoKeys().retailer}` };
    const me = await (await request.get("/api/v2/me", { headers })).json();
    const hotels = await (await request.get("/api/v2/hotels?city=Cartagena", { headers })).json();
    const link = await (
      await request.post("/api/v2/links/schedule", {
        headers,
        data: { agency_id: me.agency_id, hotel_id: hotels[0].id, guest_name: "Andrés Gil", email: "andres@example.co", phone: "573001234567", amount: "120000.00", description: "Anticipo", available_hours: 24 },
      })
    ).json();
    await signIn(page, DEMO.agency);
    await page.goto(`/links/${link.code}`);
    await page.getByRole("button", { name: "Cancelar enlace" }).click();
    const ask = page.getByRole("dialog", { name: "¿Cancelar este enlace?" });
    await expect(ask).toContainText("El huésped ya no podrá pagar con él");
    await shoot(page, "links-cancel-dialog");
    await ask.getByRole("button", { name: "Cancelar enlace" }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId("link-status")).toContainText("Cancelado");
    await expect(page.getByRole("button", { name: "Cancelar enlace" })).toHaveCount(0);
  });

  test("an unknown or expired link says so plainly", async ({ page }) => {
    await page.goto("/pay/AAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByTestId("pay-missing")).toContainText("no existe");
  });
});
