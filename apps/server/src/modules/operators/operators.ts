import { Secret, TOTP } from 'otpauth';
import {
  DEFAULT_OPERATOR_ROLE,
  isOperatorRole,
  OPERATOR_ROLES,
  type AdminOperator,
  type AdminOperatorCreated,
  type AdminOperatorRow,
  type AdminTotpSetup,
  type OperatorRole,
} from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { OperatorRow } from '../../platform/db/schema.ts';
import { clientKey } from '../../platform/http/clientKey.ts';
import { randomPassword, randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { AppError, conflict, invalid, notFound, tooManyAttempts } from '../../platform/errors.ts';
import { throttledCheck } from '../accounts/index.ts';
import { throttledAttempt } from '../../platform/security/throttle.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { HOUR_MS, MINUTE_MS } from '@separ/domain';

/** The operators of the web admin (CONTRACTS §8), their sign-in, sessions and one-time codes. */

export const OPERATOR_USERNAME = /^[a-z0-9_.-]{3,32}$/;
export const OPERATOR_MIN_PASSWORD = 10;
const OPERATOR_MAX_PASSWORD = 128;
/** A session lives this long whatever it does, and ends sooner after `config.adminIdleMinutes` idle. */
const SESSION_MAX_MS = 12 * HOUR_MS;
/** A session's last use is written at most this often (one write a minute, not one a request). */
const TOUCH_EVERY_MS = MINUTE_MS;
const TOTP_PERIOD = 30;
/**
 * Wrong one-time codes (CONTRACTS §15): at the fifth for one operator in 15 minutes their sign-in is
 * locked until an unlock; at the sixth from one client in 15 minutes that client is refused (429).
 */
export const WRONG_CODES_LIMIT = 5;
const WRONG_CODES_WINDOW_MS = 15 * MINUTE_MS;
const wrongCodesKey = (username: string) => `otp:operator:${username}`;
const wrongCodesClientKey = (ip: string) => `otp:ip:${clientKey(ip)}`;
const loginKey = (username: string) => `login:operator:${username}`;

function rowOf(o: OperatorRow): AdminOperatorRow {
  return {
    id: o.id,
    username: o.username,
    totpEnabled: o.totp_sealed !== null,
    createdAt: o.created_at,
    lastLoginAt: o.last_login_at,
    locked: o.locked_at !== null,
    role: roleOf(o),
  };
}

/** An operator row's role; a value the table does not know gives the least (support), never more. */
export function roleOf(o: Pick<OperatorRow, 'role'>): OperatorRole {
  return isOperatorRole(o.role) ? o.role : 'support';
}

export function operatorOf(o: OperatorRow): AdminOperator {
  return { username: o.username, totpEnabled: o.totp_sealed !== null, role: roleOf(o) };
}

/** A role named from outside (the CLI, the admin), checked. */
export function parseRole(value: unknown): OperatorRole {
  if (!isOperatorRole(value)) throw invalid(`The role must be one of: ${OPERATOR_ROLES.join(', ')}.`);
  return value;
}

/** Makes an operator; the password is generated when not given, and returned to be shown once. */
/** The sandbox's operator (not in production): its sign-in is in the README. */
export const DEMO_OPERATOR = { username: 'demo', password: 'sandbox-operator' } as const;

/**
 * Adds the sandbox's operator to a shop that has no operator at all (a shop with any operator is
 * left as it is). True when it was added.
 */
export async function seedDemoOperator(ctx: AppContext): Promise<boolean> {
  const any = await ctx.db.selectFrom('operators').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  try {
    await addOperator(ctx, DEMO_OPERATOR, 'sandbox');
    ctx.log.info({ operator: DEMO_OPERATOR.username }, 'sandbox: demo operator added (not in production)');
    return true;
  } catch (error) {
    // Another process starting at once added it first.
    if ((error as { code?: unknown })?.code === 'conflict') return false;
    throw error;
  }
}

export async function addOperator(
  ctx: AppContext,
  input: { username: string; password?: string; role?: OperatorRole },
  actor: Actor,
): Promise<AdminOperatorCreated> {
  const username = input.username.trim().toLowerCase();
  if (!OPERATOR_USERNAME.test(username))
    throw invalid('The username must be 3 to 32 Latin letters, digits, dots, dashes or underscores.');
  const given = input.password;
  if (given !== undefined && (given.length < OPERATOR_MIN_PASSWORD || given.length > OPERATOR_MAX_PASSWORD))
    throw invalid(`The password must be ${OPERATOR_MIN_PASSWORD} to ${OPERATOR_MAX_PASSWORD} characters long.`);
  const password = given ?? randomPassword(16);
  const { passwords } = ctx.secrets;
  const hash = given === undefined ? await passwords.hashGenerated(password) : await passwords.hashChosen(password);
  const now = ctx.now().toISOString();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) throw conflict(`An operator named ${username} exists already.`);
    // The first operator of a shop is its owner (CONTRACTS §13); later ones are `admin` unless named.
    const first = !(await trx.selectFrom('operators').select('id').limit(1).executeTakeFirst());
    const role: OperatorRole = first ? 'owner' : (input.role ?? DEFAULT_OPERATOR_ROLE);
    const row = await trx
      .insertInto('operators')
      .values({ username, password_hash: hash, created_at: now, totp_sealed: null, totp_pending_sealed: null, role })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, {
      actor,
      action: 'operator.add',
      target: `operator:${username}`,
      after: { username, role },
    });
    return row;
  });
  return { operator: rowOf(created), password };
}

