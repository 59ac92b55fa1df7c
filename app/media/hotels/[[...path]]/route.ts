import { handleHotelMedia } from "@/lib/hotel-content/media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { handleHotelMedia as GET, handleHotelMedia as HEAD, handleHotelMedia as POST };
