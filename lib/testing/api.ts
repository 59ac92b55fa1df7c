// The /api test server most integration tests use.
import { handleApi } from "@/lib/api";
import { startTestServer } from "./server";

export const OPERATOR_KEY = process.env.OPERATOR_API_KEY ?? "hbk_test_operator_bootstrap_key";

export function startApi(opts: { trustedProxies?: string } = {}) {
  return startTestServer([{ prefix: "/api", handler: handleApi }], opts);
}
