// MCP over Streamable HTTP, stateless: every POST gets a fresh server and transport, answers in JSON and is
// done, so any instance can serve any call and nothing is kept between calls.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { callTool, findTool, listTools, type McpContext } from "./engine";

export const SERVER_INFO = { name: "hotelpay", title: "HotelPay", version: "1.0.0" };

export const INSTRUCTIONS = [
  "Herramientas de HotelPay para reservar hoteles en Colombia y cobrarlas con un enlace de pago, en nombre de la agencia dueña de la clave API.",
  "Flujo habitual: search_city_availability (o search_hotel_availability si ya sabe el hotel) -> create_reservation con el roomId y el rateId del producto elegido -> create_payment_link con reservation_code y amount igual a lo que falta por pagar -> envíe la url del enlace al huésped -> get_payment_link para saber si ya pagó.",
  "Fechas AAAA-MM-DD (hora de Bogotá). Nunca pida ni envíe datos de tarjeta: el huésped paga en la página del enlace.",
  "Si el huésped prefiere Nequi: request_nequi_payment con su celular Nequi (10 dígitos que empiezan por 3); el huésped aprueba en su app y get_payment dice si ya pagó.",
  "Para operaciones que crean algo, envíe idempotency_key (una por operación) y repítala si reintenta: no se reserva ni se cobra dos veces.",
  "Cada resultado trae un texto corto en español para leer al huésped y structuredContent con la respuesta completa del API REST.",
].join("\n");

// Ajv compiles nothing until asked; one instance serves every request's server.
let validator: AjvJsonSchemaValidator | undefined;

export function createMcpServer(ctx: McpContext): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools(ctx.principal) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = findTool(request.params.name);
    // An unknown tool is the client's protocol mistake, not a business answer.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Herramienta desconocida: ${request.params.name}`);
    return callTool(ctx, tool, request.params.arguments);
  });
  return server;
}

/** Answers one MCP HTTP request whose JSON body the /api pipeline has already read and parsed. */
export async function handleMcp(ctx: McpContext, parsedBody: unknown): Promise<Response> {
  // One message per request: a batch would run many tool calls under one rate-limit token.
  if (Array.isArray(parsedBody) && parsedBody.length !== 1) {
    return Response.json(
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Solicitud inválida: envíe un mensaje JSON-RPC por solicitud (no se aceptan lotes)" } },
      { status: 400 },
    );
  }
  const server = createMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(ctx.req, { parsedBody });
  } finally {
    await server.close();
  }
}
