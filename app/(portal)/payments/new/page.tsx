import type { Metadata } from "next";
import { clientIp } from "@/lib/auth/client-ip";
import { headers } from "next/headers";
import { isIP } from "node:net";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { cityLabel } from "@/lib/format";
import { paymentMessages } from "@/lib/payments/messages";
import { TakePayment } from "./TakePayment";

export const metadata: Metadata = { title: "Cobrar" };

export default async function TakePaymentPage() {
  await requireUser(["agency"]);
  const { t } = await getDict(paymentMessages);
  const { prisma } = await getDatabase();
  const hotels = await prisma.hotel.findMany({ where: { isActive: true }, orderBy: [{ city: "asc" }, { name: "asc" }], select: { id: true, name: true, city: true } });
  // The buyer is in front of the agent: the agent's address stands in for order.ip.
  const h = await headers();
  const seen = clientIp(h);
  const ip = isIP(seen) === 4 ? seen : "127.0.0.1";
  return (
    <div>
      <PageHeader title={t("take.title")} subtitle={t("take.subtitle")} />
      <TakePayment hotels={hotels.map((x) => ({ id: x.id, label: `${x.name} · ${cityLabel(x.city)}` }))} clientIp={ip} />
    </div>
  );
}
