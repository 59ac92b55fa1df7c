"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, ok, ApiError } from "@/lib/client/api";
import { useI18n } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmDialog } from "@/components/Dialog";
import { formatDateTime, humanizeDetail } from "@/lib/format";

export interface KeyRow {
  id: string;
  prefix: string;
  label: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface KeyOwner {
  kind: "agency" | "user";
  id: number;
  name: string;
  detail: string;
  keys: KeyRow[];
}

export function KeyManager({ owners }: { owners: KeyOwner[] }) {
  const { t } = useI18n();
  const [filter, setFilter] = useState("");
  const shown = owners.filter((o) => `${o.name} ${o.detail}`.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="space-y-4">
      <input className="input max-w-sm" placeholder={t("apiKeys.filterPlaceholder")} value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={t("apiKeys.filter")} />
      {shown.map((o) => (
        <OwnerCard key={`${o.kind}-${o.id}`} owner={o} />
      ))}
    </div>
  );
}

export function OwnerCard({ owner }: { owner: KeyOwner }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [label, setLabel] = useState("");
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<KeyRow | null>(null);

  async function issue() {
    setBusy(true);
    setError(null);
    try {
      const request = { params: { path: { id: owner.id } }, body: label ? { label } : {} };
      const r = await ok(owner.kind === "agency" ? api.POST("/v2/agencies/{id}/api-keys", request) : api.POST("/v2/users/{id}/api-keys", request));
      setFresh(r.key);
      setLabel("");
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? humanizeDetail(e.detail) : t("common.error"));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(id: string) {
    setBusy(true);
    try {
      await ok(api.DELETE("/v2/api-keys/{id}", { params: { path: { id } } }));
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? humanizeDetail(e.detail) : t("common.error"));
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <section className="card p-4" data-testid={`owner-${owner.kind}-${owner.id}`}>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 className="font-semibold">{owner.name}</h2>
          <p className="text-xs text-slate-600">{owner.detail}</p>
        </div>
        <div className="flex gap-2">
          <input className="input w-48" placeholder={t("apiKeys.label")} value={label} onChange={(e) => setLabel(e.target.value)} aria-label={t("apiKeys.label")} />
          <button type="button" className="btn-primary whitespace-nowrap" onClick={issue} disabled={busy}>
            {t("apiKeys.issue")}
          </button>
        </div>
      </div>
      {fresh && (
        <div className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" role="status">
          <p className="font-medium text-amber-900">{t("apiKeys.newKey")}</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-xs" data-testid="fresh-key">
              {fresh}
            </code>
            <button type="button" className="btn-secondary" onClick={() => navigator.clipboard?.writeText(fresh)}>
              {t("common.copy")}
            </button>
          </div>
        </div>
      )}
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      {owner.keys.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("apiKeys.prefix")}</th>
                <th>{t("apiKeys.labelColumn")}</th>
                <th>{t("apiKeys.created")}</th>
                <th>{t("apiKeys.lastUsed")}</th>
                <th>{t("apiKeys.status")}</th>
                <th />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {owner.keys.map((k) => (
                <tr key={k.id}>
                  <td className="font-mono text-xs">{k.prefix}…</td>
                  <td>{k.label ?? "—"}</td>
                  <td>{formatDateTime(k.createdAt, locale)}</td>
                  <td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : "—"}</td>
                  <td>{k.revokedAt ? <Badge tone="red">{t("apiKeys.revoked")}</Badge> : <Badge tone="green">{t("apiKeys.active")}</Badge>}</td>
                  <td className="text-right">
                    {!k.revokedAt && (
                      <button type="button" className="text-sm font-medium text-red-600 hover:underline" onClick={() => setRevoking(k)}>
                        {t("common.revoke")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("apiKeys.revokeTitle", { prefix: revoking?.prefix ?? "" })}
        body={t("apiKeys.confirmRevoke")}
        confirmLabel={t("common.revoke")}
        cancelLabel={t("common.cancel")}
        danger
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking.id)}
      />
    </section>
  );
}
