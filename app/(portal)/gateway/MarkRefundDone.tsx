"use client";
// "Marcar como pagado": the operator paid a manual refund back outside the platform; asked once more before it is recorded.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, idempotencyKey, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { ConfirmDialog } from "@/components/Dialog";
import { FormMessages } from "@/components/ui";
import { messages } from "./messages";

export function MarkRefundDone({ id, amount, payer, reference }: { id: string; amount: string; payer: string; reference: string }) {
  const t = useDict(messages);
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(idempotencyKey);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await ok(api.POST("/v2/gateway/manual-refunds/{id}/done", { params: { path: { id }, header: { "Idempotency-Key": key } } }));
      setOpen(false);
      router.refresh();
    } catch (e) {
      setOpen(false);
      setError(e instanceof ApiError ? e.detail : t("refunds.error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1">
      <button type="button" className="btn-secondary whitespace-nowrap" onClick={() => setOpen(true)}>
        {t("refunds.markDone")}
      </button>
      <FormMessages error={error} />
      <ConfirmDialog
        open={open}
        title={t("refunds.confirmTitle")}
        body={t("refunds.confirmBody", { amount, payer, reference })}
        confirmLabel={t("refunds.confirm")}
        cancelLabel={t("refunds.cancel")}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
