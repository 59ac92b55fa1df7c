"use client";
import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { EmptyState } from "@/components/ui";
import { formatDate, formatMoney } from "@/lib/format";
import { messages } from "./messages";
import { CardStatusBadge, type CardStatus } from "./CardStatusBadge";
import { NewCardForm } from "./NewCardForm";
import type { HotelOption } from "./SpendingControlsFields";

export function CardsClient({ today, maxExpiration, hotels }: { today: string; maxExpiration: string; hotels: HotelOption[] }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const [status, setStatus] = useState<"" | CardStatus>("");
  const orgs = useQuery({ queryKey: ["organizations"], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/organizations", { signal })) });
  const cards = useQuery({ queryKey: ["cards", status], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards", { params: { query: status ? { status } : {} }, signal })) });
  const orgName = (id: number) => orgs.data?.find((o) => o.id === id)?.name ?? "";
  const limitOf = (c: { spending_controls: { spending_limits: { amount: number; interval: string }[] } }) => c.spending_controls.spending_limits.find((l) => l.interval === "all_time");
  const statuses: Array<["" | CardStatus, string]> = [
    ["", t("cards.filterAll")],
    ["active", t("cards.status.active")],
    ["frozen", t("cards.status.frozen")],
    ["cancelled", t("cards.status.cancelled")],
  ];

  return (
    <div className="space-y-6">
      {orgs.data && orgs.data.length === 0 ? (
        <p className="card p-4 text-sm text-slate-600">
          {t("cards.noOrgs")}{" "}
          <Link href="/organizations" className="text-brand-700 underline">
            {t("orgs.new")}
          </Link>
        </p>
      ) : (
        <NewCardForm today={today} maxExpiration={maxExpiration} hotels={hotels} organizations={orgs.data ?? []} />
      )}

      <div className="flex flex-wrap gap-1" role="group">
        {statuses.map(([s, label]) => (
          <button
            key={s || "all"}
            type="button"
            onClick={() => setStatus(s)}
            className={`rounded-full px-3 py-1 text-sm ${status === s ? "bg-brand-600 text-white" : "bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50"}`}
          >
            {label}
          </button>
        ))}
      </div>
      {cards.isLoading ? (
        <p className="text-sm text-slate-500">{tc("common.loading")}</p>
      ) : !cards.data?.length ? (
        <EmptyState title={t("cards.empty")} />
      ) : (
        <>
        <ul className="space-y-2 sm:hidden" aria-label={t("cards.title")}>
          {cards.data.map((c) => (
            <li key={c.card_id} className="card p-3" data-testid={`card-item-${c.nickname}`}>
              <div className="flex items-start justify-between gap-2">
                <div>
                  <Link href={`/cards/${c.card_id}`} className="font-medium text-brand-700 hover:underline">
                    {c.nickname}
                  </Link>
                  <div className="font-mono text-xs text-slate-500">•••• {c.last_four}</div>
                </div>
                <CardStatusBadge status={c.status} />
              </div>
              <div className="mt-2 text-xs text-slate-600">
                {[orgName(c.organization_id), c.one_time_use ? t("cards.oneTimeShort") : t("cards.permanent")].filter(Boolean).join(" · ")}
              </div>
              <ControlsLine c={c} limit={limitOf(c)?.amount} />
              <div className="text-xs text-slate-500">{t("cards.from", { a: formatDate(c.activation, locale), b: formatDate(c.expiration, locale) })}</div>
            </li>
          ))}
        </ul>
        <div className="card hidden overflow-x-auto sm:block">
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("cards.col.card")}</th>
                <th>{t("cards.col.org")}</th>
                <th>{t("cards.col.dates")}</th>
                <th>{t("cards.col.type")}</th>
                <th>{t("cards.col.status")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {cards.data.map((c) => (
                <tr key={c.card_id} data-testid={`card-row-${c.nickname}`}>
                  <td>
                    <Link href={`/cards/${c.card_id}`} className="font-medium text-brand-700 hover:underline">
                      {c.nickname}
                    </Link>
                    <div className="font-mono text-xs text-slate-500">•••• {c.last_four}</div>
                    {c.card_name && <div className="text-xs text-slate-500">{c.card_name}</div>}
                  </td>
                  <td>{orgName(c.organization_id)}</td>
                  <td className="whitespace-nowrap">{t("cards.from", { a: formatDate(c.activation, locale), b: formatDate(c.expiration, locale) })}</td>
                  <td>
                    {c.one_time_use ? t("cards.oneTimeShort") : t("cards.permanent")}
                    <ControlsLine c={c} limit={limitOf(c)?.amount} />
                  </td>
                  <td>
                    <CardStatusBadge status={c.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        </>
      )}
    </div>
  );
}

/** "Límite $ 1.500.000 · 2 hotel(es)" under a card in the list, when it has controls. */
function ControlsLine({ c, limit }: { c: { spending_controls: { allowed_hotel_ids: number[] } }; limit?: number }) {
  const t = useDict(messages);
  const hotelCount = (n: number) => (n === 1 ? t("cards.lockedOne") : t("cards.lockedMany", { count: n }));
  const parts = [limit !== undefined ? t("cards.limited", { amount: formatMoney(limit) }) : null, c.spending_controls.allowed_hotel_ids.length ? hotelCount(c.spending_controls.allowed_hotel_ids.length) : null].filter(Boolean);
  if (!parts.length) return null;
  return <div className="text-xs text-slate-500">{parts.join(" · ")}</div>;
}
