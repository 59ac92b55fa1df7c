// What every Channex piece needs, built from the settings (lib/config: CHANNEL_MANAGER=channex, CHANNEX_*): the
// client, the clock, where Channex must send webhooks and the secret it must send back.
import { config, ConfigError } from "@/lib/config";
import { systemClock, type Clock } from "@/lib/clock";
import { ChannexClient } from "./client";

export interface ChannexDeps {
  client: ChannexClient;
  clock: Clock;
  /** Sent to Channex in the webhook's headers; checked in constant time on each delivery. */
  webhookSecret: string;
  /** {PUBLIC_BASE_URL}/api/gateways/channex/events */
  callbackUrl: string;
  /** Nights mirrored from today (at least 366, so a year ahead stays covered between daily syncs). */
  mirrorDays: number;
  /** A mirror older than this stops selling (stop_sell on every night) until a pull succeeds. */
  maxStaleMs: number;
}

/** The header Channex sends back on each webhook, carrying CHANNEX_WEBHOOK_SECRET. */
export const WEBHOOK_SECRET_HEADER = "x-hotelpay-channex-secret";

export function channexEnabled(): boolean {
  return config().channelManager === "channex";
}

export function channexDeps(overrides: Partial<ChannexDeps> = {}): ChannexDeps {
  const cfg = config();
  const { apiUrl, apiKey, webhookSecret, timeoutMs } = cfg.channex;
  if (cfg.channelManager !== "channex" || !apiKey || !webhookSecret) {
    throw new ConfigError("Channex no está configurado (CHANNEL_MANAGER=channex, CHANNEX_API_KEY, CHANNEX_WEBHOOK_SECRET) / Channex is not configured");
  }
  const days = Number(process.env.CHANNEX_MIRROR_DAYS ?? 400);
  const staleHours = Number(process.env.CHANNEX_MAX_STALE_HOURS ?? 6);
  return {
    client: new ChannexClient({ baseUrl: apiUrl, apiKey, timeoutMs }),
    clock: systemClock,
    webhookSecret,
    callbackUrl: `${cfg.publicBaseUrl}/api/gateways/channex/events`,
    mirrorDays: Number.isFinite(days) ? Math.min(730, Math.max(366, Math.floor(days))) : 400,
    maxStaleMs: (Number.isFinite(staleHours) && staleHours > 0 ? staleHours : 6) * 3_600_000,
    ...overrides,
  };
}
