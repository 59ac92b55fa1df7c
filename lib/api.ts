// The /api request handler, shared by the Next.js catch-all route and the tests' HTTP server, and the node:http
// front for the cached searches that server.mjs serves before Next.js (lib/http/node.ts, issue 17).
import { createApiPipeline, webHandler } from "@/lib/http/handler";
import { nodeFront } from "@/lib/http/node";
import { routes } from "@/lib/routes";

const pipeline = createApiPipeline({ basePath: "/api", routes });

export const handleApi = webHandler(pipeline);

/** 4.2 and 4.3: the answers built once per data version (lib/inventory/search-cache.ts) and asked for most. */
export const FAST_ROUTES = ["POST /v2/bookings/agencies/{agency_type}/availability", "GET /v2/bookings/availability"];

export const fastApi = nodeFront(pipeline, "/api", FAST_ROUTES);
