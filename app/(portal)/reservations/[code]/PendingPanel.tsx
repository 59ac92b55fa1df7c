"use client";
// A pending reservation's deadline, countdown and next steps (take payment, pay from balance, send a link,
// cancel), and the dialog that confirms paying from the balance or cancelling.
import Link from "next/link";
import { useDict, useI18n } from "@/lib/i18n/client";
import { reservationMessages } from "@/lib/reservations/messages";
import { ConfirmDialog } from "@/components/Dialog";
import { formatDateTime, formatMoney } from "@/lib/format";
import { useCountdown } from "./useCountdown";
import type { Reservation, ReservationActions } from "./useReservation";

export function PendingPanel({ r, canPay, balance, actions }: { r: Reservation; canPay: boolean; balance: number | null; actions: ReservationActions }) {
  const t = useDict(reservationMessages);
  const { locale } = useI18n();
  const countdown = useCountdown(r.payment_deadline);
  const money = (n: number) => formatMoney(n, r.currency, locale);
  const payHref = `/payments/new?${new URLSearchParams({ ref_number: r.chatbot_id, amount: String(r.amount_due), hotel_id: String(r.hotel_id), ref_name: r.firstName, ref_lastname: r.lastName, email: r.email, phone: r.telephone, detail: t("detail.payDetail", { code: r.chatbot_id }), reservation: r.chatbot_id })}`;
  return (
    <section className="card grid gap-4 p-5 md:grid-cols-2">
      <div>
        <p className="text-sm text-slate-600">{t("detail.deadline")}</p>
        <p className="font-medium">{formatDateTime(r.payment_deadline, locale)}</p>
        {countdown && (
          <p className={`mt-1 text-2xl font-semibold ${countdown.overdue ? "text-red-700" : "text-amber-700"}`} data-testid="countdown">
            {countdown.overdue ? t("detail.overdue") : t("detail.remaining", { time: countdown.text })}
          </p>
        )}
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">{t("detail.nextSteps")}</p>
        <p className="text-sm text-slate-600">{t("detail.payHint")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {canPay && (
            <Link href={payHref} className="btn-primary">
              {t("detail.payNow")} · {money(r.amount_due)}
            </Link>
          )}
          {canPay && balance !== null && (
            <button type="button" className="btn-secondary" onClick={() => actions.setAsking("balance")} disabled={balance < r.amount_due}>
              {t("detail.payBalance", { balance: money(balance) })}
            </button>
          )}
          <Link href={`/links/new?reservation=${r.chatbot_id}`} className="btn-secondary">
            {t("detail.sendLink")}
          </Link>
          <button type="button" className="btn-secondary" onClick={() => actions.setAsking("cancel")}>
            {t("detail.cancel")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={actions.asking !== null}
        title={actions.asking === "balance" ? t("detail.balanceTitle") : t("detail.cancelTitle", { code: r.chatbot_id })}
        body={actions.asking === "balance" ? t("detail.balanceBody", { amount: money(r.amount_due), balance: money(balance ?? 0) }) : t("detail.cancelBody")}
        confirmLabel={actions.asking === "balance" ? t("detail.balanceConfirm", { amount: money(r.amount_due) }) : t("detail.cancel")}
        cancelLabel={t("detail.keep")}
        danger={actions.asking === "cancel"}
        busy={actions.busy}
        onCancel={() => actions.setAsking(null)}
        onConfirm={() => void actions.confirm(r.amount_due)}
      />
    </section>
  );
}
