// Every /api route of the service, in documentation order. A capability adds its routes here.
import type { AnyRoute } from "@/lib/http/route";
import { healthRoute, openApiRoute } from "@/lib/system/routes";
import { authRoutes } from "@/lib/auth/routes";
import { cronRoute } from "@/lib/cron/job";
import { jobs } from "@/lib/jobs";
import { reservationRoutes } from "@/lib/reservations/routes";

export const routes: AnyRoute[] = [];
routes.push(healthRoute, openApiRoute(() => routes), ...authRoutes, ...reservationRoutes, ...jobs.map(cronRoute));
