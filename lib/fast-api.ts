// The routes server.mjs answers before Next.js (issue 17, lib/http/node.ts): 4.2 and 4.3, the answers built once
// per data version (lib/inventory/search-cache.ts) and asked for most. Same handler as the Next.js route.
import { handleApi } from "@/lib/api";
import { nodeFront } from "@/lib/http/node";

export const FAST_ROUTES = ["POST /v2/bookings/agencies/{agency_type}/availability", "GET /v2/bookings/availability"];

export const fastApi = nodeFront(handleApi, "/api", FAST_ROUTES);
