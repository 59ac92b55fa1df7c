"use client";
import { useState } from "react";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { paymentMessages } from "@/lib/payments/messages";

export function CheckoutActions({ transactionId, status, sandbox, voucherUrl }: { transactionId: string; status: string; sandbox: boolean; voucherUrl: string | null }) {
  const t = useDict(paymentMessages);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  async function simulate(outcome: "approved" | "rejected") {
    setBusy(true);
    setError(null);
    try {
      const r = await ok(api.POST("/v2/checkout/{transaction_id}/simulate", { params: { path: { transaction_id: transactionId } }, body: { outcome } }));
      setLeaving(true);
      window.location.assign(r.redirect_url ?? `/checkout/${transactionId}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : String(e));
      setBusy(false);
    }
  }

  if (status !== "pending") {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">{t("checkout.done")}</p>
        {voucherUrl && (
          <a href={voucherUrl.replace(/^\/v2/, "")} className="btn-primary w-full">
            {t("checkout.viewVoucher")}
          </a>
        )}
      </div>
    );
  }
  if (!sandbox) return null;
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("checkout.sandbox")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="button" className="btn-primary flex-1" disabled={busy} onClick={() => simulate("approved")}>
          {t("checkout.complete")}
        </button>
        <button type="button" className="btn-secondary flex-1" disabled={busy} onClick={() => simulate("rejected")}>
          {t("checkout.fail")}
        </button>
      </div>
      {leaving && <p className="text-sm text-slate-500">{t("checkout.redirecting")}</p>}
      {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
    </div>
  );
}
