import type { AppContext } from '../../platform/context.ts';
import { NodeRegistry } from './registry.ts';
import { UserListCache } from './userList.ts';

/** The V2Ray nodes and their user list, kept in memory by each server process. */
export interface NodeCaches {
  registry: NodeRegistry;
  users: UserListCache;
}

/** What the node routes need: the platform's context and the node caches. */
export type NodesContext = AppContext & { nodes: NodeCaches };

/** The caches for one process; `ctx.log` is read when they log, so a logger set later is used. */
export function createNodeCaches(ctx: AppContext): NodeCaches {
  return {
    registry: new NodeRegistry({
      db: ctx.db,
      checkMs: ctx.config.nodeCacheCheckMs,
      now: ctx.now,
      log: () => ctx.log,
    }),
    users: new UserListCache(ctx, ctx.config.nodeCacheCheckMs),
  };
}
