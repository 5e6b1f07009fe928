import { timingSafeEqual } from 'node:crypto';
import { isLanguage, parseDateTime, shopNameIn, UNLIMITED_MB, type Language, DAY_MS, MB } from '@separ/domain';
import { publicOrigin } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { renewUrl } from '../accounts/index.ts';
import { getShopSettings } from '../settings/index.ts';

/** The reminders of the bot and reminders issue, each sent once per subscription period. */
export const REMINDER_KINDS = ['expires3d', 'expires1d', 'expired', 'data80', 'data100'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** An expiry reminder is sent up to a week after the subscription ended, not for older ones. */
const EXPIRED_WITHIN_MS = 7 * DAY_MS;

type ReminderColumns = Pick<UserRow, 'expire_date' | 'used_bytes' | 'allowed_mb' | 'subs_days' | 'suspend'>;

/**
 * What is due for an account now: 3 days and 1 day before its expiry, on expiry, at 80 % and 100 %
 * of its data. Only the nearest of each pair (a reminder for 1 day makes the one for 3 days moot).
 * Nothing for an account in pending activation (its period has not started) or suspended.
 */
export function dueReminders(user: ReminderColumns, now: Date): ReminderKind[] {
  if (user.suspend === 1 || user.subs_days > 0) return [];
  const expires = parseDateTime(user.expire_date);
  if (expires === null) return [];
  const left = expires - now.getTime();
  const due: ReminderKind[] = [];
  if (left <= 0) {
    if (-left <= EXPIRED_WITHIN_MS) due.push('expired');
    return due;
  }
  if (left <= DAY_MS) due.push('expires1d');
  else if (left <= 3 * DAY_MS) due.push('expires3d');
  const allowed = Number(user.allowed_mb);
  if (allowed !== UNLIMITED_MB && allowed > 0) {
    const used = Number(user.used_bytes) / (allowed * MB);
    if (used >= 1) due.push('data100');
    else if (used >= 0.8) due.push('data80');
  }
  return due;
}

/** The MAC that makes an unsubscribe link work without logging in, for this account only. */
export function unsubscribeToken(ctx: AppContext, userId: number): string {
  return ctx.secrets.box.mac('unsubscribe', String(userId));
}

export function unsubscribeUrl(ctx: AppContext, userId: number, lng: Language): string {
  return `${publicOrigin(ctx.config)}/unsubscribe?u=${userId}&t=${unsubscribeToken(ctx, userId)}&lng=${lng}`;
}

/** Stops the reminders of the account the link was made for; false for a link that is not one. */
export async function unsubscribe(ctx: AppContext, userId: number, token: string): Promise<boolean> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return false;
  const expected = Buffer.from(unsubscribeToken(ctx, userId));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  await ctx.db.updateTable('users').set({ reminders_off: 1 }).where('id', '=', userId).execute();
  return true;
}

/** A message for the bot: to whom, and what. */
export type BotNotify = (messagingId: string, language: Language, text: string) => Promise<void>;

export type ReminderCounts = Record<ReminderKind, number>;

/**
 * Queues what is due now: an e-mail in the outbox for an account with an address, and a message by
 * the bot for each chat it is linked to (when the bot runs: `notify`). Each kind is recorded per
 * account and subscription period (its expiry) before it is queued, so that two runs — or two
 * processes — never send it twice. Returns how many of each kind were queued.
 */
export async function runReminders(ctx: AppContext, notify?: BotNotify): Promise<ReminderCounts> {
  const now = ctx.now();
  // The shop's name in the reminders: the operator's setting (issue 23 §5).
  const { shopName } = await getShopSettings(ctx);
  const counts = Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, 0])) as ReminderCounts;
  const soon = new Date(now.getTime() + 3 * DAY_MS).toISOString();
  const since = new Date(now.getTime() - EXPIRED_WITHIN_MS).toISOString();
  const users = await ctx.db
    .selectFrom('users')
    .selectAll()
    .where('reminders_off', '=', 0)
    .where('suspend', '=', 0)
    .where('subs_days', '=', 0)
    .where('expire_date', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('expire_date', '<=', soon), eb('expire_date', '>=', since)]),
        eb.and([eb('allowed_mb', '>', 0), eb('used_bytes', '>=', eb('allowed_mb', '*', Math.round(0.8 * MB)))]),
      ]),
    )
    .execute();
  for (const user of users) {
    const due = dueReminders(user, now);
    if (due.length === 0) continue;
    const chats = await ctx.db
      .selectFrom('bot_users')
      .select(['messaging_id', 'language'])
      .where('user_id', '=', user.id)
      .execute();
    if (!user.email && (chats.length === 0 || !notify)) continue;
    const order = await ctx.db
      .selectFrom('orders')
      .select('lang')
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const chatLanguage = chats[0]?.language;
    const lng: Language = isLanguage(order?.lang) ? order.lang : isLanguage(chatLanguage) ? chatLanguage : 'fa';
    for (const kind of due) {
      // The data reminders count per data period of a plan that resets (CONTRACTS §14).
      const resets = Number(user.resets_done ?? 0);
      const period = kind.startsWith('data') && resets > 0 ? `${user.expire_date!}#${resets}` : user.expire_date!;
      const recorded = await ctx.db
        .insertInto('reminders')
        .values({ user_id: user.id, kind, period, sent_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      counts[kind]++;
      const vars = {
        shop: shopNameIn(shopName, lng),
        username: user.username,
        // The renew link: what is bought through it extends this account (payments/renewal.ts).
        renew: renewUrl(ctx, user.id, lng, now),
        panel: `${publicOrigin(ctx.config)}/panel`,
      };
      if (user.email) {
        const text = [
          ctx.texts.t(lng, `email:reminder.${kind}`, vars),
          '',
          ctx.texts.t(lng, 'email:reminder.renew', vars),
          ctx.texts.t(lng, 'email:reminder.panel', vars),
          '',
          ctx.texts.t(lng, 'email:reminder.unsubscribe', { url: unsubscribeUrl(ctx, user.id, lng) }),
          ctx.texts.t(lng, 'email:receipt.signature', vars),
        ].join('\n');
        await ctx.db
          .insertInto('outbox')
          .values({
            kind: `reminder:${kind}`,
            recipient: user.email,
            subject: ctx.texts.t(lng, `email:reminder.subject.${kind}`, vars),
            body_sealed: ctx.secrets.box.seal(text),
            order_id: null,
            attempts: 0,
            last_error: null,
            created_at: now.toISOString(),
            sent_at: null,
            claimed_until: null,
          })
          .execute();
      }
      for (const chat of chats) {
        const language: Language = isLanguage(chat.language) ? chat.language : lng;
        const said = { ...vars, shop: shopNameIn(shopName, language) };
        const text = `${ctx.texts.t(language, `email:reminder.${kind}`, said)}\n${ctx.texts.t(language, 'email:reminder.renew', said)}`;
        await notify?.(chat.messaging_id, language, text).catch((error: unknown) =>
          ctx.log.warn({ err: error, user: user.username, kind }, 'a reminder could not be sent by the bot'),
        );
      }
    }
  }
  return counts;
}
