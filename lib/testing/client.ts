// The typed API client (lib/client/schema.d.ts) against a test server, as an integrator uses it: a bearer
// key, typed paths, parameters and bodies. Results are openapi-fetch's `{data, error, response}`.
// Deliberately malformed requests (wrong types, missing fields) stay on TestServer.call: they do not compile here.
import createClient from "openapi-fetch";
import type { paths } from "@/lib/client/schema";

export function apiClient(server: { url: string }, key?: string, headers: Record<string, string> = {}) {
  return createClient<paths>({ baseUrl: `${server.url}/api`, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The data of a 2xx answer, for test setup that must succeed; otherwise throws with the status and the error body. */
export async function ok<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (!response.ok) throw new Error(`${response.url} -> ${response.status} ${JSON.stringify(error)}`);
  return data as T;
}
