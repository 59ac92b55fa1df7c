"use client";
import { useState } from "react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useDict } from "@/lib/i18n/client";
import { Badge, EmptyState, PageHeader } from "@/components/ui";
import { ConfirmFor, useConfirm } from "@/components/Dialog";
import { wpFetch, wpFetchAll } from "@/app/_client/calendar";
import { messages } from "./messages";

type Kind = "venue" | "organizer";
type Row = Record<string, unknown> & { id: number; status: string };

const FIELDS: Record<Kind, string[]> = {
  venue: ["venue", "address", "city", "province", "country", "phone", "website"],
  organizer: ["organizer", "phone", "email", "website"],
};
const LABEL: Record<string, string> = { venue: "name", organizer: "name" };

export function LinkedManager({ kind }: { kind: Kind }) {
  const t = useDict(messages);
  const qc = useQueryClient();
  const plural = kind === "venue" ? "venues" : "organizers";
  const fields = FIELDS[kind];
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const trashing = useConfirm<Row>();
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: [`calendar-${plural}-all`], queryFn: () => wpFetchAll<Row>(`/${plural}`, plural) });
  const rows = (list.data ?? []).filter((r) => fields.some((f) => String(r[f] ?? "").toLowerCase().includes(search.toLowerCase())));
  const label = (f: string) => t(`linked.${LABEL[f] ?? f}`);

  function start(row: Row | null) {
    setError(null);
    setNotice(null);
    setEditing(row ? row.id : "new");
    setDraft(Object.fromEntries(fields.map((f) => [f, row ? String(row[f] ?? "") : ""])));
  }

  async function save() {
    setError(null);
    try {
      const body = { ...draft };
      if (editing === "new") for (const f of fields) if (body[f] === "") delete body[f];
      await wpFetch(editing === "new" ? `/${plural}` : `/${plural}/${editing}`, { method: "POST", body });
      await qc.invalidateQueries({ queryKey: [`calendar-${plural}-all`] });
      setEditing(null);
      setNotice(t("linked.saved"));
    } catch (e) {
      setError(t("linked.error", { msg: (e as Error).message }));
    }
  }

  async function trash(id: number) {
    setBusy(true);
    try {
      await wpFetch(`/${plural}/${id}`, { method: "DELETE" });
      await qc.invalidateQueries({ queryKey: [`calendar-${plural}-all`] });
    } catch (e) {
      setError(t("linked.error", { msg: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  const editor = (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {fields.map((f) => (
        <div key={f}>
          <label className="label" htmlFor={`lk-${f}`}>{label(f)}</label>
          <input id={`lk-${f}`} className="input" type={f === "website" ? "url" : f === "email" ? "email" : "text"} value={draft[f] ?? ""} onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} />
        </div>
      ))}
      <div className="flex items-end gap-2">
        <button type="button" className="btn-primary" onClick={save}>{t("linked.save")}</button>
        <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>{t("linked.cancel")}</button>
      </div>
    </div>
  );

  return (
    <div>
      <PageHeader
        title={t(kind === "venue" ? "linked.venuesTitle" : "linked.organizersTitle")}
        subtitle={t(kind === "venue" ? "linked.venuesSubtitle" : "linked.organizersSubtitle")}
        actions={
          <>
            <Link href="/calendar" className="btn-secondary">{t("form.back")}</Link>
            <button type="button" className="btn-primary" onClick={() => start(null)}>{t("linked.add")}</button>
          </>
        }
      />
      {error && <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">{error}</p>}
      {notice && <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-700">{notice}</p>}
      {editing === "new" && <div className="card mb-4 p-4">{editor}</div>}
      <input className="input mb-4 max-w-sm" placeholder={t("linked.search")} aria-label={t("linked.search")} value={search} onChange={(e) => setSearch(e.target.value)} />
      {list.isLoading ? (
        <p className="text-sm text-slate-500">{t("loading")}</p>
      ) : rows.length === 0 ? (
        <EmptyState title={t("linked.empty")} />
      ) : (
        <div className="card overflow-x-auto">
          <table className="table-basic w-full">
            <thead>
              <tr>
                {fields.slice(0, kind === "venue" ? 4 : 4).map((f) => (
                  <th key={f}>{label(f)}</th>
                ))}
                <th>{t("linked.status")}</th>
                <th>{t("linked.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) =>
                editing === r.id ? (
                  <tr key={r.id}>
                    <td colSpan={6}>{editor}</td>
                  </tr>
                ) : (
                  <tr key={r.id} data-testid="linked-row">
                    {fields.slice(0, 4).map((f) => (
                      <td key={f} className={f === kind ? "font-medium text-slate-900" : "text-slate-600"}>{String(r[f] ?? "")}</td>
                    ))}
                    <td>{r.status === "publish" ? <Badge tone="green">{t("form.publish")}</Badge> : <Badge tone="yellow">{r.status === "draft" ? t("draft") : r.status}</Badge>}</td>
                    <td className="whitespace-nowrap">
                      <button type="button" className="text-sm font-medium text-sky-700 hover:underline" onClick={() => start(r)}>{t("linked.edit")}</button>
                      <button type="button" className="ml-3 text-sm text-red-600 hover:underline" onClick={() => trashing.ask(r)}>{t("linked.trash")}</button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmFor
        flow={trashing}
        title={(r) => t("linked.trashTitle", { name: String(r[kind] ?? "") })}
        body={() => t("linked.confirmTrash")}
        confirmLabel={t("linked.trashConfirm")}
        cancelLabel={t("linked.cancel")}
        danger
        busy={busy}
        onConfirm={(r) => trash(r.id)}
      />
    </div>
  );
}
