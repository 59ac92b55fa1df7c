// Wire formats of inventory and availability (docs/api.md 4.2, 4.3, 4.14; docs/decisions.md section 5).
import { z } from "zod";
import { MAX_DB_ID, MAX_NIGHTLY_PRICE, maxIdMessage, maxPriceMessage } from "@/lib/http/limits";
import { isoDate, text } from "@/lib/http/zod-helpers";

export const MAX_NIGHTS = 30;
export const MAX_LAYOUT_ITEMS = 9;
/** Longest date range one inventory or rate update may cover. */
export const MAX_RANGE_DAYS = 731;

const intIn = (min: number, max: number) =>
  z.coerce
    .number({ error: "debe ser un número entero" })
    .int("debe ser un número entero")
    .min(min, `debe estar entre ${min} y ${max}`)
    .max(max, `debe estar entre ${min} y ${max}`);
const strictIntIn = (min: number, max: number) =>
  z
    .number({ error: "debe ser un número entero" })
    .int("debe ser un número entero")
    .min(min, `debe estar entre ${min} y ${max}`)
    .max(max, `debe estar entre ${min} y ${max}`);

export const nightsParam = intIn(1, MAX_NIGHTS);
const childAge = strictIntIn(0, 17);
const adultsCount = strictIntIn(1, 20);

// ------------------------------------------------------------------ availability

export const agencyAvailabilityParams = z.object({
  agency_type: z.enum(["retailer", "wholesale"], { error: "debe ser retailer o wholesale" }),
});

export const agencyAvailabilityQuery = z.object({
  checkin: isoDate,
  nights: nightsParam,
  city: z.string({ error: "es obligatorio" }).trim().min(1, "es obligatorio").max(80, "máximo 80 caracteres"),
});

export const layoutItem = z.object({
  adults: adultsCount,
  children_ages: z.array(childAge, { error: "debe ser una lista de edades" }).max(10, "máximo 10 niños").optional().nullable(),
});

export const agencyAvailabilityBody = z.object({
  layout: z
    .array(layoutItem, { error: "debe ser una lista" })
    .min(1, "debe tener al menos un elemento")
    .max(MAX_LAYOUT_ITEMS, `máximo ${MAX_LAYOUT_ITEMS} elementos`),
});

/** "5,8" -> [5, 8]; empty or absent -> []. */
const agesList = z
  .string()
  .optional()
  .transform((s, ctx) => {
    if (!s || s.trim() === "") return [] as number[];
    const parts = s.split(",").map((p) => p.trim());
    const ages: number[] = [];
    for (const p of parts) {
      if (!/^\d{1,2}$/.test(p) || Number(p) > 17) {
        ctx.addIssue({ code: "custom", message: "cada edad debe ser un entero entre 0 y 17, separadas por comas" });
        return z.NEVER;
      }
      ages.push(Number(p));
    }
    if (ages.length > 10) {
      ctx.addIssue({ code: "custom", message: "máximo 10 niños" });
      return z.NEVER;
    }
    return ages;
  });

export const hotelAvailabilityQuery = z.object({
  hotel_id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
  checkin: isoDate,
  nights: nightsParam,
  adults: intIn(1, 20),
  children: agesList,
  children_ages: agesList,
  booking_number: z.string().optional(),
  room_type: z.string().trim().max(64, "máximo 64 caracteres").optional(),
});

const dailyAmountHotel = z.object({ day: z.string(), amountBeforeTax: z.number() });
const dailyAmountAgency = dailyAmountHotel.extend({ amountAfterTax: z.number() });
/** A rate plan as the search, the product and the rate-plan routes show it. */
const ratePlanFields = {
  rateId: z.string(),
  rateDescription: z.string(),
  boardType: z.string().nullable(),
  boardTypeDescription: z.string(),
  refundable: z.enum(["full", "partial", "none"]),
  cancellationPolicy: z.string(),
  currency: z.string(),
};
const productBase = {
  roomId: z.string(),
  roomName: z.string(),
  roomType: z.string(),
  ...ratePlanFields,
  baseRate: z.object({ amountBeforeTax: z.number(), amountAfterTax: z.number() }),
};
export const hotelProduct = z.object({ ...productBase, baseDailyAmounts: z.array(dailyAmountHotel) });
export const agencyProduct = z.object({ ...productBase, baseDailyAmounts: z.array(dailyAmountAgency) });

