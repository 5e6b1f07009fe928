import { randomInt, randomUUID } from 'node:crypto';
import { OPENCONNECT_DEVICE_PREFIX, type Account, type Device, type Payment } from '@separ/domain';
import { sql } from 'kysely';
import { inTransaction, type Db } from '../../platform/db/index.ts';
import { emitEvent } from '../../platform/events.ts';
import { prepare } from '../../platform/db/prepared.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { AccountSecrets } from '../../platform/context.ts';
import { randomPassword, tokenHash } from '../../platform/security/crypto.ts';
import { accountOf, type AccessColumns } from './access.ts';
import { addDays } from '../../platform/clock.ts';
import { ensureSubToken, newSubToken } from './subToken.ts';
import { ensureReferralCode } from './referralCode.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';

/** Everything needed to create a VPN account. */
export interface NewAccount {
  username?: string;
  password?: string;
  email?: string | null;
  allowedMB: number;
  allowedDevices: number;
  subsDays: number;
  ios: number;
  planId?: number | null;
  expireDate?: string | null;
  /** Mbit/s the V2Ray nodes allow (the free account's limited speed); none by default. */
  speedLimitMbps?: number | null;
}

/** A readable username: "sp" and six digits, e.g. sp482913. */
export function generateUsername(): string {
  return `sp${String(randomInt(100_000, 1_000_000))}`;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new account's password: the plain text (shown once), its hash and its sealed copy. */
export interface AccountCredentials {
  password: string;
  passwordHash: string;
  passwordEnc: string;
}

/**
 * The credentials of a new account: the given password hashed at the full cost, or a random one of
 * letters and digits at the fast cost (security/passwords.ts). Hashing takes time: a caller with a
 * transaction to keep short does it before the transaction opens.
 */
export async function accountCredentials(secrets: AccountSecrets, given?: string): Promise<AccountCredentials> {
  const password = given ?? randomPassword(12);
  const passwordHash =
    given === undefined
      ? await secrets.passwords.hashGenerated(password)
      : await secrets.passwords.hashChosen(password);
  return { password, passwordHash, passwordEnc: secrets.box.seal(password) };
}

/**
 * The one place an account is made (a paid order, the bot's free account, `separ-admin users
 * create`): inserts it with a unique username (generated unless given), a new VPN id and the given
 * credentials.
 */
export async function insertAccount(
  db: Db,
  credentials: AccountCredentials,
  input: Omit<NewAccount, 'password'>,
  now: Date,
): Promise<UserRow> {
  const at = now.toISOString();
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = input.username ?? generateUsername();
    const taken = await findUserByUsername(db, username);
    if (taken) {
      if (input.username) throw new Error(`The username ${username} is taken.`);
      continue;
    }
    try {
      const user = await db
        .insertInto('users')
        .values({
          username,
          password_hash: credentials.passwordHash,
          password_enc: credentials.passwordEnc,
          vpn_id: newVpnId(),
          email: input.email ?? null,
          expire_date: input.expireDate ?? null,
          used_bytes: 0,
          allowed_mb: input.allowedMB,
          allowed_devices: input.allowedDevices,
          speed_limit_mbps: input.speedLimitMbps ?? null,
          suspend: 0,
          subs_days: input.subsDays,
          ios: input.ios,
          plan_id: input.planId ?? null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // For the webhooks (CONTRACTS §13), with the account, in the caller's transaction when it has one.
      await emitEvent(db, at, `user.created:${user.id}`, {
        kind: 'user.created',
        data: { username: user.username, email: user.email, planId: user.plan_id, expireDate: user.expire_date },
      });
      return user;
    } catch (error) {
      // A concurrent insert took the generated name: try another.
      if (input.username || !isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('Could not find a free username.');
}

/**
 * Creates an account with a unique username (generated unless given) and a random password of
 * letters and digits (unless given); returns the row and the plain password, shown once. A given
 * password is hashed at the full cost, a generated one at the fast cost (security/passwords.ts).
 */
export async function createAccount(
  db: Db,
  secrets: AccountSecrets,
  input: NewAccount,
  now: Date,
): Promise<{ user: UserRow; password: string }> {
  const credentials = await accountCredentials(secrets, input.password);
  return { user: await insertAccount(db, credentials, input, now), password: credentials.password };
}

/**
 * A new password for an account closes every other way in (SPEC §2, CONTRACTS §15): the VPN id and
 * the subscription token are replaced (the old links and the old subscription URL stop working; the
 * apps pick the new ones up from the new URL), the messaging chats linked to the account are
 * unlinked, and the account's other web sessions and its app devices end. The web session that made
 * the change (`keepSession`, its token) stays. An operator's reset keeps none. One transaction.
 */
export async function changePassword(
  ctx: { db: Db; secrets: AccountSecrets; now: () => Date },
  userId: number,
  password: string,
  options: { keepSession?: string; generated?: boolean } = {},
): Promise<{ sessionsEnded: number; devicesEnded: number; chatsUnlinked: number }> {
  const now = ctx.now();
  const passwordHash = options.generated
    ? await ctx.secrets.passwords.hashGenerated(password)
    : await ctx.secrets.passwords.hashChosen(password);
  return inTransaction(ctx.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_enc: ctx.secrets.box.seal(password),
        vpn_id: newVpnId(),
        sub_token: newSubToken(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute();
    let sessions = trx.deleteFrom('sessions').where('user_id', '=', userId);
    if (options.keepSession) sessions = sessions.where('token_hash', '!=', tokenHash(options.keepSession));
    const ended = await sessions.executeTakeFirst();
    const devices = await trx.deleteFrom('devices').where('user_id', '=', userId).executeTakeFirst();
    const chats = await trx
      .updateTable('bot_users')
      .set({ user_id: null })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await trx.deleteFrom('bot_link_codes').where('user_id', '=', userId).execute();
    return {
      sessionsEnded: Number(ended.numDeletedRows),
      devicesEnded: Number(devices.numDeletedRows),
      chatsUnlinked: Number(chats.numUpdatedRows),
    };
  });
}

/**
 * The first use of an account in pending activation starts its subscription (SPEC §4): expireDate
 * = now + subsDays, subsDays = 0. The app login and an OpenConnect session's start use this; a V2Ray
 * node's push does the same for many accounts in one statement (nodes/traffic.ts). Returns the
 * account's expiry (the new one, or the one it had).
 */
export async function startSubscription(
  db: Db,
  user: { id: number; subs_days: number; expire_date: string | null },
  now: Date,
): Promise<string | null> {
  if (user.subs_days <= 0) return user.expire_date;
  const expireDate = addDays(now, user.subs_days);
  const started = await db
    .updateTable('users')
    .set({
      expire_date: expireDate,
      subs_days: 0,
      // Its data resets, when its plan has them, count from this moment (CONTRACTS §14).
      reset_anchor: now.toISOString(),
      resets_done: 0,
      updated_at: now.toISOString(),
    })
    .where('id', '=', user.id)
    .where('subs_days', '=', user.subs_days)
    .executeTakeFirst();
  if (Number(started.numUpdatedRows) === 1) return expireDate;
  const fresh = await db.selectFrom('users').select('expire_date').where('id', '=', user.id).executeTakeFirst();
  return fresh?.expire_date ?? null;
}

/** The user's columns the panel's account shows. */
type AccountUser = AccessColumns;

/** The account of SPEC §3 from a user row and its lists (bigint columns may come as text). */
function toAccount(user: AccountUser, devices: Device[], payments: PaymentRow[]): Account {
  return accountOf(user, {
    devices,
    payments: payments.map(({ amountUsdCents, ...p }) => ({
      ...p,
      amount: Number(p.amount),
      // An order paid in dollars (CONTRACTS §12) says its cents; every other payment says none.
      ...(amountUsdCents === null || amountUsdCents === undefined || Number(amountUsdCents) <= 0
        ? {}
        : { amountUsdCents: Number(amountUsdCents) }),
    })),
  });
}

/** A payment as the account's query lists it: the dollars of its order, if it had any, or null. */
type PaymentRow = Omit<Payment, 'amountUsdCents'> & { amountUsdCents: number | string | null };

type AccountRow = AccountUser & {
  id: number;
  sub_token: string | null;
  referral_code: string | null;
  /** JSON text on SQLite, parsed by the driver on PostgreSQL. */
  devices: string | Device[];
  payments: string | PaymentRow[];
};

/**
 * The account of a live session with its devices and payments, in one query: the panel asks for it
 * on every page, and one statement instead of three is what lets it keep up (docs/BENCHMARKS.md).
 * The lists come back as JSON arrays, built by the database in accountView's order.
 */
const sessionAccount = prepare<'tokenHash' | 'now' | 'activeSince', AccountRow>((_db, kind, param) => {
  // The app's device sessions, and the OpenConnect connections that are active (nodes/radius).
  // A subscription's device (hardware id, CONTRACTS §14) says its model too.
  const deviceRows = sql`select id${kind === 'postgres' ? sql`::text` : sql``} as id, device_info as info, login_at as at,
      device_model as model
      from devices where user_id = u.id
    union all
    select ${OPENCONNECT_DEVICE_PREFIX} || r.id, 'OpenConnect;' || coalesce(r.client_info, ''), r.started_at, null
      from radius_sessions r
      where r.user_id = u.id and r.stopped_at is null and r.updated_at > ${param('activeSince')}`;
  const device = sql`'id', d.id, 'deviceInfo', d.info, 'loginAt', d.at, 'model', d.model`;
  // A payment's order (by its unique number) says the dollars of a crypto order (CONTRACTS §12).
  const payment = sql`'resNum', p.res_num, 'refNum', p.ref_num, 'state', p.state, 'amount', p.amount,
    'createdAt', p.created_at, 'plan_id', p.plan_id, 'amountUsdCents', o.amount_usd_cents`;
  const payments = sql`payments p left join orders o on o.res_num = p.res_num`;
  const lists =
    kind === 'postgres'
      ? sql`coalesce((select json_agg(json_build_object(${device}) order by d.at)
            from (${deviceRows}) d), '[]'::json) as devices,
          coalesce((select json_agg(json_build_object(${payment}) order by p.created_at desc, p.id desc)
            from ${payments} where p.user_id = u.id), '[]'::json) as payments`
      : sql`(select json_group_array(json_object(${device}) order by d.at)
            from (${deviceRows}) d) as devices,
          (select json_group_array(json_object(${payment}) order by p.created_at desc, p.id desc)
            from ${payments} where p.user_id = u.id) as payments`;
  return sql<AccountRow>`select u.id, u.sub_token, u.referral_code, u.username, u.expire_date, u.used_bytes, u.allowed_mb, u.allowed_devices, u.suspend,
      u.subs_days, u.ios, ${lists}
    from sessions s inner join users u on u.id = s.user_id
    where s.token_hash = ${param('tokenHash')} and s.expires_at > ${param('now')}`;
});

/**
 * The account of a live session token (the panel's account call), or undefined. `activeSince`:
 * OpenConnect connections heard from since then are listed among its devices.
 */
export async function accountForSession(
  db: Db,
  token: string,
  now: Date,
  activeSince: string,
): Promise<(Account & { subToken: string; referralCode: string; userId: number }) | undefined> {
  const [row] = await sessionAccount(db, { tokenHash: tokenHash(token), now: now.toISOString(), activeSince });
  if (!row) return undefined;
  const list = <T>(value: string | T[]): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : value);
  const subToken = await ensureSubToken(db, { id: row.id, sub_token: row.sub_token });
  // The referral code (CONTRACTS §12), made on the account's first look at its panel.
  const referralCode = await ensureReferralCode(db, { id: row.id, referral_code: row.referral_code });
  // A device without a model says none (the list's JSON carries null).
  const devices = list<Device & { model?: string | null }>(row.devices).map(({ model, ...device }) =>
    model ? { ...device, model } : device,
  );
  return { ...toAccount(row, devices, list(row.payments)), subToken, referralCode, userId: row.id };
}

/** A new VPN id (CONTRACTS §5): a random UUID, unrelated to anything else about the account. */
export function newVpnId(): string {
  return randomUUID();
}

/** A new device id. */
export function newDeviceId(): string {
  return randomUUID();
}
