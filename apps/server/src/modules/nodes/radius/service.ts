import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { AppContext } from '../../../platform/context.ts';
import { inTransaction, type Db } from '../../../platform/db/index.ts';
import { prepare } from '../../../platform/db/prepared.ts';
import { invalid, isAppError } from '../../../platform/errors.ts';
import { activeSince, REFUSAL_MESSAGES, refusal } from '../../accounts/index.ts';
import { startSubscription } from '../../accounts/index.ts';
import { checkCredentials } from '../../accounts/index.ts';
import { octets, type Attribute, type Packet } from './codec.ts';
import { MAX_REPORT_BYTES, MAX_USED_BYTES } from '../traffic.ts';

/** A RADIUS client (an ocserv server) as the RADIUS server keeps it: its secret opened. */
export interface RadiusClient {
  id: number;
  ip: string;
  name: string;
  secret: string;
  requireMessageAuthenticator: boolean;
}

/** What an Access-Request gets: Accept with its attributes, or Reject with a Reply-Message. */
export interface AccessAnswer {
  code: 'Access-Accept' | 'Access-Reject';
  attributes: Attribute[];
}

/** The account's OpenConnect sessions that are active now. */
export async function activeSessions(ctx: AppContext, db: Db, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('radius_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('stopped_at', 'is', null)
    .where('updated_at', '>', activeSince(ctx, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const reject = (message: string): AccessAnswer => ({ code: 'Access-Reject', attributes: [['Reply-Message', message]] });

/**
 * An Access-Request (PAP): the account's username and password, checked like a login (the login
 * throttle, counted by the client's address from Calling-Station-Id; the bounded hashing queue),
 * then who may connect (accounts/access.ts: the same rule as the V2Ray nodes' list) and the device
 * limit (the account's active OpenConnect sessions). An Accept carries Acct-Interim-Interval and
 * Session-Timeout: the seconds until the subscription ends (for an account in pending activation,
 * its whole period: it starts with the session).
 */
export async function authorize(ctx: AppContext, client: RadiusClient, packet: Packet): Promise<AccessAnswer> {
  const username = packet.attributes['User-Name'];
  const password = packet.attributes['User-Password'];
  if (typeof username !== 'string' || username === '' || typeof password !== 'string' || password === '')
    return reject('Invalid username or password');
  const station = packet.attributes['Calling-Station-Id'];
  const address = typeof station === 'string' && isIP(station) ? station : client.ip;
  let user;
  try {
    user = await checkCredentials(ctx, username.slice(0, 64), password.slice(0, 128), address);
  } catch (error) {
    // A throttled or busy login is rejected with the code's message (the HTTP API would answer 429 or 503).
    if (isAppError(error, 'tooManyAttempts', 'overloaded')) return reject(error.message);
    throw error;
  }
  if (!user) return reject('Invalid username or password');
  const now = ctx.now();
  const why = refusal(user, now);
  if (why) return reject(REFUSAL_MESSAGES[why]);
  if ((await activeSessions(ctx, ctx.db, user.id, now)) >= user.allowed_devices)
    return reject(
      `Device limit reached: this account allows ${user.allowed_devices} device(s) at once. Disconnect one and try again.`,
    );
  const attributes: Attribute[] = [['Acct-Interim-Interval', ctx.config.radius.interimSeconds]];
  const seconds =
    user.subs_days > 0
      ? user.subs_days * 86_400
      : user.expire_date
        ? Math.floor((Date.parse(user.expire_date) - now.getTime()) / 1000)
        : null;
  if (seconds !== null) attributes.push(['Session-Timeout', Math.max(1, Math.min(seconds, 2 ** 31 - 1))]);
  return { code: 'Access-Accept', attributes };
}

/** The client software's version from Connect-Info ("Open AnyConnect VPN Agent v9.01-3" → "9.01-3"). */
function clientVersion(info: unknown): string | null {
  if (typeof info !== 'string') return null;
  return /v?(\d[\w.-]*)\s*$/.exec(info)?.[1]?.slice(0, 40) ?? null;
}

/**
 * An Accounting-Request, stored before it is answered (RFC 2866): sessions are keyed by the client
 * and Acct-Session-Id; a session's total (input and output octets with their Gigawords) is compared
 * with what was already counted, and only the difference is added to the account's usage, so a
 * repeated or reordered packet adds nothing. Start activates an account in pending activation;
 * Stop ends the session; Accounting-On/Off (the server restarting) ends all of that client's.
 */
export async function account(ctx: AppContext, client: RadiusClient, packet: Packet): Promise<void> {
  const a = packet.attributes;
  const type = a['Acct-Status-Type'];
  const now = ctx.now();
  const at = now.toISOString();
  if (type === 'Accounting-On' || type === 'Accounting-Off') {
    await ctx.db
      .updateTable('radius_sessions')
      .set({ stopped_at: at, updated_at: at })
      .where('client_id', '=', client.id)
      .where('stopped_at', 'is', null)
      .execute();
    return;
  }
  const sessionId = a['Acct-Session-Id'];
  const username = a['User-Name'];
  if (typeof sessionId !== 'string' || sessionId === '' || typeof username !== 'string') return;
  if (type !== 'Start' && type !== 'Interim-Update' && type !== 'Stop') return;
  const total =
    octets(a['Acct-Input-Octets'], a['Acct-Input-Gigawords']) +
    octets(a['Acct-Output-Octets'], a['Acct-Output-Gigawords']);
  const station = typeof a['Calling-Station-Id'] === 'string' ? a['Calling-Station-Id'].slice(0, 64) : null;
  const framed = typeof a['Framed-IP-Address'] === 'string' ? a['Framed-IP-Address'] : null;
  await inTransaction(ctx.db, async (trx) => {
    const [user] = await userByName(trx, { username: username.slice(0, 64) });
    // The session's row, made by its first packet; an update takes the row's lock as it returns it.
    const [session] = await upsertSession(trx, {
      clientId: client.id,
      sessionId: sessionId.slice(0, 128),
      userId: user?.id ?? null,
      username: username.slice(0, 64),
      station,
      framed,
      info: clientVersion(a['Connect-Info']),
      at,
    });
    const counted = Number(session!.counted_bytes);
    // CONTRACTS §15: a delta above 10 TB in one report is no traffic a session can have carried
    // (one Interim-Update's Gigawords can claim 2^64): it is ignored, and the session's count stays.
    const plausible = total - counted <= MAX_REPORT_BYTES;
    if (!plausible)
      ctx.log.warn({ client: client.id, session: sessionId.slice(0, 128) }, 'RADIUS accounting above 10 TB ignored');
    const delta = plausible ? Math.max(0, total - counted) : 0;
    await updateSession(trx, {
      id: session!.id,
      counted: plausible ? Math.min(Math.max(counted, total), MAX_USED_BYTES) : counted,
      at,
      framed,
      stop: type === 'Stop' && !session!.stopped_at ? at : null,
    });
    if (!user || session!.user_id !== user.id) return;
    if (delta > 0) await addUsage(trx, { id: user.id, delta, at });
    if (type === 'Start' || delta > 0) await startSubscription(trx, user, now);
  });
}

// The statements of an accounting packet, compiled once (db/prepared.ts): accounting comes in
// thousands a second, and building a query costs more than running it on SQLite.
const userByName = prepare<'username', { id: number; subs_days: number; expire_date: string | null }>(
  (db, _kind, param) =>
    db.selectFrom('users').select(['id', 'subs_days', 'expire_date']).where('username', '=', param('username')),
);

const upsertSession = prepare<
  'clientId' | 'sessionId' | 'userId' | 'username' | 'station' | 'framed' | 'info' | 'at',
  { id: number; user_id: number | null; counted_bytes: number; stopped_at: string | null }
>((db, _kind, param) =>
  db
    .insertInto('radius_sessions')
    .values({
      client_id: param('clientId'),
      session_id: param('sessionId'),
      user_id: param('userId'),
      username: param('username'),
      calling_station: param('station'),
      framed_ip: param('framed'),
      client_info: param('info'),
      started_at: param('at'),
      updated_at: param('at'),
      stopped_at: null,
      counted_bytes: 0,
    })
    .onConflict((oc) =>
      oc.columns(['client_id', 'session_id']).doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })),
    )
    .returning(['id', 'user_id', 'counted_bytes', 'stopped_at']),
);

const updateSession = prepare<'id' | 'counted' | 'at' | 'framed' | 'stop', never>((db, _kind, param) =>
  db
    .updateTable('radius_sessions')
    .set((eb) => ({
      counted_bytes: param('counted'),
      updated_at: param('at'),
      framed_ip: eb.fn.coalesce(eb.val(param('framed')), 'framed_ip'),
      stopped_at: eb.fn.coalesce('stopped_at', eb.val(param('stop'))),
    }))
    .where('id', '=', param('id')),
);

/** Usage grows by the delta, and never past 2^53 − 1 (CONTRACTS §15). */
const addUsage = prepare<'id' | 'delta' | 'at', never>((db, kind, param) =>
  db
    .updateTable('users')
    .set(() => ({
      used_bytes: sql<number>`${sql.raw(kind === 'postgres' ? 'least' : 'min')}(used_bytes + ${param('delta')}, ${sql.lit(MAX_USED_BYTES)})`,
      updated_at: param('at'),
    }))
    .where('id', '=', param('id')),
);

/** separ-admin radius-clients: the ocserv servers allowed to ask. */
export async function addRadiusClient(
  ctx: AppContext,
  input: { ip: string; secret: string; name?: string; requireMessageAuthenticator?: boolean },
): Promise<{ id: number; warning: string | null }> {
  const ip = input.ip.trim();
  if (isIP(ip) === 0) throw invalid('--ip must be the address the ocserv server sends from.');
  if (!/^[\x21-\x7e]{1,128}$/.test(input.secret)) throw invalid('--secret: 1 to 128 printable characters, no spaces.');
  const name = input.name?.trim() || ip;
  if (name.length > 64) throw invalid('--name: at most 64 characters.');
  if (await ctx.db.selectFrom('radius_clients').select('id').where('ip', '=', ip).executeTakeFirst())
    throw invalid(`A RADIUS client with the address ${ip} exists already.`);
  const { id } = await ctx.db
    .insertInto('radius_clients')
    .values({
      ip,
      name,
      secret_sealed: ctx.secrets.box.seal(input.secret),
      require_message_authenticator: input.requireMessageAuthenticator ? 1 : 0,
      created_at: ctx.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id,
    warning:
      input.secret.length < 16
        ? 'The secret is short: RADIUS hides passwords with it; 16 or more random characters are safer (openssl rand -hex 16).'
        : null,
  };
}

export async function listRadiusClients(ctx: AppContext) {
  return ctx.db.selectFrom('radius_clients').selectAll().orderBy('id').execute();
}

export async function removeRadiusClient(ctx: AppContext, which: string) {
  const client = await ctx.db
    .selectFrom('radius_clients')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('ip', '=', which),
        eb('name', '=', which),
        ...(/^\d+$/.test(which) ? [eb('id', '=', Number(which))] : []),
      ]),
    )
    .executeTakeFirst();
  if (!client) throw invalid(`No RADIUS client ${which}.`);
  await ctx.db.deleteFrom('radius_clients').where('id', '=', client.id).execute();
  return client;
}

/** The clients with their secrets opened, for the RADIUS server. */
export async function loadRadiusClients(ctx: AppContext): Promise<Map<string, RadiusClient>> {
  const rows = await ctx.db.selectFrom('radius_clients').selectAll().execute();
  const clients = new Map<string, RadiusClient>();
  for (const row of rows) {
    try {
      clients.set(row.ip, {
        id: row.id,
        ip: row.ip,
        name: row.name,
        secret: ctx.secrets.box.open(row.secret_sealed),
        requireMessageAuthenticator: row.require_message_authenticator === 1,
      });
    } catch (error) {
      ctx.log.error({ err: error, client: row.ip }, 'cannot open a RADIUS client secret (was the secret key changed?)');
    }
  }
  return clients;
}
