// Payment fixtures the payment and link tests share: webhook receivers, cards encrypted as the pay page does,
// the order bodies of the virtual terminal and APMs, and a reservation to pay.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { paths } from "@/lib/client/schema";
import type { Database } from "@/lib/db/open";
import { encryptCardField } from "@/lib/payments/card-crypto";
import { reservationBody, sellableHotel } from "@/lib/testing/booking-fixtures";
import { addDays } from "@/lib/time";
import { deliveriesIdle } from "@/lib/webhooks/outbox";
import { startApi } from "./api";
import { agencyWithKey } from "./factories";
import { apiClient } from "./client";
import type { TestServer } from "./server";

type Json<P extends keyof paths, M extends "post"> = paths[P][M] extends { requestBody?: { content: { "application/json": infer B } } } ? B : never;
export type CardItem = Json<"/v2/virtual-terminal/credit-card", "post">["card_item"];
export type CardOrder = Json<"/v2/virtual-terminal/credit-card", "post">;
export type CashOrder = Json<"/v2/apms/cash", "post">;

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** HTTP servers that record what they receive (webhooks, temp_webhook_url); close them all after each test. */
export function receivers() {
  const servers: http.Server[] = [];
  return {
    async receiver(path = "/hook") {
      const received: Received[] = [];
      const server = http.createServer((req, res) => {
        let body = "";
        req.on("data", (c) => (body += c));
        req.on("end", () => {
          received.push({ headers: req.headers, body });
          res.writeHead(200).end("ok");
        });
      });
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, received };
    },
    async closeAll() {
      for (const s of servers.splice(0)) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

/** The gateway's public key, as the pay page fetches it. */
export async function publicKeyPem(server: TestServer): Promise<string> {
  const { data } = await apiClient(server).GET("/v2/virtual-terminal/public-key");
  return data!.pem;
}

/**
 * Registers the hooks of a test file that pays with encrypted cards on the sandbox: the API server and its card
 * public key start once (`bind` receives them); at the end the webhook deliveries in flight finish (when
 * `drainDeliveries`) and the server closes.
 */
export function withCardApi(bind: (s: { api: TestServer; pem: string }) => void, opts: { drainDeliveries?: boolean } = {}): void {
  let api: TestServer | undefined;
  beforeAll(async () => {
    api = await startApi();
    bind({ api, pem: await publicKeyPem(api) });
  });
  afterAll(async () => {
    if (opts.drainDeliveries) await deliveriesIdle();
    await api?.close();
  });
}

const year = String(new Date().getUTCFullYear() + 2);

/** A test card, every field encrypted with the gateway's public key. 4000000000000002 is declined. */
export function encryptedCard(pem: string, number = "4242424242424242", holder = "Laura Gómez"): CardItem {
  const enc = (v: string) => encryptCardField(v, pem);
  return { cc_number: enc(number), cc_code: enc("123"), cc_expire_month: enc("12"), cc_expire_year: enc(year), cc_holder: enc(holder) };
}

/** A virtual-terminal card payment body for `refNumber` (a reservation code or a free reference). */
export function cardOrder(pem: string, hotelId: number, refNumber: string, amount: number, over: Partial<CardOrder["order"]> = {}, card = encryptedCard(pem)): CardOrder {
  return {
    order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: refNumber, detail: "Reserva", amount, installments: 1, hotel_id: hotelId, email: "laura@example.co", ip: "181.50.3.7", ...over },
    card_item: card,
  };
}

/** A cash (Efecty) order body for `refNumber`. */
export function cashOrder(hotelId: number, refNumber: string, amount: number): CashOrder {
  return {
    order: { ref_name: "Laura", ref_lastname: "Gómez", ref_number: refNumber, detail: "Reserva", amount, hotel_id: hotelId, email: "laura@example.co", fiscal_number: "1020304050", phone: "3001234567", ip: "181.50.3.7" },
    cash: { address: "Calle 10 # 5-20", user_type: "0", fiscal_number_type: "CC", payment_type: "EFECTY", response_url: "https://agencia.example.co/retorno" },
  };
}

/** A pending reservation written straight to the database, for link tests that need one without booking. */
export function pendingReservation(db: Database, opts: { agencyId: number; hotelId: number; paymentDeadline: Date; code?: string }) {
  const n = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  return db.prisma.reservation.create({
    data: {
      id: `res_test_${n}`,
      code: opts.code ?? `HBTEST${n.slice(-8)}`,
      agencyId: opts.agencyId,
      hotelId: opts.hotelId,
      checkin: new Date("2026-12-20"),
      checkout: new Date("2026-12-22"),
      nights: 2,
      roomsCount: 1,
      adults: 2,
      firstName: "Laura",
      lastName: "Gómez",
      email: "laura@example.co",
      telephone: "573001234567",
      country: "COL",
      currency: "COP",
      amount: 300000,
      paymentDeadline: opts.paymentDeadline,
    },
  });
}

/** An agency (preloaded with `balance` when given) that booked a pending reservation through the API: 2 nights from `checkin`. */
export async function bookedReservation(server: TestServer, opts: { checkin: string; webhookUrl?: string; balance?: number }) {
  const a = await agencyWithKey(server.db, { webhookUrl: opts.webhookUrl, isPreloaded: opts.balance !== undefined, balance: opts.balance ?? 0 });
  const { hotel, rate, room } = await sellableHotel(server.db, { from: opts.checkin, nights: 5, rooms: 5, price: 100_000 });
  const stay = { checkin: opts.checkin, checkout: addDays(opts.checkin, 2), nights: 2 };
  const { data, response } = await apiClient(server, a.key).POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id } }, body: reservationBody(room, rate, stay) });
  if (!data || !("chatbot_id" in data)) throw new Error(`booking failed: HTTP ${response.status}`);
  const reservation = await server.db.prisma.reservation.findUniqueOrThrow({ where: { code: data.chatbot_id } });
  return { ...a, hotel, reservation, code: reservation.code, amount: reservation.amount.toNumber() };
}
