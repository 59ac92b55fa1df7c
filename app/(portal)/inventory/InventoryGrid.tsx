"use client";
// The hotel admin's inventory page: the window of nights (GridToolbar), the bulk editor, and the grid of rooms,
// restrictions and prices edited cell by cell and saved together (useGridEdits, GridTable).
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, ok } from "@/lib/client/api";
import { useDict } from "@/lib/i18n/client";
import { FormMessages } from "@/components/ui";
import { addDays } from "@/lib/inventory/bulk-edit";
import { BulkEditor } from "./BulkEditor";
import { GridTable, SaveBar } from "./GridTable";
import { GridToolbar } from "./GridToolbar";
import { messages } from "./messages";
import { useDayRange } from "./useDayRange";
import { useGridEdits, type Notice } from "./useGridEdits";

export function InventoryGrid({ hotels, initialHotel, today }: { hotels: Array<{ id: number; name: string; city: string }>; initialHotel: number; today: string }) {
  const t = useDict(messages);
  const [hotelId, setHotelId] = useState(initialHotel);
  const [from, setFrom] = useState(today);
  const [span, setSpan] = useState(14);
  const to = addDays(from, span - 1);
  const [notice, setNotice] = useState<Notice | null>(null);
  const days = useDayRange(today);

  const query = useQuery({
    queryKey: ["hotel-nights", hotelId, from, to],
    queryFn: ({ signal }) => ok(api.GET("/v2/hotels/{id}/inventory", { params: { path: { id: hotelId }, query: { from, to } }, signal })),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const grid = useGridEdits(hotelId, data);

  return (
    <div className="space-y-4">
      <GridToolbar
        hotels={hotels}
        hotelId={hotelId}
        setHotel={(id) => {
          setHotelId(id);
          grid.discard();
        }}
        from={from}
        setFrom={setFrom}
        span={span}
        setSpan={setSpan}
        today={today}
        fetching={query.isFetching}
      />

      <FormMessages error={notice?.tone === "error" ? notice.text : null} notice={notice?.tone === "ok" ? notice.text : null} />

      {data && data.room_types.length === 0 && <div className="card p-6 text-sm text-slate-600">{t("noRooms")}</div>}

      {data && data.room_types.length > 0 && (
        <>
          <BulkEditor
            key={hotelId}
            hotelId={hotelId}
            meta={{ room_types: data.room_types.filter((r) => r.is_active), rate_plans: data.rate_plans.filter((r) => r.is_active) }}
            range={days.range}
            setRange={days.setRange}
            notify={(tone, text) => setNotice({ tone, text })}
          />
          <SaveBar grid={grid} onSave={() => grid.save(setNotice)} />
          <GridTable data={data} placeholder={query.isPlaceholderData} grid={grid} days={days} />
        </>
      )}
    </div>
  );
}
