import type { Metadata } from "next";
import Link from "next/link";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { reservationMessages } from "@/lib/reservations/messages";
import { PageHeader, EmptyState } from "@/components/ui";
import { BookForm } from "./BookForm";
import { isIsoDate } from "@/lib/time";

export const metadata: Metadata = { title: "Reservar" };

type Search = Record<string, string | undefined>;

export default async function BookPage({ searchParams }: { searchParams: Promise<Search> }) {
  await requireUser(["agency"]);
  const { t } = await getDict(reservationMessages);
  const sp = await searchParams;
  const hotelId = Number(sp.hotel_id);
  const nights = Number(sp.nights);
  const adults = Number(sp.adults ?? 2);
  const checkin = sp.checkin ?? "";
  const { prisma } = await getDatabase();
  const hotel = Number.isInteger(hotelId) && hotelId > 0 ? await prisma.hotel.findUnique({ where: { id: hotelId } }) : null;
  const room = hotel && sp.room_id ? await prisma.roomType.findUnique({ where: { hotelId_roomId: { hotelId: hotel.id, roomId: sp.room_id } } }) : null;
  const rate = hotel && sp.rate_id ? await prisma.ratePlan.findUnique({ where: { hotelId_rateId: { hotelId: hotel.id, rateId: sp.rate_id } } }) : null;
  const valid = hotel && room && rate && isIsoDate(checkin) && Number.isInteger(nights) && nights >= 1 && nights <= 30 && adults >= 1;
  if (!valid) {
    return (
      <div>
        <PageHeader title={t("book.title")} />
        <EmptyState title={t("book.unavailable")}>
          <Link href="/search" className="text-brand-700 underline">
            {t("book.backToSearch")}
          </Link>
        </EmptyState>
      </div>
    );
  }
  const givenAges: (number | null)[] = (sp.children_ages ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^\d{1,2}$/.test(s) && Number(s) <= 17)
    .map(Number);
  // "children=2" without ages: the form asks each age rather than assuming one.
  const childCount = Math.min(Math.max(Number(sp.children ?? 0) || 0, givenAges.length), 6);
  const childrenAges = [...givenAges, ...Array.from({ length: childCount - givenAges.length }, () => null)];
  return (
    <div>
      <PageHeader title={`${t("book.title")} · ${hotel.name}`} />
      <BookForm
        hotel={{ id: hotel.id, name: hotel.name, city: hotel.city }}
        room={{ roomId: room.roomId, roomName: room.roomName, roomType: room.roomType }}
        rate={{
          rateId: rate.rateId,
          rateDescription: rate.rateDescription,
          boardType: rate.boardType,
          boardTypeDescription: rate.boardTypeDescription,
          refundable: rate.refundable,
          cancellationPolicy: rate.cancellationPolicy,
          currency: rate.currency,
        }}
        checkin={checkin}
        nights={nights}
        adults={adults}
        childrenAges={childrenAges}
      />
    </div>
  );
}
