// A hotel linked to Channex is managed there: its availability, rates and catalogue come from the mirror
// (docs/channel-managers.md), so edits through our own ARI endpoints would be overwritten and never reach
// Channex. They are refused with a clear refusal (409 at the edges) instead.
import type { Database } from "@/lib/db";
import { notSupported } from "@/lib/domain/errors";

export async function assertNotChannexManaged(db: Database, hotelId: number) {
  const linked = await db.prisma.channexProperty.findUnique({ where: { hotelId }, select: { hotelId: true } });
  if (linked) {
    throw notSupported("Este hotel se gestiona en Channex: cambie allí la disponibilidad, las tarifas, las restricciones y los tipos de habitación; HotelPay los copia solo.");
  }
}
