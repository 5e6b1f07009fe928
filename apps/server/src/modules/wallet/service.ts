import {
  balanceAfter,
  isWalletEntryKind,
  WALLET_MAX_ENTRY,
  type WalletEntry,
  type WalletEntryKind,
} from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Db } from '../../platform/db/index.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { userByName } from '../accounts/index.ts';

/**
 * The wallet's ledger (CONTRACTS §10). Every change is one inserted entry that carries the balance
 * after it; nothing is ever updated. Writers of one account are put in line (PostgreSQL: the
 * account's row is locked; SQLite: one writer at a time), and the unique (user_id, seq) index
 * refuses a second entry built on the same balance, so no two purchases spend the same tomans.
 */

/** How many entries the panel and separ-admin show, newest first. */
export const WALLET_ENTRIES_SHOWN = 200;

function entryOf(row: {
  id: number;
  kind: string;
  amount: number;
  balance: number;
  created_at: string;
  ref: string | null;
}): WalletEntry {
  return {
    id: row.id,
    kind: isWalletEntryKind(row.kind) ? row.kind : 'adjustment',
    amount: Number(row.amount),
    balance: Number(row.balance),
    createdAt: row.created_at,
    ref: row.ref,
  };
}

async function lastEntry(db: Db, userId: number) {
  return db
    .selectFrom('wallet_entries')
    .select(['seq', 'balance'])
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** An account's balance in tomans: its last entry's, or 0. */
export async function walletBalance(db: Db, userId: number): Promise<number> {
  return Number((await lastEntry(db, userId))?.balance ?? 0);
}

/** An account's balance and its newest entries. */
export async function walletOf(ctx: AppContext, userId: number): Promise<{ balance: number; entries: WalletEntry[] }> {
  const rows = await ctx.db
    .selectFrom('wallet_entries')
    .select(['id', 'kind', 'amount', 'balance', 'created_at', 'ref'])
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(WALLET_ENTRIES_SHOWN)
    .execute();
  return { balance: rows.length ? Number(rows[0]!.balance) : 0, entries: rows.map(entryOf) };
}

export interface EntryInput {
  userId: number;
  kind: WalletEntryKind;
  /** Signed tomans, never 0. */
  amount: number;
  /** The order number or code: one entry of a kind per ref and account (a repeat returns the first). */
  ref?: string | null;
  note?: string | null;
  actor?: Actor | null;
}

/**
 * Writes one entry in the caller's transaction (or its own): the balance after it, which may not go
 * below zero (`insufficientBalance`, nothing written). An entry of the same kind and ref for the
 * account is not written again: the first one is returned, with `repeated`.
 */
export async function postEntry(
  db: Db,
  ctx: Pick<AppContext, 'now' | 'database'>,
  input: EntryInput,
): Promise<WalletEntry & { repeated: boolean }> {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0 || Math.abs(input.amount) > WALLET_MAX_ENTRY)
    throw invalid(`The amount must be a whole number of tomans, not 0, at most ${WALLET_MAX_ENTRY} either way.`);
  return inTransaction(db, async (trx) => {
    // Writers of one account in line: the account's row is locked until this transaction ends.
    if (ctx.database.kind === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', input.userId).forUpdate().executeTakeFirst();
    const ref = input.ref ?? null;
    if (ref !== null) {
      const earlier = await trx
        .selectFrom('wallet_entries')
        .select(['id', 'kind', 'amount', 'balance', 'created_at', 'ref'])
        .where('user_id', '=', input.userId)
        .where('kind', '=', input.kind)
        .where('ref', '=', ref)
        .executeTakeFirst();
      if (earlier) return { ...entryOf(earlier), repeated: true };
    }
    const last = await lastEntry(trx, input.userId);
    const balance = balanceAfter(Number(last?.balance ?? 0), input.amount);
    if (balance === null) throw new AppError('insufficientBalance');
    const row = await trx
      .insertInto('wallet_entries')
      .values({
        user_id: input.userId,
        seq: (last?.seq ?? 0) + 1,
        kind: input.kind,
        amount: input.amount,
        balance,
        ref,
        note: input.note ?? null,
        actor: input.actor ?? null,
        created_at: ctx.now().toISOString(),
      })
      .returning(['id', 'kind', 'amount', 'balance', 'created_at', 'ref'])
      .executeTakeFirstOrThrow();
    return { ...entryOf(row), repeated: false };
  });
}

/**
 * An operator's adjustment (`separ-admin wallet adjust`): an `adjustment` entry with the reason,
 * never below zero, audited with the balance before and after.
 */
export async function adjustWallet(
  ctx: AppContext,
  username: string,
  input: { amount: number; reason: string },
  actor: Actor,
): Promise<{ username: string; entry: WalletEntry; balance: number }> {
  const reason = input.reason.trim();
  if (!reason || reason.length > 200) throw invalid('Give a reason of 1 to 200 characters.');
  const user = await userByName(ctx.db, username);
  return ctx.db.transaction().execute(async (trx) => {
    const entry = await postEntry(trx, ctx, {
      userId: user.id,
      kind: 'adjustment',
      amount: input.amount,
      note: reason,
      actor,
    });
    await audit(trx, ctx, {
      actor,
      action: 'wallet.adjust',
      target: `user:${user.username}`,
      before: { balance: entry.balance - entry.amount },
      after: { balance: entry.balance, amount: entry.amount, reason },
    });
    return { username: user.username, entry, balance: entry.balance };
  });
}

/** An account's wallet by its username (separ-admin `wallet show`). */
export async function walletOfUsername(ctx: AppContext, username: string) {
  const user = await userByName(ctx.db, username);
  return { username: user.username, ...(await walletOf(ctx, user.id)) };
}
