"use client";
import { Badge } from "@/components/ui";
import { useDict } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";

const TONES = { pending_payment: "yellow", confirmed: "green", expired: "gray", cancelled: "red" } as const;

export function ReservationStatusBadge({ status }: { status: keyof typeof TONES }) {
  const t = useDict(reservationMessages);
  return <Badge tone={TONES[status]}>{t(`status.${status}`)}</Badge>;
}
