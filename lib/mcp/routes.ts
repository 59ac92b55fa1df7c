// /api/mcp: the assistants' door. It goes through the /api pipeline like any route (API key or session,
// roles, rate limit, body size, logs); GET and DELETE get the pipeline's 405, as a stateless server should.
import { z } from "zod";
import { defineRoute } from "@/lib/http/route";
import { handleMcp } from "./server";

export const mcpRoutes = [
  defineRoute({
    method: "POST",
    path: "/mcp",
    access: ["agency", "operator", "hotel_admin"],
    summary: "Servidor MCP (Model Context Protocol, Streamable HTTP sin sesión) para asistentes conversacionales",
    description: "JSON-RPC 2.0; ver /docs/asistentes.",
    tags: ["Asistentes (MCP)"],
    // JSON-RPC is not described by OpenAPI; /docs/asistentes documents it.
    hidden: true,
    body: z.unknown(),
    handler: ({ req, body, principal, database, clock, requestId, log }) => {
      const apiBase = new URL(req.url).pathname.replace(/\/mcp\/*$/, "");
      return handleMcp({ principal, database, clock, req, requestId, log, apiBase }, body);
    },
  }),
];
