// Hotel content's plain SQL (issue 25; the model is lib/reservations/store.ts), one named function per query with
// its reason. All fixed text.
import type { Prisma } from "@/lib/db/generated/client";

/** Takes the hotel's row until the caller's transaction ends, so a count of its photos and the write after it are one step (two uploads cannot pass the limit together, two reorders do not interleave). Plain SQL: a row lock (`FOR UPDATE`), which Prisma cannot take. */
export async function lockHotel(tx: Prisma.TransactionClient, hotelId: number): Promise<void> {
  await tx.$queryRawUnsafe(`SELECT id FROM hotels WHERE id = $1 FOR UPDATE`, hotelId);
}
