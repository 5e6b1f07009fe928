import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/index.ts';
import type { NodeRow } from '../db/schema.ts';

/** One account's traffic in a push, the node's rate applied. */
export interface Usage {
  id: number;
  bytes: number;
}

/** The most a push may carry for one account in one interval (1 PB): anything above is garbage. */
const MAX_BYTES = 2 ** 50;

/**
 * Reads V2bX's push body `{"<user id>":[upload, download], …}` (byte deltas since its last push):
 * malformed entries are left out, as Xboard's processTraffic does; each account's bytes are
 * (upload + download) × the node's rate.
 */
export function readPush(body: unknown, rate: number): Usage[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const usage: Usage[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[1-9]\d{0,9}$/.test(key) || !Array.isArray(value) || value.length !== 2) continue;
    const [up, down] = value.map(Number) as [number, number];
    if (![up, down].every((n) => Number.isFinite(n) && n >= 0 && n <= MAX_BYTES)) continue;
    const bytes = Math.round((up + down) * rate);
    if (bytes > 0) usage.push({ id: Number(key), bytes });
  }
  return usage.sort((a, b) => a.id - b.id);
}

/** An arbitrary constant: the advisory lock that makes pushes take their turn on PostgreSQL. */
const PUSH_LOCK = 7_460_021;

/**
 * Adds a push to the accounts in one statement: usage grows by the bytes, and an account in pending
 * activation starts its subscription (expireDate = now + subsDays, subsDays = 0), as its first app
 * login would. On PostgreSQL pushes take their turn under a transaction-level advisory lock, so that
 * two nodes updating the same accounts in different orders can never deadlock. An account that goes
 * past its data leaves the next user list (the database's trigger moves the list's version). The
 * node's traffic of the day is counted too.
 */
export async function applyPush(ctx: AppContext, node: Pick<NodeRow, 'id'>, usage: Usage[]): Promise<number> {
  if (usage.length === 0) return 0;
  const now = ctx.now().toISOString();
  const json = JSON.stringify(usage);
  const total = usage.reduce((sum, u) => sum + u.bytes, 0);
  return inTransaction(ctx.db, async (trx) => {
    let updated: number;
    if (ctx.database.kind === 'postgres') {
      await sql`select pg_advisory_xact_lock(${PUSH_LOCK})`.execute(trx);
      const result = await sql`update users set
          used_bytes = users.used_bytes + v.bytes,
          expire_date = case when users.subs_days > 0
            then to_char((${now}::timestamptz + users.subs_days * interval '1 day') at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            else users.expire_date end,
          subs_days = 0,
          updated_at = ${now}
        from jsonb_to_recordset(${json}::jsonb) as v(id integer, bytes bigint)
        where users.id = v.id`.execute(trx);
      updated = Number(result.numAffectedRows ?? 0);
    } else {
      const result = await sql`update users set
          used_bytes = users.used_bytes + v.bytes,
          expire_date = case when users.subs_days > 0
            then strftime('%Y-%m-%dT%H:%M:%fZ', ${now}, '+' || users.subs_days || ' days')
            else users.expire_date end,
          subs_days = 0,
          updated_at = ${now}
        from (select json_extract(value, '$.id') as id, json_extract(value, '$.bytes') as bytes
              from json_each(${json})) as v
        where users.id = v.id`.execute(trx);
      updated = Number(result.numAffectedRows ?? 0);
    }
    await trx
      .insertInto('node_traffic')
      .values({ node_id: node.id, day: now.slice(0, 10), bytes: total })
      .onConflict((oc) =>
        oc.columns(['node_id', 'day']).doUpdateSet((eb) => ({ bytes: eb('node_traffic.bytes', '+', total) })),
      )
      .execute();
    return updated;
  });
}
