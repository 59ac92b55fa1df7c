// Every /api route of the service, in documentation order. A capability adds its routes here, one line each.
import type { AnyRoute } from "@/lib/http/route";
import { healthRoute, readyRoute, openApiRoute } from "@/lib/system/routes";
import { authRoutes } from "@/lib/auth/routes";
import { inventoryRoutes } from "@/lib/inventory/routes";
import { linkRoutes } from "@/lib/links/routes";
import { paymentRoutes } from "@/lib/payments/routes";
import { agencyRoutes } from "@/lib/agencies/routes";
import { cardRoutes } from "@/lib/cards/routes";
import { webhookRoutes } from "@/lib/webhooks/routes";
import { cronRoute } from "@/lib/cron/job";
import { jobs } from "@/lib/jobs";
import { reservationRoutes } from "@/lib/reservations/routes";
import { mcpRoutes } from "@/lib/mcp/routes";
import { reportRoutes } from "@/lib/reports/routes";

export const routes: AnyRoute[] = [];
routes.push(healthRoute, readyRoute, openApiRoute(() => routes));
routes.push(...inventoryRoutes);
routes.push(...reservationRoutes);
routes.push(...linkRoutes);
routes.push(...paymentRoutes);
routes.push(...agencyRoutes);
routes.push(...reportRoutes);
routes.push(...cardRoutes);
routes.push(...webhookRoutes);
routes.push(...authRoutes);
routes.push(...mcpRoutes);
routes.push(...jobs.map(cronRoute));
