import AxeBuilder from "@axe-core/playwright";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { test, expect, DEMO, signIn, artifact, demoKeys } from "./helpers";

const PORT = process.env.E2E_PORT ?? "3100";

test("an integrator finds the assistants guide from /docs, copies the configuration and reads every tool", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/docs");
  await page.getByRole("link", { name: "Asistentes (MCP)" }).click();
  await expect(page).toHaveURL(/\/docs\/asistentes$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Asistentes conversacionales (MCP)");

  const url = `http://localhost:${PORT}/api/mcp`;
  await expect(page.getByTestId("mcp-url")).toHaveText(url);
  const config = page.getByTestId("mcp-config");
  await expect(config).toContainText(`"url": "${url}"`);
  await expect(config).toContainText('"Authorization": "Bearer hbk_SU_CLAVE_API"');
  await config.getByRole("button", { name: /Copiar/ }).click();
  await expect(config.getByRole("button", { name: /Copiado/ })).toBeVisible();
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ mcpServers: { hotelpay: { type: "http", url, headers: { Authorization: "Bearer hbk_SU_CLAVE_API" } } } });

  const tools = page.getByTestId("mcp-tool");
  await expect(tools).toHaveCount(11);
  const create = page.locator("#tool-create_reservation");
  await expect(create).toContainText("POST /api/v2/bookings/hotel_id={hotel_id}");
  await expect(create.getByRole("row", { name: /reservation\.roomsData\[\]\.rateId/ })).toContainText("rateId del producto elegido");
  await expect(page.locator("#tool-get_reservation")).toContainText("solo lectura");
  await expect(page.locator("#tool-cancel_reservation")).toContainText("cambia o anula lo existente");
  await expect(page.getByRole("heading", { name: /Una conversación/ })).toBeVisible();

  const a11y = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(a11y.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary}`).join(" / ")}`)).toEqual([]);
  await page.screenshot({ path: artifact("docs-asistentes-desktop.png"), fullPage: false });
  await page.screenshot({ path: artifact("docs-asistentes-desktop-full.png"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs/asistentes");
  await expect(page.getByTestId("mcp-url")).toBeVisible();
  // Nothing wider than the phone but the scrollable code blocks and tables.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: artifact("docs-asistentes-phone.png"), fullPage: false });
  await page.locator("#tool-create_reservation").scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact("docs-asistentes-phone-tool.png"), fullPage: false });
});

test("a booking an assistant makes over MCP shows up in the agency's reservations and its link pays on the guest page", async ({ page }) => {
  const { retailer } = demoKeys();
  const client = new Client({ name: "asistente-e2e", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://localhost:${PORT}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${retailer}` } } }));
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(r.isError ?? false, JSON.stringify(r.content)).toBe(false);
    return r;
  };
  try {
    const checkin = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const checkout = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const search = await call("search_city_availability", { city: "Santa Marta", checkin, nights: 2, layout: [{ adults: 2 }] });
    const offer = search.structuredContent.results[0];
    const room = offer.availability[0].available_rooms[0];
    const product = room.products[0];
    const book = (firstName: string, lastName: string) =>
      call("create_reservation", {
        hotel_id: offer.hotel.id,
        idempotency_key: `e2e-${firstName.length}-${lastName.length}-${Date.now()}`,
        reservation: {
          checkin,
          checkout,
          nights: "2",
          rooms: "1",
          adults: "2",
          firstName,
          lastName,
          country: "COL",
          email: "valentina.rios@example.co",
          telephone: "573105551234",
          currency: "COP",
          roomsData: [{ id: room.roomId, checkin, checkout, rateId: product.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }],
        },
      });
    const booked = await book("Valentina", "Asistida Ríos");
    const control = await book("Tomás", "Control Pérez");
    const code = booked.structuredContent.chatbot_id as string;
    const reservation = await call("get_reservation", { booking_id: code });
    const link = await call("create_payment_link", {
      hotel_id: offer.hotel.id,
      reservation_code: code,
      guest_name: "Valentina Asistida Ríos",
      email: "valentina.rios@example.co",
      phone: "+57 310 555 1234",
      amount: reservation.structuredContent.amount_due.toFixed(2),
      description: `Reserva ${code}`,
      available_hours: 12,
    });

    await signIn(page, DEMO.agency);
    await page.goto("/reservations");
    await page.getByLabel("Huésped").fill("Asistida");
    await page.getByRole("button", { name: "Buscar" }).click();
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("Valentina Asistida Ríos");
    await expect(row).toContainText("Pendiente de pago");
    await expect(page.locator('[aria-busy="false"]')).toBeVisible();
    // The guest filter went through the typed client: only her booking is left (header row + one).
    await expect(page.getByRole("row", { name: new RegExp(control.structuredContent.chatbot_id) })).toHaveCount(0);
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.screenshot({ path: artifact("reservations-from-assistant.png"), fullPage: true });

    await page.goto(new URL(link.structuredContent.url).pathname);
    await expect(page.getByText("Valentina Asistida Ríos").first()).toBeVisible();
  } finally {
    await client.close();
  }
});
