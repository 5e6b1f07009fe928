import { randomInt } from 'node:crypto';
import { isLanguage, toLatinDigits, type Language, HOUR_MS, MINUTE_MS } from '@separ/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { createAccount, findUserById } from '../accounts/index.ts';
import { tooManyAttempts } from '../../platform/errors.ts';
import { checkCredentials } from '../accounts/index.ts';
import { throttledAttempt } from '../../platform/security/throttle.ts';
import { getShopSettings } from '../settings/index.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';

/** A messaging user as the bot knows them: their language and the accounts tied to them. */
export interface BotUser {
  language: Language;
  /** The account linked with "My account" (null: none). */
  userId: number | null;
  /** The free account given to them, ever (null: none yet). */
  freeUserId: number | null;
}

export type FreeAccount =
  | { kind: 'given'; username: string; password: string }
  | { kind: 'already'; username: string | null }
  | { kind: 'off' }
  | { kind: 'quota' };

const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The bot's record of a messaging user, made on first contact (Persian unless they chose otherwise). */
export async function botUser(ctx: AppContext, messagingId: string): Promise<BotUser> {
  await ctx.db
    .insertInto('bot_users')
    .values({ messaging_id: messagingId, language: 'fa', created_at: ctx.now().toISOString() })
    .onConflict((oc) => oc.column('messaging_id').doNothing())
    .execute();
  const row = await ctx.db
    .selectFrom('bot_users')
    .select(['language', 'user_id', 'free_user_id'])
    .where('messaging_id', '=', messagingId)
    .executeTakeFirstOrThrow();
  return {
    language: isLanguage(row.language) ? row.language : 'fa',
    userId: row.user_id,
    freeUserId: row.free_user_id,
  };
}

export async function setBotLanguage(ctx: AppContext, messagingId: string, language: Language): Promise<void> {
  await botUser(ctx, messagingId);
  await ctx.db.updateTable('bot_users').set({ language }).where('messaging_id', '=', messagingId).execute();
}

/**
 * The free account (CONTRACTS §9): one per messaging user, ever, within the shop's daily quota.
 * Claimed in one transaction by a conditional update of the user's row (a second press, in this
 * process or another, finds it claimed) and of the day's counter (never past the quota), so that
 * concurrent presses never make two accounts and the quota never overflows.
 */
export async function giveFreeAccount(ctx: AppContext, messagingId: string): Promise<FreeAccount> {
  const { free } = ctx.config;
  await botUser(ctx, messagingId);
  const now = ctx.now();
  return inTransaction(ctx.db, async (trx): Promise<FreeAccount> => {
    // The operator's switch (separ-admin settings set --free), SEPAR_FREE_ENABLED by default.
    const { freeEnabled } = await getShopSettings({ db: trx, config: ctx.config });
    const claimed = await trx
      .updateTable('bot_users')
      .set({ free_at: now.toISOString() })
      .where('messaging_id', '=', messagingId)
      .where('free_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) {
      const row = await trx
        .selectFrom('bot_users')
        .leftJoin('users', 'users.id', 'bot_users.free_user_id')
        .select('users.username')
        .where('messaging_id', '=', messagingId)
        .executeTakeFirst();
      return { kind: 'already', username: row?.username ?? null };
    }
    if (!freeEnabled) throw new Refused('off');
    const day = startOfDay(now).toISOString().slice(0, 10);
    await trx
      .insertInto('free_quota')
      .values({ day, given: 0 })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const counted = await trx
      .updateTable('free_quota')
      .set({ given: sql`given + 1` })
      .where('day', '=', day)
      .where('given', '<', free.dailyLimit)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) throw new Refused('quota');
    const made = await createAccount(
      trx,
      ctx.secrets,
      {
        allowedMB: free.mb,
        allowedDevices: free.devices,
        subsDays: free.days,
        ios: 0,
        speedLimitMbps: free.speedMbps > 0 ? free.speedMbps : null,
      },
      now,
    );
    await trx
      .updateTable('bot_users')
      .set({ free_user_id: made.user.id })
      .where('messaging_id', '=', messagingId)
      .execute();
    return { kind: 'given', username: made.user.username, password: made.password };
  }).catch((error: unknown): FreeAccount => {
    // Refused: the claim is rolled back with the transaction, so a later press may try again.
    if (error instanceof Refused) return { kind: error.reason };
    throw error;
  });
}

