// Every /api route of the service, in documentation order. A capability adds its routes here, one line each.
import type { AnyRoute } from "@/lib/http/route";
import { healthRoute, openApiRoute } from "@/lib/system/routes";
import { authRoutes } from "@/lib/auth/routes";
import { cronRoute } from "@/lib/cron/job";
import { jobs } from "@/lib/jobs";
import { paymentRoutes } from "@/lib/payments/routes";
import { webhookRoutes } from "@/lib/webhooks/routes";
import { linkRoutes } from "@/lib/links/routes";
import { agencyRoutes } from "@/lib/agencies/routes";
import { cardRoutes } from "@/lib/cards/routes";

export const routes: AnyRoute[] = [];
routes.push(healthRoute, openApiRoute(() => routes));
routes.push(...authRoutes);
routes.push(...paymentRoutes);
routes.push(...webhookRoutes);
routes.push(...linkRoutes);
routes.push(...agencyRoutes);
routes.push(...cardRoutes);
routes.push(...jobs.map(cronRoute));
