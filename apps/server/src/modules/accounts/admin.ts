import { sql } from 'kysely';
import {
  accountStatus,
  isValidPasswordText,
  maxPasswordLength,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_COMMON_MESSAGE,
  passwordTooLongMessage,
  type AdminListQuery,
  type AdminPage,
  type AdminUserAction,
  type AdminUserRow,
  type AdminUserStatus,
} from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { DatabaseKind, Db } from '../../platform/db/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { randomPassword } from '../../platform/security/crypto.ts';
import { accountOf } from './access.ts';
import { changePassword, createAccount, findUserByUsername } from './accounts.ts';
import { planById } from '../catalog/index.ts';
import { isCommonPassword } from '../../platform/security/commonPasswords.ts';
import { addDays } from '../../platform/clock.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { pageOf, sortOf, startsWith } from '../../platform/db/paging.ts';

/** The operators' view of the accounts: search, status, and what they may do to one. */

export function userStatus(user: UserRow, now: Date): AdminUserStatus {
  const state = accountStatus(accountOf(user, { devices: [], payments: [] }), now).state;
  return state === 'dataExceeded' ? 'depleted' : state;
}

export function rowOf(user: UserRow & { device_count?: number | string | null }, now: Date): AdminUserRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    status: userStatus(user, now),
    expireDate: user.expire_date,
    usedBytes: Number(user.used_bytes),
    allowedMB: Number(user.allowed_mb),
    devices: Number(user.device_count ?? 0),
    allowedDevices: user.allowed_devices,
    createdAt: user.created_at,
  };
}

const USER_SORTS = {
  username: 'username',
  createdAt: 'created_at',
  expireDate: 'expire_date',
  usedBytes: 'used_bytes',
} as const;

/**
 * The accounts the users list's search finds: `q` is what a username or an e-mail starts with,
 * whatever the case (none: every account). The list and the bulk actions on a filter both use it,
 * so a bulk action changes exactly the accounts the operator saw.
 */
export function usersFound(db: Db, kind: DatabaseKind, search: string | undefined) {
  const q = search?.trim();
  const base = db.selectFrom('users');
  if (!q) return base;
  if (q.length > 100) throw invalid('The search is too long.');
  return base.where((eb) => eb.or([startsWith(kind, 'username', q), startsWith(kind, 'email', q)]));
}

/**
 * The users list: `q` finds the start of a username or an e-mail, whatever the case (indexed on
 * both databases: docs/BENCHMARKS.md measures it at 100,000 accounts); newest first by default.
 */
export async function searchUsers(ctx: AppContext, query: AdminListQuery): Promise<AdminPage<AdminUserRow>> {
  const { page, pageSize, offset } = pageOf(query);
  const column = sortOf(USER_SORTS, query.sort, 'created_at');
  const dir = query.dir === 'asc' ? 'asc' : 'desc';
  const base = usersFound(ctx.db, ctx.database.kind, query.q);
  // The page's ids first, sorted on two narrow columns, then its rows and its devices by id: sorting
  // whole rows, or counting every matching account's devices before the sort, cost SQLite ten
  // times as much at 100,000 accounts.
  const [pageIds, count] = await Promise.all([
    base.select('id').orderBy(column, dir).orderBy('id', dir).limit(pageSize).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = pageIds.map((r) => r.id);
  const order = new Map(ids.map((id, index) => [id, index]));
  const rows =
    ids.length === 0
      ? []
      : (await ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).execute()).sort(
          (a, b) => order.get(a.id)! - order.get(b.id)!,
        );
  const devices =
    ids.length === 0
      ? []
      : await ctx.db
          .selectFrom('devices')
          .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
          .where('user_id', 'in', ids)
          .groupBy('user_id')
          .execute();
  const deviceCount = new Map(devices.map((d) => [d.user_id, Number(d.n)]));
  const now = ctx.now();
  return {
    items: rows.map((r) => rowOf({ ...r, device_count: deviceCount.get(r.id) ?? 0 }, now)),
    total: Number(count.n),
    page,
    pageSize,
  };
}

export async function userByName(db: Db, username: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user) throw notFound(`No user named "${username}".`);
  return user;
}

/** What the audit log keeps of an account: the fields an operator changes. */
function snapshot(user: UserRow) {
  return {
    suspended: user.suspend === 1,
    expireDate: user.expire_date,
    pendingDays: user.subs_days,
    allowedMB: Number(user.allowed_mb),
  };
}

// --- The rules of an operator's changes to an account: one account's action and the bulk actions use these.

/** The days an operator extends an account by: 1 to 3650. */
export function checkExtendDays(days: number): void {
  if (!Number.isInteger(days) || days <= 0 || days > 3650) throw invalid('Days must be a whole number from 1 to 3650.');
}