class Refused extends Error {
  readonly reason: 'off' | 'quota';
  constructor(reason: 'off' | 'quota') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Links an account to a messaging user with its username and password, throttled as the site's
 * login is (per account, and per messaging user as its client). Null for wrong credentials.
 */
export async function linkAccount(
  ctx: AppContext,
  messagingId: string,
  username: string,
  password: string,
): Promise<UserRow | null> {
  const user = await checkCredentials(ctx, username.trim(), password, `bot:${messagingId}`);
  if (!user) return null;
  await botUser(ctx, messagingId);
  await ctx.db.updateTable('bot_users').set({ user_id: user.id }).where('messaging_id', '=', messagingId).execute();
  return user;
}

/** A one-time link code: 8 digits, good once for 10 minutes. */
export const LINK_CODE_DIGITS = 8;
export const LINK_CODE_MINUTES = 10;
/** Codes a messaging user may try in an hour (the right one is not counted). */
export const LINK_CODE_TRIES_PER_HOUR = 10;

const codeMac = (ctx: AppContext, code: string) => ctx.secrets.box.mac('bot-link-code', code);

/**
 * A new one-time code for the panel's user to send to the bot (issue #24): 8 digits, good once for
 * 10 minutes, kept only as its MAC. A new code replaces the user's earlier ones; codes past their
 * time are swept away.
 */
export async function createLinkCode(ctx: AppContext, userId: number): Promise<{ code: string; expiresAt: string }> {
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + LINK_CODE_MINUTES * MINUTE_MS).toISOString();
  await ctx.db
    .deleteFrom('bot_link_codes')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', now.toISOString())]))
    .execute();
  for (let attempt = 0; ; attempt++) {
    const code = String(randomInt(0, 10 ** LINK_CODE_DIGITS)).padStart(LINK_CODE_DIGITS, '0');
    try {
      await ctx.db
        .insertInto('bot_link_codes')
        .values({
          code_mac: codeMac(ctx, code),
          user_id: userId,
          created_at: now.toISOString(),
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
      return { code, expiresAt };
    } catch (error) {
      // Another live code is the same (one in millions): draw again.
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Whether a message is a link code (8 digits, spaces allowed between them). */
export function asLinkCode(text: string): string | null {
  const digits = toLatinDigits(text).replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${LINK_CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * Links the chat with a one-time code from the panel: the code is used up by a conditional update
 * (once, before it expires), so two chats sending it at once cannot both link. Wrong codes are
 * counted per messaging user (LINK_CODE_TRIES_PER_HOUR), then refused with 429. Null for a wrong,
 * expired or used code.
 */
export async function linkWithCode(ctx: AppContext, messagingId: string, code: string): Promise<UserRow | null> {
  const now = ctx.now();
  const key = `botcode:chat:${messagingId}`;
  const attempt = await throttledAttempt(
    ctx.db,
    now,
    [{ key, limit: LINK_CODE_TRIES_PER_HOUR, windowMs: HOUR_MS }],
    (_, [state]) => tooManyAttempts(state!.retryAfterSeconds, 'codes tried'),
    async () =>
      (await ctx.db
        .updateTable('bot_link_codes')
        .set({ used_at: now.toISOString() })
        .where('code_mac', '=', codeMac(ctx, code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .returning('user_id')
        .executeTakeFirst()) ?? null,
  );
  if (!attempt.passed) return null;
  await attempt.refund();
  const used = attempt.value;
  const user = await findUserById(ctx.db, used.user_id);
  if (!user) return null;
  await botUser(ctx, messagingId);
  await ctx.db.updateTable('bot_users').set({ user_id: user.id }).where('messaging_id', '=', messagingId).execute();
  return user;
}

/** Links the chat to an account it paid for (the bot's card flow: the new account reaches the chat). */
export async function linkChatTo(ctx: AppContext, messagingId: string, userId: number): Promise<void> {
  await botUser(ctx, messagingId);
  await ctx.db.updateTable('bot_users').set({ user_id: userId }).where('messaging_id', '=', messagingId).execute();
}

export async function unlinkAccount(ctx: AppContext, messagingId: string): Promise<void> {
  await ctx.db.updateTable('bot_users').set({ user_id: null }).where('messaging_id', '=', messagingId).execute();
}

/** The linked account, if it still exists. */
export async function linkedAccount(ctx: AppContext, messagingId: string): Promise<UserRow | null> {
  const { userId } = await botUser(ctx, messagingId);
  return userId === null ? null : ((await findUserById(ctx.db, userId)) ?? null);
}

/** What `separ-admin bot status` reports: the settings, and what the bot has given and linked. */
export interface BotStatus {
  configured: boolean;
  apiRoot: string;
  free: { enabled: boolean; dailyLimit: number; givenToday: number; givenEver: number };
  messagingUsers: number;
  linkedChats: number;
}

export async function botStatus(ctx: AppContext): Promise<BotStatus> {
  const { bot, free } = ctx.config;
  const { freeEnabled } = await getShopSettings(ctx);
  const day = startOfDay(ctx.now()).toISOString().slice(0, 10);
  const today = await ctx.db.selectFrom('free_quota').select('given').where('day', '=', day).executeTakeFirst();
  const counts = await ctx.db
    .selectFrom('bot_users')
    .select((eb) => [
      eb.fn.countAll().as('users'),
      eb.fn.count('user_id').as('linked'),
      eb.fn.count('free_user_id').as('free'),
    ])
    .executeTakeFirstOrThrow();
  return {
    configured: bot.token !== null,
    apiRoot: bot.apiRoot,
    free: {
      enabled: freeEnabled,
      dailyLimit: free.dailyLimit,
      givenToday: Number(today?.given ?? 0),
      givenEver: Number(counts.free),
    },
    messagingUsers: Number(counts.users),
    linkedChats: Number(counts.linked),
  };
}
