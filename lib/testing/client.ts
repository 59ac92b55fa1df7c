// The typed API client (lib/client/schema.d.ts) against a test server, as an integrator uses it: a bearer
// key, typed paths, parameters and bodies. Results are openapi-fetch's `{data, error, response}`.
// Deliberately malformed requests (wrong types, missing fields) stay on TestServer.call: they do not compile here.
import createClient from "openapi-fetch";
import type { paths } from "@/lib/client/schema";

export function apiClient(server: { url: string }, key?: string, headers: Record<string, string> = {}) {
  const client = createClient<paths>({ baseUrl: `${server.url}/api`, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
  // With a portal session cookie the client stands for the portal's own page in a browser, which names itself
  // (Origin on writes, Sec-Fetch-Site always): the server refuses cookie writes that do not (lib/auth/origin.ts).
  client.use({
    onRequest({ request }) {
      if (!request.headers.has("cookie")) return request;
      if (!request.headers.has("sec-fetch-site")) request.headers.set("sec-fetch-site", "same-origin");
      if (request.method !== "GET" && request.method !== "HEAD" && !request.headers.has("origin")) request.headers.set("origin", new URL(server.url).origin);
      return request;
    },
  });
  return client;
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The data of a 2xx answer, for test setup that must succeed; otherwise throws with the status and the error body. */
export async function ok<T>(answer: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await answer;
  if (!response.ok) throw new Error(`${response.url} -> ${response.status} ${JSON.stringify(error)}`);
  return data as T;
}
