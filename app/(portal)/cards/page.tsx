import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { NoHolderGuide } from "@/components/NoHolderGuide";
import { bogotaDate } from "@/lib/time";
import { oneYearAfter } from "@/lib/cards/service";
import { messages } from "./messages";
import { CardsClient } from "./CardsClient";

export const metadata: Metadata = { title: "Tarjetas virtuales" };

export default async function CardsPage() {
  const user = await requireUser(["agency"]);
  const { t } = await getDict(messages);
  const { prisma } = await getDatabase();
  const holder = user.agency ? await prisma.accountHolder.findUnique({ where: { agencyId: user.agency.id }, select: { id: true } }) : null;
  const today = bogotaDate(new Date());
  return (
    <div>
      <PageHeader title={t("cards.title")} subtitle={t("cards.intro")} />
      {holder ? <CardsClient today={today} maxExpiration={oneYearAfter(today)} /> : <NoHolderGuide what="cards" agencyName={user.agency?.name} />}
    </div>
  );
}
