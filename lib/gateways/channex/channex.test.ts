// Pure rules of the Channex connection: start-up settings, money text, per-person prices, freshness, the
// webhook secret check.
import { afterEach, describe, expect, it } from "vitest";
import { channelManagerProblems, readConfig } from "@/lib/config";
import { HttpError } from "@/lib/http/errors";
import { money2 } from "./client";
import { perPersonRate } from "./mirror";
import { freshnessOf } from "./status";
import { verifyWebhookSecret } from "./events";
import { WEBHOOK_SECRET_HEADER } from "./deps";

describe("start-up settings", () => {
  const problems = (env: Record<string, string>) => channelManagerProblems(readConfig(env as unknown as NodeJS.ProcessEnv));

  it("the built-in channel manager needs nothing", () => {
    expect(problems({})).toEqual([]);
    expect(problems({ CHANNEL_MANAGER: "builtin" })).toEqual([]);
  });

  it("channex without its key or secret cannot start, and says so in Spanish and English without any value", () => {
    const p = problems({ CHANNEL_MANAGER: "channex" });
    expect(p).toHaveLength(2);
    expect(p[0]).toMatch(/^Falta CHANNEX_API_KEY .* \/ CHANNEX_API_KEY is missing/);
    expect(p[1]).toMatch(/^Falta CHANNEX_WEBHOOK_SECRET .* \/ CHANNEX_WEBHOOK_SECRET is missing/);
    const short = problems({ CHANNEL_MANAGER: "channex", CHANNEX_API_KEY: "k", CHANNEX_WEBHOOK_SECRET: "corto" });
    expect(short).toEqual([expect.stringMatching(/al menos 16 caracteres .* at least 16 characters/)]);
    expect(short.join()).not.toContain("corto");
    expect(problems({ CHANNEL_MANAGER: "channex", CHANNEX_API_KEY: "k", CHANNEX_WEBHOOK_SECRET: "s".repeat(20), CHANNEX_API_URL: "ftp://x" })).toEqual([expect.stringMatching(/CHANNEX_API_URL/)]);
    expect(problems({ CHANNEL_MANAGER: "channex", CHANNEX_API_KEY: "k", CHANNEX_WEBHOOK_SECRET: "s".repeat(20), CHANNEL_MANAGER_URL: "http://cm" })).toEqual([expect.stringMatching(/CHANNEL_MANAGER_URL/)]);
    expect(problems({ CHANNEL_MANAGER: "channx" })).toEqual([expect.stringMatching(/"builtin" o "channex"/)]);
  });

  it("defaults to Channex's production API", () => {
    expect(readConfig({ CHANNEL_MANAGER: "channex" } as unknown as NodeJS.ProcessEnv).channex.apiUrl).toBe("https://app.channex.io/api/v1");
    expect(readConfig({ CHANNEX_API_URL: "https://staging.channex.io/api/v1/" } as unknown as NodeJS.ProcessEnv).channex.apiUrl).toBe("https://staging.channex.io/api/v1");
  });
});

describe("money from Channex", () => {
  it("is decimal text to two places, rounded half up on integers", () => {
    expect(money2("200")).toBe("200.00");
    expect(money2("199.999")).toBe("200.00");
    expect(money2("0.005")).toBe("0.01");
    expect(money2("0.004")).toBe("0.00");
    expect(money2("-1.5")).toBe("-1.50");
    expect(money2("123456789012.34")).toBe("123456789012.34");
  });
});

describe("per-person plans", () => {
  const options = [
    { occupancy: 1, isPrimary: false, rate: "90000.00" },
    { occupancy: 2, isPrimary: true, rate: "150000.00" },
    { occupancy: 3, isPrimary: false, rate: "190000.00" },
  ];
  it("use the occupancy's rate when Channex sends it", () => {
    expect(perPersonRate("160000.00", [{ occupancy: 3, rate: "205000.50" }], options, 3)).toBe("205000.50");
  });
  it("otherwise move the night's rate by the options' difference from the primary occupancy", () => {
    expect(perPersonRate("160000.00", null, options, 2)).toBe("160000.00");
    expect(perPersonRate("160000.00", null, options, 3)).toBe("200000.00");
    expect(perPersonRate("160000.00", null, options, 1)).toBe("100000.00");
  });
  it("offer nothing for an occupancy without an option, or a price that would not be positive", () => {
    expect(perPersonRate("160000.00", null, options, 4)).toBeNull();
    expect(perPersonRate("50000.00", null, options, 1)).toBeNull();
  });
});

describe("mirror freshness", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  it("is fresh under 5 minutes, delayed under an hour, then stale; never before the first pull", () => {
    expect(freshnessOf(null, false, now)).toBe("never");
    expect(freshnessOf(new Date(now.getTime() - 4 * 60_000), false, now)).toBe("fresh");
    expect(freshnessOf(new Date(now.getTime() - 30 * 60_000), false, now)).toBe("delayed");
    expect(freshnessOf(new Date(now.getTime() - 61 * 60_000), false, now)).toBe("stale");
    expect(freshnessOf(new Date(now.getTime() - 60_000), true, now)).toBe("stale");
  });
});

describe("the webhook secret", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ["CHANNEL_MANAGER", "CHANNEX_API_KEY", "CHANNEX_WEBHOOK_SECRET"]) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  const req = (headers: Record<string, string>) => new Request("http://x/api/gateways/channex/events", { method: "POST", headers });
  const status = (f: () => void) => {
    try {
      f();
      return 200;
    } catch (e) {
      return (e as HttpError).status;
    }
  };

  it("passes only the exact secret in its header; the route does not exist without Channex", () => {
    expect(status(() => verifyWebhookSecret(req({ [WEBHOOK_SECRET_HEADER]: "s".repeat(20) })))).toBe(404);
    Object.assign(process.env, { CHANNEL_MANAGER: "channex", CHANNEX_API_KEY: "k", CHANNEX_WEBHOOK_SECRET: "s".repeat(20) });
    expect(status(() => verifyWebhookSecret(req({ [WEBHOOK_SECRET_HEADER]: "s".repeat(20) })))).toBe(200);
    expect(status(() => verifyWebhookSecret(req({ "X-HotelPay-Channex-Secret": "s".repeat(20) })))).toBe(200);
    expect(status(() => verifyWebhookSecret(req({ [WEBHOOK_SECRET_HEADER]: "s".repeat(19) })))).toBe(401);
    expect(status(() => verifyWebhookSecret(req({ [WEBHOOK_SECRET_HEADER]: "t" + "s".repeat(19) })))).toBe(401);
    expect(status(() => verifyWebhookSecret(req({})))).toBe(401);
  });
});
