import { MINUTE_MS } from '@separ/domain';
import { WEBHOOK_SIGNATURE_HEADER } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { FAN_OUT_WINDOW_MS, newDelivery, signature } from './webhooks.ts';

/**
 * The webhooks' delivery (CONTRACTS §13), a job of main.ts: the shop's events become one delivery
 * row per webhook that asked for them (unique, so several processes make it once), and the rows due
 * are claimed by one process, POSTed, and marked delivered on a 2xx or tried again later.
 */

/** How long one attempt may take, answer included. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of an answer is read (for the log): the rest is dropped. */
export const ANSWER_READ_MAX = 1024;
/** How long a process holds the deliveries it claimed: longer than an attempt. */
const CLAIM_MS = 2 * MINUTE_MS;
/** The first retry's wait; each next one doubles, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 10_000;
export const RETRY_MAX_MS = 60 * MINUTE_MS;
/** A delivery still failing this long after its event is given up (it stays in the log). */
export const GIVE_UP_MS = 3 * 24 * 60 * MINUTE_MS;
/** How many deliveries one run sends at most, and at once. */
const BATCH = 20;
const PARALLEL = 4;

/** The wait before the next attempt, after `attempts` failed ones. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1));
}

/** Makes the delivery rows of the events each webhook asked for, once (a unique key). */
export async function fanOutEvents(ctx: AppContext): Promise<number> {
  const webhooks = await ctx.db.selectFrom('webhooks').selectAll().execute();
  if (webhooks.length === 0) return 0;
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - FAN_OUT_WINDOW_MS).toISOString();
  let made = 0;
  for (const webhook of webhooks) {
    const kinds = webhook.events.split(',').filter(Boolean);
    if (kinds.length === 0) continue;
    const since = webhook.created_at > windowStart ? webhook.created_at : windowStart;
    const events = await ctx.db
      .selectFrom('shop_events as e')
      .select(['e.key', 'e.kind', 'e.data', 'e.created_at'])
      .where('e.kind', 'in', kinds)
      .where('e.created_at', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .where('d.webhook_id', '=', webhook.id)
              .whereRef('d.event_key', '=', 'e.key'),
          ),
        ),
      )
      .orderBy('e.id')
      .limit(100)
      .execute();
    for (const event of events) {
      const written = await ctx.db
        .insertInto('webhook_deliveries')
        .values({
          ...newDelivery(webhook.id, event.key, event.kind, event.created_at, JSON.parse(event.data)),
          created_at: now.toISOString(),
          next_attempt_at: now.toISOString(),
        })
        .onConflict((oc) => oc.columns(['webhook_id', 'event_key']).doNothing())
        .executeTakeFirst();
      made += Number(written.numInsertedOrUpdatedRows ?? 0);
    }
  }
  return made;
}

/** The deliveries due now, claimed for this process (a conditional update each). */
async function claimDue(ctx: AppContext, webhookId?: number) {
  const nowIso = ctx.now().toISOString();
  let query = ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]));
  if (webhookId !== undefined) query = query.where('webhook_id', '=', webhookId);
  const due = await query.orderBy('next_attempt_at').orderBy('id').limit(BATCH).execute();
  const until = new Date(ctx.now().getTime() + CLAIM_MS).toISOString();
  const claimed: number[] = [];
  for (const { id } of due) {
    const won = await ctx.db
      .updateTable('webhook_deliveries')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) === 1) claimed.push(id);
  }
  return claimed;
}

/** What one attempt got: a status (any, 3xx included: redirects are not followed) or an error. */
interface Outcome {
  status: number | null;
  error: string | null;
}

/** POSTs a body once: no redirect followed, a timeout, at most ANSWER_READ_MAX bytes of the answer read. */
export async function post(url: string, body: string, headers: Record<string, string>): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Separ-Webhooks/1', ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    const answer = await readSome(response);
    const ok = response.status >= 200 && response.status < 300;
    if (ok) return { status: response.status, error: null };
    if (response.status >= 300 && response.status < 400)
      return {
        status: response.status,
        error: `Redirect to ${(response.headers.get('location') ?? '(none)').slice(0, 200)} not followed.`,
      };
    return { status: response.status, error: `HTTP ${response.status}${answer ? `: ${answer.slice(0, 200)}` : ''}` };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { status: null, error: `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds.` };
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
    return {
      status: null,
      error: String(cause?.code ?? cause?.message ?? (error as Error)?.message ?? error).slice(0, 200),
    };
  }
}

/** The first bytes of an answer, as text; the rest is cancelled unread. */
async function readSome(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < ANSWER_READ_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, ANSWER_READ_MAX).toString('utf8').replace(/\s+/g, ' ').trim();
}

/** One attempt of one claimed delivery, and its outcome written. Whether it was delivered. */
async function attempt(ctx: AppContext, id: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.body', 'd.event', 'd.attempts', 'd.created_at', 'w.url', 'w.secret_enc'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  let outcome: Outcome;
  try {
    const secret = ctx.secrets.box.open(row.secret_enc);
    outcome = await post(row.url, row.body, {
      [WEBHOOK_SIGNATURE_HEADER]: signature(secret, row.body),
      'X-Separ-Event': row.event,
      'X-Separ-Delivery': String(row.id),
    });
  } catch (error) {
    // The secret does not open (another secret key): nothing is sent unsigned.
    outcome = { status: null, error: `Not sent: ${(error as Error).message}`.slice(0, 200) };
  }
  const now = ctx.now();
  const attempts = row.attempts + 1;
  const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const givenUp = !delivered && now.getTime() - Date.parse(row.created_at) >= GIVE_UP_MS;
  await ctx.db
    .updateTable('webhook_deliveries')
    .set({
      attempts,
      last_status: outcome.status,
      last_error: outcome.error,
      claimed_until: null,
      delivered_at: delivered ? now.toISOString() : null,
      failed_at: givenUp ? now.toISOString() : null,
      next_attempt_at: delivered || givenUp ? null : new Date(now.getTime() + retryDelay(attempts)).toISOString(),
    })
    .where('id', '=', id)
    .execute();
  if (!delivered)
    ctx.log.warn(
      { webhookDelivery: id, event: row.event, attempts, error: outcome.error },
      'a webhook was not delivered',
    );
  return delivered;
}

/**
 * The job: the new events into delivery rows, then the due deliveries (of one webhook, when given)
 * sent, a few at once. What was sent and what failed.
 */
export async function deliverWebhooks(
  ctx: AppContext,
  options: { webhookId?: number } = {},
): Promise<{ delivered: number; failed: number }> {
  await fanOutEvents(ctx);
  const claimed = await claimDue(ctx, options.webhookId);
  let delivered = 0;
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const results = await Promise.all(claimed.slice(i, i + PARALLEL).map((id) => attempt(ctx, id)));
    delivered += results.filter(Boolean).length;
  }
  return { delivered, failed: claimed.length - delivered };
}