/**
 * Gives an operator another role. The shop keeps at least one owner: the last one cannot become
 * anything less. Audited `operator.role`.
 */
export async function setOperatorRole(
  ctx: AppContext,
  username: string,
  role: OperatorRole,
  actor: Actor,
): Promise<AdminOperatorRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
    if (!row) throw notFound(`No operator named ${username}.`);
    const before = roleOf(row);
    if (before === role) return rowOf(row);
    if (before === 'owner') {
      const owners = await trx
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      if (Number(owners.n) <= 1) throw conflict('The shop needs an owner: make another operator owner first.');
    }
    await trx.updateTable('operators').set({ role }).where('id', '=', row.id).execute();
    await audit(trx, ctx, {
      actor,
      action: 'operator.role',
      target: `operator:${username}`,
      before: { role: before },
      after: { role },
    });
    return rowOf({ ...row, role });
  });
}

export async function listOperators(ctx: AppContext): Promise<AdminOperatorRow[]> {
  const rows = await ctx.db.selectFrom('operators').selectAll().orderBy('username').execute();
  return rows.map(rowOf);
}

/** Removes an operator and ends their sessions. The web admin cannot remove the one signed in. */
export async function removeOperator(ctx: AppContext, username: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
    if (!row) throw notFound(`No operator named ${username}.`);
    if (roleOf(row) === 'owner') {
      const owners = await trx
        .selectFrom('operators')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      if (Number(owners.n) <= 1) throw conflict('The shop needs an owner: make another operator owner first.');
    }
    await trx.deleteFrom('admin_sessions').where('operator_id', '=', row.id).execute();
    await trx.deleteFrom('operators').where('id', '=', row.id).execute();
    await trx
      .deleteFrom('throttle')
      .where('key', 'in', [wrongCodesKey(username), loginKey(username)])
      .execute();
    await audit(trx, ctx, { actor, action: 'operator.remove', target: `operator:${username}`, before: rowOf(row) });
  });
}

/**
 * Why a sign-in (or a change that needs the current one-time code) failed: 401 with its own code
 * (docs/ADMIN.md), or 423 `operator_locked` while wrong codes keep the operator locked.
 */
const locked = () => new AppError('operator_locked');
const badCode = () => new AppError('bad_otp');

/** The name a failed sign-in is audited under: the operator's, or what was typed when it cannot be one. */
const triedName = (username: string) => (OPERATOR_USERNAME.test(username) ? username : '(not an operator name)');

