// Documented maxima of what a request may carry (docs/security.md "Input", README limits table). They are
// chosen so that no total the service computes can overflow the database's Decimal(14,2) (max
// 999.999.999.999,99) or int4 (2.147.483.647) columns:
//   largest reservation = MAX_NIGHTLY_PRICE x MAX_ROOMS_PER_BOOKING x MAX_BOOKING_NIGHTS
//                       = 100.000.000 x 50 x 30 = 150.000.000.000 < 999.999.999.999,99.
import { z } from "zod";

/** Largest value of an int4 column (every database id is int4). */
export const MAX_DB_ID = 2_147_483_647;
/** Largest nightly price of a room (COP). */
export const MAX_NIGHTLY_PRICE = 100_000_000;
/** Largest single amount: a payment, a payment link, a balance top-up (COP). */
export const MAX_AMOUNT = 1_000_000_000;
/** Largest balance top-up (COP). */
export const MAX_TOP_UP = 1_000_000_000;
/** Largest page number of a list. */
export const MAX_PAGE = 100_000;
/** Largest page size of a list (each list may set a lower one). */
export const MAX_PAGE_SIZE = 200;
/** Rooms one reservation may hold (reservation.rooms, the sum of its room lines: lib/reservations/schema.ts). */
export const MAX_ROOMS_PER_BOOKING = 50;
/** Nights one reservation may cover (lib/inventory/schema.ts MAX_NIGHTS). */
export const MAX_BOOKING_NIGHTS = 30;
/** The largest amount a Decimal(14,2) column holds. */
export const MAX_DECIMAL_14_2 = 999_999_999_999.99;

const fmt = (n: number) => n.toLocaleString("es-CO");

export const maxIdMessage = `debe ser un identificador válido (máximo ${fmt(MAX_DB_ID)})`;
export const maxPriceMessage = `no puede superar $ ${fmt(MAX_NIGHTLY_PRICE)} por noche`;
export const maxAmountMessage = `no puede superar $ ${fmt(MAX_AMOUNT)}`;
export const maxPageMessage = `no puede superar ${fmt(MAX_PAGE)}`;

/** An id on the wire (number or numeric text): a positive int4. */
export const dbId = () =>
  z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage);

/** Refinement for a decimal amount kept as text ("350000.00"). */
export const notAbove = (max: number) => (s: string) => Number(s) <= max;
