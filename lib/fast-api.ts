// The routes server.mjs answers before Next.js (issue 17, lib/http/node.ts), with the same handler as the Next.js
// route: 4.2 and 4.3, the answers built once per data version (lib/inventory/search-cache.ts) and asked for
// most, and 4.1, whose every booking would otherwise pay Next's routing on top of its own work.
import { handleApi } from "@/lib/api";
import { nodeFront } from "@/lib/http/node";

export const FAST_ROUTES = [
  "POST /v2/bookings/agencies/{agency_type}/availability",
  "GET /v2/bookings/availability",
  "POST /v2/bookings/hotel_id={hotel_id}",
];

export const fastApi = nodeFront(handleApi, "/api", FAST_ROUTES);
