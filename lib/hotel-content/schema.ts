// Wire formats of hotel content (docs/api.md "Hotel content", docs/decisions.md 5.13). Kept apart from 4.2/4.3,
// whose answers stay exactly as the availability engine writes them.
import { z } from "zod";
import { MAX_DB_ID, maxIdMessage } from "@/lib/http/limits";
import { AMENITIES, AMENITY_CODES } from "./amenities";

export const MAX_DESCRIPTION = 2000;
export const MAX_ADDRESS = 200;
export const MAX_ALT = 150;
export const MAX_PHOTOS = 12;
export const MAX_BATCH_IDS = 50;

const id = z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo").max(MAX_DB_ID, maxIdMessage);
export const hotelParam = z.object({ id });
export const photoParams = z.object({ id, photo_id: id });

const nullableText = (max: number) => z.string({ error: "debe ser texto" }).trim().max(max, `máximo ${max} caracteres`).nullable();
const time = z
  .string({ error: "debe ser una hora HH:MM" })
  .trim()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "debe ser una hora HH:MM de 00:00 a 23:59")
  .nullable();
const coordinate = (max: number) =>
  z
    .number({ error: "debe ser un número" })
    .min(-max, `debe estar entre -${max} y ${max}`)
    .max(max, `debe estar entre -${max} y ${max}`)
    .nullable();

/** PATCH: only the fields sent change; null (or "" for text) clears one. */
export const contentBody = z
  .strictObject(
    {
      stars: z.number({ error: "debe ser un número entero" }).int("debe ser un número entero").min(1, "debe estar entre 1 y 5").max(5, "debe estar entre 1 y 5").nullable().optional(),
      address: nullableText(MAX_ADDRESS).optional(),
      latitude: coordinate(90).optional(),
      longitude: coordinate(180).optional(),
      amenities: z
        .array(z.string({ error: "debe ser texto" }).refine((c) => AMENITY_CODES.includes(c), "no es un servicio de la lista"), { error: "debe ser una lista" })
        .max(AMENITIES.length, `máximo ${AMENITIES.length} servicios`)
        .refine((a) => new Set(a).size === a.length, "tiene servicios repetidos")
        .optional(),
      check_in_time: time.optional(),
      check_out_time: time.optional(),
      description: nullableText(MAX_DESCRIPTION).optional(),
      rnt: z
        .string({ error: "debe ser texto" })
        .trim()
        .regex(/^[0-9]{4,10}$/, "debe tener solo dígitos, entre 4 y 10")
        .or(z.literal(""))
        .nullable()
        .optional(),
    },
    { error: (iss) => (iss.code === "unrecognized_keys" ? `campo desconocido: ${iss.keys.join(", ")}` : undefined) },
  )
  .refine((b) => Object.keys(b).length > 0, "debe incluir al menos un campo")
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined) && (b.latitude === null) === (b.longitude === null), "la latitud y la longitud van juntas (las dos o ninguna)");

export const photoPatchBody = z.strictObject(
  { alt: z.string({ error: "debe ser texto" }).trim().min(1, "no puede estar vacío").max(MAX_ALT, `máximo ${MAX_ALT} caracteres`) },
  { error: (iss) => (iss.code === "unrecognized_keys" ? `campo desconocido: ${iss.keys.join(", ")}` : undefined) },
);

export const photoOrderBody = z.object({
  ids: z
    .array(id, { error: "debe ser una lista de ids" })
    .min(1, "no puede estar vacía")
    .max(MAX_PHOTOS, `máximo ${MAX_PHOTOS} fotos`)
    .refine((a) => new Set(a).size === a.length, "tiene ids repetidos"),
});

export const batchQuery = z
  .object({
    city: z.string({ error: "debe ser texto" }).trim().min(1, "no puede estar vacío").max(80, "máximo 80 caracteres").optional(),
    ids: z
      .string({ error: "debe ser texto" })
      .trim()
      .regex(/^\d{1,10}(,\d{1,10})*$/, "debe ser una lista de ids separados por comas")
      .transform((s) => [...new Set(s.split(",").map(Number))])
      .refine((a) => a.length <= MAX_BATCH_IDS, `máximo ${MAX_BATCH_IDS} hoteles`)
      .optional(),
  })
  .refine((q) => (q.city === undefined) !== (q.ids === undefined), "envíe city o ids (uno de los dos)");

const photoOut = z.object({
  id: z.number().int(),
  alt: z.string(),
  position: z.number().int(),
  width: z.number().int().meta({ description: "Ancho de la versión más grande" }),
  height: z.number().int(),
  url: z.string().meta({ description: "La versión más grande; la URL cambia si cambia la imagen (caché inmutable)" }),
  sizes: z.array(z.object({ width: z.number().int(), url: z.string() })),
});

const amenityOut = z.object({ code: z.string(), name: z.string() });

export const contentOut = z.object({
  hotel_id: z.number().int(),
  name: z.string(),
  city: z.string(),
  stars: z.number().int().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  map_url: z.string().nullable().meta({ description: "OpenStreetMap: las coordenadas o, sin ellas, la dirección y la ciudad" }),
  amenities: z.array(amenityOut),
  check_in_time: z.string().nullable(),
  check_out_time: z.string().nullable(),
  description: z.string().nullable(),
  rnt: z.string().nullable().meta({ description: "Registro Nacional de Turismo (Decreto 1836 de 2021)" }),
  photos: z.array(photoOut),
});

export const contentSummaryOut = contentOut.omit({ description: true, photos: true }).extend({
  cover: photoOut.nullable(),
  photo_count: z.number().int(),
});

export const amenitiesOut = z.array(amenityOut);

export type ContentBody = z.output<typeof contentBody>;
