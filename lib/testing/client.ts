// The typed API client (lib/client/schema.d.ts) against a test server, as an integrator uses it: a bearer
// key, typed paths, parameters and bodies. Results are openapi-fetch's `{data, error, response}`.
// Deliberately malformed requests (wrong types, missing fields) stay on TestServer.call: they do not compile here.
import createClient from "openapi-fetch";
import type { paths } from "@/lib/client/schema";

export function apiClient(server: { url: string }, key?: string, headers: Record<string, string> = {}) {
  return createClient<paths>({ baseUrl: `${server.url}/api`, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
}

export type ApiClient = ReturnType<typeof apiClient>;
