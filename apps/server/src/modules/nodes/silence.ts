import { MINUTE_MS } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { emitEvent } from '../../platform/events.ts';

/**
 * Node silence (CONTRACTS §13): an active V2Ray node heard from before but not for
 * SEPAR_NODE_SILENT_MINUTES is reported silent once, and once again when it is heard from. Each
 * report is a conditional update of the node's `silent_since` with its event in one transaction, so
 * that several processes report it once. Returns how many were reported each way.
 */
export async function watchNodes(ctx: AppContext): Promise<{ silent: number; back: number }> {
  const now = ctx.now();
  const nowIso = now.toISOString();
  const threshold = new Date(now.getTime() - ctx.config.nodeSilentMinutes * MINUTE_MS).toISOString();
  const quiet = await ctx.db
    .selectFrom('nodes')
    .select(['id', 'name', 'last_seen_at'])
    .where('active', '=', 1)
    .where('silent_since', 'is', null)
    .where('last_seen_at', 'is not', null)
    .where('last_seen_at', '<', threshold)
    .execute();
  let silent = 0;
  for (const node of quiet) {
    const reported = await ctx.db.transaction().execute(async (trx) => {
      const won = await trx
        .updateTable('nodes')
        .set({ silent_since: nowIso })
        .where('id', '=', node.id)
        .where('silent_since', 'is', null)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      await emitEvent(trx, nowIso, `node.silent:${node.id}:${node.last_seen_at}`, {
        kind: 'node.silent',
        data: {
          nodeId: node.id,
          name: node.name,
          lastSeenAt: node.last_seen_at!,
          minutes: ctx.config.nodeSilentMinutes,
        },
      });
      return true;
    });
    if (reported) silent++;
  }
  const heard = await ctx.db
    .selectFrom('nodes')
    .select(['id', 'name', 'silent_since', 'last_seen_at'])
    .where('silent_since', 'is not', null)
    .whereRef('last_seen_at', '>', 'silent_since')
    .execute();
  let back = 0;
  for (const node of heard) {
    const reported = await ctx.db.transaction().execute(async (trx) => {
      const won = await trx
        .updateTable('nodes')
        .set({ silent_since: null })
        .where('id', '=', node.id)
        .where('silent_since', '=', node.silent_since)
        .executeTakeFirst();
      if (Number(won.numUpdatedRows) !== 1) return false;
      await emitEvent(trx, nowIso, `node.back:${node.id}:${node.silent_since}`, {
        kind: 'node.back',
        data: { nodeId: node.id, name: node.name, silentSince: node.silent_since! },
      });
      return true;
    });
    if (reported) back++;
  }
  if (silent || back) ctx.log.warn({ silent, back }, 'node silence changed');
  return { silent, back };
}
