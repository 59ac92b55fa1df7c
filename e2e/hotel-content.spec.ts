// Issue 27: the hotel admin gives a hotel content (details and a photo); the agent then sees it in the search
// results and on the hotel page, and the guest's pay page names the hotel with its address, stars and RNT.
import sharp from "sharp";
import { test, expect, DEMO, signIn, demoKeys, shoot, expectCentredDialog } from "./helpers";

const HOTEL = "Casa Real Ciudad Amurallada";

test("the hotel admin edits content and uploads a photo; the agent sees it in results and on the hotel page", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const { hotelAdmin, operator } = demoKeys();
  const hotels: Array<{ id: number; name: string }> = await (await request.get("/api/v2/hotels?city=Cartagena", { headers: { authorization: `Bearer ${hotelAdmin}` } })).json();
  const hotel = hotels.find((h) => h.name === HOTEL)!;
  expect(hotel).toBeTruthy();
  // A photo of its own each run (the same image twice is refused as already in the gallery).
  const tone = Date.now() % 200;
  const photo = await sharp({ create: { width: 1400, height: 933, channels: 3, background: { r: 20 + tone, g: 120, b: 160 } } }).jpeg({ quality: 80 }).toBuffer();
  const alt = `Piscina en la terraza ${tone}`;

  await signIn(page, DEMO.hotelAdmin);
  await page.goto("/hotels");
  await page.getByRole("row", { name: new RegExp(HOTEL) }).getByRole("button", { name: "Gestionar" }).click();
  await page.getByTestId("edit-content").click();
  await expect(page.getByRole("heading", { name: `Contenido de ${HOTEL}` })).toBeVisible();

  // A wrong RNT reads under its field, in Spanish, without the field's code name.
  const form = page.getByTestId("content-form");
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Número de RNT").fill("12ab");
  await form.getByRole("button", { name: "Guardar contenido" }).click();
  await expect(form.getByTestId("field-error")).toContainText("Debe tener solo dígitos, entre 4 y 10");
  await expect(form).not.toContainText("rnt:");

  await form.getByLabel("Número de RNT").fill("987654");
  await form.getByLabel("Categoría (estrellas)").selectOption("5");
  await form.getByLabel("Dirección", { exact: true }).fill("Calle del Curato # 38-99");
  await form.getByLabel("Hora de entrada (check-in)").fill("15:00");
  await form.getByLabel("Hora de salida (check-out)").fill("12:00");
  await form.getByLabel("Descripción", { exact: true }).fill("Casona colonial restaurada dentro de la ciudad amurallada, con patio y piscina en la terraza.");
  const spa = form.getByLabel("Spa");
  if (!(await spa.isChecked())) await spa.check();
  await form.getByRole("button", { name: "Guardar contenido" }).click();
  await expect(form.getByRole("status")).toHaveText("Contenido guardado.");

  // A photo: an SVG is refused before sending; a JPEG is stored and becomes the cover.
  const upload = page.getByTestId("photo-upload");
  await upload.getByLabel("Archivo de la foto").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>") });
  await upload.getByRole("button", { name: "Subir foto" }).click();
  await expect(upload.getByTestId("field-error")).toHaveText("La foto debe ser JPEG, PNG o WebP.");
  await upload.getByLabel("Archivo de la foto").setInputFiles({ name: "piscina.jpg", mimeType: "image/jpeg", buffer: photo });
  await upload.getByLabel("Descripción de la foto (texto alternativo)").fill(alt);
  await upload.getByRole("button", { name: "Subir foto" }).click();
  const items = page.getByTestId("photo-item");
  await expect(items.filter({ has: page.getByRole("img", { name: alt }) })).toHaveCount(1);
  for (let i = 0; i < 12; i++) {
    const alts = await items.getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("alt")));
    const at = alts.indexOf(alt);
    if (at <= 0) break;
    await items.nth(at).getByRole("button", { name: /^Subir en el orden/ }).click();
    await expect(items.nth(at - 1).getByRole("img")).toHaveAttribute("alt", alt);
  }
  await expect(items.first().getByRole("img", { name: alt })).toBeVisible();
  await shoot(page, "hotel-content-editor");

  // The agent: the result card shows the cover, stars, address, amenities and the taxes statement.
  const agencyContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const agent = await agencyContext.newPage();
  await signIn(agent, DEMO.agency);
  await agent.goto("/search?city=Cartagena&nights=2");
  const card = agent.getByTestId("hotel-result").filter({ hasText: HOTEL });
  await expect(card).toBeVisible();
  await expect(card.getByRole("img", { name: alt })).toBeVisible();
  await expect(card.getByRole("img", { name: "5 estrellas" })).toBeVisible();
  await expect(card.getByTestId("result-address")).toHaveText("Calle del Curato # 38-99 · Cartagena");
  await expect(card.getByTestId("result-amenities")).toContainText("Wi-Fi gratis");
  await expect(card.getByTestId("taxes-note")).toHaveText("Impuestos no incluidos");
  await expect(card).toContainText(/Habitaciones de hasta \d camas/);
  await expect(card).not.toContainText(/^Hasta \d camas/);
  // The cover is a real, cached image.
  const src = await card.getByRole("img", { name: alt }).getAttribute("src");
  const served = await agent.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await shoot(agent, "hotel-content-results");

  await card.getByRole("link", { name: `Ver hotel: ${HOTEL}` }).click();
  await expect(agent.getByRole("heading", { name: HOTEL, level: 1 })).toBeVisible();
  await expect(agent.getByTestId("gallery-main")).toHaveAttribute("alt", alt);
  await expect(agent.getByTestId("hotel-rnt")).toHaveText("987654");
  await expect(agent.getByTestId("hotel-times")).toContainText("Entrada (check-in) desde las 15:00");
  await expect(agent.getByTestId("hotel-amenities")).toContainText("Spa");
  await expect(agent.getByTestId("hotel-map")).toHaveAttribute("href", /^https:\/\/www\.openstreetmap\.org\//);
  await expect(agent.getByTestId("hotel-description")).toContainText("ciudad amurallada");
  await shoot(agent, "hotel-content-page");
  await agencyContext.close();

  // The guest's pay page names the hotel with its stars, address and RNT.
  const auth = { authorization: `Bearer ${operator}` };
  const agencies = await (await request.get("/api/v2/agencies", { headers: auth })).json();
  const made = await request.post("/api/v2/links/schedule", {
    headers: auth,
    data: { agency_id: agencies[0].id, hotel_id: hotel.id, guest_name: "Laura Díaz", email: "laura@example.co", phone: "3001234567", amount: "320000.00", description: "Anticipo de la reserva", available_hours: 24 },
  });
  expect(made.status()).toBe(200);
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const guest = await guestContext.newPage();
  await guest.goto(new URL((await made.json()).url).pathname);
  await expect(guest.getByTestId("pay-hotel")).toContainText(HOTEL);
  await expect(guest.getByRole("img", { name: "5 estrellas" })).toBeVisible();
  await expect(guest.getByText("Calle del Curato # 38-99")).toBeVisible();
  await expect(guest.getByTestId("pay-rnt")).toHaveText("Registro Nacional de Turismo (RNT) 987654");
  await shoot(guest, "hotel-content-pay");
  await guestContext.close();

  // Deleting the photo is asked in the portal's dialog, never the browser's confirm(): opened with the keyboard,
  // Escape keeps the photo and gives the focus back; confirmed with the keyboard, the photo leaves the gallery.
  const browserDialogs: string[] = [];
  page.on("dialog", (d) => {
    browserDialogs.push(d.message());
    void d.dismiss();
  });
  const mine = items.filter({ has: page.getByRole("img", { name: alt }) });
  const removeButton = mine.getByRole("button", { name: `Borrar foto: ${alt}` });
  await removeButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "¿Borrar esta foto de la galería?" });
  await expect(dialog).toContainText(`«${alt}» dejará de mostrarse a las agencias en los resultados y en la página del hotel.`);
  await expectCentredDialog(page, dialog, { escape: true });
  await expect(removeButton, "Escape gives the focus back to the button").toBeFocused();
  await expect(mine, "Escape deleted nothing").toHaveCount(1);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Borrar foto" })).toBeFocused();
  await shoot(page, "hotel-content-delete-photo");
  await expect(dialog.getByRole("button", { name: "Borrar foto" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(mine).toHaveCount(0);
  await expect(page.getByTestId("photos-editor").getByRole("status")).toHaveText("Foto borrada.");
  await expect(page.getByRole("heading", { name: "Fotos", exact: true }), "the deleted photo's button is gone: the focus goes to the gallery's heading, not <body>").toBeFocused();
  expect(browserDialogs, "no browser confirm()").toEqual([]);
  const after = await request.get(`/api/v2/hotels/${hotel.id}/content`, { headers: { authorization: `Bearer ${hotelAdmin}` } });
  expect(after.status()).toBe(200);
  expect(((await after.json()).photos as Array<{ alt: string }>).map((p) => p.alt)).not.toContain(alt);
});
