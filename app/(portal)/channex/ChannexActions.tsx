"use client";
// The Channex page's actions: link a property (operator), sync a hotel now, retry a refused push.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { api, ok, ApiError } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { FormMessages } from "@/components/ui";
import { messages } from "./messages";

function useAction() {
  const t = useDict(messages);
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : t("error"));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, notice, run, t };
}

export function LinkForm({ hotels }: { hotels: Array<{ id: number; name: string; city: string }> }) {
  const { busy, error, notice, run, t } = useAction();
  const [propertyId, setPropertyId] = useState("");
  const [hotelId, setHotelId] = useState("");
  const [city, setCity] = useState("");

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await ok(
        api.POST("/v2/channex/properties", {
          body: { property_id: propertyId.trim(), hotel_id: hotelId ? Number(hotelId) : undefined, city: city.trim() || undefined },
        }),
      );
      setPropertyId("");
      setHotelId("");
      setCity("");
      return r.synced ? t("link.done", { name: r.hotel_name }) : t("link.doneLater", { name: r.hotel_name });
    });
  };

  return (
    <form className="card space-y-4 p-4" onSubmit={submit} data-testid="channex-link-form" aria-labelledby="link-title">
      <div>
        <h2 id="link-title" className="text-lg font-semibold text-slate-900">
          {t("link.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("link.help")}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <div className="md:col-span-3">
          <label className="label" htmlFor="cx-property">
            {t("link.property")}
          </label>
          <input
            id="cx-property"
            className="input font-mono"
            required
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            value={propertyId}
            onChange={(e) => setPropertyId(e.target.value)}
            aria-describedby="cx-property-hint"
          />
          <p id="cx-property-hint" className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
            {t("link.propertyHint")}
          </p>
        </div>
        <div className="md:col-span-2">
          <label className="label" htmlFor="cx-hotel">
            {t("link.hotel")}
          </label>
          <select id="cx-hotel" className="input" value={hotelId} onChange={(e) => setHotelId(e.target.value)}>
            <option value="">{t("link.newHotel")}</option>
            {hotels.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name} · {h.city}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="cx-city">
            {t("link.city")}
          </label>
          <input id="cx-city" className="input" value={city} onChange={(e) => setCity(e.target.value)} aria-describedby="cx-city-hint" />
          <p id="cx-city-hint" className="mt-1 text-xs text-slate-600">
            {t("link.cityHint")}
          </p>
        </div>
      </div>
      <FormMessages error={error} notice={notice} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? t("link.busy") : t("link.submit")}
      </button>
    </form>
  );
}

export function SyncButton({ hotelId }: { hotelId: number }) {
  const { busy, error, notice, run, t } = useAction();
  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const r = await ok(api.POST("/v2/channex/properties/{hotel_id}/sync", { params: { path: { hotel_id: hotelId } } }));
            return r.synced ? t("property.synced") : t("property.syncLater");
          })
        }
      >
        {busy ? t("property.syncing") : t("property.sync")}
      </button>
      <FormMessages error={error} notice={notice} />
    </div>
  );
}

export function RetryButton({ code }: { code: string }) {
  const { busy, error, notice, run, t } = useAction();
  return (
    <div className="shrink-0 space-y-1">
      <button
        type="button"
        className="btn-secondary w-full sm:w-auto"
        disabled={busy}
        onClick={() =>
          run(async () => {
            await ok(api.POST("/v2/channex/bookings/{booking_id}/retry", { params: { path: { booking_id: code } } }));
            return t("queue.retried");
          })
        }
      >
        {t("queue.retry")}
      </button>
      <FormMessages error={error} notice={notice} />
    </div>
  );
}
