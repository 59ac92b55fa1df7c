import { test, expect, DEMO, signIn, shoot, demoKeys } from "./helpers";
import { startFakeChannex, type FakeChannex } from "../lib/testing/fake-channex";

// The operator links a hotel to a Channex property (the fake Channex the e2e server is pointed at, on
// E2E_PORT + 20), sees its mirror fresh, a booking reach Channex once, and a refused one retried.
const port = Number(process.env.E2E_PORT ?? 3100) + 20;
let fake: FakeChannex;
let propertyId = "";
let roomId = "";
let rateId = "";

test.beforeAll(async () => {
  fake = await startFakeChannex({ apiKey: "e2e-channex-key", port });
  propertyId = fake.addProperty({ title: "Hotel Selva Amazónica", city: "Leticia" });
  roomId = fake.addRoomType(propertyId, { title: "Cabaña doble", occAdults: 2, occChildren: 1, countOfRooms: 4 });
  rateId = fake.addRatePlan(propertyId, roomId, { title: "Con desayuno", mealType: "breakfast", options: [{ occupancy: 2, is_primary: true, rate: "320000.00" }] });
  const family = fake.addRoomType(propertyId, { title: "Maloka familiar", occAdults: 4, occChildren: 2, countOfRooms: 2 });
  fake.addRatePlan(propertyId, family, {
    title: "Por persona",
    sellMode: "per_person",
    options: [
      { occupancy: 2, is_primary: true, rate: "450000.00" },
      { occupancy: 4, is_primary: false, rate: "690000.00" },
    ],
  });
});
test.afterAll(async () => {
  await fake?.close();
});

test.describe.serial("Channex: the operator's view", () => {
  test("links a property, sees its mirror fresh and the webhook registered", async ({ page }) => {
    await signIn(page, DEMO.operator);
    await page.getByRole("link", { name: "Channex" }).first().click();
    await expect(page.getByRole("heading", { name: "Channex", level: 1 })).toBeVisible();
    await expect(page.getByText("Channex no está configurado")).toHaveCount(0);

    await page.getByLabel("Id de la propiedad en Channex").fill(propertyId);
    await expect(page.getByLabel("Hotel en HotelPay")).toHaveValue("");
    await page.getByRole("button", { name: "Conectar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Hotel «Hotel Selva Amazónica» conectado" })).toBeVisible({ timeout: 20_000 });

    const card = page.getByTestId("channex-properties").locator("li").filter({ hasText: "Hotel Selva Amazónica" });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("freshness")).toHaveText("Al día");
    await expect(card).toContainText("Leticia");
    await expect(card).toContainText(propertyId);
    await expect(card).toContainText("Registrado");
    await expect(page.getByTestId("stat-linked")).toContainText(/[1-9]/);

    const [hook] = fake.webhooks(propertyId);
    expect(hook).toMatchObject({ is_active: true });
    await shoot(page, "channex-linked");
  });

  test("a booking reaches Channex once; a refused one is a clear state, retried by the operator", async ({ page, request }) => {
    const keys = demoKeys();
    const hotels = (await (await request.get("/api/v2/hotels?city=Leticia", { headers: { authorization: `Bearer ${keys.operator}` } })).json()) as Array<{ id: number; name: string }>;
    const hotel = hotels.find((h) => h.name === "Hotel Selva Amazónica")!;
    const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
    const plus = (d: string, n: number) => new Date(Date.parse(`${d}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const checkin = plus(today, 30);
    const booking = (firstName: string) => ({
      reservation: {
        checkin,
        checkout: plus(checkin, 2),
        nights: "2",
        rooms: "1",
        adults: "2",
        children: "0",
        children_ages: "",
        firstName,
        lastName: "Ríos",
        city: "Bogotá",
        country: "COL",
        email: "huesped@example.co",
        telephone: "573001112233",
        currency: "COP",
        roomsData: [{ id: roomId, checkin, checkout: plus(checkin, 2), rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
      },
    });
    const post = (firstName: string) => request.post(`/api/v2/bookings/hotel_id=${hotel.id}`, { headers: { authorization: `Bearer ${keys.retailer}` }, data: booking(firstName) });

    const ok = await (await post("Camila")).json();
    expect(ok.chatbot_id).toBeTruthy();
    await expect.poll(() => fake.bookings(propertyId).filter((b) => b.revisions[0].ota_reservation_code === ok.chatbot_id).length).toBe(1);

    // Channex without the Booking CRS application: the booking stands, its state says why the hotel lacks it.
    fake.setCrsInstalled(propertyId, false);
    const refused = await (await post("Andrés")).json();
    expect(refused.chatbot_id).toBeTruthy();

    await signIn(page, DEMO.operator);
    await page.goto(`/reservations/${refused.chatbot_id}`);
    await expect(page.getByTestId("channel-sync")).toHaveAttribute("data-state", "refused");
    await expect(page.getByTestId("channel-sync")).toContainText("Booking CRS");
    await shoot(page, "channex-reservation-refused");

    await page.goto("/channex");
    const row = page.getByTestId("channex-queue").locator("li").filter({ hasText: refused.chatbot_id });
    await expect(row).toContainText("Rechazada");
    await expect(page.getByTestId("channex-alerts")).toContainText(refused.chatbot_id);
    await shoot(page, "channex-refused");

    fake.setCrsInstalled(propertyId, true);
    await row.getByRole("button", { name: "Reintentar envío" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reintento enviado" })).toBeVisible();
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId("channex-queue").locator("li").filter({ hasText: refused.chatbot_id }).count();
      })
      .toBe(0);
    await expect.poll(() => fake.bookings(propertyId).filter((b) => b.revisions[0].ota_reservation_code === refused.chatbot_id).length).toBe(1);

    await page.goto(`/reservations/${ok.chatbot_id}`);
    await expect(page.getByTestId("channel-sync")).toHaveAttribute("data-state", "confirmed", { timeout: 15_000 });
    await expect(page.getByTestId("channel-sync")).toContainText("Registrada en el sistema del hotel");
    await shoot(page, "channex-reservation-confirmed");
  });
});
