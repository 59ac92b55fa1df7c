import { handleCalendar } from "@/lib/calendar/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export { handleCalendar as GET, handleCalendar as HEAD, handleCalendar as POST, handleCalendar as PUT, handleCalendar as PATCH, handleCalendar as DELETE, handleCalendar as OPTIONS };