export const hotelAvailabilityResponse = z.object({
  total_count: z.number().int(),
  available_rooms: z.array(z.object({ roomId: z.string(), roomName: z.string(), count: z.number().int(), products: z.array(hotelProduct) })),
});

export const hotelSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  channel_manager_id: z.string(),
  city: z.string(),
  largest_room_beds: z.number().int(),
});

export const agencyAvailabilityResponse = z.array(
  z.object({
    hotel: hotelSummary,
    availability: z.array(
      z.object({
        adults: z.number().int(),
        children_ages: z.string().nullable(),
        total_count: z.number().int(),
        available_rooms: z.array(
          z.object({
            roomId: z.string(),
            roomName: z.string(),
            beds: z.number().int(),
            adults: z.number().int(),
            children_ages: z.string().nullable(),
            count: z.number().int(),
            products: z.array(agencyProduct),
          }),
        ),
      }),
    ),
  }),
);

// ------------------------------------------------------------------ ARI (hotels, room types, rate plans, nights)

const code = (what: string) =>
  z
    .string({ error: "debe ser texto" })
    .trim()
    .min(1, "no puede estar vacío")
    .max(64, "máximo 64 caracteres")
    .regex(/^[A-Za-z0-9_.-]+$/, `${what}: solo letras, dígitos, '-', '_' y '.'`);

export const hotelIdParam = z.object({
  id: z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage),
});

export const createHotelBody = z.object({
  name: text(200),
  city: text(80),
  channel_manager_id: code("channel_manager_id").optional(),
  hold_minutes: strictIntIn(1, 60 * 24 * 30).optional(),
  address: z.string().trim().max(200, "máximo 200 caracteres").optional(),
  stars: strictIntIn(1, 5).optional(),
});

export const patchHotelBody = z
  .object({
    name: text(200).optional(),
    city: text(80).optional(),
    channel_manager_id: code("channel_manager_id").optional(),
    hold_minutes: strictIntIn(1, 60 * 24 * 30).optional(),
    is_active: z.boolean({ error: "debe ser true o false" }).optional(),
    address: z.string().trim().max(200, "máximo 200 caracteres").nullable().optional(),
    stars: strictIntIn(1, 5).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "debe incluir al menos un campo");

export const hotelOut = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  channel_manager_id: z.string(),
  hold_minutes: z.number().int(),
  is_active: z.boolean(),
  largest_room_beds: z.number().int(),
  address: z.string().nullable(),
  stars: z.number().int().nullable(),
});

export const hotelsQuery = z.object({
  city: z.string().trim().max(80, "máximo 80 caracteres").optional(),
});

export const createRoomTypeBody = z.object({
  roomId: code("roomId").optional(),
  roomName: text(120),
  roomType: z
    .string({ error: "debe ser texto" })
    .trim()
    .min(1, "no puede estar vacío")
    .max(32, "máximo 32 caracteres")
    .transform((s) => s.toUpperCase()),
  beds: strictIntIn(1, 20),
  max_adults: strictIntIn(1, 20),
  max_children: strictIntIn(0, 10),
});

export const roomTypeParams = z.object({
  id: hotelIdParam.shape.id,
  room_id: z.string({ error: "es obligatorio" }).min(1, "no puede estar vacío").max(64, "máximo 64 caracteres"),
});

export const rateParams = z.object({
  id: hotelIdParam.shape.id,
  rate_id: z.string({ error: "es obligatorio" }).min(1, "no puede estar vacío").max(64, "máximo 64 caracteres"),
});

const atLeastOne = (b: object) => Object.values(b).some((v) => v !== undefined);

export const patchRoomTypeBody = z
  .object({
    room_name: text(120).optional(),
    room_type: createRoomTypeBody.shape.roomType.optional(),
    beds: strictIntIn(1, 20).optional(),
    max_adults: strictIntIn(1, 20).optional(),
    max_children: strictIntIn(0, 10).optional(),
    is_active: z.boolean({ error: "debe ser true o false" }).optional().meta({ description: "false retira el tipo de habitación: deja de ofrecerse; las reservas hechas lo conservan" }),
  })
  .refine(atLeastOne, "debe incluir al menos un campo");

export const roomTypeOut = z.object({
  roomId: z.string(),
  roomName: z.string(),
  roomType: z.string(),
  beds: z.number().int(),
  max_adults: z.number().int(),
  max_children: z.number().int(),
  is_active: z.boolean(),
});

