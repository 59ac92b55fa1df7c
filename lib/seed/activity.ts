// Demo activity for the dashboards (issue 16 item 5): two weeks of past inventory, reservations in the hotel
// admin's Cartagena hotels and a few others (confirmed, pending with a near deadline, expired, cancelled),
// approved payments by every method over the last two weeks, and payment links about to expire. Rooms held
// by confirmed and pending reservations are held through the channel manager, as the booking path does.
import crypto from "node:crypto";
import type { Database } from "@/lib/db/open";
import { addDays, bogotaDate, bogotaDayStart } from "@/lib/time";
import { bookingCode } from "@/lib/reservations/rules";
import { Prisma } from "@/lib/db/generated/client";
import { insertReservation, type NewReservation } from "@/lib/reservations/store";
import { channelManager } from "@/lib/gateways";
import { holdThenWrite } from "@/lib/gateways/channel-holds";
import { RoomsUnavailableError } from "@/lib/gateways/channel-manager";

const GUESTS = [
  ["Camila", "Restrepo"], ["Santiago", "Montoya"], ["Valeria", "Ospina"], ["Mateo", "Cárdenas"], ["Isabella", "Quintero"], ["Sebastián", "Arango"],
  ["Mariana", "Zapata"], ["Nicolás", "Henao"], ["Gabriela", "Villegas"], ["Samuel", "Londoño"], ["Daniela", "Castaño"], ["Tomás", "Betancur"],
  ["Luciana", "Echeverri"], ["Emilio", "Salazar"], ["Antonia", "Gaviria"], ["Martín", "Uribe"], ["Sara", "Posada"], ["Julián", "Correa"],
  ["Manuela", "Mejía"], ["Felipe", "Toro"], ["Juliana", "Duque"], ["Andrés", "Palacio"], ["Paula", "Giraldo"], ["Esteban", "Rendón"],
] as const;
const METHODS = ["card", "card", "bank_transfer", "cash", "card", "bank_transfer"] as const;

