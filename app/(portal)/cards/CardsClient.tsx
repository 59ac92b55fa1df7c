"use client";
import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict, useI18n } from "@/lib/i18n/client";
import { EmptyState, FormMessages } from "@/components/ui";
import { formatDate, formatMoney } from "@/lib/format";
import { messages } from "./messages";
import { Field, fieldErrors, newIdempotencyKey } from "../agencies/form-utils";
import { CardStatusBadge, type CardStatus } from "./CardStatusBadge";
import { controlsBody, controlsErrors, noControls, SpendingControlsFields, type ControlsValue, type HotelOption } from "./SpendingControlsFields";

function addDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function CardsClient({ today, maxExpiration, hotels }: { today: string; maxExpiration: string; hotels: HotelOption[] }) {
  const t = useDict(messages);
  const { t: tc, locale } = useI18n();
  const qc = useQueryClient();
  const [status, setStatus] = useState<"" | CardStatus>("");
  const orgs = useQuery({ queryKey: ["organizations"], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards/organizations", { signal })) });
  const cards = useQuery({ queryKey: ["cards", status], queryFn: ({ signal }) => ok(api.GET("/v1/virtual-cards", { params: { query: status ? { status } : {} }, signal })) });
  const blank = {
    card_name: "",
    organization_id: "",
    activation: addDays(today, 1),
    expiration: addDays(today, 30),
    one_time_use: true,
    dest_external_id: "",
    dest_name: "",
    dest_email: "",
    external_reference: "",
  };
  const [form, setForm] = useState(blank);
  const [controls, setControls] = useState<ControlsValue>(noControls);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.type === "checkbox" ? (e.target as HTMLInputElement).checked : e.target.value }));
  const create = useMutation({
    mutationFn: () =>
      ok(
        api.POST("/v1/virtual-cards", {
          params: { header: { "Idempotency-Key": newIdempotencyKey() } },
          body: {
            card_name: form.card_name,
            organization_id: Number(form.organization_id),
            activation: form.activation,
            expiration: form.expiration,
            one_time_use: form.one_time_use,
            destination: { external_id: form.dest_external_id, name: form.dest_name, email: form.dest_email },
            external_reference: form.external_reference,
            spending_controls: controlsBody(controls),
          },
        }),
      ),
    onSuccess: (r) => {
      setNotice(t("cards.created", { nickname: r.data.nickname, last4: r.data.last_four, activation: formatDate(r.data.activation, locale) }));
      setErrors({});
      setForm({ ...blank, organization_id: form.organization_id });
      setControls(noControls);
      qc.invalidateQueries({ queryKey: ["cards"] });
    },
    onError: (e) => {
      setNotice(null);
      if (e instanceof ApiError) {
        const fe = fieldErrors(e.detail);
        setErrors(Object.keys(fe).length ? fe : { _: e.detail });
      } else setErrors({ _: tc("common.error") });
    },
  });
  const orgName = (id: number) => orgs.data?.find((o) => o.id === id)?.name ?? "";
  const limitOf = (c: { spending_controls: { spending_limits: { amount: number; interval: string }[] } }) => c.spending_controls.spending_limits.find((l) => l.interval === "all_time");
  const statuses: Array<["" | CardStatus, string]> = [
    ["", t("cards.filterAll")],
    ["active", t("cards.status.active")],
    ["frozen", t("cards.status.frozen")],
    ["cancelled", t("cards.status.cancelled")],
  ];

  return (
    <div className="space-y-6">
      {orgs.data && orgs.data.length === 0 ? (
        <p className="card p-4 text-sm text-slate-600">
          {t("cards.noOrgs")}{" "}
          <Link href="/organizations" className="text-brand-700 underline">
            {t("orgs.new")}
          </Link>
        </p>
      ) : (
        <form
          className="card space-y-4 p-4"
          noValidate
          aria-label={t("cards.new")}
          onSubmit={(e) => {
            e.preventDefault();
            if (form.organization_id) return create.mutate();
            setNotice(null);
            setErrors({ organization_id: t("cards.orgRequired") });
          }}
        >
          <h2 className="font-semibold">{t("cards.new")}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label={t("cards.cardName")} error={errors.card_name}>
              <input className="input" value={form.card_name} onChange={set("card_name")} autoComplete="off" />
            </Field>
            <Field label={t("cards.organization")} error={errors.organization_id}>
              <select className="input" value={form.organization_id} onChange={set("organization_id")}>
                <option value="">{t("cards.chooseOrg")}</option>
                {orgs.data?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("cards.externalReference")} error={errors.external_reference}>
              <input className="input" value={form.external_reference} onChange={set("external_reference")} />
            </Field>
            <Field label={t("cards.activation")} error={errors.activation}>
              <input className="input" type="date" min={today} max={maxExpiration} value={form.activation} onChange={set("activation")} />
            </Field>
            <Field label={t("cards.expiration")} error={errors.expiration}>
              <input className="input" type="date" min={form.activation ? addDays(form.activation, 1) : today} max={maxExpiration} value={form.expiration} onChange={set("expiration")} />
            </Field>
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4" checked={form.one_time_use} onChange={set("one_time_use")} />
              {t("cards.oneTime")}
            </label>
          </div>
          <fieldset className="grid gap-4 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium text-slate-600">{t("cards.destination")}</legend>
            <Field label={t("cards.destExternalId")} error={errors["destination.external_id"] ?? errors.destination}>
              <input className="input" value={form.dest_external_id} onChange={set("dest_external_id")} />
            </Field>
            <Field label={t("cards.destName")} error={errors["destination.name"]}>
              <input className="input" value={form.dest_name} onChange={set("dest_name")} />
            </Field>
            <Field label={t("cards.destEmail")} error={errors["destination.email"]}>
              <input className="input" type="email" value={form.dest_email} onChange={set("dest_email")} />
            </Field>
          </fieldset>
          <fieldset className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-600">{t("controls.legend")}</legend>
            <SpendingControlsFields value={controls} onChange={setControls} hotels={hotels} errors={controlsErrors(errors)} />
          </fieldset>
          <FormMessages error={errors._} notice={notice} />
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {t("cards.submit")}
          </button>
        </form>
      )}

      <div className="flex flex-wrap gap-1" role="group">
        {statuses.map(([s, label]) => (
          <button
            key={s || "all"}
            type="button"
            onClick={() => setStatus(s)}
            className={`rounded-full px-3 py-1 text-sm ${status === s ? "bg-brand-600 text-white" : "bg-white text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50"}`}
          >
            {label}
          </button>
        ))}
      </div>
      {cards.isLoading ? (
        <p className="text-sm text-slate-500">{tc("common.loading")}</p>
      ) : !cards.data?.length ? (
        <EmptyState title={t("cards.empty")} />
      ) : (
        <>
        <ul className="space-y-2 sm:hidden" aria-label={t("cards.title")}>
          {cards.data.map((c) => (
            <li key={c.card_id} className="card p-3" data-testid={`card-item-${c.nickname}`}>
              <div className="flex items-start justify-between gap-2">
                <div>
                  <Link href={`/cards/${c.card_id}`} className="font-medium text-brand-700 hover:underline">
                    {c.nickname}
                  </Link>
                  <div className="font-mono text-xs text-slate-500">•••• {c.last_four}</div>
                </div>
                <CardStatusBadge status={c.status} />
              </div>
              <div className="mt-2 text-xs text-slate-600">
                {[orgName(c.organization_id), c.one_time_use ? t("cards.oneTimeShort") : t("cards.permanent")].filter(Boolean).join(" · ")}
              </div>
              <ControlsLine c={c} limit={limitOf(c)?.amount} />
              <div className="text-xs text-slate-500">{t("cards.from", { a: formatDate(c.activation, locale), b: formatDate(c.expiration, locale) })}</div>
            </li>
          ))}
        </ul>
        <div className="card hidden overflow-x-auto sm:block">
          <table className="table-basic">
            <thead>
              <tr>
                <th>{t("cards.col.card")}</th>
                <th>{t("cards.col.org")}</th>
                <th>{t("cards.col.dates")}</th>
                <th>{t("cards.col.type")}</th>
                <th>{t("cards.col.status")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {cards.data.map((c) => (
                <tr key={c.card_id} data-testid={`card-row-${c.nickname}`}>
                  <td>
                    <Link href={`/cards/${c.card_id}`} className="font-medium text-brand-700 hover:underline">
                      {c.nickname}
                    </Link>
                    <div className="font-mono text-xs text-slate-500">•••• {c.last_four}</div>
                    {c.card_name && <div className="text-xs text-slate-500">{c.card_name}</div>}
                  </td>
                  <td>{orgName(c.organization_id)}</td>
                  <td className="whitespace-nowrap">{t("cards.from", { a: formatDate(c.activation, locale), b: formatDate(c.expiration, locale) })}</td>
                  <td>
                    {c.one_time_use ? t("cards.oneTimeShort") : t("cards.permanent")}
                    <ControlsLine c={c} limit={limitOf(c)?.amount} />
                  </td>
                  <td>
                    <CardStatusBadge status={c.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        </>
      )}
    </div>
  );
}

/** "Límite $ 1.500.000 · 2 hotel(es)" under a card in the list, when it has controls. */
function ControlsLine({ c, limit }: { c: { spending_controls: { allowed_hotel_ids: number[] } }; limit?: number }) {
  const t = useDict(messages);
  const hotelCount = (n: number) => (n === 1 ? t("cards.lockedOne") : t("cards.lockedMany", { count: n }));
  const parts = [limit !== undefined ? t("cards.limited", { amount: formatMoney(limit) }) : null, c.spending_controls.allowed_hotel_ids.length ? hotelCount(c.spending_controls.allowed_hotel_ids.length) : null].filter(Boolean);
  if (!parts.length) return null;
  return <div className="text-xs text-slate-500">{parts.join(" · ")}</div>;
}
