import { test, expect, DEMO, signIn, artifact, demoKeys, shoot } from "./helpers";

test.describe("booking", () => {
  test("an agency goes from search to a confirmed booking code with its payment deadline, then edits the guest", async ({ page }) => {
    await signIn(page, DEMO.agency);
    await page.goto("/search");
    await page.getByRole("button", { name: "Santa Marta", exact: true }).click();
    await page.getByLabel("Noches").fill("3");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    const hotel = page.getByTestId("hotel-result").first();
    await expect(hotel).toBeVisible();
    const hotelName = (await hotel.getByRole("heading").first().textContent())!.trim();
    await hotel.getByRole("button", { name: /Ver habitaciones/ }).click();
    const price = (await hotel.getByTestId("stay-price").first().textContent())!.trim();
    await hotel.getByRole("link", { name: "Reservar" }).first().click();

    await expect(page).toHaveURL(/\/book\?/);
    await expect(page.getByRole("heading", { name: new RegExp(`Reservar · ${hotelName}`) })).toBeVisible();
    await expect(page.getByTestId("stay-total")).toHaveText(price);
    await page.getByLabel("Nombres").fill("Camila");
    await page.getByLabel("Apellidos").fill("Torres Peña");
    await page.getByLabel("Correo electrónico").fill("camila.torres@example.co");
    await page.getByLabel("Teléfono", { exact: true }).fill("310 555 1234");
    await page.getByLabel("Ciudad de residencia").fill("Bogotá");
    await page.getByLabel("Notas para el hotel").fill("Llegada hacia las 10 p. m.");
    await page.screenshot({ path: artifact("booking-form.png"), fullPage: true });
    await shoot(page, "booking-form-checked");
    await page.getByRole("button", { name: "Confirmar reserva" }).click();

    await expect(page).toHaveURL(/\/reservations\/HB[A-Z2-9]{8}\?nueva=1$/);
    const code = (await page.getByTestId("booking-code").textContent())!.trim();
    expect(code).toMatch(/^HB[A-Z2-9]{8}$/);
    await expect(page.getByRole("status")).toContainText("Reserva registrada");
    await expect(page.getByTestId("countdown")).toContainText(/Quedan \d+h \d{2}m \d{2}s/);
    await expect(page.getByTestId("amount-due")).toHaveText(price);
    await expect(page.getByRole("link", { name: /Cobrar ahora/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Enviar enlace de pago" })).toBeVisible();
    await page.screenshot({ path: artifact("booking-confirmation.png"), fullPage: true });

    await page.getByRole("button", { name: "Editar huésped" }).click();
    // The booking form's rules, each under its own field; nothing is sent while one is wrong.
    await expect(page.getByLabel("Teléfono", { exact: true })).toHaveValue("+57 310 555 1234");
    await page.getByLabel("Nombres").fill(" ");
    await page.getByLabel("Correo electrónico").fill("camila@");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByLabel("Nombres")).toHaveAccessibleDescription("Escriba los nombres del huésped");
    await expect(page.getByLabel("Correo electrónico")).toHaveAccessibleDescription("Escriba un correo válido, por ejemplo nombre@correo.com");
    await expect(page.getByTestId("guest-name")).toHaveCount(0);
    await page.getByLabel("Nombres").fill("Camila");
    await page.getByLabel("Correo electrónico").fill("camila@nuevo.example.co");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Datos del huésped actualizados.")).toBeVisible();
    await expect(page.getByTestId("reservation-detail")).toContainText("camila@nuevo.example.co");

    // Cancelling asks first; Escape keeps the reservation.
    await page.getByRole("button", { name: "Cancelar reserva" }).click();
    const ask = page.getByRole("dialog", { name: `¿Cancelar la reserva ${code}?` });
    await expect(ask).toContainText("Las habitaciones volverán al inventario");
    await shoot(page, "reservation-cancel-dialog");
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    // The focus goes back to the button that asked.
    await expect(page.getByRole("button", { name: "Cancelar reserva" })).toBeFocused();
    await expect(page.getByTestId("countdown")).toBeVisible();

    // The list finds it by code and by guest.
    await page.goto("/reservations");
    await page.getByLabel("Código").fill(code);
    await page.getByRole("button", { name: "Buscar" }).click();
    // The row opens by the guest's name; the code is written under it.
    const row = page.getByTestId("reservation-row").filter({ hasText: code });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("link").first()).toHaveAttribute("href", `/reservations/${code}`);
    await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("Pendiente de pago");
    await expect(row).toContainText(/Por pagar \$\s[\d.]+/);
    await page.screenshot({ path: artifact("reservations-list.png"), fullPage: true });
    await shoot(page, "reservations-list-checked");
  });
});

test("a preloaded-balance agency pays a booking from its balance and sees the ledger", async ({ page, request }) => {
  const { wholesale } = demoKeys();
  const auth = { authorization: `Bearer ${wholesale}` };
  const hotels = await (await request.get("/api/v2/hotels?city=Medellin", { headers: auth })).json();
  const checkin = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const checkout = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  const avail = await (await request.get(`/api/v2/bookings/availability?hotel_id=${hotels[0].id}&checkin=${checkin}&nights=1&adults=2`, { headers: auth })).json();
  const room = avail.available_rooms[0];
  const booked = await (
    await request.post(`/api/v2/bookings/hotel_id=${hotels[0].id}`, {
      headers: auth,
      data: {
        reservation: {
          checkin,
          checkout,
          nights: "1",
          rooms: "1",
          adults: "2",
          firstName: "Julián",
          lastName: "Mejía",
          country: "COL",
          email: "julian@example.co",
          telephone: "573001112233",
          currency: "COP",
          roomsData: [{ id: room.roomId, checkin, checkout, rateId: room.products[0].rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
        },
      },
    })
  ).json();
  await signIn(page, DEMO.wholesale);
  await page.goto(`/reservations/${booked.chatbot_id}`);
  await page.getByRole("button", { name: /Pagar con saldo/ }).click();
  const ask = page.getByRole("dialog", { name: "¿Pagar con el saldo precargado?" });
  await expect(ask).toContainText(/Se descontarán \$\s?[\d.]+ del saldo de la agencia/);
  await shoot(page, "reservation-balance-dialog");
  await ask.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByText("Reserva pagada con saldo precargado.")).toBeVisible();
  await expect(page.getByTestId("reservation-detail")).toContainText("Confirmada");
  await expect(page.getByTestId("amount-due")).toHaveText(/\$\s?0/);
  await page.screenshot({ path: artifact("booking-paid-from-balance.png"), fullPage: true });
  await page.goto("/balance");
  await expect(page.getByText(new RegExp(`Pago de la reserva ${booked.chatbot_id}`))).toBeVisible();
});
