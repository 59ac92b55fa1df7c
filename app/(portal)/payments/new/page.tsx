import type { Metadata } from "next";
import { clientIp } from "@/lib/auth/client-ip";
import { headers } from "next/headers";
import { isIP } from "node:net";
import { portalContext } from "@/lib/portal/page";
import { listHotels } from "@/lib/inventory/service";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { cityLabel } from "@/lib/format";
import { paymentMessages } from "@/lib/payments/messages";
import { TakePayment, type TakePaymentPrefill } from "./TakePayment";
import { parseMoneyText } from "@/lib/money/input";
import { pseBanks } from "@/lib/payments/banks";

export const metadata: Metadata = { title: "Cobrar" };

export default async function TakePaymentPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { database, principal } = await portalContext(["agency"]);
  const { t } = await getDict(paymentMessages);
  // An agency is offered the active hotels (lib/inventory/service.ts listHotels).
  const hotels = await listHotels(database, principal);
  // The buyer is in front of the agent: the agent's address stands in for order.ip.
  const h = await headers();
  const seen = clientIp(h);
  const ip = isIP(seen) === 4 ? seen : "127.0.0.1";
  // "Pagar ahora" on a reservation opens Cobrar filled in with what it owes.
  const q = await searchParams;
  const one = (k: string) => {
    const v = q[k];
    return typeof v === "string" ? v.slice(0, 200) : undefined;
  };
  const amountParam = one("amount");
  const amount = amountParam && /^\d{1,12}(\.\d{1,2})?$/.test(amountParam) ? Number(amountParam) : amountParam ? parseMoneyText(amountParam) : null;
  const prefill: TakePaymentPrefill = {
    hotel_id: hotels.some((x) => String(x.id) === one("hotel_id")) ? one("hotel_id") : undefined,
    ref_name: one("ref_name"),
    ref_lastname: one("ref_lastname"),
    ref_number: one("ref_number"),
    amount: amount && amount > 0 ? amount : null,
    email: one("email"),
    phone: one("phone"),
    detail: one("detail"),
  };
  // Cobrar opened from a reservation leads back to it.
  const reservation = /^HB[A-Z2-9]{8}$/.test(one("reservation") ?? "") ? one("reservation") : undefined;
  // Wompi's bank list with PAYMENT_GATEWAY=wompi; Wompi not answering leaves the PSE picker empty, not the page broken.
  const banks = await pseBanks().catch(() => []);
  return (
    <div>
      <PageHeader title={t("take.title")} subtitle={t("take.subtitle")} />
      <TakePayment hotels={hotels.map((x) => ({ id: x.id, label: `${x.name} · ${cityLabel(x.city)}` }))} clientIp={ip} prefill={prefill} reservation={reservation} banks={banks} />
    </div>
  );
}
