import { Secret, TOTP } from 'otpauth';
import type { AdminOperator, AdminOperatorCreated, AdminOperatorRow, AdminTotpSetup } from '@separ/domain';
import type { AppContext } from '../context.ts';
import type { OperatorRow } from '../db/schema.ts';
import { randomPassword, randomToken, tokenHash } from '../security/crypto.ts';
import { ConflictError, InputError, NotFoundError } from '../services/errors.ts';
import { throttledCheck } from '../services/login.ts';
import { audit, type Actor } from './audit.ts';

/** The operators of the web admin (CONTRACTS §8), their sign-in, sessions and one-time codes. */

export const OPERATOR_USERNAME = /^[a-z0-9_.-]{3,32}$/;
export const OPERATOR_MIN_PASSWORD = 10;
const OPERATOR_MAX_PASSWORD = 128;
/** A session lives this long whatever it does, and ends sooner after `config.adminIdleMinutes` idle. */
const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** A session's last use is written at most this often (one write a minute, not one a request). */
const TOUCH_EVERY_MS = 60 * 1000;
const TOTP_PERIOD = 30;

function rowOf(o: OperatorRow): AdminOperatorRow {
  return {
    id: o.id,
    username: o.username,
    totpEnabled: o.totp_sealed !== null,
    createdAt: o.created_at,
    lastLoginAt: o.last_login_at,
  };
}

export function operatorOf(o: OperatorRow): AdminOperator {
  return { username: o.username, totpEnabled: o.totp_sealed !== null };
}

/** Makes an operator; the password is generated when not given, and returned to be shown once. */
export async function addOperator(
  ctx: AppContext,
  input: { username: string; password?: string },
  actor: Actor,
): Promise<AdminOperatorCreated> {
  const username = input.username.trim().toLowerCase();
  if (!OPERATOR_USERNAME.test(username))
    throw new InputError('The username must be 3 to 32 Latin letters, digits, dots, dashes or underscores.');
  const given = input.password;
  if (given !== undefined && (given.length < OPERATOR_MIN_PASSWORD || given.length > OPERATOR_MAX_PASSWORD))
    throw new InputError(`The password must be ${OPERATOR_MIN_PASSWORD} to ${OPERATOR_MAX_PASSWORD} characters long.`);
  const password = given ?? randomPassword(16);
  const { passwords } = ctx.secrets;
  const hash = given === undefined ? await passwords.hashGenerated(password) : await passwords.hashChosen(password);
  const now = ctx.now().toISOString();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('operators').select('id').where('username', '=', username).executeTakeFirst();
    if (taken) throw new ConflictError(`An operator named ${username} exists already.`);
    const row = await trx
      .insertInto('operators')
      .values({ username, password_hash: hash, created_at: now, totp_sealed: null, totp_pending_sealed: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, ctx, { actor, action: 'operator.add', target: `operator:${username}`, after: { username } });
    return row;
  });
  return { operator: rowOf(created), password };
}

export async function listOperators(ctx: AppContext): Promise<AdminOperatorRow[]> {
  const rows = await ctx.db.selectFrom('operators').selectAll().orderBy('username').execute();
  return rows.map(rowOf);
}

/** Removes an operator and ends their sessions. The web admin cannot remove the one signed in. */
export async function removeOperator(ctx: AppContext, username: string, actor: Actor): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
    if (!row) throw new NotFoundError(`No operator named ${username}.`);
    await trx.deleteFrom('admin_sessions').where('operator_id', '=', row.id).execute();
    await trx.deleteFrom('operators').where('id', '=', row.id).execute();
    await audit(trx, ctx, { actor, action: 'operator.remove', target: `operator:${username}`, before: rowOf(row) });
  });
}

/** Why a sign-in failed: each is a 401 with its own code (docs/ADMIN.md). */
export class SignInRefused extends Error {
  readonly code: 'bad_credentials' | 'otp_required' | 'bad_otp';
  constructor(code: 'bad_credentials' | 'otp_required' | 'bad_otp', message: string) {
    super(message);
    this.code = code;
  }
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
 * Signs an operator in: the password under the customers' login throttle (per username and per
 * client), then the one-time code when it is on. Returns a new session's token for the cookie.
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
  const operator = await throttledCheck(ctx, {
    key: `login:operator:${username}`,
    row,
    password: input.password,
    ip: meta.ip,
  });
  if (!operator) throw new SignInRefused('bad_credentials', 'Invalid username or password');
  if (operator.totp_sealed !== null) {
    if (input.otp === undefined || input.otp === '')
      throw new SignInRefused('otp_required', 'Enter the one-time code from your authenticator app.');
    if (!(await useCode(ctx, operator, ctx.secrets.box.open(operator.totp_sealed), input.otp)))
      throw new SignInRefused('bad_otp', 'The one-time code is not right. Try the next one.');
  }
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
  const idleMs = ctx.config.adminIdleMinutes * 60 * 1000;
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

/** A new secret to scan; it takes effect once `enableTotp` receives a right code from it. */
export async function setUpTotp(ctx: AppContext, operator: OperatorRow): Promise<AdminTotpSetup> {
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
  if (fresh.totp_pending_sealed === null) throw new InputError('Start the set-up first: scan a new code.');
  const secret = ctx.secrets.box.open(fresh.totp_pending_sealed);
  if (!(await useCode(ctx, fresh, secret, code)))
    throw new SignInRefused('bad_otp', 'The one-time code is not right. Try the next one.');
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
  return { username: operator.username, totpEnabled: true };
}

export async function disableTotp(ctx: AppContext, operator: OperatorRow, code: string): Promise<AdminOperator> {
  const fresh = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where('id', '=', operator.id)
    .executeTakeFirstOrThrow();
  if (fresh.totp_sealed === null) return { username: operator.username, totpEnabled: false };
  if (!(await useCode(ctx, fresh, ctx.secrets.box.open(fresh.totp_sealed), code)))
    throw new SignInRefused('bad_otp', 'The one-time code is not right. Try the next one.');
  await ctx.db.updateTable('operators').set({ totp_sealed: null }).where('id', '=', operator.id).execute();
  await audit(ctx.db, ctx, {
    actor: operator.username,
    action: 'operator.totp-off',
    target: `operator:${operator.username}`,
    before: { totpEnabled: true },
    after: { totpEnabled: false },
  });
  return { username: operator.username, totpEnabled: false };
}