export const createRatePlanBody = z.object({
  rateId: code("rateId").optional(),
  rateDescription: text(200),
  boardType: z.string({ error: "debe ser texto o null" }).trim().max(8, "máximo 8 caracteres").nullable(),
  boardTypeDescription: text(200),
  refundable: z.enum(["full", "partial", "none"], { error: "debe ser full, partial o none" }),
  cancellationPolicy: text(1000),
  currency: z
    .string({ error: "debe ser texto" })
    .regex(/^[A-Za-z]{3}$/, "debe ser un código de moneda de 3 letras")
    .transform((s) => s.toUpperCase()),
});

export const patchRatePlanBody = z
  .object({
    rate_description: text(200).optional(),
    board_type: createRatePlanBody.shape.boardType.optional(),
    board_type_description: text(200).optional(),
    refundable: createRatePlanBody.shape.refundable.optional(),
    cancellation_policy: text(1000).optional(),
    is_active: z.boolean({ error: "debe ser true o false" }).optional().meta({ description: "false retira el plan de tarifa: deja de ofrecerse; las reservas hechas lo conservan" }),
  })
  .refine(atLeastOne, "debe incluir al menos un campo");

export const ratePlanOut = z.object({
  ...ratePlanFields,
  is_active: z.boolean(),
});

const range = { from: isoDate, to: isoDate };

export const inventoryBody = z.object({
  updates: z
    .array(
      z.object({
        roomId: z.string({ error: "es obligatorio" }).min(1, "no puede estar vacío"),
        ...range,
        rooms: strictIntIn(0, 10_000).optional(),
        stop_sell: z.boolean({ error: "debe ser true o false" }).optional(),
        min_stay: strictIntIn(1, MAX_NIGHTS).optional(),
        closed_to_arrival: z.boolean({ error: "debe ser true o false" }).optional().meta({ description: "Cerrada a llegadas: ninguna estadía puede empezar esa noche" }),
        closed_to_departure: z.boolean({ error: "debe ser true o false" }).optional().meta({ description: "Cerrada a salidas: ninguna estadía puede terminar (checkout) en esa fecha" }),
      }),
      { error: "debe ser una lista" },
    )
    .min(1, "debe tener al menos un elemento")
    .max(500, "máximo 500 elementos"),
});

/** A money amount: non-negative, at most two fraction digits (kept as the exact decimal text). */
export const money = z
  .union([z.number({ error: "debe ser un número" }), z.string({ error: "debe ser un número" })], { error: "debe ser un número" })
  .transform((v, ctx) => {
    const s = typeof v === "number" ? String(v) : v.trim();
    if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "debe ser un número mayor o igual a 0 con máximo dos decimales" });
      return z.NEVER;
    }
    if (Number(s) > MAX_NIGHTLY_PRICE) {
      ctx.addIssue({ code: "custom", message: maxPriceMessage });
      return z.NEVER;
    }
    return s;
  });

export const ratesBody = z.object({
  updates: z
    .array(
      z.object({
        roomId: z.string({ error: "es obligatorio" }).min(1, "no puede estar vacío"),
        rateId: z.string({ error: "es obligatorio" }).min(1, "no puede estar vacío"),
        ...range,
        amountBeforeTax: money.nullable().meta({ description: "Precio por noche; null quita el precio de esas noches (la tarifa deja de venderse en ellas)" }),
        adults: strictIntIn(1, 20).optional(),
      }),
      { error: "debe ser una lista" },
    )
    .min(1, "debe tener al menos un elemento")
    .max(500, "máximo 500 elementos"),
});

export const updateResult = z.object({ msg: z.string(), nights: z.number().int() });

export const nightsQuery = z.object({ from: isoDate, to: isoDate });

export const nightsResponse = z.object({
  hotel: hotelOut,
  room_types: z.array(roomTypeOut),
  rate_plans: z.array(ratePlanOut),
  days: z.array(z.string()),
  inventory: z.array(
    z.object({
      roomId: z.string(),
      day: z.string(),
      rooms: z.number().int(),
      sold: z.number().int(),
      stop_sell: z.boolean(),
      min_stay: z.number().int(),
      closed_to_arrival: z.boolean(),
      closed_to_departure: z.boolean(),
    }),
  ),
  rates: z.array(z.object({ roomId: z.string(), rateId: z.string(), day: z.string(), adults: z.number().int().nullable(), amountBeforeTax: z.number() })),
});
