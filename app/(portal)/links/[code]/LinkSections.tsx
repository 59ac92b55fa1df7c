"use client";
// The link detail's two lists: the payment attempts and the webhook notifications.
import type { ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { linkMessages } from "@/lib/links/messages";
import { countLabel, formatDateTime, formatMoney, paymentMethodLabel, paymentStatusLabel } from "@/lib/format";

type PayLink = ApiAnswer<"/v2/links/{code}">;

export function LinkAttempts({ attempts, currency }: { attempts: PayLink["attempts"]; currency: string }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  return (
    <section className="card p-5">
      <h2 className="mb-3 font-semibold">{t("detail.attempts")}</h2>
      {attempts.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.noAttempts")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table-basic">
            <tbody className="divide-y divide-slate-100">
              {attempts.map((a) => (
                <tr key={a.transaction_id}>
                  <td className="whitespace-nowrap">{formatDateTime(a.created_at, locale)}</td>
                  <td>
                    {paymentMethodLabel(a.method)}
                    {a.card_last4 ? ` ···· ${a.card_last4}` : ""}
                  </td>
                  <td>{paymentStatusLabel(a.status)}</td>
                  <td className="text-right">{formatMoney(a.amount, currency, locale)}</td>
                  <td>
                    {a.voucher_url && (
                      <a className="text-brand-700 hover:underline" href={a.voucher_url.replace(/^\/v2/, "")} target="_blank" rel="noreferrer">
                        {t("detail.voucher")}
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function LinkDeliveries({ deliveries }: { deliveries: PayLink["webhook_deliveries"] }) {
  const t = useDict(linkMessages);
  const { locale } = useI18n();
  return (
    <section className="card p-5">
      <h2 className="mb-3 font-semibold">{t("detail.deliveries")}</h2>
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("detail.noDeliveries")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {deliveries.map((d) => (
            <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>{t(`detail.dstatus.${d.status}`)}</span>
              <span className="text-slate-600">
                {countLabel(d.attempts, "intento")} · {formatDateTime(d.created_at, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
