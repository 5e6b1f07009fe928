import { sql } from 'kysely';
import { ADMIN_BULK_MAX, type AdminBulkActionName } from '@separ/domain';
import type { AdminBulkInput, AdminBulkResult } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { addDays } from '../../platform/clock.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { checkAddMB, checkExtendDays, extendedTerms, takesData, usersFound } from './admin.ts';

/**
 * The bulk actions on accounts (docs/ADMIN.md, `POST /api/admin/users/bulk`, `separ-admin users
 * bulk`): one action on the named accounts or on those the users list's search finds, with the
 * rules of one account's action (admin.ts), in one transaction with one audit entry that carries
 * the count. The nodes' user list version moves by exactly one when it commits.
 */

/** How many ids go into one statement's `in (…)` (well under both databases' parameter limits). */
const CHUNK = 500;

type Found = Pick<UserRow, 'id' | 'username' | 'suspend' | 'subs_days' | 'expire_date' | 'allowed_mb' | 'used_bytes'>;

/** Whether the action changes an account it found (the others are counted as skipped). */
function applies(action: AdminBulkActionName, user: Found, now: Date, days: number): boolean {
  switch (action) {
    case 'suspend':
      return user.suspend !== 1;
    case 'unsuspend':
      return user.suspend === 1;
    case 'reset-usage':
      return Number(user.used_bytes) > 0;
    case 'add-data':
      return takesData(user);
    case 'extend':
      return true;
    case 'delete-expired':
      return expiredBefore(user, addDays(now, -days));
  }
}

