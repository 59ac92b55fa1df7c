// The gateways in use. Each has its interface in its own module (payment-gateway.ts, channel-manager.ts), its
// implementations beside it, and the choice of implementation here, so that no implementation imports this.
// The payment gateway: the sandbox unless a real processor is wired in at start-up.
import type { Database } from "@/lib/db/open";
import type { PaymentGateway } from "./payment-gateway";
import { SandboxGateway } from "./sandbox-gateway";
import type { ChannelManager } from "./channel-manager";
import { BuiltinChannelManager } from "./builtin-channel-manager";
import { HttpChannelManager } from "./http-channel-manager";
import { config } from "@/lib/config";

let current: PaymentGateway = new SandboxGateway();

export function paymentGateway(): PaymentGateway {
  return current;
}

export function setPaymentGateway(g: PaymentGateway) {
  current = g;
}

/**
 * The channel manager in use: an external one over HTTP when CHANNEL_MANAGER_URL is set, otherwise the built-in
 * one over our own tables. Both pass the same contract suite (lib/gateways/channel-manager.contract.ts).
 */
export function channelManager(database: Database): ChannelManager {
  const { channelManagerUrl, channelManagerToken } = config();
  if (channelManagerUrl) return new HttpChannelManager({ baseUrl: channelManagerUrl, token: channelManagerToken });
  return new BuiltinChannelManager(database);
}
