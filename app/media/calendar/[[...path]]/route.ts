import { handleMedia } from "@/lib/calendar/media";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { handleMedia as GET, handleMedia as HEAD, handleMedia as POST };
