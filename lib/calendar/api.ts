// The /wp-json/calendar/events/v1 handler, shared by the Next.js catch-all route and the tests' server.
import { createCalendarHandler } from "./wp";
import { calendarRoutes } from "./routes";

export const handleCalendar = createCalendarHandler({ routes: calendarRoutes });
