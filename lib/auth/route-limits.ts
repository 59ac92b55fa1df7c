// Limits some routes carry on top of the per-caller minute limit (docs/security.md, "Rate limits").
import { payAttemptRules, type LimitRule } from "./rate-limit";

/** Extra (rule, key) hits for a matched route; `values` are the raw path captures in `names` order. */
export function routeLimits(path: string, method: string, names: string[], values: ArrayLike<string>, ip: string): Array<{ rule: LimitRule; key: string }> {
  if (method === "POST" && path === "/v2/links/{code}/pay") {
    // Card testing: bounded per client address and per link, whoever the caller says it is.
    const code = values[names.indexOf("code") + 1] ?? "";
    const rules = payAttemptRules();
    return [
      { rule: rules.perIp, key: `ip:${ip}` },
      { rule: rules.perLink, key: `link:${code.slice(0, 64)}` },
    ];
  }
  return [];
}
