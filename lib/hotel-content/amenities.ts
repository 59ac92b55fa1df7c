// The fixed list of hotel amenities (docs/decisions.md 5.13): a code on the wire and in the database, a Spanish
// name for people. Order is the order pages show them in (the first ones are the ones agents ask about most).
export const AMENITIES = [
  { code: "wifi", name: "Wi-Fi gratis" },
  { code: "air_conditioning", name: "Aire acondicionado" },
  { code: "breakfast", name: "Desayuno disponible" },
  { code: "pool", name: "Piscina" },
  { code: "parking", name: "Parqueadero" },
  { code: "airport_shuttle", name: "Traslado al aeropuerto" },
  { code: "restaurant", name: "Restaurante" },
  { code: "bar", name: "Bar" },
  { code: "front_desk_24h", name: "Recepción 24 horas" },
  { code: "beach_access", name: "Acceso a la playa" },
  { code: "gym", name: "Gimnasio" },
  { code: "spa", name: "Spa" },
  { code: "room_service", name: "Servicio a la habitación" },
  { code: "laundry", name: "Lavandería" },
  { code: "pet_friendly", name: "Admite mascotas" },
  { code: "accessible", name: "Habitaciones accesibles" },
  { code: "family_rooms", name: "Habitaciones familiares" },
  { code: "meeting_rooms", name: "Salas de reuniones" },
  { code: "safe_box", name: "Caja fuerte" },
  { code: "non_smoking", name: "Libre de humo" },
] as const;

export type AmenityCode = (typeof AMENITIES)[number]["code"];

export const AMENITY_CODES: readonly string[] = AMENITIES.map((a) => a.code);

/** Spanish name of an amenity code (the code itself for one no longer on the list). */
export const amenityName = (code: string): string => AMENITIES.find((a) => a.code === code)?.name ?? code;

/** Codes in the list's order (what pages show first comes first). */
export const sortAmenities = (codes: readonly string[]): string[] => [...codes].sort((a, b) => AMENITY_CODES.indexOf(a) - AMENITY_CODES.indexOf(b));
