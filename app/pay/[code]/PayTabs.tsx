"use client";
// The payment method tabs (arrow keys move between them) and, back from PSE, what the bank said.
import { useDict } from "@/lib/i18n/client";
import { payMessages } from "@/lib/links/pay-messages";
import { TabList } from "@/components/Tabs";

export type Tab = "card" | "cash" | "bank" | "nequi";
/** What the guest's bank said when PSE sent them back here (`?status=`). */
export type ReturnStatus = "rejected" | "pending" | null;

export function PayTabs({ tab, onSelect, returned }: { tab: Tab; onSelect: (k: Tab) => void; returned: ReturnStatus }) {
  const t = useDict(payMessages);
  return (
    <>
      <TabList
        tabs={(["card", "cash", "bank", "nequi"] as const).map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
        selected={tab}
        label={t("tabsLabel")}
        idPrefix="pay"
        className="grid grid-cols-4 gap-1 rounded-lg bg-slate-100 p-1"
        onSelect={onSelect}
      />
      {tab === "bank" && returned && (
        <div className={`rounded-md border p-3 text-sm ${returned === "rejected" ? "border-red-200 bg-red-50 text-red-800" : "border-amber-200 bg-amber-50 text-amber-900"}`} role="alert" data-testid="pse-return">
          <p className="font-semibold">{returned === "rejected" ? t("pseRejected") : t("psePending")}</p>
          <p>{returned === "rejected" ? t("pseRejectedHint") : t("psePendingHint")}</p>
        </div>
      )}
    </>
  );
}
