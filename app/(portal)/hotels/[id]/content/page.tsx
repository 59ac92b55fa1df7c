import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { orNotFound, portalContext } from "@/lib/portal/page";
import { getDict } from "@/lib/i18n/server";
import { PageHeader } from "@/components/ui";
import { getContent, managedHotel } from "@/lib/hotel-content/service";
import { AMENITIES } from "@/lib/hotel-content/amenities";
import { ContentEditor } from "./ContentEditor";
import { hotelMessages } from "../messages";

export const metadata: Metadata = { title: "Contenido del hotel" };

export default async function HotelContentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  // The operator edits any hotel; a hotel admin only their own (another hotel: not found).
  const { database, principal } = await portalContext(["operator", "hotel_admin"]);
  await orNotFound(managedHotel(database, principal, Number(raw)));
  const { t } = await getDict(hotelMessages);
  const content = await getContent(database, principal, Number(raw));
  return (
    <div>
      <PageHeader
        title={t("editorTitle", { hotel: content.name })}
        subtitle={t("editorSubtitle")}
        actions={
          <a className="btn-secondary" href={`/hotels/${content.hotel_id}`}>
            {t("view")}
          </a>
        }
      />
      <ContentEditor initial={content} amenities={AMENITIES.map((a) => ({ code: a.code, name: a.name }))} />
    </div>
  );
}
