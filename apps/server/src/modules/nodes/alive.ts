import { isIP } from 'node:net';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction, type Db } from '../../platform/db/index.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { MINUTE_MS } from '@separ/domain';

/** How long an address a node reported counts as a connected device. */
export const ALIVE_WINDOW_MS = 5 * MINUTE_MS;

/**
 * An address as V2bX reports it, made plain: V2bX before July 2024 sent "ip_<node id>", and
 * Xboard's own agents may add a port ("1.2.3.4:5678", "[2001:db8::1]:5678"); ::ffff: mapped
 * addresses are IPv4. Null for what is no address at all.
 */
export function normalizeIp(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 64) return null;
  let ip = raw.trim().replace(/_\d+$/, '');
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(':'));
  ip = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return isIP(ip) ? ip.toLowerCase() : null;
}

/**
 * V2bX's alive report `{"<user id>":["ip", …]}`: for each account in it, this node's addresses are
 * replaced by these (as Xboard's DeviceStateService does). Accounts that no longer exist are left
 * out, and so are accounts that are not in the node's user list (`scope.listed`); an account counts
 * at most its device limit + 2 addresses (`scope.limits`, CONTRACTS §15), so that no node can put an
 * account at its limit by itself.
 */
export async function reportAlive(
  ctx: AppContext,
  node: Pick<NodeRow, 'id'>,
  body: unknown,
  scope?: { listed: ReadonlySet<number>; limits: ReadonlyMap<number, number> },
): Promise<number> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 0;
  const reported = new Map<number, Set<string>>();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[1-9]\d{0,9}$/.test(key) || !Array.isArray(value)) continue;
    const id = Number(key);
    if (scope && !scope.listed.has(id)) continue;
    const most = scope ? Math.max(0, (scope.limits.get(id) ?? 0) + 2) : 64;
    const ips = new Set<string>();
    for (const raw of value.slice(0, 64)) {
      if (ips.size >= most) break;
      const ip = normalizeIp(raw);
      if (ip !== null) ips.add(ip);
    }
    reported.set(id, ips);
  }
  if (reported.size === 0) return 0;
  const now = ctx.now().toISOString();
  return inTransaction(ctx.db, async (trx) => {
    const ids = [...reported.keys()];
    let rows = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const existing = await trx.selectFrom('users').select('id').where('id', 'in', chunk).execute();
      await trx.deleteFrom('node_alive').where('node_id', '=', node.id).where('user_id', 'in', chunk).execute();
      const values = existing.flatMap(({ id }) =>
        [...(reported.get(id) ?? [])].map((ip) => ({ node_id: node.id, user_id: id, ip, seen_at: now })),
      );
      for (let j = 0; j < values.length; j += 500) {
        await trx
          .insertInto('node_alive')
          .values(values.slice(j, j + 500))
          .execute();
        rows += Math.min(500, values.length - j);
      }
    }
    return rows;
  });
}

/** Each account's distinct addresses seen on any node within the window: `alivelist`'s answer. */
export async function aliveCounts(db: Db, now: Date): Promise<Record<string, number>> {
  const since = new Date(now.getTime() - ALIVE_WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('node_alive')
    .select((eb) => ['user_id', eb.fn.count<number>('ip').distinct().as('devices')])
    .where('seen_at', '>', since)
    .groupBy('user_id')
    .orderBy('user_id')
    .execute();
  const alive: Record<string, number> = {};
  for (const row of rows) alive[String(row.user_id)] = Number(row.devices);
  return alive;
}

/** Deletes what is past the window. */
export async function purgeAlive(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ALIVE_WINDOW_MS).toISOString();
  const result = await db.deleteFrom('node_alive').where('seen_at', '<=', since).executeTakeFirst();
  return Number(result.numDeletedRows);
}
