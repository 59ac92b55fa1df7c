// The committed typed-client schema must be what the route table produces today.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiTypes, SCHEMA_FILE } from "../scripts/api-types";

describe("lib/client/schema.d.ts", () => {
  it("is up to date with the /api routes' OpenAPI document", async () => {
    const expected = await apiTypes();
    const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, "utf8") : "";
    if (committed !== expected) {
      const a = committed.split("\n");
      const b = expected.split("\n");
      const line = b.findIndex((l, i) => l !== a[i]);
      expect.fail(
        `lib/client/schema.d.ts está desactualizado respecto de las rutas /api (primera diferencia en la línea ${line + 1}: ` +
          `${JSON.stringify(a[line] ?? "")} en lugar de ${JSON.stringify(b[line] ?? "")}). Ejecute: npm run api:types`,
      );
    }
  });

  it("types the routes the portal and the assistants use", async () => {
    const text = await apiTypes();
    for (const p of ['"/v2/bookings"', '"/v2/bookings/hotel_id={hotel_id}"', '"/v2/links/schedule"', '"/v2/cities"']) expect(text).toContain(p);
    // Hidden routes (JSON-RPC at /mcp) stay out.
    expect(text).not.toContain('"/mcp"');
  });
});
