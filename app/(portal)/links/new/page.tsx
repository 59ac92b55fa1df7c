import type { Metadata } from "next";
import { orNotFound, portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { linkMessages } from "@/lib/links/messages";
import { linkDraftForReservation } from "@/lib/links/service";
import { listHotels } from "@/lib/inventory/service";
import { agencyNames } from "@/lib/agencies/service";
import { PageHeader } from "@/components/ui";
import { cityLabel, countLabel, formatPhone } from "@/lib/format";
import { LinkForm, type LinkPrefill } from "./LinkForm";

export const metadata: Metadata = { title: "Nuevo enlace de pago" };

export default async function NewLinkPage({ searchParams }: { searchParams: Promise<{ reservation?: string }> }) {
  const { database, principal, user, now } = await portalContext(["agency", "operator"]);
  const { t } = await getDict(linkMessages);
  const { reservation: code } = await searchParams;
  const [hotels, agencies, draft] = await Promise.all([
    listHotels(database, principal),
    principal.role === "operator" ? agencyNames(database, { usable: true }) : Promise.resolve([]),
    // Another agency's reservation reads as missing (docs/api.md, tenancy).
    code ? orNotFound(linkDraftForReservation(database, principal, code.slice(0, 32), now)) : Promise.resolve(null),
  ]);
  const prefill: LinkPrefill = draft
    ? {
        agencyId: draft.agency_id,
        reservationCode: draft.reservation_code,
        hotelId: draft.hotel_id,
        guestName: draft.guest_name,
        email: draft.email,
        phone: formatPhone(`+${draft.telephone}`),
        amount: draft.amount,
        description: `Reserva ${draft.reservation_code} · ${draft.hotel_name}, ${countLabel(draft.nights, "noche")}`,
        from: draft.from,
        to: draft.to,
        deadline: draft.payment_deadline,
        maxHours: draft.max_hours,
      }
    : { agencyId: user.agency?.id ?? agencies[0]?.id ?? 0 };
  return (
    <div>
      <PageHeader title={t("form.title")} subtitle={prefill.reservationCode ? t("form.fromReservation", { code: prefill.reservationCode }) : undefined} />
      <LinkForm hotels={hotels.filter((h) => h.is_active).map((h) => ({ id: h.id, name: h.name, city: h.city, cityLabel: cityLabel(h.city) }))} agencies={agencies} prefill={prefill} />
    </div>
  );
}
