import type { AppContext } from '../../platform/context.ts';
import { accountStatus, errorMessage, MB, type Account, type ErrorCode } from '@separ/domain';
import type { UserRow } from '../../platform/db/schema.ts';

/**
 * Megabytes used, as the API's usedMB: rounded up, so that "more than allowed" means the same in
 * megabytes (SPEC §4, accountStatus) as in bytes (the nodes' user list).
 */
export function usedMB(bytes: number): number {
  return Math.ceil(Number(bytes) / MB);
}

/** The user columns that decide whether an account may connect. */
export type AccessColumns = Pick<
  UserRow,
  'username' | 'expire_date' | 'used_bytes' | 'allowed_mb' | 'allowed_devices' | 'suspend' | 'subs_days' | 'ios'
>;

/** The account of SPEC §3 from a user row (bigint columns may come as text), with its lists. */
export function accountOf(user: AccessColumns, lists: Pick<Account, 'devices' | 'payments'>): Account {
  return {
    username: user.username,
    expireDate: user.expire_date,
    usedMB: usedMB(user.used_bytes),
    allowedMB: Number(user.allowed_mb),
    allowedDevices: user.allowed_devices,
    suspend: user.suspend,
    subsDays: user.subs_days,
    ios: user.ios,
    ...lists,
  };
}

/** Why an account may not connect now. */
export type Refusal = 'suspended' | 'expired' | 'dataExceeded';

/**
 * Who may connect, the one rule for every place where traffic flows — the app login, the V2Ray
 * nodes' user list, RADIUS for OpenConnect: the account's status (SPEC §4, @separ/domain) is
 * active or pending activation. Returns why not, or null.
 */
export function refusal(user: AccessColumns, now: Date): Refusal | null {
  const status = accountStatus(accountOf(user, { devices: [], payments: [] }), now);
  return status.state === 'active' || status.state === 'pending' ? null : status.state;
}

/** The error code of each refusal (the app login answers it; RADIUS says its message). */
export const REFUSAL_CODES = {
  suspended: 'accountSuspended',
  expired: 'accountExpired',
  dataExceeded: 'dataExceeded',
} as const satisfies Record<Refusal, ErrorCode>;

/** What a refused account is told, in the words of the app login (CONTRACTS §3). */
export const REFUSAL_MESSAGES: Record<Refusal, string> = {
  suspended: errorMessage(REFUSAL_CODES.suspended),
  expired: errorMessage(REFUSAL_CODES.expired),
  dataExceeded: errorMessage(REFUSAL_CODES.dataExceeded),
};

/** What an account at its device limit is told (the app login and RADIUS). */
export function deviceLimitMessage(allowed: number): string {
  return errorMessage('deviceLimitReached', { allowed });
}

/** An OpenConnect session is active from its Start until its Stop, or until it misses two interim updates. */
export function activeSince(ctx: Pick<AppContext, 'config'>, now: Date): string {
  return new Date(now.getTime() - 2 * ctx.config.radius.interimSeconds * 1000).toISOString();
}
