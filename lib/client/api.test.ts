import { describe, expect, it } from "vitest";
import createClient from "openapi-fetch";
import { ApiError, idempotencyKey, ok, type paths } from "./api";

// The same client the portal uses, over a fake fetch that records what would go on the wire.
function client(answer: Response) {
  const seen: Request[] = [];
  const c = createClient<paths>({
    baseUrl: "http://portal.test/api",
    fetch: async (req: Request) => {
      seen.push(req);
      return answer.clone();
    },
  });
  return { c, seen };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("typed API client", () => {
  it("gives the data of a 2xx and sends only the filters that are set", async () => {
    const { c, seen } = client(json(200, { items: [], total: 0, page: 2, per_page: 20 }));
    const data = await ok(c.GET("/v2/bookings", { params: { query: { page: 2, per_page: 20, status: undefined, guest: "gómez" } } }));
    expect(data).toEqual({ items: [], total: 0, page: 2, per_page: 20 });
    expect(seen[0].url).toBe("http://portal.test/api/v2/bookings?page=2&per_page=20&guest=g%C3%B3mez");
  });

  it("throws an ApiError with the status and the Spanish detail", async () => {
    const body = { code: "404", message: "Recurso no encontrado", detail: "La reserva HB2345ABCD no existe" };
    const { c } = client(json(404, body));
    const err = await ok(c.GET("/v2/bookings/chatbot/{booking_id}", { params: { path: { booking_id: "HB2345ABCD" } } })).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, detail: "La reserva HB2345ABCD no existe", body });
    const bare = await ok(client(new Response("", { status: 502 })).c.GET("/v2/cities")).catch((e) => e);
    expect(bare).toMatchObject({ status: 502, detail: "HTTP 502" });
  });

  it("fills path templates with literal text around them and sends the Idempotency-Key header", async () => {
    const { c, seen } = client(json(200, { msg: "ok", chatbot_id: "HB2345ABCD" }));
    const key = idempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKey()).not.toBe(key);
    await ok(c.POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: 7 }, header: { "Idempotency-Key": key } }, body: { reservation: {} as never } }));
    expect(seen[0].url).toBe("http://portal.test/api/v2/bookings/hotel_id=7");
    expect(seen[0].method).toBe("POST");
    expect(seen[0].headers.get("idempotency-key")).toBe(key);
    expect(seen[0].headers.get("content-type")).toBe("application/json");
  });
});
