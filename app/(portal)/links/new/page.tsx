import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { linkMessages } from "@/lib/links/messages";
import { PageHeader } from "@/components/ui";
import { ymd } from "@/lib/time";
import { cityLabel, formatPhone } from "@/lib/format";
import { LinkForm, type LinkPrefill } from "./LinkForm";

/** Whole hours from now until `deadline` (a link for a reservation may last at most that). */
function wholeHoursUntil(deadline: Date): number {
  return Math.floor((deadline.getTime() - new Date().getTime()) / 3_600_000);
}

export const metadata: Metadata = { title: "Nuevo enlace de pago" };

export default async function NewLinkPage({ searchParams }: { searchParams: Promise<{ reservation?: string }> }) {
  const user = await requireUser(["agency", "operator"]);
  const { t } = await getDict(linkMessages);
  const { reservation: code } = await searchParams;
  const { prisma } = await getDatabase();
  const [hotels, agencies] = await Promise.all([
    prisma.hotel.findMany({ where: { isActive: true }, orderBy: [{ city: "asc" }, { name: "asc" }], select: { id: true, name: true, city: true } }),
    user.principal.role === "operator" ? prisma.agency.findMany({ where: { isActive: true, isArchived: false }, orderBy: { name: "asc" }, select: { id: true, name: true } }) : Promise.resolve([]),
  ]);
  let prefill: LinkPrefill = { agencyId: user.agency?.id ?? agencies[0]?.id ?? 0 };
  if (code) {
    const r = await prisma.reservation.findUnique({ where: { code: code.toUpperCase() }, include: { hotel: true } });
    if (r && (user.principal.role === "operator" || r.agencyId === user.agency?.id)) {
      const due = r.amount.sub(r.amountPaid);
      const hoursLeft = wholeHoursUntil(r.paymentDeadline);
      prefill = {
        agencyId: r.agencyId,
        reservationCode: r.code,
        hotelId: r.hotelId,
        guestName: `${r.firstName} ${r.lastName}`,
        email: r.email,
        phone: formatPhone(`+${r.telephone}`),
        amount: (due.gt(0) ? due : r.amount).toNumber(),
        description: `Reserva ${r.code} · ${r.hotel.name}, ${r.nights} noche${r.nights === 1 ? "" : "s"}`,
        from: ymd(r.checkin),
        to: ymd(r.checkout),
        deadline: r.paymentDeadline.toISOString(),
        maxHours: hoursLeft,
      };
    }
  }
  return (
    <div>
      <PageHeader title={t("form.title")} subtitle={prefill.reservationCode ? t("form.fromReservation", { code: prefill.reservationCode }) : undefined} />
      <LinkForm hotels={hotels.map((h) => ({ ...h, cityLabel: cityLabel(h.city) }))} agencies={agencies} prefill={prefill} />
    </div>
  );
}
