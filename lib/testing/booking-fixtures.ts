// Test fixture: a small hotel with one room type and one rate plan, sellable over a range of nights.
import type { Database } from "@/lib/db/open";
import { createHotel } from "@/lib/testing/factories";
import type { paths } from "@/lib/client/schema";

export type BookingBody = paths["/v2/bookings/hotel_id={hotel_id}"]["post"]["requestBody"]["content"]["application/json"];
export type RoomItem = BookingBody["reservation"]["roomsData"][number];

export async function sellableHotel(
  db: Database,
  opts: { from: string; nights: number; rooms: number; price: number; holdMinutes?: number; roomTypes?: number },
) {
  const hotel = await createHotel(db, { holdMinutes: opts.holdMinutes ?? 1440, city: "CARTAGENA" });
  const rate = await db.prisma.ratePlan.create({
    data: {
      hotelId: hotel.id,
      rateId: `${hotel.channelManagerId}-BB`,
      rateDescription: "Alojamiento y desayuno",
      boardType: "BB",
      boardTypeDescription: "Desayuno incluido",
      refundable: "full",
      cancellationPolicy: "Cancelación gratuita hasta 48 horas antes.",
    },
  });
  const roomTypes = [];
  for (let i = 0; i < (opts.roomTypes ?? 1); i++) {
    const rt = await db.prisma.roomType.create({
      data: { hotelId: hotel.id, roomId: `${hotel.channelManagerId}-R${i}`, roomName: `Habitación ${i}`, roomType: "DOUBLE", beds: 2, maxAdults: 2, maxChildren: 1 },
    });
    await db.sql.query(
      `INSERT INTO inventory_nights (room_type_id, date, rooms) SELECT $1, d::date, $2 FROM generate_series($3::date, $3::date + ($4::int - 1), interval '1 day') d`,
      [rt.id, opts.rooms, opts.from, opts.nights],
    );
    await db.sql.query(
      `INSERT INTO rate_nights (rate_plan_id, room_type_id, date, adults, amount_before_tax) SELECT $1, $2, d::date, 0, $3 FROM generate_series($4::date, $4::date + ($5::int - 1), interval '1 day') d`,
      [rate.id, rt.id, opts.price, opts.from, opts.nights],
    );
    roomTypes.push(rt);
  }
  return { hotel, rate, roomTypes, room: roomTypes[0] };
}

export function reservationBody(
  room: { roomId: string },
  rate: { rateId: string },
  stay: { checkin: string; checkout: string; nights: number },
  overrides: Partial<BookingBody["reservation"]> = {},
  items?: RoomItem[],
): BookingBody {
  const roomsData: RoomItem[] = items ?? [{ id: room.roomId, checkin: stay.checkin, checkout: stay.checkout, rateId: rate.rateId, quantity: "1", currency: "COP", adults: "2", children: "0" }];
  return {
    reservation: {
      checkin: stay.checkin,
      checkout: stay.checkout,
      nights: String(stay.nights),
      rooms: String(roomsData.reduce((s, i) => s + Number(i.quantity), 0)),
      adults: "2",
      children: "0",
      children_ages: "",
      firstName: "Laura",
      lastName: "Gómez",
      city: "Medellín",
      country: "COL",
      email: "laura.gomez@example.co",
      telephone: "573001234567",
      currency: "COP",
      notes: "Llegada tarde",
      roomsData,
      ...overrides,
    },
  };
}

/** A booking code as lib/reservations/rules.ts bookingCode() makes it: "HB" and 8 of its 31 unambiguous characters. */
export const BOOKING_CODE = /^HB[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;
