"use client";
// The charges made with the card, approved and declined, with the reason of each decline
// (GET /v1/virtual-cards/{card_id}/transactions; docs/decisions.md 10.8). A table on a wide screen, a list on a phone.
import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api, ok, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { Badge, Pager } from "@/components/ui";
import { formatDateTime, formatMoney } from "@/lib/format";
import { messages } from "../messages";

type Tx = ApiAnswer<"/v1/virtual-cards/{card_id}/transactions">["items"][number];
const TONES = { approved: "green", rejected: "red", pending: "yellow", refunded: "gray" } as const;
const PER_PAGE = 10;

export function CardTransactions({ cardId }: { cardId: string }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ["card", cardId, "transactions", page],
    queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/{card_id}/transactions", { params: { path: { card_id: cardId }, query: { page, per_page: PER_PAGE } }, signal })),
  });
  const money = (n: number) => formatMoney(n, "COP", locale);
  const items = q.data?.items ?? [];
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PER_PAGE)) : 1;
  const status = (x: Tx) => (
    <span data-testid="tx-status" data-status={x.status}>
      <Badge tone={TONES[x.status]}>{t(`tx.statuses.${x.status}`)}</Badge>
    </span>
  );
  const receipt = (x: Tx) =>
    x.voucher_url && (
      <Link href={x.voucher_url.replace(/^\/v2/, "")} className="text-brand-700 hover:underline">
        {t("tx.receipt")}
      </Link>
    );
  const why = (x: Tx) => x.decline_reason && <span className="text-red-700">{capitalize(x.decline_reason)}</span>;

  return (
    <section className="card p-4 lg:col-span-2" aria-labelledby="tx-title">
      <h2 id="tx-title" className="font-semibold">
        {t("tx.title")}
      </h2>
      <p className="mb-3 text-sm text-slate-500">{t("tx.intro")}</p>
      {q.isLoading ? (
        <p className="text-sm text-slate-500">{tc("common.loading")}</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-500">{t("tx.empty")}</p>
      ) : (
        <>
          <ul className="space-y-3 md:hidden" data-testid="card-transactions-list">
            {items.map((x) => (
              <li key={x.transaction_id} className="rounded-md border border-slate-200 p-3 text-sm" data-testid="card-transaction">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <div className="font-semibold tabular-nums text-slate-900">{money(x.amount)}</div>
                    <div className="break-words text-slate-700">{x.hotel_name}</div>
                  </div>
                  {status(x)}
                </div>
                <div className="mt-1 text-xs text-slate-500">{formatDateTime(x.created_at, locale)}</div>
                {x.decline_reason && (
                  <p className="mt-2 text-sm">
                    <span className="font-medium text-slate-700">{t("tx.reason")}: </span>
                    {why(x)}
                  </p>
                )}
                {x.refunded_amount > 0 && <p className="mt-1 text-xs text-slate-600">{t("tx.refunded", { amount: money(x.refunded_amount) })}</p>}
                {x.voucher_url && <div className="mt-2 text-sm">{receipt(x)}</div>}
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="table-basic" data-testid="card-transactions-table">
              <thead>
                <tr>
                  <th>{t("tx.when")}</th>
                  <th>{t("tx.hotel")}</th>
                  <th className="text-right">{t("tx.amount")}</th>
                  <th>{t("tx.status")}</th>
                  <th>{t("tx.reason")}</th>
                  <th>
                    <span className="sr-only">{t("tx.receipt")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((x) => (
                  <tr key={x.transaction_id} data-testid="card-transaction">
                    <td className="whitespace-nowrap">{formatDateTime(x.created_at, locale)}</td>
                    <td>{x.hotel_name}</td>
                    <td className="whitespace-nowrap text-right tabular-nums">
                      {money(x.amount)}
                      {x.refunded_amount > 0 && <div className="text-xs text-slate-500">{t("tx.refunded", { amount: money(x.refunded_amount) })}</div>}
                    </td>
                    <td>{status(x)}</td>
                    <td className="max-w-md text-sm">{why(x)}</td>
                    <td className="whitespace-nowrap">{receipt(x)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && <Pager page={page} pages={pages} summary={t("tx.pageOf", { total: q.data!.total, page, pages })} prevLabel={t("tx.prev")} nextLabel={t("tx.next")} onPage={setPage} />}
        </>
      )}
    </section>
  );
}

/** The API's reason as a sentence, an amount never split from its "$" at the end of a line. */
const capitalize = (s: string) => (s.charAt(0).toUpperCase() + s.slice(1)).replace(/\$ (?=\d)/g, "$\u00a0");
