// The gateways in use. Each has its interface in its own module (payment-gateway.ts, channel-manager.ts), its
// implementations beside it, and the choice of implementation here, so that no implementation imports this.
// The payment gateway: the sandbox unless PAYMENT_GATEWAY=wompi (lib/config/payment-gateway.ts).
import type { Database } from "@/lib/db/open";
import type { PaymentGateway } from "./payment-gateway";
import { SandboxGateway } from "./sandbox-gateway";
import { WompiClient } from "./wompi/client";
import { WompiGateway } from "./wompi/gateway";
import { paymentGatewaySettings } from "@/lib/config/payment-gateway";
import { getDatabase } from "@/lib/db";
import { log } from "@/lib/http/log";
import type { ChannelManager } from "./channel-manager";
import { BuiltinChannelManager } from "./builtin-channel-manager";
import { HttpChannelManager } from "./http-channel-manager";
import { ChannexChannelManager } from "./channex/adapter";
import { channexDeps } from "./channex/deps";
import { config } from "@/lib/config";

let current: PaymentGateway | undefined;

/** The gateway in use, built once from the settings (a misconfiguration throws GatewayConfigError; start-up checks it first). */
export function paymentGateway(): PaymentGateway {
  return (current ??= gatewayFromSettings());
}

/** Tests and start-up: put a gateway in place (undefined: build it again from the settings on next use). */
export function setPaymentGateway(g: PaymentGateway | undefined) {
  current = g;
}

function gatewayFromSettings(): PaymentGateway {
  const s = paymentGatewaySettings();
  if (s.kind === "sandbox") return new SandboxGateway();
  const client = new WompiClient({ baseUrl: s.apiUrl, publicKey: s.publicKey, privateKey: s.privateKey, integritySecret: s.integritySecret, log });
  return new WompiGateway({ client, database: getDatabase, log, customerEmail: s.customerEmail });
}

/**
 * The channel manager in use: an external one over HTTP when CHANNEL_MANAGER_URL is set; with
 * CHANNEL_MANAGER=channex, Channex for the hotels linked to a Channex property (routed per hotel by the
 * adapter: the others stay the built-in one's); otherwise the built-in one over our own tables. All pass the
 * same contract suite (lib/gateways/channel-manager.contract.ts).
 */
export function channelManager(database: Database): ChannelManager {
  const { channelManagerUrl, channelManagerToken, channelManager: which } = config();
  if (channelManagerUrl) return new HttpChannelManager({ baseUrl: channelManagerUrl, token: channelManagerToken });
  if (which === "channex") return new ChannexChannelManager(database, channexDeps());
  return new BuiltinChannelManager(database);
}
