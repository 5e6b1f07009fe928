import { sql } from 'kysely';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/index.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/** One account's traffic in a push, the node's rate applied. */
export interface Usage {
  id: number;
  bytes: number;
}

/**
 * The most one report may carry for one account (CONTRACTS §15): 10 TB. A push entry above it makes
 * the whole push refused; an accounting delta above it is ignored.
 */
export const MAX_REPORT_BYTES = 10 * 1000 ** 4;

/** The most any account's usage can reach: the largest integer both databases and JSON keep exactly. */
export const MAX_USED_BYTES = Number.MAX_SAFE_INTEGER;

/** A push that carries more than a node can have seen: nothing of it is applied (400 `implausibleReport`). */
const implausiblePush = (account: number) =>
  new AppError('implausibleReport', { account, limit: MAX_REPORT_BYTES }, { logDetails: { account } });

/**
 * Reads V2bX's push body `{"<user id>":[upload, download], …}` (byte deltas since its last push):
 * malformed entries are left out, as Xboard's processTraffic does, and so are accounts that are not
 * in the node's user list (`listed`, CONTRACTS §15); an entry above 10 TB throws `implausibleReport`.
 * Each account's bytes are (upload + download) × the node's rate.
 */
export function readPush(body: unknown, rate: number, listed?: ReadonlySet<number>): Usage[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const usage: Usage[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!/^[1-9]\d{0,9}$/.test(key) || !Array.isArray(value) || value.length !== 2) continue;
    const [up, down] = value.map(Number) as [number, number];
    if (![up, down].every((n) => Number.isFinite(n) && n >= 0)) continue;
    if (up + down > MAX_REPORT_BYTES) throw implausiblePush(Number(key));
    if (listed && !listed.has(Number(key))) continue;
    const bytes = Math.min(Math.round((up + down) * rate), MAX_USED_BYTES);
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
  const total = Math.min(
    usage.reduce((sum, u) => sum + u.bytes, 0),
    MAX_USED_BYTES,
  );
  return inTransaction(ctx.db, async (trx) => {
    let updated: number;
    if (ctx.database.kind === 'postgres') {
      await sql`select pg_advisory_xact_lock(${PUSH_LOCK})`.execute(trx);
      const result = await sql`update users set
          used_bytes = least(users.used_bytes + v.bytes, ${sql.lit(MAX_USED_BYTES)}),
          expire_date = case when users.subs_days > 0
            then to_char((${now}::timestamptz + users.subs_days * interval '1 day') at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            else users.expire_date end,
          reset_anchor = case when users.subs_days > 0 then ${now} else users.reset_anchor end,
          resets_done = case when users.subs_days > 0 then 0 else users.resets_done end,
          subs_days = 0,
          updated_at = ${now}
        from jsonb_to_recordset(${json}::jsonb) as v(id integer, bytes bigint)
        where users.id = v.id`.execute(trx);
      updated = Number(result.numAffectedRows ?? 0);
    } else {
      const result = await sql`update users set
          used_bytes = min(users.used_bytes + v.bytes, ${sql.lit(MAX_USED_BYTES)}),
          expire_date = case when users.subs_days > 0
            then strftime('%Y-%m-%dT%H:%M:%fZ', ${now}, '+' || users.subs_days || ' days')
            else users.expire_date end,
          reset_anchor = case when users.subs_days > 0 then ${now} else users.reset_anchor end,
          resets_done = case when users.subs_days > 0 then 0 else users.resets_done end,
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
        oc.columns(['node_id', 'day']).doUpdateSet(() => ({
          bytes:
            ctx.database.kind === 'postgres'
              ? sql`least(node_traffic.bytes + ${total}, ${sql.lit(MAX_USED_BYTES)})`
              : sql`min(node_traffic.bytes + ${total}, ${sql.lit(MAX_USED_BYTES)})`,
        })),
      )
      .execute();
    return updated;
  });
}
