"use client";
// The booking form's state: the form, the live price of the chosen room and rate (4.3), and the booking (4.1)
// sent with one Idempotency-Key per submission.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { api, ok, ApiError, useSubmissionKey, type ApiQuery } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { addDays } from "@/lib/time";
import { applyApiError, useZodForm } from "@/components/Form";
import { bookSchema, FIELD_FOR, type BookProps, type BookValues } from "./book-schema";

/** The chosen room and rate as the hotel's availability prices them now, for the children's ages given. */
function usePrice({ hotel, room, rate, checkin, nights, adults }: BookProps, ages: number[] | null) {
  const query: ApiQuery<"/v2/bookings/availability"> = { hotel_id: hotel.id, checkin, nights, adults, children_ages: (ages ?? []).join(",") };
  const availability = useQuery({
    queryKey: ["availability", query],
    enabled: ages !== null,
    queryFn: ({ signal }) => ok(api.GET("/v2/bookings/availability", { params: { query }, signal })),
  });
  const offer = availability.data?.available_rooms.find((r) => r.roomId === room.roomId);
  const product = offer?.products.find((p) => p.rateId === rate.rateId);
  return { availability, offer, product, maxQty: Math.max(1, Math.min(offer?.count ?? 1, 10)) };
}

export type BookState = ReturnType<typeof useBooking>;

export function useBooking(props: BookProps) {
  const { hotel, room, rate, checkin, nights, adults, childrenAges } = props;
  const t = useDict(reservationMessages);
  const router = useRouter();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const submission = useSubmissionKey();
  const [error, setError] = useState<string | null>(null);
  const checkout = addDays(checkin, nights);
  const form = useZodForm(bookSchema, {
    defaultValues: { firstName: "", lastName: "", email: "", phoneCode: "57", phone: "", country: "COL", city: "", notes: "", ages: childrenAges.map((a) => (a === null ? "" : String(a))), guarantee: false, ccNumber: "", ccHolder: "", ccExpire: "", ccCode: "" },
  });
  const [ageTexts, guarantee] = useWatch({ control: form.control, name: ["ages", "guarantee"] });
  const ages = ageTexts.every((a) => a !== "") ? ageTexts.map(Number) : null;
  const price = usePrice(props, ages);

  const submit = form.handleSubmit(async (v) => {
    const kids = v.ages.map(Number);
    const reservation = {
      checkin,
      checkout,
      nights: String(nights),
      rooms: String(quantity),
      adults: String(adults * quantity),
      children: String(kids.length * quantity),
      children_ages: Array.from({ length: quantity }, () => kids).flat().join(","),
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      telephone: `${v.phoneCode}${v.phone.replace(/\D/g, "")}`,
      country: v.country,
      city: v.city,
      currency: rate.currency,
      notes: v.notes,
      roomsData: [{ id: room.roomId, checkin, checkout, rateId: rate.rateId, quantity: String(quantity), currency: rate.currency, adults: String(adults), children: String(kids.length) }],
      ...(v.guarantee ? { ccData: { ccNumber: v.ccNumber.replace(/\s/g, ""), ccHolder: v.ccHolder, ccExpireDate: v.ccExpire, ccCode: v.ccCode } } : {}),
    };
    setBusy(true);
    setError(null);
    try {
      const r = await ok(
        api.POST("/v2/bookings/hotel_id={hotel_id}", { params: { path: { hotel_id: hotel.id }, header: { "Idempotency-Key": submission.key(reservation) } }, body: { reservation } }),
      );
      submission.done();
      if ("chatbot_id" in r) {
        router.push(`/reservations/${r.chatbot_id}?nueva=1`);
        return;
      }
      setError(t("book.gone"));
      void price.availability.refetch();
    } catch (e) {
      if (e instanceof ApiError && e.status < 500) submission.done(); // answered: a retry is a new submission
      setError(applyApiError<BookValues>(e, (name, x) => form.setError(name, x), FIELD_FOR as Record<string, keyof BookValues>));
    } finally {
      setBusy(false);
    }
  });

  return { form, ageTexts, guarantee, ages, checkout, quantity, setQuantity, busy, error, submit, ...price };
}
