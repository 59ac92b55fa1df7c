import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { accountHolderOfAgency } from "@/lib/cards/account-holders";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { NoHolderGuide } from "@/components/NoHolderGuide";
import { bogotaDate } from "@/lib/time";
import { oneYearAfter } from "@/lib/cards/service";
import { listHotels } from "@/lib/inventory/service";
import { messages } from "./messages";
import { CardsClient } from "./CardsClient";

export const metadata: Metadata = { title: "Tarjetas virtuales" };

export default async function CardsPage() {
  const { database, principal, user, now } = await portalContext(["agency"]);
  const { t } = await getDict(messages);
  const holder = user.agency ? await accountHolderOfAgency(database, principal, user.agency.id) : null;
  const today = bogotaDate(now);
  // The hotels a card may be locked to: those the agency can pay (lib/inventory/service.ts listHotels).
  const hotels = holder ? (await listHotels(database, principal)).map((h) => ({ id: h.id, name: h.name, city: h.city })) : [];
  return (
    <div>
      <PageHeader title={t("cards.title")} subtitle={t("cards.intro")} />
      {holder ? <CardsClient today={today} maxExpiration={oneYearAfter(today)} hotels={hotels} /> : <NoHolderGuide what="cards" agencyName={user.agency?.name} />}
    </div>
  );
}
