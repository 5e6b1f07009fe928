import { OPENCONNECT_DEVICE_PREFIX, type AdminUserDetail } from '@separ/domain';
import { subscriptionOrigin } from '../../platform/config.ts';
import type { AppContext } from '../../platform/context.ts';
import { accountReset, ensureSubToken, rowOf, subscriptionUrl, usagePeriods, userByName } from '../accounts/index.ts';
import { orderRowOf } from '../payments/index.ts';

// The console's view of one account gathers from accounts (devices, the subscription link), nodes
// (OpenConnect sessions) and payments (orders): it lives here, above the modules it reads.

/** One account as the operator sees it: status, usage, devices (app and OpenConnect) and orders. */
export async function userDetail(ctx: AppContext, username: string): Promise<AdminUserDetail> {
  const user = await userByName(ctx.db, username);
  const now = ctx.now();
  const [devices, connections, orders, subToken] = await Promise.all([
    ctx.db
      .selectFrom('devices')
      .select(['id', 'device_info', 'login_at', 'hwid', 'device_model'])
      .where('user_id', '=', user.id)
      .orderBy('login_at')
      .execute(),
    ctx.db
      .selectFrom('radius_sessions')
      .select(['id', 'client_info', 'started_at'])
      .where('user_id', '=', user.id)
      .where('stopped_at', 'is', null)
      .orderBy('started_at')
      .execute(),
    ctx.db
      .selectFrom('orders')
      .selectAll('orders')
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    ensureSubToken(ctx.db, user),
  ]);
  // A plan whose data resets (CONTRACTS §14): its next reset, and the periods before (its history).
  const [reset, periods] = await Promise.all([accountReset(ctx.db, user.id, now), usagePeriods(ctx.db, user.id)]);
  const devicesList: AdminUserDetail['devicesList'] = [
    // A subscription's device by hardware id (CONTRACTS §14) is a V2Ray client's, with its model.
    ...devices.map((d) => ({
      id: d.id,
      kind: d.hwid === null ? ('app' as const) : ('v2ray' as const),
      info: [d.device_info, d.device_model].filter(Boolean).join(', ') || d.device_info,
      since: d.login_at,
    })),
    ...connections.map((c) => ({
      id: `${OPENCONNECT_DEVICE_PREFIX}${c.id}`,
      kind: 'openconnect' as const,
      info: c.client_info ?? 'OpenConnect',
      since: c.started_at,
    })),
  ];
  return {
    ...rowOf({ ...user, device_count: devicesList.length }, now),
    planId: user.plan_id,
    pendingDays: user.subs_days,
    ios: user.ios === 1,
    subUrl: subscriptionUrl(subscriptionOrigin(ctx.config), subToken),
    devicesList,
    orders: orders.map((o) => orderRowOf({ ...o, username: user.username })),
    ...reset,
    ...(periods.length > 0 ? { usagePeriods: periods } : {}),
  };
}
