/**
 * Webhooks (CONTRACTS §13): the events a webhook may ask for and the states of a delivery. Pure
 * data; the routes are in contract/webhooks.ts.
 */

/**
 * The events a webhook may ask for: an order paid, an account created, a card receipt awaiting
 * review, a V2Ray node silent and back, a gateway failing. (`test` is sent only by the test button.)
 */
export const WEBHOOK_EVENTS = [
  'order.paid',
  'user.created',
  'receipt.review',
  'node.silent',
  'node.back',
  'gateway.failing',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** A delivery's state: answered with a 2xx, still retried, or given up (after three days). */
export const WEBHOOK_DELIVERY_STATES = ['delivered', 'pending', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
