// The /api request handler, shared by the Next.js catch-all route and the tests' HTTP server.
import { createApiHandler } from "@/lib/http/handler";
import { routes } from "@/lib/routes";

export const handleApi = createApiHandler({ basePath: "/api", routes });
