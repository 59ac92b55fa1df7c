"use client";
import { useState } from "react";
import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok, type ApiQuery } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { PageHeader, EmptyState, Pager } from "@/components/ui";
import { countLabel, formatDateTime, formatMoney } from "@/lib/format";
import { LinkStatusBadge } from "./LinkStatusBadge";

type LinkStatus = NonNullable<ApiQuery<"/v2/links">["status"]>;

/** The payment links list; the operator sees every agency's, so each row names its agency. */
export function LinkList({ operator = false }: { operator?: boolean }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const [status, setStatus] = useState<LinkStatus | "">("");
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query: ApiQuery<"/v2/links"> = { page, per_page: 20, status: status || undefined, q: search || undefined };
  const q = useQuery({
    queryKey: ["links", query],
    queryFn: ({ signal }) => ok(api.GET("/v2/links", { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.per_page)) : 1;
  return (
    <div>
      <PageHeader
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        actions={
          <Link href="/links/new" className="btn-primary">
            {t("list.new")}
          </Link>
        }
      />
      <form
        className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setSearch(draft);
        }}
      >
        <div>
          <label className="label" htmlFor="l-status">{t("list.status")}</label>
          <select
            id="l-status"
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as LinkStatus | "");
              setPage(1);
            }}
          >
            <option value="">{t("list.all")}</option>
            {(["active", "paid", "expired", "cancelled"] as const).map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex-1">
          <label className="label" htmlFor="l-q">{t("list.search")}</label>
          <input id="l-q" className="input" placeholder={t("list.searchPlaceholder")} value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <button type="submit" className="btn-primary">
          {t("list.search")}
        </button>
      </form>
      {q.data && q.data.items.length === 0 ? (
        <EmptyState title={t("list.empty")} />
      ) : (
        <div className={`card overflow-x-auto ${q.isFetching ? "opacity-70" : ""}`}>
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("list.guest")}</th>
                {operator && <th>{t("list.agency")}</th>}
                <th>{t("list.hotel")}</th>
                <th className="text-right">{t("list.amount")}</th>
                <th>{t("list.status")}</th>
                <th>{t("list.expires")}</th>
                <th>{t("list.created")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(q.data?.items ?? []).map((l) => (
                <tr key={l.code} className="hover:bg-slate-50">
                  <td>
                    <Link href={`/links/${l.code}`} className="font-medium text-brand-700 hover:underline">
                      {l.guest_name}
                    </Link>
                    <p className="max-w-xs truncate text-xs text-slate-600">{l.description}</p>
                  </td>
                  {operator && <td data-testid="link-agency">{l.agency.name}</td>}
                  <td>{l.hotel_name}</td>
                  <td className="whitespace-nowrap text-right">{formatMoney(l.amount, l.currency, locale)}</td>
                  <td>
                    <LinkStatusBadge status={l.status} />
                  </td>
                  <td className="whitespace-nowrap text-xs">{formatDateTime(l.expires_at, locale)}</td>
                  <td className="whitespace-nowrap text-xs">{formatDateTime(l.created_at, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.data && q.data.total > 0 && (
        <Pager page={page} pages={pages} summary={t("list.page", { page, pages, total: countLabel(q.data.total, "enlace") })} prevLabel={t("list.prev")} nextLabel={t("list.next")} onPage={setPage} />
      )}
    </div>
  );
}
