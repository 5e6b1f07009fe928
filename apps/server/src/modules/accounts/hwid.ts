import { isLanguage, type Language } from '@separ/domain';
import { HWID_HEADER_LIMITS } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Db } from '../../platform/db/index.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { refusal } from './access.ts';
import { newDeviceId } from './accounts.ts';

/**
 * Devices by hardware id (CONTRACTS §14). A client that sends `x-hwid` with its subscription fetch
 * (Happ, v2RayTun, the Remnawave community's forks: README) is one device of the account, in the
 * same `devices` table as the app logins, so that both count against `allowedDevices`, the panel
 * lists both, and unlinking, the admin's "end devices" and a password change remove both.
 */

/** The longest value kept of each header; a longer hardware id is no hardware id. */
export const HWID_LIMITS = HWID_HEADER_LIMITS;

/** What a client says of its device. */
export interface HwidDevice {
  hwid: string;
  os: string | null;
  osVersion: string | null;
  model: string | null;
}

type Headers = Record<string, string | string[] | undefined>;

/** A hardware id: printable ASCII without spaces (a UUID, hex, base64…), 1 to 128 characters. */
const HWID = new RegExp(`^[\\x21-\\x7e]{1,${HWID_LIMITS.hwid}}$`);

/**
 * A descriptive header as text to show: Node reads header bytes as Latin-1, so UTF-8 is read back
 * (a model named in another script); control and format characters (bidi overrides among them) and
 * the semicolon, which separates the OS from its version in `deviceInfo`, become spaces; cut to `max`.
 */
function descriptive(value: string | string[] | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  const text = (utf8.includes('\uFFFD') ? value : utf8)
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp};]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return null;
  return Array.from(text).slice(0, max).join('').trim();
}

/**
 * The device a subscription request names, or null: no `x-hwid`, or one that is no hardware id
 * (blank, too long, spaces or other bytes) — such a request is served as one without it (the IP
 * rule of CONTRACTS §5). The other headers are optional, and cleaned rather than refused.
 */
export function hwidDeviceOf(headers: Headers): HwidDevice | null {
  const raw = headers['x-hwid'];
  const hwid = typeof raw === 'string' ? raw.trim() : '';
  if (!HWID.test(hwid)) return null;
  return {
    hwid,
    os: descriptive(headers['x-device-os'], HWID_LIMITS.os),
    osVersion: descriptive(headers['x-ver-os'], HWID_LIMITS.osVersion),
    model: descriptive(headers['x-device-model'], HWID_LIMITS.model),
  };
}

/** `deviceInfo` of SPEC §3, "operating system;version", from what the client said. */
export function hwidDeviceInfo(device: Pick<HwidDevice, 'os' | 'osVersion'>): string {
  if (!device.os) return device.osVersion ? `;${device.osVersion}` : '';
  return device.osVersion ? `${device.os};${device.osVersion}` : device.os;
}

/**
 * What a subscription fetch with a hardware id does: a known device is seen again (its last-seen
 * and what it says of itself updated, counted once); a new one is added while the account has
 * fewer devices (app logins included) than it allows; else `limit`. An account that may not
 * connect now (suspended, expired, out of data) registers nothing: `refused`.
 */
export type HwidOutcome = 'known' | 'added' | 'limit' | 'refused';

export async function registerHwidDevice(
  ctx: Pick<AppContext, 'db' | 'database'>,
  userId: number,
  device: HwidDevice,
  now: Date,
): Promise<HwidOutcome> {
  const at = now.toISOString();
  const seen = async (db: Db) => {
    const known = await db
      .selectFrom('devices')
      .select(['id', 'device_os', 'os_version', 'device_model'])
      .where('user_id', '=', userId)
      .where('hwid', '=', device.hwid)
      .executeTakeFirst();
    if (!known) return false;
    // What the device says of itself now; a header it stopped sending keeps the old value.
    const os = device.os ?? known.device_os;
    const osVersion = device.osVersion ?? known.os_version;
    await db
      .updateTable('devices')
      .set({
        last_seen_at: at,
        device_os: os,
        os_version: osVersion,
        device_model: device.model ?? known.device_model,
        device_info: hwidDeviceInfo({ os, osVersion }),
      })
      .where('id', '=', known.id)
      .execute();
    return true;
  };
  try {
    return await inTransaction(ctx.db, async (trx) => {
      // The account row locked, as the app login does: two new devices at once cannot both pass.
      let query = trx.selectFrom('users').selectAll().where('id', '=', userId);
      if (ctx.database.kind === 'postgres') query = query.forUpdate();
      const user = await query.executeTakeFirst();
      if (!user || refusal(user, now)) return 'refused';
      if (await seen(trx)) return 'known';
      const count = await trx
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= user.allowed_devices) return 'limit';
      await trx
        .insertInto('devices')
        .values({
          id: newDeviceId(),
          user_id: userId,
          device_info: hwidDeviceInfo(device),
          login_at: at,
          // A device of a subscription signs in with nothing: a random token no one holds.
          token_hash: tokenHash(randomToken()),
          last_seen_at: at,
          hwid: device.hwid,
          device_os: device.os,
          os_version: device.osVersion,
          device_model: device.model,
        })
        .execute();
      return 'added';
    });
  } catch (error) {
    // The same device's fetch at the same moment added it first.
    if (isUniqueViolation(error) && (await seen(ctx.db))) return 'known';
    throw error;
  }
}

/**
 * The account's language, as its reminders take it: its latest order's, else its bot chat's, else
 * Persian.
 */
export async function accountLanguage(db: Db, userId: number): Promise<Language> {
  const order = await db
    .selectFrom('orders')
    .select('lang')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (isLanguage(order?.lang)) return order.lang;
  const chat = await db
    .selectFrom('bot_users')
    .select('language')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return isLanguage(chat?.language) ? chat.language : 'fa';
}
