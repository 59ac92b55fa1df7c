// A hotel linked to Channex is managed there: its availability, rates and catalogue come from the mirror
// (docs/channel-managers.md), so edits through our own ARI endpoints would be overwritten and never reach
// Channex. They are refused with a clear 409 instead.
import type { PrismaClient } from "@/lib/db/generated/client";
import { conflict } from "@/lib/http/errors";

export async function assertNotChannexManaged(db: PrismaClient, hotelId: number) {
  const linked = await db.channexProperty.findUnique({ where: { hotelId }, select: { hotelId: true } });
  if (linked) {
    throw conflict("Este hotel se gestiona en Channex: cambie allí la disponibilidad, las tarifas, las restricciones y los tipos de habitación; HotelPay los copia solo.");
  }
}
