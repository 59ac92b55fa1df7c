"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, ok, ApiError } from "@/lib/client/api";
import { useI18n } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { ConfirmFor, useConfirm } from "@/components/Dialog";
import { DataList } from "@/components/DataList";
import { SecretReveal } from "@/components/SecretReveal";
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
  const { t } = useI18n();
  const router = useRouter();
  const [label, setLabel] = useState("");
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revoking = useConfirm<KeyRow>();

  /** Runs a call with the buttons held, then reloads the page's data; a refusal is shown under the owner. */
  async function call(action: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await action();
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? humanizeDetail(e.detail) : t("common.error"));
    } finally {
      setBusy(false);
    }
  }
  const issue = () =>
    call(async () => {
      const request = { params: { path: { id: owner.id } }, body: label ? { label } : {} };
      const r = await ok(owner.kind === "agency" ? api.POST("/v2/agencies/{id}/api-keys", request) : api.POST("/v2/users/{id}/api-keys", request));
      setFresh(r.key);
      setLabel("");
    });

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
      {fresh && <SecretReveal title={t("apiKeys.newKey")} secret={fresh} testId="fresh-key" copyLabel={t("common.copy")} copiedLabel={t("common.copied")} />}
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      {owner.keys.length > 0 && (
        <div className="mt-3">
          <KeyList owner={owner} onRevoke={revoking.ask} />
        </div>
      )}
      <ConfirmFor
        flow={revoking}
        title={(k) => t("apiKeys.revokeTitle", { prefix: k.prefix })}
        body={() => t("apiKeys.confirmRevoke")}
        confirmLabel={t("common.revoke")}
        cancelLabel={t("common.cancel")}
        danger
        busy={busy}
        onConfirm={(k) => call(() => ok(api.DELETE("/v2/api-keys/{id}", { params: { path: { id: k.id } } })))}
      />
    </section>
  );
}

/** An owner's keys: prefix, label, when made and last used, active or revoked. */
function KeyList({ owner, onRevoke }: { owner: KeyOwner; onRevoke: (k: KeyRow) => void }) {
  const { t, locale } = useI18n();
  return (
    <DataList<KeyRow>
      rows={owner.keys}
      rowKey={(k) => k.id}
      caption={t("apiKeys.keysOf", { name: owner.name })}
      columns={[
        { key: "prefix", header: t("apiKeys.prefix"), card: "title", cell: (k) => <span className="font-mono text-xs">{k.prefix}…</span> },
        { key: "label", header: t("apiKeys.labelColumn"), cell: (k) => k.label ?? "—" },
        { key: "created", header: t("apiKeys.created"), cell: (k) => formatDateTime(k.createdAt, locale) },
        { key: "lastUsed", header: t("apiKeys.lastUsed"), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : "—") },
        { key: "status", header: t("apiKeys.status"), cell: (k) => (k.revokedAt ? <Badge tone="red">{t("apiKeys.revoked")}</Badge> : <Badge tone="green">{t("apiKeys.active")}</Badge>) },
        {
          key: "revoke",
          header: <span className="sr-only">{t("common.revoke")}</span>,
          align: "right",
          card: "plain",
          cell: (k) =>
            !k.revokedAt && (
              <button type="button" className="text-sm font-medium text-red-600 hover:underline" onClick={() => onRevoke(k)}>
                {t("common.revoke")}
              </button>
            ),
        },
      ]}
    />
  );
}
