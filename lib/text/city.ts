// Cities are stored upper case with words joined by "_" (SANTA_MARTA); searches accept any case, spaces and accents.

/** "Santa Marta", "santa_marta", "Bogotá " -> "SANTA_MARTA", "BOGOTA". */
export function normalizeCity(input: string): string {
  return input
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
