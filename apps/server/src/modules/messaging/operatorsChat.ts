import { randomBytes } from 'node:crypto';
import { Api, InputFile } from 'grammy';
import { MINUTE_MS } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { storedEvent, type ShopEventKind, type StoredEvent } from '../../platform/events.ts';

/**
 * The operators' chat (CONTRACTS §13): the chats that hear of the shop's events by the bot — named
 * by SEPAR_BOT_OPERATOR_CHATS or linked with `separ-admin operators link-chat` — and the delivery of
 * those events, each claimed by one process and marked once sent.
 */

/** How long a process holds the events it claimed before another may take them. */
const CLAIM_MS = 2 * MINUTE_MS;
/** Events older than this when first seen (no chat was set then) are not sent: no flood of the past. */
const STALE_MS = 24 * 60 * MINUTE_MS;
/** The events only the webhooks take (the chat is not told of every new account). */
const NOT_FOR_THE_CHAT: ShopEventKind[] = ['user.created'];
/** A link code's life. */
const CODE_MINUTES = 10;

/** The operators' chats: the configured ones and the linked ones. */
export async function operatorChats(ctx: AppContext): Promise<string[]> {
  const linked = await ctx.db.selectFrom('operator_chats').select('messaging_id').execute();
  return [...new Set([...ctx.config.bot.operatorChats, ...linked.map((row) => row.messaging_id)])];
}

/** Whether a chat is one of the operators', and the operator it is linked to (or the configured chat). */
export async function operatorOfChat(ctx: AppContext, chat: string): Promise<string | null> {
  if (ctx.config.bot.operatorChats.includes(chat)) return `chat ${chat}`;
  const row = await ctx.db
    .selectFrom('operator_chats')
    .select('operator')
    .where('messaging_id', '=', chat)
    .executeTakeFirst();
  return row?.operator ?? null;
}

/**
 * The next events for the operators' chat, claimed for this process (a conditional update each);
 * those too old when first seen are marked as passed over. Nothing is claimed without a chat.
 */
export async function claimChatEvents(ctx: AppContext, limit = 20): Promise<StoredEvent[]> {
  if ((await operatorChats(ctx)).length === 0) return [];
  const now = ctx.now();
  const nowIso = now.toISOString();
  await ctx.db
    .updateTable('shop_events')
    .set({ chat_sent_at: nowIso })
    .where('chat_sent_at', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - STALE_MS).toISOString())
    .execute();
  const due = await ctx.db
    .selectFrom('shop_events')
    .selectAll()
    .where('chat_sent_at', 'is', null)
    .where('kind', 'not in', NOT_FOR_THE_CHAT)
    .where((eb) => eb.or([eb('chat_claimed_until', 'is', null), eb('chat_claimed_until', '<', nowIso)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  const claimed: StoredEvent[] = [];
  const until = new Date(now.getTime() + CLAIM_MS).toISOString();
  for (const row of due) {
    const won = await ctx.db
      .updateTable('shop_events')
      .set({ chat_claimed_until: until })
      .where('id', '=', row.id)
      .where('chat_sent_at', 'is', null)
      .where((eb) => eb.or([eb('chat_claimed_until', 'is', null), eb('chat_claimed_until', '<', nowIso)]))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) === 1) claimed.push(storedEvent(row));
  }
  return claimed;
}

/** Marks a claimed event as delivered to the operators' chats. */
export async function markChatEventSent(ctx: AppContext, id: number): Promise<void> {
  await ctx.db
    .updateTable('shop_events')
    .set({ chat_sent_at: ctx.now().toISOString(), chat_claimed_until: null })
    .where('id', '=', id)
    .execute();
}

const codeMac = (ctx: AppContext, code: string) => ctx.secrets.box.mac('operator-chat-code', code);

/** Whether a message is an operator's link code (`OP-` and ten letters or digits). */
export function asOperatorCode(text: string): string | null {
  const code = text.trim().toUpperCase();
  return /^OP-[A-Z2-9]{10}$/.test(code) ? code : null;
}

/**
 * `separ-admin operators link-chat <username>`: a one-time code, good for 10 minutes, that links the
 * chat it is sent from (to the bot) to the operator. Kept only as its MAC.
 */
export async function createOperatorChatCode(
  ctx: AppContext,
  operator: string,
  actor: Actor,
): Promise<{ code: string; expiresAt: string }> {
  const known = await ctx.db
    .selectFrom('operators')
    .select('username')
    .where('username', '=', operator)
    .executeTakeFirst();
  if (!known) throw notFound(`No operator named ${operator}.`);
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const code = `OP-${[...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * MINUTE_MS).toISOString();
  await ctx.db.deleteFrom('operator_chat_codes').where('expires_at', '<=', now.toISOString()).execute();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('operator_chat_codes')
      .values({ code_mac: codeMac(ctx, code), operator, expires_at: expiresAt, used_at: null })
      .execute();
    await audit(trx, ctx, {
      actor,
      action: 'operator.link-chat',
      target: `operator:${operator}`,
      after: { code: 'issued', expiresAt },
    });
  });
  return { code, expiresAt };
}

/** Links a chat to the operator whose code it sent (once, before it expires); audited. Null for a bad code. */
export async function linkOperatorChat(ctx: AppContext, chat: string, code: string): Promise<string | null> {
  const now = ctx.now().toISOString();
  const used = await ctx.db
    .updateTable('operator_chat_codes')
    .set({ used_at: now })
    .where('code_mac', '=', codeMac(ctx, code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('operator')
    .executeTakeFirst();
  if (!used) return null;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('operator_chats').where('messaging_id', '=', chat).execute();
    await trx
      .insertInto('operator_chats')
      .values({ messaging_id: chat, operator: used.operator, created_at: now })
      .execute();
    await audit(trx, ctx, {
      actor: used.operator as Actor,
      action: 'operator.link-chat',
      target: `operator:${used.operator}`,
      after: { chat },
    });
  });
  return used.operator;
}

/**
 * Sends a file to every operators' chat as documents, by the Bot API's `sendDocument` (used for the
 * scheduled backups, CONTRACTS §13): each part in turn, with its caption. Does nothing without the
 * bot's token or a chat. Answers the chats every part reached; a chat that refused is logged.
 */
export async function sendDocumentsToOperators(
  ctx: AppContext,
  parts: AsyncIterable<{ bytes: Uint8Array; filename: string; caption: string }>,
): Promise<string[]> {
  const token = ctx.config.bot.token;
  const chats = token ? await operatorChats(ctx) : [];
  if (!token || chats.length === 0) return [];
  const api = new Api(token, { apiRoot: ctx.config.bot.apiRoot });
  const reached = new Set(chats);
  for await (const part of parts) {
    for (const chat of chats) {
      if (!reached.has(chat)) continue;
      try {
        await api.sendDocument(chat, new InputFile(part.bytes, part.filename), { caption: part.caption });
      } catch (error) {
        reached.delete(chat);
        ctx.log.warn({ err: error, chat, file: part.filename }, 'could not send a document to an operators’ chat');
      }
    }
  }
  return [...reached];
}
