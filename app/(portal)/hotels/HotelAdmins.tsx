"use client";
// The hotel's admins on the operator's hotel page (issue 16 item 7): create a login for this hotel, assign
// the admin's hotels, remove them from this hotel, deactivate or reactivate them.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { Badge } from "@/components/ui";
import { applyApiError, useZodForm } from "@/components/Form";
import { ActionMessage, useRun } from "@/components/ActionMessage";
import { backofficeMessages } from "@/lib/reports/messages";
import { NEW_USER_FIELDS, NO_USER, newUserSchema, type NewUserValues } from "../team/new-user";
import { NewUserInputs } from "../team/NewUserInputs";

export function HotelAdmins({ hotelId }: { hotelId: number }) {
  const t = useDict(backofficeMessages);
  const key = ["hotel-admins", hotelId];
  const admins = useQuery({ queryKey: key, queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/admins", { params: { path: { id: hotelId } }, signal })) });
  const hotels = useQuery({ queryKey: ["hotels-all"], queryFn: ({ signal }) => ok(api.GET("/v2/hotels", { signal })) });
  const form = useZodForm(newUserSchema, { defaultValues: NO_USER });
  const { msg, run } = useRun(key);
  const [editing, setEditing] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);

  const labels = { name: t("team.name"), email: t("team.email"), password: t("team.password") };
  const add = form.handleSubmit((v) =>
    run(
      async () => {
        await ok(api.POST("/v2/hotels/{id}/admins", { params: { path: { id: hotelId } }, body: v }));
        form.reset(NO_USER);
      },
      t("hotelAdmins.created"),
      (e) => applyApiError<NewUserValues>(e, (name, x) => form.setError(name, x), NEW_USER_FIELDS, labels),
    ),
  );
  const hotelName = (id: number) => hotels.data?.find((h) => h.id === id)?.name ?? `#${id}`;

  return (
    <section className="card p-4" data-testid="hotel-admins">
      <h3 className="font-semibold">{t("hotelAdmins.title")}</h3>
      <p className="mb-3 text-sm text-slate-500">{t("hotelAdmins.subtitle")}</p>
      {admins.data && admins.data.length === 0 && <p className="text-sm text-slate-500">{t("hotelAdmins.none")}</p>}
      <ul className="divide-y divide-slate-100">
        {(admins.data ?? []).map((u) => (
          <li key={u.id} className="py-2 text-sm" data-testid="hotel-admin">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">
                  {u.name} <Badge tone={u.is_active ? "green" : "gray"}>{u.is_active ? t("team.active") : t("team.inactive")}</Badge>
                </p>
                <p className="text-xs text-slate-500">
                  {u.email} · {t("hotelAdmins.hotels")}: {u.hotel_ids.map(hotelName).join(", ")}
                </p>
              </div>
              <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                <button
                  type="button"
                  className="font-medium text-brand-700 hover:underline"
                  onClick={() => {
                    setEditing(editing === u.id ? null : u.id);
                    setChosen(u.hotel_ids);
                  }}
                >
                  {t("hotelAdmins.assign")}
                </button>
                <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => run(() => ok(api.PATCH("/v2/users/{id}", { params: { path: { id: u.id } }, body: { is_active: !u.is_active } })))}>
                  {u.is_active ? t("team.deactivate") : t("team.activate")}
                </button>
                <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => run(() => ok(api.DELETE("/v2/hotels/{id}/admins/{user_id}", { params: { path: { id: hotelId, user_id: u.id } } })))}>
                  {t("hotelAdmins.remove")}
                </button>
              </div>
            </div>
            {editing === u.id && (
              <div className="mt-2 rounded-md bg-slate-50 p-3">
                <div className="grid max-h-48 gap-1 overflow-y-auto sm:grid-cols-2">
                  {(hotels.data ?? []).map((h) => (
                    <label key={h.id} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" checked={chosen.includes(h.id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, h.id] : chosen.filter((x) => x !== h.id))} />
                      {h.name}
                    </label>
                  ))}
                </div>
                <button
                  type="button"
                  className="btn-primary mt-2"
                  onClick={() =>
                    run(async () => {
                      await ok(api.PUT("/v2/users/{id}/hotels", { params: { path: { id: u.id } }, body: { hotel_ids: chosen } }));
                      setEditing(null);
                    })
                  }
                >
                  {t("hotelAdmins.save")}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <form className="mt-3 grid gap-2 sm:grid-cols-2" noValidate onSubmit={add}>
        <NewUserInputs form={form} idPrefix={`ha-${hotelId}`} labels={labels} emailAutoComplete="off" />
        <button type="submit" className="btn-primary sm:col-span-2" disabled={form.formState.isSubmitting}>
          {t("hotelAdmins.add")}
        </button>
      </form>
      <ActionMessage msg={msg} className="mt-2" />
    </section>
  );
}
