// Hotel content routes (docs/api.md "Hotel content"). The photo upload itself is POST /media/hotels/{id}/photos
// (binary body, lib/hotel-content/media.ts).
import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import * as content from "./service";
import { AMENITIES } from "./amenities";
import { amenitiesOut, batchQuery, contentBody, contentOut, contentSummaryOut, hotelParam, photoOrderBody, photoParams, photoPatchBody } from "./schema";

const TAG = "Contenido de hoteles";
const anyone = ["operator", "agency", "hotel_admin"] as const;
const managers = ["operator", "hotel_admin"] as const;
const photoOut = contentOut.shape.photos.element;

export const hotelContentRoutes = [
  defineRoute({
    method: "GET",
    path: "/v2/hotel-amenities",
    access: anyone,
    summary: "Servicios que un hotel puede declarar (código y nombre)",
    tags: [TAG],
    responses: [{ status: 200, description: "Servicios", schema: amenitiesOut }],
    handler: () => AMENITIES.map((a) => ({ code: a.code, name: a.name })),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/hotel-content",
    access: anyone,
    summary: "Contenido resumido de los hoteles de una ciudad o de una lista de ids (para los resultados de búsqueda)",
    description: "Envíe `city` o `ids` (separados por comas, máximo 50). Las agencias ven solo hoteles activos; los ids desconocidos se omiten.",
    tags: [TAG],
    query: batchQuery,
    responses: [{ status: 200, description: "Resúmenes", schema: z.array(contentSummaryOut) }],
    handler: ({ database, principal, query }) => content.listContents(database, principal, query),
  }),
  defineRoute({
    method: "GET",
    path: "/v2/hotels/{id}/content",
    access: anyone,
    summary: "Contenido de un hotel: estrellas, dirección y mapa, servicios, horarios, descripción, RNT y fotos",
    tags: [TAG],
    params: hotelParam,
    responses: [{ status: 200, description: "Contenido", schema: contentOut }],
    handler: ({ database, principal, params }) => content.getContent(database, principal, params.id),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v2/hotels/{id}/content",
    access: managers,
    summary: "Cambiar el contenido de un hotel (solo cambian los campos enviados; null borra)",
    description: "El operador, cualquier hotel; el administrador de hotel, los suyos (otro hotel: 404).",
    tags: [TAG],
    params: hotelParam,
    body: contentBody,
    responses: [{ status: 200, description: "Contenido", schema: contentOut }],
    handler: ({ database, principal, params, body }) => content.updateContent(database, principal, params.id, body),
  }),
  defineRoute({
    method: "PUT",
    path: "/v2/hotels/{id}/photo-order",
    access: managers,
    summary: "Ordenar la galería: los ids de todas las fotos del hotel, en el orden deseado",
    tags: [TAG],
    params: hotelParam,
    body: photoOrderBody,
    responses: [{ status: 200, description: "Fotos en el nuevo orden", schema: z.array(photoOut) }],
    handler: ({ database, principal, params, body }) => content.reorderPhotos(database, principal, params.id, body.ids),
  }),
  defineRoute({
    method: "PATCH",
    path: "/v2/hotels/{id}/photos/{photo_id}",
    access: managers,
    summary: "Cambiar el texto alternativo de una foto",
    tags: [TAG],
    params: photoParams,
    body: photoPatchBody,
    responses: [{ status: 200, description: "Foto", schema: photoOut }],
    handler: ({ database, principal, params, body }) => content.updatePhoto(database, principal, params.id, params.photo_id, body),
  }),
  defineRoute({
    method: "DELETE",
    path: "/v2/hotels/{id}/photos/{photo_id}",
    access: managers,
    summary: "Borrar una foto de la galería",
    tags: [TAG],
    params: photoParams,
    responses: [{ status: 204, description: "Borrada" }],
    handler: async ({ database, principal, params }) => {
      await content.deletePhoto(database, principal, params.id, params.photo_id); // undefined: 204
    },
  }),
];
