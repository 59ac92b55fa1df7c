import type { Metadata } from "next";
import Link from "next/link";
import { orNull, portalContext } from "@/lib/portal/page";
import { getHotel, listRatePlans, listRoomTypes } from "@/lib/inventory/service";
import { getDict } from "@/lib/i18n/server";
import { reservationMessages } from "@/lib/reservations/messages";
import { PageHeader, EmptyState } from "@/components/ui";
import { BookForm } from "./BookForm";
import { isIsoDate } from "@/lib/time";

export const metadata: Metadata = { title: "Reservar" };

type Search = Record<string, string | undefined>;

export default async function BookPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { database, principal } = await portalContext(["agency"]);
  const { t } = await getDict(reservationMessages);
  const sp = await searchParams;
  const hotelId = Number(sp.hotel_id);
  const nights = Number(sp.nights);
  const adults = Number(sp.adults ?? 2);
  const checkin = sp.checkin ?? "";
  // What the agency may book: an active hotel and its active room types and rate plans (another is "not found").
  const offered = Number.isInteger(hotelId) && hotelId > 0 && hotelId <= 2_147_483_647 ? await orNull(Promise.all([getHotel(database, principal, hotelId), listRoomTypes(database, principal, hotelId), listRatePlans(database, principal, hotelId)])) : null;
  const hotel = offered?.[0] ?? null;
  const room = offered?.[1].find((r) => r.roomId === sp.room_id) ?? null;
  const rate = offered?.[2].find((r) => r.rateId === sp.rate_id) ?? null;
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
