/**
 * Webhooks (CONTRACTS §13): the shop POSTs its events, signed, to the URLs its owner names, retried
 * until a 2xx. Owner only (packages/domain/src/roles.ts, by the `/api/admin/webhooks` prefix).
 */
import { AdminListQueryString, Page } from './admin.ts';
import {
  isWebhookEvent,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryState,
  type WebhookEvent,
} from '../webhooks.ts';
import { IdParams, MESSAGE_KEYWORD as M, Nullable, OkAnswer, route, Type, type Static } from './common.ts';

export { isWebhookEvent, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS, type WebhookDeliveryState, type WebhookEvent };

const TAGS = ['admin'] as const;

/** The event of the test button and `separ-admin webhooks test`. */
export const WEBHOOK_TEST_EVENT = 'test';

/** The header that carries `sha256={hex HMAC-SHA256 of the raw body, keyed by the secret as printed}`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Separ-Signature';

/** The longest webhook URL the shop takes. */
export const WEBHOOK_URL_MAX = 2000;

/** A webhook as the admin lists it: never its secret. */
export const AdminWebhook = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  createdAt: Type.String(),
  createdBy: Type.String(),
  /** Deliveries not yet answered with a 2xx (still retried). */
  pending: Type.Integer(),
  /** The last delivery answered with a 2xx. */
  lastDeliveredAt: Nullable(Type.String()),
});
export type AdminWebhook = Static<typeof AdminWebhook>;

/** One event for one webhook, in the delivery log. */
export const AdminWebhookDelivery = Type.Object({
  id: Type.Integer(),
  event: Type.String(),
  state: Type.Unsafe<WebhookDeliveryState>({ type: 'string', enum: [...WEBHOOK_DELIVERY_STATES] }),
  attempts: Type.Integer(),
  /** The HTTP status of the last attempt (null: no answer, see lastError). */
  lastStatus: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  createdAt: Type.String(),
  /** When it is tried again (null once delivered or given up). */
  nextAttemptAt: Nullable(Type.String()),
  deliveredAt: Nullable(Type.String()),
});
export type AdminWebhookDelivery = Static<typeof AdminWebhookDelivery>;

export const AdminWebhookInput = Type.Object({
  url: Type.String({
    maxLength: WEBHOOK_URL_MAX,
    [M]: `url is required: an http(s) address of at most ${WEBHOOK_URL_MAX} characters.`,
  }),
  events: Type.Array(Type.String({ maxLength: 40 }), {
    minItems: 1,
    maxItems: 20,
    [M]: 'events is required: a list of event names.',
  }),
});
export type AdminWebhookInput = Static<typeof AdminWebhookInput>;

/** `POST /api/admin/webhooks`: the secret is in this answer only. */
export const AdminWebhookCreated = Type.Object({ webhook: AdminWebhook, secret: Type.String() });
export type AdminWebhookCreated = Static<typeof AdminWebhookCreated>;

export const WEBHOOK_ADMIN_ROUTES = {
  webhooks: route({
    method: 'GET',
    url: '/api/admin/webhooks',
    summary: 'The webhooks (never their secrets). Owner only.',
    tags: TAGS,
    answer: Type.Object({ items: Type.Array(AdminWebhook) }),
  }),
  createWebhook: route({
    method: 'POST',
    url: '/api/admin/webhooks',
    summary:
      'Add a webhook for some events: its signing secret is in this answer only. Owner only. Audited webhook.add.',
    tags: TAGS,
    body: AdminWebhookInput,
    answer: AdminWebhookCreated,
  }),
  removeWebhook: route({
    method: 'DELETE',
    url: '/api/admin/webhooks/:id',
    summary: 'Remove a webhook and its delivery log. Owner only. Audited webhook.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
  webhookDeliveries: route({
    method: 'GET',
    url: '/api/admin/webhooks/:id/deliveries',
    summary: "A page of a webhook's delivery log, newest first. Owner only.",
    tags: TAGS,
    params: IdParams,
    querystring: AdminListQueryString,
    answer: Page(AdminWebhookDelivery),
  }),
  testWebhook: route({
    method: 'POST',
    url: '/api/admin/webhooks/:id/test',
    summary:
      'Queue a `test` event for a webhook (sent with the others, signed and retried). Owner only. Audited webhook.test.',
    tags: TAGS,
    params: IdParams,
    answer: Type.Object({ ok: Type.Literal(true), delivery: Type.Integer() }),
  }),
};
