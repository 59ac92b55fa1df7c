import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { getT } from "@/lib/i18n/server";
import { PageHeader, StatCard } from "@/components/ui";
import { formatMoney, cityLabel } from "@/lib/format";
import { daysAgo } from "@/lib/time";

export const metadata: Metadata = { title: "Inicio" };

export default async function DashboardPage() {
  const user = await requireUser();
  const { t, locale } = await getT();
  const { prisma } = await getDatabase();
  const role = user.principal.role;
  const since = daysAgo(30);

  let stats: Array<{ label: string; value: React.ReactNode; id: string }> = [];
  let extra: React.ReactNode = null;

  if (role === "operator") {
    const [agencies, hotels, cities, keys, users] = await Promise.all([
      prisma.agency.count(),
      prisma.hotel.count({ where: { isActive: true } }),
      prisma.hotel.findMany({ where: { isActive: true }, distinct: ["city"], select: { city: true } }),
      prisma.apiKey.count({ where: { revokedAt: null } }),
      prisma.user.count(),
    ]);
    stats = [
      { id: "agencies", label: t("dashboard.operator.agencies"), value: agencies },
      { id: "hotels", label: t("dashboard.operator.hotels"), value: hotels },
      { id: "cities", label: t("dashboard.operator.cities"), value: cities.length },
      { id: "keys", label: t("dashboard.operator.keys"), value: keys },
      { id: "users", label: t("dashboard.operator.users"), value: users },
    ];
    extra = (
      <div className="card mt-6 p-4">
        <p className="mb-2 text-sm font-medium text-slate-600">{t("dashboard.operator.cities")}</p>
        <div className="flex flex-wrap gap-2">
          {cities
            .map((c) => c.city)
            .sort()
            .map((c) => (
              <span key={c} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-700">
                {cityLabel(c)}
              </span>
            ))}
        </div>
      </div>
    );
  } else if (role === "agency" && user.agency) {
    const agencyId = user.agency.id;
    const [pending, confirmed, links, payments, agency] = await Promise.all([
      prisma.reservation.count({ where: { agencyId, status: "pending_payment" } }),
      prisma.reservation.count({ where: { agencyId, status: "confirmed" } }),
      prisma.paymentLink.count({ where: { agencyId, status: "active" } }),
      prisma.paymentTransaction.aggregate({ where: { agencyId, status: "approved", createdAt: { gte: since } }, _sum: { amount: true }, _count: true }),
      prisma.agency.findUniqueOrThrow({ where: { id: agencyId } }),
    ]);
    stats = [
      { id: "pending", label: t("dashboard.agency.pending"), value: pending },
      { id: "confirmed", label: t("dashboard.agency.confirmed"), value: confirmed },
      { id: "links", label: t("dashboard.agency.links"), value: links },
      { id: "payments", label: t("dashboard.agency.payments"), value: formatMoney(payments._sum.amount ?? 0, "COP", locale) },
      { id: "type", label: t("dashboard.agency.type"), value: agency.agencyType === "wholesale" ? "Mayorista" : "Minorista" },
    ];
    if (agency.isPreloaded) stats.push({ id: "balance", label: t("dashboard.agency.balance"), value: formatMoney(agency.balance, "COP", locale) });
  } else if (role === "hotel_admin") {
    const hotelIds = user.principal.hotelIds;
    const [hotels, roomTypes, events] = await Promise.all([
      prisma.hotel.findMany({ where: { id: { in: hotelIds } }, orderBy: { name: "asc" } }),
      prisma.roomType.count({ where: { hotelId: { in: hotelIds } } }),
      prisma.calendarEvent.count({ where: { status: "publish" } }),
    ]);
    stats = [
      { id: "hotels", label: t("dashboard.hotel.hotels"), value: hotels.length },
      { id: "room-types", label: t("dashboard.hotel.roomTypes"), value: roomTypes },
      { id: "events", label: t("dashboard.hotel.events"), value: events },
    ];
    extra = (
      <div className="card mt-6 divide-y divide-slate-100">
        <p className="px-4 py-3 text-sm font-medium text-slate-600">{t("dashboard.yourHotels")}</p>
        {hotels.map((h) => (
          <div key={h.id} className="flex items-center justify-between px-4 py-3 text-sm">
            <span className="font-medium">{h.name}</span>
            <span className="text-slate-500">{cityLabel(h.city)}</span>
          </div>
        ))}
      </div>
    );
  }

  return (
    <div data-testid="dashboard">
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.welcome", { name: user.name })} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {stats.map((s) => (
          <StatCard key={s.id} testId={`stat-${s.id}`} label={s.label} value={s.value} />
        ))}
      </div>
      {extra}
    </div>
  );
}