/** Sets the lock (once) and writes it to the audit log. */
async function lockOperator(ctx: AppContext, operator: OperatorRow, wrongCodes: number): Promise<void> {
  const now = ctx.now().toISOString();
  const result = await ctx.db
    .updateTable('operators')
    .set({ locked_at: now })
    .where('id', '=', operator.id)
    .where('locked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1)
    await audit(ctx.db, ctx, {
      actor: operator.username,
      action: 'operator.lock',
      target: `operator:${operator.username}`,
      before: { locked: false },
      after: { locked: true, wrongCodes },
    });
}

/**
 * Checks the operator's current one-time code, if they have codes on (nothing to check otherwise):
 * at sign-in, and before the secret is replaced, codes are turned off or an operator is added.
 * Each code is counted per operator and per client before it is checked, and taken back when it
 * is right; a wrong one is audited, and the fifth in 15 minutes locks the operator (CONTRACTS §15).
 */
export async function checkCurrentCode(
  ctx: AppContext,
  operator: Pick<OperatorRow, 'id'>,
  code: string | undefined,
  ip: string,
): Promise<void> {
  const fresh = await ctx.db.selectFrom('operators').selectAll().where('id', '=', operator.id).executeTakeFirst();
  if (!fresh) throw notFound('No such operator.');
  if (fresh.locked_at !== null) throw locked();
  const sealed = fresh.totp_sealed;
  if (sealed === null) return;
  if (code === undefined || code === '') throw new AppError('otp_required');
  const operatorKey = wrongCodesKey(fresh.username);
  const clientCodesKey = wrongCodesClientKey(ip);
  const attempt = await throttledAttempt(
    ctx.db,
    ctx.now(),
    [
      { key: operatorKey, limit: WRONG_CODES_LIMIT, windowMs: WRONG_CODES_WINDOW_MS },
      { key: clientCodesKey, limit: WRONG_CODES_LIMIT, windowMs: WRONG_CODES_WINDOW_MS },
    ],
    async (refusedBy, states) => {
      if (refusedBy === 1) return tooManyAttempts(states[1]!.retryAfterSeconds, 'wrong one-time codes');
      await lockOperator(ctx, fresh, states[0]!.count);
      return locked();
    },
    async () => ((await useCode(ctx, fresh, ctx.secrets.box.open(sealed), code)) ? true : null),
  );
  if (attempt.passed) {
    await attempt.refund();
    return;
  }
  const wrongCodes = attempt.states[0]!.count;
  await audit(ctx.db, ctx, {
    actor: fresh.username,
    action: 'operator.otp-wrong',
    target: `operator:${fresh.username}`,
    after: { ip, wrongCodes },
  });
  if (wrongCodes >= WRONG_CODES_LIMIT) await lockOperator(ctx, fresh, wrongCodes);
  throw badCode();
}

/**
 * Lifts a lock (and forgets the operator's wrong codes and sign-in attempts): from separ-admin, or
 * by another operator in the web admin, never by the locked operator's own session.
 */
export async function unlockOperator(ctx: AppContext, username: string, actor: Actor): Promise<AdminOperatorRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
    if (!row) throw notFound(`No operator named ${username}.`);
    if (actor === row.username)
      throw conflict('Another operator, or separ-admin operators unlock, lifts your own lock.');
    const unlocked = await trx
      .updateTable('operators')
      .set({ locked_at: null })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('throttle')
      .where('key', 'in', [wrongCodesKey(username), loginKey(username)])
      .execute();
    await audit(trx, ctx, {
      actor,
      action: 'operator.unlock',
      target: `operator:${username}`,
      before: { locked: row.locked_at !== null },
      after: { locked: false },
    });
    return rowOf(unlocked);
  });
}