export async function seedDemoActivity(db: Database, opts: { now: Date; retailerId: number; wholesaleId: number; hotelIds: number[] }) {
  const { prisma } = db;
  const today = bogotaDate(opts.now);
  // Inventory for the two weeks before today, so past occupancy has something to be measured against.
  await db.sql.query(
    `INSERT INTO inventory_nights (room_type_id, date, rooms, sold, stop_sell, min_stay)
     SELECT rt.id, d::date, 4 + abs(hashtext(rt.room_id)) % 9, 0, false, 1
     FROM room_types rt CROSS JOIN generate_series($1::date - 14, $1::date - 1, interval '1 day') AS d
     ON CONFLICT DO NOTHING`,
    [today],
  );
  const hotels = await prisma.hotel.findMany({
    where: { id: { in: opts.hotelIds } },
    include: { roomTypes: { orderBy: { id: "asc" } }, ratePlans: { orderBy: { id: "asc" } } },
    orderBy: { id: "asc" },
  });
  if (hotels.length === 0) return;
  const hour = 3600_000;
  let n = 0;
  for (const [i, [firstName, lastName]] of GUESTS.entries()) {
    const hotel = hotels[i % hotels.length];
    const rt = hotel.roomTypes[Math.floor(i / hotels.length) % hotel.roomTypes.length];
    const rp = hotel.ratePlans[i % hotel.ratePlans.length];
    // Stays from ten days ago to two weeks ahead; a few arrive today.
    const offset = i % 6 === 0 ? 0 : -10 + ((i * 7) % 24);
    const checkin = addDays(today, offset);
    const nights = 1 + (i % 4);
    const prices = await db.sql.query<{ date: string; amount: string }>(
      `SELECT date::text AS date, amount_before_tax::text AS amount FROM rate_nights WHERE rate_plan_id = $1 AND room_type_id = $2 AND adults = 0 AND date >= $3::date ORDER BY date LIMIT 1`,
      [rp.id, rt.id, today],
    );
    const nightly = Number(prices[0]?.amount ?? 300_000);
    const qty = 1 + (i % 3);
    const amount = nightly * nights * qty;
    const status: "pending_payment" | "confirmed" | "expired" | "cancelled" = i % 8 === 5 ? "expired" : i % 8 === 7 ? "cancelled" : i % 5 === 3 ? "pending_payment" : "confirmed";
    const created = new Date(bogotaDayStart(addDays(today, Math.min(offset, 0) - 3 - (i % 5))).getTime() + (9 + (i % 9)) * hour);
    const createdAt = created > opts.now ? new Date(opts.now.getTime() - 2 * hour) : created;
    const confirmedAt = new Date(Math.min(createdAt.getTime() + 5 * hour, opts.now.getTime() - hour));
    const deadline = status === "pending_payment" ? new Date(opts.now.getTime() + (3 + (i % 3) * 6) * hour) : new Date(createdAt.getTime() + 24 * hour);
    const agencyId = i % 3 === 2 ? opts.wholesaleId : opts.retailerId;
    const children = i % 4 === 1 ? 1 : 0;
    const id = `res_demo_${crypto.randomBytes(8).toString("hex")}`;
    const data: NewReservation = {
      id,
      code: bookingCode(),
      agencyId,
      hotelId: hotel.id,
      status,
      checkin,
      checkout: addDays(checkin, nights),
      nights,
      roomsCount: qty,
      adults: 2 * qty,
      children,
      childrenAges: children ? "8" : null,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${n++}@example.co`,
      telephone: "573001234567",
      country: "COL",
      city: null,
      notes: null,
      currency: "COP",
      amount: new Prisma.Decimal(amount),
      amountPaid: new Prisma.Decimal(status === "confirmed" ? amount : 0),
      cardBrand: null,
      cardLast4: null,
      paymentDeadline: deadline,
      confirmedAt: status === "confirmed" ? confirmedAt : null,
      expiredAt: status === "expired" ? deadline : null,
      cancelledAt: status === "cancelled" ? new Date(createdAt.getTime() + 2 * hour) : null,
      createdAt,
      rooms: [
        {
          roomTypeId: rt.id,
          ratePlanId: rp.id,
          checkin,
          checkout: addDays(checkin, nights),
          quantity: qty,
          adults: 2,
          children,
          currency: "COP",
          amount: new Prisma.Decimal(amount),
          nightly: Array.from({ length: nights }, (_, k) => ({ day: addDays(checkin, k), amount: nightly.toFixed(2) })),
        },
      ],
      history: [
        { fromStatus: null, toStatus: "pending_payment", reason: "Reserva registrada", at: createdAt },
        ...(status !== "pending_payment" ? [{ fromStatus: "pending_payment" as const, toStatus: status, reason: "Demostración", at: status === "confirmed" ? confirmedAt : deadline }] : []),
      ],
    };
    if (status === "confirmed" || status === "pending_payment") {
      // Rooms held through the channel manager, as the booking path does; a night already full skips the guest.
      const holds = [{ hotelId: hotel.id, checkin, nights, rooms: [{ roomId: rt.roomId, quantity: qty }] }];
      try {
        await holdThenWrite(db, channelManager(db), { key: id, hotelId: hotel.id, holds, now: createdAt }, (tx) => insertReservation(tx, data));
      } catch (e) {
        if (e instanceof RoomsUnavailableError) continue;
        throw e;
      }
    } else {
      await db.transaction((tx) => insertReservation(tx, data));
    }
    if (status === "confirmed") {
      // Balance payments would need ledger entries: the demo's agencies pay by card, PSE or cash.
      const method = METHODS[i % METHODS.length];
      await prisma.paymentTransaction.create({
        data: {
          id: `txn_demo_${crypto.randomBytes(8).toString("hex")}`,
          method,
          status: "approved",
          agencyId,
          hotelId: hotel.id,
          reservationId: id,
          refName: firstName,
          refLastname: lastName,
          refNumber: `Reserva ${checkin}`,
          amount,
          cardBrand: method === "card" ? "visa" : null,
          cardLast4: method === "card" ? "4242" : null,
          createdAt: confirmedAt,
          completedAt: confirmedAt,
        },
      });
    }
  }
  // Payment links about to expire (the agency's action list).
  for (const [k, [guest, hours]] of ([["Renata Ochoa", 5], ["Joaquín Vélez", 20]] as const).entries()) {
    await prisma.paymentLink.create({
      data: {
        id: `lnk_demo_${crypto.randomBytes(8).toString("hex")}`,
        code: crypto.randomBytes(16).toString("base64url"),
        agencyId: opts.retailerId,
        hotelId: hotels[k % hotels.length].id,
        guestName: guest,
        email: `${guest.split(" ")[0].toLowerCase()}@example.co`,
        phone: "573001234567",
        amount: 850_000 + k * 120_000,
        description: `Anticipo estadía de ${guest}`,
        availableHours: 24,
        expiresAt: new Date(opts.now.getTime() + hours * hour),
        createdAt: new Date(opts.now.getTime() - (24 - hours) * hour),
      },
    });
  }
}
