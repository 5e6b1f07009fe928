import { createHmac, randomBytes } from 'node:crypto';
import { MINUTE_MS } from '@separ/domain';
import {
  isWebhookEvent,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
  type AdminWebhook,
  type AdminWebhookDelivery,
  type WebhookDeliveryState,
} from '@separ/domain/contract';
import type { AdminListQuery, AdminPage } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/db/paging.ts';
import type { WebhookDeliveriesTable, WebhooksTable } from '../../platform/db/schema.ts';
import type { Selectable } from 'kysely';

/**
 * Webhooks (CONTRACTS §13): the owner names a URL and the events it takes; each event is POSTed
 * there as `{ event, at, data }`, signed with the webhook's secret, and retried with backoff until
 * a 2xx. This file keeps the webhooks and their delivery rows; `deliver.ts` sends them.
 */

/** Every secret starts so (a leaked one is recognisable). */
export const SECRET_PREFIX = 'whsec_';

/** How long an event may wait for its first delivery row: a new webhook is not sent the past. */
export const FAN_OUT_WINDOW_MS = 24 * 60 * MINUTE_MS;

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The signature header's value for a body: `sha256={hex HMAC-SHA256 keyed by the secret's text}`. */
export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** A webhook URL: http or https, with a host, no credentials, at most WEBHOOK_URL_MAX characters. */
export function parseWebhookUrl(raw: unknown): string {
  const text = String(raw ?? '').trim();
  let url: URL | undefined;
  try {
    url = text.length > 0 && text.length <= WEBHOOK_URL_MAX ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw invalid(`The URL must be an http:// or https:// address of at most ${WEBHOOK_URL_MAX} characters.`);
  if (url.username || url.password) throw invalid('The URL must not carry a user name or password.');
  return url.toString();
}

/** The events asked for: names from WEBHOOK_EVENTS, comma-separated or a list, at least one. */
export function parseWebhookEvents(raw: unknown): string[] {
  const names = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isWebhookEvent(name));
  if (names.length === 0 || unknown.length > 0)
    throw invalid(
      `${unknown.length > 0 ? `Unknown event ${unknown.slice(0, 3).join(', ').slice(0, 120)}. ` : ''}The events are one or more of: ${WEBHOOK_EVENTS.join(', ')}.`,
    );
  return [...new Set(names)];
}

async function webhookInfo(ctx: AppContext, row: WebhookRow): Promise<AdminWebhook> {
  const [pending, last] = await Promise.all([
    ctx.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('webhook_id', '=', row.id)
      .where('delivered_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.max('delivered_at').as('at'))
      .where('webhook_id', '=', row.id)
      .executeTakeFirst(),
  ]);
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(',').filter(Boolean),
    createdAt: row.created_at,
    createdBy: row.created_by,
    pending: Number(pending.n),
    lastDeliveredAt: (last?.at as string | null | undefined) ?? null,
  };
}

export async function addWebhook(
  ctx: AppContext,
  input: { url: unknown; events: unknown },
  actor: Actor,
): Promise<{ webhook: AdminWebhook; secret: string }> {
  const url = parseWebhookUrl(input.url);
  const events = parseWebhookEvents(input.events);
  const secret = `${SECRET_PREFIX}${randomBytes(24).toString('hex')}`;
  const now = ctx.now().toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('webhooks')
      .values({
        url,
        events: events.join(','),
        secret_enc: ctx.secrets.box.seal(secret),
        created_at: now,
        created_by: actor,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, {
      actor,
      action: 'webhook.add',
      target: `webhook:${inserted.id}`,
      after: { url, events },
    });
    return inserted;
  });
  return { webhook: await webhookInfo(ctx, row), secret };
}

export async function listWebhooks(ctx: AppContext): Promise<AdminWebhook[]> {
  const rows = await ctx.db.selectFrom('webhooks').selectAll().orderBy('id').execute();
  return Promise.all(rows.map((row) => webhookInfo(ctx, row)));
}

/** A webhook's id from text (the CLI's argument, a path parameter). */
export function webhookId(raw: string): number {
  const id = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound(`No webhook ${raw.slice(0, 20)}.`);
  return id;
}

async function webhookRow(ctx: AppContext, id: number): Promise<WebhookRow> {
  const row = await ctx.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No webhook ${id}.`);
  return row;
}

export async function removeWebhook(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(`No webhook ${id}.`);
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
    await trx.deleteFrom('webhooks').where('id', '=', id).execute();
    await audit(trx, ctx, {
      actor,
      action: 'webhook.remove',
      target: `webhook:${id}`,
      before: { url: row.url, events: row.events.split(',') },
    });
  });
}

/** Queues a delivery of a `test` event to one webhook; its id. */
export async function queueTestEvent(ctx: AppContext, id: number, actor: Actor): Promise<number> {
  const row = await webhookRow(ctx, id);
  const now = ctx.now().toISOString();
  const key = `test:${randomBytes(8).toString('hex')}`;
  return ctx.db.transaction().execute(async (trx) => {
    const delivery = await trx
      .insertInto('webhook_deliveries')
      .values(newDelivery(row.id, key, WEBHOOK_TEST_EVENT, now, { webhook: row.id, by: actor }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, {
      actor,
      action: 'webhook.test',
      target: `webhook:${row.id}`,
      after: { delivery: delivery.id },
    });
    return delivery.id;
  });
}

/** A delivery row, due now: its body is built once, so every attempt sends (and signs) the same bytes. */
export function newDelivery(webhookId: number, key: string, event: string, at: string, data: unknown) {
  return {
    webhook_id: webhookId,
    event_key: key,
    event,
    body: JSON.stringify({ event, at, data }),
    attempts: 0,
    next_attempt_at: at,
    claimed_until: null,
    last_status: null,
    last_error: null,
    created_at: at,
    delivered_at: null,
    failed_at: null,
  };
}

export function deliveryState(row: Pick<DeliveryRow, 'delivered_at' | 'failed_at'>): WebhookDeliveryState {
  return row.delivered_at ? 'delivered' : row.failed_at ? 'failed' : 'pending';
}

/** A page of a webhook's delivery log, newest first. */
export async function listDeliveries(
  ctx: AppContext,
  id: number,
  query: AdminListQuery,
): Promise<AdminPage<AdminWebhookDelivery>> {
  await webhookRow(ctx, id);
  const { page, pageSize, offset } = pageOf(query);
  const base = ctx.db.selectFrom('webhook_deliveries').where('webhook_id', '=', id);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      event: row.event,
      state: deliveryState(row),
      attempts: row.attempts,
      lastStatus: row.last_status,
      lastError: row.last_error,
      createdAt: row.created_at,
      nextAttemptAt: row.next_attempt_at,
      deliveredAt: row.delivered_at,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}
