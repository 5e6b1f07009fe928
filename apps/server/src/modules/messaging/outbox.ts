import type { AdminListQuery, AdminOutboxRow, AdminPage } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { pageOf, startsWith } from '../../platform/db/paging.ts';
import { deliverOutbox } from './mail.ts';
import { runReminders, type ReminderCounts } from './reminders.ts';

/**
 * The outbox as the operators see it (the admin's Outbox screen and separ-admin's `outbox`
 * commands): the queue, a message sent again, and the two jobs an operator may run by hand, each
 * change audited.
 */

function outboxRowOf(m: {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}): AdminOutboxRow {
  return {
    id: m.id,
    kind: m.kind,
    recipient: m.recipient,
    subject: m.subject,
    attempts: m.attempts,
    lastError: m.last_error,
    sentAt: m.sent_at,
    createdAt: m.created_at,
  };
}

const OUTBOX_COLUMNS = [
  'id',
  'kind',
  'recipient',
  'subject',
  'attempts',
  'last_error',
  'sent_at',
  'created_at',
] as const;

export async function listOutbox(
  ctx: AppContext,
  query: AdminListQuery & { state?: 'waiting' | 'sent' },
): Promise<AdminPage<AdminOutboxRow>> {
  const { page, pageSize, offset } = pageOf(query);
  let base = ctx.db.selectFrom('outbox');
  if (query.state === 'waiting') base = base.where('sent_at', 'is', null);
  else if (query.state === 'sent') base = base.where('sent_at', 'is not', null);
  else if (query.state !== undefined) throw invalid('state must be waiting or sent.');
  const q = query.q?.trim();
  if (q) {
    const kind = ctx.database.kind;
    base = base.where((eb) => eb.or([startsWith(kind, 'recipient', q), startsWith(kind, 'subject', q)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select(OUTBOX_COLUMNS)
      .orderBy('id', query.dir === 'asc' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(outboxRowOf), total: Number(count.n), page, pageSize };
}

/**
 * Sends a message again: it goes back to the outbox's queue as unsent, with its tries counted
 * afresh, and the delivery job (or `separ-admin outbox send`) takes it on its next round.
 */
export async function resendOutbox(ctx: AppContext, id: number, actor: Actor): Promise<AdminOutboxRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('outbox').select(OUTBOX_COLUMNS).where('id', '=', id).executeTakeFirst();
    if (!before) throw notFound(`No message ${id} in the outbox.`);
    await trx
      .updateTable('outbox')
      .set({ sent_at: null, attempts: 0, last_error: null, claimed_until: null })
      .where('id', '=', id)
      .execute();
    const after = await trx.selectFrom('outbox').select(OUTBOX_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
    await audit(trx, ctx, {
      actor,
      action: 'outbox.resend',
      target: `outbox:${id}`,
      before: { sentAt: before.sent_at, attempts: before.attempts },
      after: { sentAt: null, attempts: 0 },
    });
    return outboxRowOf(after);
  });
}

/**
 * Sends what waits in the outbox now, as the server's delivery job does every minute, and writes
 * the run to the audit log with how many went out (`separ-admin outbox send`).
 */
export async function sendOutboxNow(ctx: AppContext, actor: Actor): Promise<{ sent: number }> {
  const sent = await deliverOutbox(ctx);
  await audit(ctx.db, ctx, { actor, action: 'outbox.send', target: 'outbox', after: { sent } });
  return { sent };
}

/**
 * Queues the renewal reminders that are due now, as the server's job does every hour, and writes
 * the run to the audit log with its counts (`separ-admin reminders run`).
 */
export async function runRemindersNow(ctx: AppContext, actor: Actor): Promise<ReminderCounts> {
  const counts = await runReminders(ctx);
  await audit(ctx.db, ctx, { actor, action: 'reminders.run', target: 'reminders', after: counts });
  return counts;
}
