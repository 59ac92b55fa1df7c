"use client";
// The card's spending controls on its page: what is left of its total limit, its limit per charge, the hotels it
// may pay; and the form that changes them (PATCH /v1/virtual-cards/{card_id}; docs/decisions.md 10.8).
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError, type ApiAnswer } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { FormMessages } from "@/components/ui";
import { cityLabel, formatMoney, humanizeDetail } from "@/lib/format";
import { messages } from "../messages";
import { fieldErrors } from "../../agencies/form-utils";
import { controlsBody, controlsErrors, controlsValue, SpendingControlsFields, type ControlsValue, type HotelOption } from "../SpendingControlsFields";

type CardDetail = ApiAnswer<"/v1/virtual-cards/{card_id}">;

export function CardControls({ card: c, hotels }: { card: CardDetail; hotels: HotelOption[] }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<ControlsValue>(() => controlsValue(c.spending_controls));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const money = (n: number) => formatMoney(n, "COP", locale);
  const allTime = c.spending_controls.spending_limits.find((l) => l.interval === "all_time")?.amount;
  const perCharge = c.spending_controls.spending_limits.find((l) => l.interval === "per_authorization")?.amount;
  const used = allTime ? Math.min(100, Math.round((c.spent_amount / allTime) * 100)) : 0;

  const save = useMutation({
    mutationFn: () => ok(api.PATCH("/v1/virtual-cards/{card_id}", { params: { path: { card_id: c.card_id } }, body: { spending_controls: controlsBody(value) } })),
    onSuccess: () => {
      setErrors({});
      setEditing(false);
      setNotice(t("controls.saved"));
      qc.invalidateQueries({ queryKey: ["card", c.card_id] });
      qc.invalidateQueries({ queryKey: ["cards"] });
    },
    onError: (e) => {
      setNotice(null);
      if (e instanceof ApiError) {
        const fe = fieldErrors(e.detail);
        const parts = controlsErrors(fe);
        setErrors(parts.limits || parts.hotels ? fe : { _: humanizeDetail(e.detail) });
      } else setErrors({ _: tc("common.error") });
    },
  });

  return (
    <section className="card space-y-4 p-4" aria-labelledby="controls-title" data-testid="card-controls">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="controls-title" className="font-semibold">
          {t("controls.title")}
        </h2>
        {c.status !== "cancelled" && !editing && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setValue(controlsValue(c.spending_controls));
              setErrors({});
              setNotice(null);
              setEditing(true);
            }}
          >
            {t("controls.edit")}
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="space-y-4"
          noValidate
          aria-label={t("controls.title")}
          onSubmit={(e) => {
            e.preventDefault();
            if (value.allTime !== null && value.perCharge !== null && value.perCharge > value.allTime) return;
            save.mutate();
          }}
        >
          <SpendingControlsFields value={value} onChange={setValue} hotels={hotels} errors={controlsErrors(errors)} />
          <FormMessages error={errors._} notice={null} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={save.isPending}>
              {t("controls.save")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
              {t("controls.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <>
          {notice && (
            <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800" role="status">
              {notice}
            </p>
          )}
          {c.status === "cancelled" && <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">{t("controls.closed")}</p>}
          <div data-testid="card-spending">
            {allTime !== undefined ? (
              <>
                <div className="text-xs text-slate-500">{t("controls.available")}</div>
                <div className="text-2xl font-semibold tabular-nums text-slate-900">{money(c.available_amount ?? 0)}</div>
                <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <div className={`h-full rounded-full ${used >= 100 ? "bg-red-500" : "bg-brand-500"}`} style={{ width: `${used}%` }} />
                </div>
                <div className="mt-1 text-sm text-slate-600">{t("controls.spentOf", { spent: money(c.spent_amount), limit: money(allTime) })}</div>
              </>
            ) : (
              <>
                <div className="text-sm font-medium text-slate-800">{t("controls.noTotal")}</div>
                <div className="text-sm text-slate-600">{t("controls.spentOnly", { spent: money(c.spent_amount) })}</div>
              </>
            )}
          </div>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">{t("controls.perChargeIs")}</dt>
              <dd className="text-slate-800">{perCharge !== undefined ? money(perCharge) : t("controls.noPerCharge")}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("controls.hotelsAre")}</dt>
              <dd className="text-slate-800" data-testid="card-hotels">
                {c.allowed_hotels.length === 0 ? (
                  t("controls.anywhere")
                ) : (
                  <ul className="space-y-0.5">
                    {c.allowed_hotels.map((h) => (
                      <li key={h.hotel_id}>
                        {h.name} <span className="text-slate-500">· {cityLabel(h.city)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
