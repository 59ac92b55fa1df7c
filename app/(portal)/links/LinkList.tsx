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
import { DataList, type Column } from "@/components/DataList";
import { FilterPanel } from "@/components/FilterPanel";

type LinkStatus = NonNullable<ApiQuery<"/v2/links">["status"]>;

/** The payment links list; the operator sees every agency's, so each row names its agency. */
export function LinkList({ operator = false }: { operator?: boolean }) {
  const t = useDict(linkMessages);
  const [status, setStatus] = useState<LinkStatus | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const query: ApiQuery<"/v2/links"> = { page, per_page: 20, status: status || undefined, q: search || undefined };
  const q = useQuery({
    queryKey: ["links", query],
    queryFn: ({ signal }) => fetchLinks(query, signal),
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
      <FilterPanel active={(status ? 1 : 0) + (search ? 1 : 0)}>
        <LinkFilters
          status={status}
          onStatus={(v) => {
            setStatus(v);
            setPage(1);
          }}
          onSearch={(v) => {
            setPage(1);
            setSearch(v);
          }}
        />
      </FilterPanel>
      {q.data && q.data.items.length === 0 ? (
        <EmptyState title={t("list.empty")} />
      ) : (
        <LinkRows items={q.data?.items ?? []} busy={q.isFetching} operator={operator} />
      )}
      {q.data && q.data.total > 0 && (
        <Pager page={page} pages={pages} summary={t("list.page", { page, pages, total: countLabel(q.data.total, "enlace") })} prevLabel={t("list.prev")} nextLabel={t("list.next")} onPage={setPage} />
      )}
    </div>
  );
}

type PaymentLink = NonNullable<Awaited<ReturnType<typeof fetchLinks>>>["items"][number];
const fetchLinks = (query: ApiQuery<"/v2/links">, signal: AbortSignal) => ok(api.GET("/v2/links", { params: { query }, signal }));

/** Status applies at once; the text search with Buscar. */
function LinkFilters({ status, onStatus, onSearch }: { status: LinkStatus | ""; onStatus: (s: LinkStatus | "") => void; onSearch: (q: string) => void }) {
  const t = useDict(linkMessages);
  const [draft, setDraft] = useState("");
  return (
      <form
        className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(draft);
        }}
      >
        <div>
          <label className="label" htmlFor="l-status">{t("list.status")}</label>
          <select id="l-status" className="input" value={status} onChange={(e) => onStatus(e.target.value as LinkStatus | "")}>
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
  );
}

/** The rows: guest and what the link is for, hotel, amount, status, expiry. */
function LinkRows({ items, busy, operator }: { items: PaymentLink[]; busy: boolean; operator: boolean }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  const columns: Array<Column<PaymentLink> | false> = [
    {
      key: "guest",
      header: t("list.guest"),
      card: "title",
      cell: (l) => (
        <>
          <Link href={`/links/${l.code}`} className="font-medium text-brand-700 hover:underline">
            {l.guest_name}
          </Link>
          <p className="max-w-xs truncate text-xs text-slate-600">{l.description}</p>
        </>
      ),
    },
    operator && { key: "agency", header: t("list.agency"), cell: (l) => <span data-testid="link-agency">{l.agency.name}</span> },
    { key: "hotel", header: t("list.hotel"), cell: (l) => l.hotel_name },
    { key: "amount", header: t("list.amount"), align: "right", nowrap: true, cell: (l) => <span className="font-medium">{formatMoney(l.amount, l.currency, locale)}</span> },
    { key: "status", header: t("list.status"), cell: (l) => <LinkStatusBadge status={l.status} /> },
    { key: "expires", header: t("list.expires"), nowrap: true, cell: (l) => <span className="text-xs">{formatDateTime(l.expires_at, locale)}</span> },
    { key: "created", header: t("list.created"), nowrap: true, card: "hidden", cell: (l) => <span className="text-xs">{formatDateTime(l.created_at, locale)}</span> },
  ];
  return <DataList rows={items} columns={columns} rowKey={(l) => l.code} caption={t("list.title")} busy={busy} testId="links-list" rowTestId="link-row" />;
}