/** An account that has started and expired before `cutoff` (an account not started never expires). */
function expiredBefore(user: Pick<UserRow, 'expire_date' | 'subs_days'>, cutoff: string): boolean {
  return user.subs_days <= 0 && user.expire_date !== null && Date.parse(user.expire_date) < Date.parse(cutoff);
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** The input's own checks, before any account is read. */
function checkInput(input: AdminBulkInput): { days: number; mb: number } {
  if ((input.usernames === undefined) === (input.filter === undefined))
    throw invalid('Name the accounts (usernames) or give a filter, not both.');
  if (input.action === 'extend') checkExtendDays(input.days ?? NaN);
  if (input.action === 'add-data') checkAddMB(input.mb ?? NaN);
  if (input.action === 'delete-expired') {
    const days = input.days;
    if (days === undefined || !Number.isInteger(days) || days < 0 || days > 3650)
      throw invalid('Give days: delete the accounts that expired more than that many days ago (0 to 3650).');
  }
  return { days: input.days ?? 0, mb: input.mb ?? 0 };
}

export async function bulkUsers(ctx: AppContext, input: AdminBulkInput, actor: Actor): Promise<AdminBulkResult> {
  const { action } = input;
  const { days, mb } = checkInput(input);
  const dryRun = input.dryRun === true;
  const now = ctx.now();
  const stamp = now.toISOString();
  const kind = ctx.database.kind;
  const columns = ['id', 'username', 'suspend', 'subs_days', 'expire_date', 'allowed_mb', 'used_bytes'] as const;
  return ctx.db.transaction().execute(async (trx) => {
    let found: Found[];
    if (input.usernames) {
      const names = [...new Set(input.usernames)];
      if (names.length > ADMIN_BULK_MAX) throw invalid(`Name at most ${ADMIN_BULK_MAX} accounts.`);
      found = [];
      for (const part of chunks(names)) {
        let query = trx.selectFrom('users').select(columns).where('username', 'in', part).orderBy('id');
        if (kind === 'postgres') query = query.forUpdate();
        found.push(...(await query.execute()));
      }
      if (found.length < names.length) {
        const known = new Set(found.map((u) => u.username));
        const missing = names.filter((name) => !known.has(name));
        throw notFound(
          `No user named ${missing
            .slice(0, 5)
            .map((name) => `"${name}"`)
            .join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}.`,
        );
      }
    } else {
      let query = usersFound(trx, kind, input.filter?.q)
        .select(columns)
        .orderBy('id')
        .limit(ADMIN_BULK_MAX + 1);
      if (kind === 'postgres') query = query.forUpdate();
      found = await query.execute();
      if (found.length > ADMIN_BULK_MAX)
        throw invalid(`The filter finds more than ${ADMIN_BULK_MAX} accounts: narrow it, or act in parts.`);
    }
    const targets = found.filter((user) => applies(action, user, now, days));
    const result: AdminBulkResult = {
      action,
      matched: found.length,
      count: targets.length,
      skipped: found.length - targets.length,
      dryRun,
    };
    if (dryRun) return result;
    if (action === 'delete-expired' && input.confirm?.trim() !== String(targets.length))
      throw invalid(
        `To delete ${targets.length} account(s), confirm with their number (confirm: "${targets.length}").`,
      );
    // The nodes' user list moves once, whatever the number of accounts: its version is bumped here,
    // which holds its row until the commit, and put back to that one bump at the end (the triggers
    // bump it for each changed row in between; no one sees those uncommitted values). Taken after
    // the accounts' rows, as every other writer of accounts takes the two: no deadlock.
    const listVersion = (
      await trx
        .updateTable('list_versions')
        .set({ version: sql`version + 1` })
        .where('name', '=', 'users')
        .returning('version')
        .executeTakeFirst()
    )?.version;
    const ids = targets.map((user) => user.id);
    for (const part of chunks(ids)) {
      switch (action) {
        case 'suspend':
        case 'unsuspend':
          await trx
            .updateTable('users')
            .set({ suspend: action === 'suspend' ? 1 : 0, updated_at: stamp })
            .where('id', 'in', part)
            .execute();
          break;
        case 'reset-usage':
          await trx.updateTable('users').set({ used_bytes: 0, updated_at: stamp }).where('id', 'in', part).execute();
          break;
        case 'add-data':
          // Added in the statement itself, as one account's add-data does.
          await trx
            .updateTable('users')
            .set({ allowed_mb: sql`allowed_mb + ${mb}`, updated_at: stamp })
            .where('id', 'in', part)
            .where('allowed_mb', '<>', -1)
            .execute();
          break;
        case 'delete-expired':
          await trx.deleteFrom('users').where('id', 'in', part).execute();
          break;
        case 'extend': {
          // Accounts not started yet all get the same days more; a running account its own expiry.
          const pending = targets.filter((user) => part.includes(user.id) && user.subs_days > 0).map((u) => u.id);
          if (pending.length > 0)
            await trx
              .updateTable('users')
              .set({ subs_days: sql`subs_days + ${days}`, updated_at: stamp })
              .where('id', 'in', pending)
              .where('subs_days', '>', 0)
              .execute();
          break;
        }
      }
    }
    if (action === 'extend')
      for (const user of targets) {
        if (user.subs_days > 0) continue;
        await trx
          .updateTable('users')
          .set({ ...extendedTerms(user, days, now), updated_at: stamp })
          .where('id', '=', user.id)
          .execute();
      }
    if (listVersion !== undefined)
      await trx.updateTable('list_versions').set({ version: listVersion }).where('name', '=', 'users').execute();
    await audit(trx, ctx, {
      actor,
      action: `users.bulk-${action}`,
      target: input.usernames ? 'users:selected' : `users:filter:${input.filter?.q?.trim() ?? ''}`,
      after: {
        count: result.count,
        matched: result.matched,
        skipped: result.skipped,
        ...(action === 'extend' || action === 'delete-expired' ? { days } : {}),
        ...(action === 'add-data' ? { mb } : {}),
        ...(input.filter ? { filter: { q: input.filter.q?.trim() ?? '' } } : {}),
        usernames: targets.map((user) => user.username),
      },
    });
    return result;
  });
}
