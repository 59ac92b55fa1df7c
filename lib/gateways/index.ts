// The payment gateway in use: the sandbox unless a real processor is wired in at start-up.
import type { PaymentGateway } from "./payment-gateway";
import { SandboxGateway } from "./sandbox-gateway";

let current: PaymentGateway = new SandboxGateway();

export function paymentGateway(): PaymentGateway {
  return current;
}

export function setPaymentGateway(g: PaymentGateway) {
  current = g;
}