/** The MB an operator adds to an account: a whole number from 1. */
export function checkAddMB(mb: number): void {
  if (!Number.isInteger(mb) || mb <= 0 || mb > 100_000_000)
    throw invalid('Data must be a whole number of MB, at least 1.');
}

/** Whether data can be added to an account: not to one whose data is unlimited. */
export function takesData(user: Pick<UserRow, 'allowed_mb'>): boolean {
  return Number(user.allowed_mb) !== -1;
}

/**
 * An account extended by `days`: one not started yet starts with more days; a running one expires
 * `days` after its expiry, or after now when it has expired.
 */
export function extendedTerms(
  user: Pick<UserRow, 'subs_days' | 'expire_date'>,
  days: number,
  now: Date,
): { subs_days: number } | { expire_date: string } {
  if (user.subs_days > 0) return { subs_days: user.subs_days + days };
  const base = user.expire_date && Date.parse(user.expire_date) > now.getTime() ? new Date(user.expire_date) : now;
  return { expire_date: addDays(base, days) };
}

/** An operator's action on an account: the admin contract's (`AdminUserAction`). */
export type UserActionInput = AdminUserAction;

export interface UserActionResult {
  username: string;
  /** reset-password: the new password, to be shown once. */
  password?: string;
  /** extend: the new expiry, or the days a pending account will start with. */
  expireDate?: string | null;
  pendingDays?: number;
  /** add-data: the new allowance. */
  allowedMB?: number;
  sessionsEnded?: number;
  devicesEnded?: number;
}

/**
 * The one place where an operator changes an account, for the web admin and separ-admin alike:
 * suspend, unsuspend, extend by days, add data, reset the password, end its devices. Each change
 * and its audit record are one transaction.
 */
export async function userAction(
  ctx: AppContext,
  username: string,
  input: UserActionInput,
  actor: Actor,
): Promise<UserActionResult> {
  const now = ctx.now();
  const stamp = now.toISOString();
  const target = `user:${username}`;
  if (input.action === 'reset-password') {
    const user = await userByName(ctx.db, username);
    const given = input.password;
    const password = given ?? randomPassword(12);
    if (password.length < MIN_PASSWORD_LENGTH || !isValidPasswordText(password))
      throw invalid(`The password must be at least ${MIN_PASSWORD_LENGTH} Latin letters and digits.`);
    const max = maxPasswordLength(user.username);
    if (password.length > max) throw invalid(`${passwordTooLongMessage(max)}.`);
    if (given !== undefined && isCommonPassword(given)) throw invalid(`${PASSWORD_TOO_COMMON_MESSAGE}.`);
    // CONTRACTS §15: also a new VPN id and subscription URL, the bot's chats unlinked, every session ended.
    const ended = await changePassword(ctx, user.id, password, { generated: given === undefined });
    await audit(ctx.db, ctx, { actor, action: 'user.reset-password', target, after: { ...ended } });
    return { username, password, ...ended };
  }
  return ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('users').selectAll().where('username', '=', username);
    if (ctx.database.kind === 'postgres') query = query.forUpdate();
    const user = await query.executeTakeFirst();
    if (!user) throw notFound(`No user named "${username}".`);
    const before = snapshot(user);
    const result: UserActionResult = { username };
    switch (input.action) {
      case 'suspend':
      case 'unsuspend':
        await trx
          .updateTable('users')
          .set({ suspend: input.action === 'suspend' ? 1 : 0, updated_at: stamp })
          .where('id', '=', user.id)
          .execute();
        break;
      case 'extend': {
        checkExtendDays(input.days);
        const terms = extendedTerms(user, input.days, now);
        await trx
          .updateTable('users')
          .set({ ...terms, updated_at: stamp })
          .where('id', '=', user.id)
          .execute();
        if ('subs_days' in terms) {
          // Not started yet: it will start with more days.
          result.pendingDays = terms.subs_days;
          result.expireDate = null;
        } else result.expireDate = terms.expire_date;
        break;
      }
      case 'add-data': {
        const mb = input.mb;
        checkAddMB(mb);
        if (!takesData(user)) throw invalid(`User ${user.username} has unlimited data already.`);
        // Added in the statement itself: two additions made together both count.
        await trx
          .updateTable('users')
          .set({ allowed_mb: sql`allowed_mb + ${mb}`, updated_at: stamp })
          .where('id', '=', user.id)
          .execute();
        result.allowedMB = Number(user.allowed_mb) + mb;
        break;
      }
      case 'end-devices': {
        // The app devices and the web sessions; an OpenConnect connection ends when its device
        // disconnects (ocserv is not asked to drop it), and a V2Ray client when the account changes.
        const devices = await trx.deleteFrom('devices').where('user_id', '=', user.id).executeTakeFirst();
        const sessions = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
        result.devicesEnded = Number(devices.numDeletedRows);
        result.sessionsEnded = Number(sessions.numDeletedRows);
        break;
      }
      default:
        throw invalid('Unknown action.');
    }
    const after =
      input.action === 'end-devices'
        ? { devicesEnded: result.devicesEnded, sessionsEnded: result.sessionsEnded }
        : snapshot(await trx.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow());
    await audit(trx, ctx, {
      actor,
      action: `user.${input.action}`,
      target,
      before: input.action === 'end-devices' ? undefined : before,
      after,
    });
    return result;
  });
}

