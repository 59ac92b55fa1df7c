// Server component for the portal layout: a banner for the operator and hotel admins while Channex reports more
// bookings than rooms on some night of their hotels (docs/channel-managers.md "The race with other channels").
import Link from "next/link";
import type { Principal } from "@/lib/auth/principal";
import { serviceContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { openOverbookings } from "@/lib/gateways/channex/status";
import { messages } from "./messages";

export async function ChannexOverbookingBanner({ principal }: { principal: Principal }) {
  if (principal.role === "agency") return null;
  const { database } = await serviceContext();
  const n = await openOverbookings(database, principal);
  if (n === 0) return null;
  const { t } = await getDict(messages);
  return (
    <div role="alert" data-testid="channex-overbooking-banner" className="border-b border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 sm:px-6 lg:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold">{t("banner.title")}.</strong> {t("banner.body", { n })}
        </p>
        <Link href="/channex#alertas" className="shrink-0 font-medium underline">
          {t("banner.link")}
        </Link>
      </div>
    </div>
  );
}
