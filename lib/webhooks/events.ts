// Event names written to webhook_deliveries.event (the payload itself is whatever the emitter stores).
export const WEBHOOK_EVENTS = {
  /** Payment-link notification to temp_webhook_url (body in docs/webhooks.md). */
  paymentLinkPayment: "payment_link.payment",
  /** Reservation expiry notification to the agency's webhook_url (docs/decisions.md 8.1). */
  reservationExpired: "reservation.expired",
  /** Money of a payment went back to the payer: a refund, or an approval that could not be credited (docs/webhooks.md). */
  paymentRefunded: "payment.refunded",
  /** Sent from the webhooks page or POST /api/v2/webhooks/test. */
  test: "webhook.test",
} as const;

export const KNOWN_EVENTS: string[] = Object.values(WEBHOOK_EVENTS);