function totpFor(username: string, secret: string): TOTP {
  return new TOTP({
    issuer: 'Separ',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code is right for (this step, or one either side for a slow phone clock), or null.
 * A step is accepted once: the code cannot be replayed.
 */
function codeStep(ctx: AppContext, username: string, secret: string, code: string | undefined): number | null {
  const token = (code ?? '').replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = ctx.now().getTime();
  const delta = totpFor(username, secret).validate({ token, timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD) + delta;
}

/** Accepts the code once: the step is written only if it is later than the last one accepted. */
async function useCode(ctx: AppContext, operator: OperatorRow, secret: string, code: string | undefined) {
  const step = codeStep(ctx, operator.username, secret, code);
  if (step === null) return false;
  const result = await ctx.db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operator.id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Signs an operator in: the password under the customers' login throttle (per username, per client
 * and for the whole shop), then the lock and the one-time code when it is on. The attempt is taken
 * back from the throttle only once both factors passed (CONTRACTS §15); failures are audited with
 * the name tried. Returns a new session's token for the cookie.
 */
export async function signIn(
  ctx: AppContext,
  input: { username: string; password: string; otp?: string },
  meta: { ip: string; userAgent?: string },
): Promise<{ token: string; operator: OperatorRow }> {
  const username = input.username.trim().toLowerCase();
  const row = OPERATOR_USERNAME.test(username)
    ? await ctx.db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst()
    : undefined;
  const checked = await throttledCheck(ctx, {
    key: loginKey(username),
    row,
    password: input.password,
    ip: meta.ip,
  });
  const failed = (reason: string) =>
    audit(ctx.db, ctx, {
      actor: triedName(username),
      action: 'operator.sign-in-failed',
      target: `operator:${triedName(username)}`,
      after: { reason, ip: meta.ip },
    });
  if (!checked) {
    await failed('bad_credentials');
    throw new AppError('bad_credentials');
  }
  const operator = checked.row;
  if (operator.locked_at !== null) {
    await failed('operator_locked');
    throw locked();
  }
  // Wrong codes are audited as such (operator.otp-wrong) by the check itself.
  if (operator.totp_sealed !== null) await checkCurrentCode(ctx, operator, input.otp, meta.ip);
  await checked.refund();
  const token = randomToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('admin_sessions')
    .values({
      token_hash: tokenHash(token),
      operator_id: operator.id,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MAX_MS).toISOString(),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  await ctx.db
    .updateTable('operators')
    .set({ last_login_at: now.toISOString() })
    .where('id', '=', operator.id)
    .execute();
  await audit(ctx.db, ctx, { actor: operator.username, action: 'operator.sign-in', target: `operator:${username}` });
  return { token, operator };
}

/**
 * The operator of a live session: not past its 12 hours, and used within the idle timeout. Its
 * last use moves forward at most once a minute.
 */
export async function operatorForSession(ctx: AppContext, token: string): Promise<OperatorRow | undefined> {
  if (token.length > 200) return undefined;
  const now = ctx.now();
  const hash = tokenHash(token);
  const found = await ctx.db
    .selectFrom('admin_sessions')
    .innerJoin('operators', 'operators.id', 'admin_sessions.operator_id')
    .selectAll('operators')
    .select(['admin_sessions.last_seen_at as session_seen', 'admin_sessions.expires_at as session_ends'])
    .where('admin_sessions.token_hash', '=', hash)
    .executeTakeFirst();
  if (!found) return undefined;
  const idleMs = ctx.config.adminIdleMinutes * MINUTE_MS;
  const seen = Date.parse(found.session_seen);
  if (Date.parse(found.session_ends) <= now.getTime() || seen + idleMs <= now.getTime()) {
    await ctx.db.deleteFrom('admin_sessions').where('token_hash', '=', hash).execute();
    return undefined;
  }
  if (now.getTime() - seen >= TOUCH_EVERY_MS)
    await ctx.db
      .updateTable('admin_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('token_hash', '=', hash)
      .execute();
  const { session_seen: _seen, session_ends: _ends, ...operator } = found;
  return operator;
}

export async function signOut(ctx: AppContext, token: string): Promise<void> {
  await ctx.db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash(token)).execute();
}

/**
 * A new secret to scan; it takes effect once `enableTotp` receives a right code from it. With codes
 * on, replacing the secret needs the current code (finding 9).
 */
export async function setUpTotp(
  ctx: AppContext,
  operator: OperatorRow,
  current: { code?: string; ip: string },
): Promise<AdminTotpSetup> {
  await checkCurrentCode(ctx, operator, current.code, current.ip);
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db
    .updateTable('operators')
    .set({ totp_pending_sealed: ctx.secrets.box.seal(secret) })
    .where('id', '=', operator.id)
    .execute();
  return { secret, otpauthUrl: totpFor(operator.username, secret).toString() };
}

export async function enableTotp(ctx: AppContext, operator: OperatorRow, code: string): Promise<AdminOperator> {
  const fresh = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where('id', '=', operator.id)
    .executeTakeFirstOrThrow();
  if (fresh.totp_pending_sealed === null) throw invalid('Start the set-up first: scan a new code.');
  const secret = ctx.secrets.box.open(fresh.totp_pending_sealed);
  if (!(await useCode(ctx, fresh, secret, code))) throw badCode();
  await ctx.db
    .updateTable('operators')
    .set({ totp_sealed: fresh.totp_pending_sealed, totp_pending_sealed: null })
    .where('id', '=', operator.id)
    .execute();
  await audit(ctx.db, ctx, {
    actor: operator.username,
    action: 'operator.totp-on',
    target: `operator:${operator.username}`,
    before: { totpEnabled: fresh.totp_sealed !== null },
    after: { totpEnabled: true },
  });
  return { ...operatorOf(operator), totpEnabled: true };
}

/** Turns codes off; needs the current code, counted toward the lock like any other. */
export async function disableTotp(
  ctx: AppContext,
  operator: OperatorRow,
  code: string,
  ip: string,
): Promise<AdminOperator> {
  const fresh = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where('id', '=', operator.id)
    .executeTakeFirstOrThrow();
  if (fresh.totp_sealed === null) return { ...operatorOf(operator), totpEnabled: false };
  await checkCurrentCode(ctx, fresh, code, ip);
  await ctx.db.updateTable('operators').set({ totp_sealed: null }).where('id', '=', operator.id).execute();
  await audit(ctx.db, ctx, {
    actor: operator.username,
    action: 'operator.totp-off',
    target: `operator:${operator.username}`,
    before: { totpEnabled: true },
    after: { totpEnabled: false },
  });
  return { ...operatorOf(operator), totpEnabled: false };
}