/** The rule for a username an operator chooses (a generated one is "sp" and six digits). */
const USERNAME = /^[a-z0-9_.-]{3,20}$/i;

/** A password an operator gives or makes: the panel's rules (length, letters and digits, not common). */
function checkOperatorPassword(password: string, given: boolean): void {
  if (password.length < MIN_PASSWORD_LENGTH || !isValidPasswordText(password))
    throw invalid(`The password must be at least ${MIN_PASSWORD_LENGTH} Latin letters and digits.`);
  const max = maxPasswordLength();
  if (password.length > max) throw invalid(`${passwordTooLongMessage(max)}.`);
  if (given && isCommonPassword(password)) throw invalid(`${PASSWORD_TOO_COMMON_MESSAGE}.`);
}

export interface NewUserInput {
  /** The plan's data, days, devices and platform; without one, the fields below. */
  planId?: number;
  allowedMB?: number;
  days?: number;
  devices?: number;
  ios?: 0 | 1;
  username?: string;
  password?: string;
  email?: string | null;
}

/**
 * An account an operator makes (separ-admin users create): from a plan or given terms, starting on
 * its first connection, with the username and password given or generated. The account and its
 * audit record are one transaction; the password is shown once and never logged.
 */
export async function createUser(
  ctx: AppContext,
  input: NewUserInput,
  actor: Actor,
): Promise<{ user: UserRow; password: string }> {
  const plan = input.planId === undefined ? undefined : await planById(ctx, input.planId);
  if (input.password !== undefined) checkOperatorPassword(input.password, true);
  if (input.username !== undefined && !USERNAME.test(input.username))
    throw invalid('A username must be 3 to 20 letters, digits, dots, dashes or underscores.');
  const terms = {
    allowedMB: plan ? Number(plan.allowed_mb) : input.allowedMB,
    allowedDevices: plan ? plan.allowed_devices : input.devices,
    subsDays: plan ? plan.subs_days : input.days,
    ios: plan ? plan.ios : (input.ios ?? 0),
  };
  if (terms.allowedMB === undefined || terms.allowedDevices === undefined || terms.subsDays === undefined)
    throw invalid('Give a plan, or the data, days and devices.');
  const { allowedMB, allowedDevices, subsDays, ios } = terms;
  return ctx.db.transaction().execute(async (trx) => {
    if (input.username !== undefined && (await findUserByUsername(trx, input.username)))
      throw conflict(`The username ${input.username} is taken.`);
    const created = await createAccount(
      trx,
      ctx.secrets,
      {
        username: input.username,
        password: input.password,
        email: input.email ?? null,
        allowedMB,
        allowedDevices,
        subsDays,
        ios,
        planId: plan?.id ?? null,
      },
      ctx.now(),
    );
    await audit(trx, ctx, {
      actor,
      action: 'user.create',
      target: `user:${created.user.username}`,
      after: { planId: plan?.id ?? null, allowedMB, allowedDevices, pendingDays: subsDays, ios: ios === 1 },
    });
    return created;
  });
}

/** An account and its app devices, as separ-admin's users show prints them. */
export async function userWithDevices(ctx: AppContext, username: string) {
  const user = await userByName(ctx.db, username);
  const devices = await ctx.db
    .selectFrom('devices')
    .select(['id', 'device_info', 'login_at'])
    .where('user_id', '=', user.id)
    .execute();
  return { user, devices };
}

/** An account's web sessions, oldest first. */
export async function webSessions(ctx: AppContext, username: string) {
  const user = await userByName(ctx.db, username);
  const sessions = await ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  return { user, sessions };
}

/** Ends an account's web sessions (its app devices stay: users end-devices ends both). Audited. */
export async function revokeWebSessions(
  ctx: AppContext,
  username: string,
  actor: Actor,
): Promise<{ username: string; revoked: number }> {
  return ctx.db.transaction().execute(async (trx) => {
    const user = await userByName(trx, username);
    const result = await trx.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    const revoked = Number(result.numDeletedRows);
    await audit(trx, ctx, {
      actor,
      action: 'user.revoke-sessions',
      target: `user:${user.username}`,
      after: { revoked },
    });
    return { username: user.username, revoked };
  });
}
