import type { Log } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import type { Clock } from '../../platform/clock.ts';

/** How often a node's last contact is written to the database, at most. */
const SEEN_FLUSH_MS = 10_000;

/**
 * The nodes, kept in memory: every UniProxy request authenticates against this copy, which is read
 * again from the database at most every `checkMs` (separ-admin's changes — a new token, a node
 * turned off — take effect within that). A node's last contact and user count are kept here too and
 * written at most every ten seconds, so that a node's polling costs no write per request.
 */
export class NodeRegistry {
  readonly #db: Db;
  readonly #checkMs: number;
  readonly #now: Clock;
  readonly #log: () => Log;
  #nodes = new Map<number, NodeRow>();
  #loadedAt = Number.NEGATIVE_INFINITY;
  #loading: Promise<void> | null = null;
  readonly #seen = new Map<number, { at: number; users: number | null; flushedAt: number }>();

  constructor(options: { db: Db; checkMs: number; now: Clock; log: () => Log }) {
    this.#db = options.db;
    this.#checkMs = options.checkMs;
    this.#now = options.now;
    this.#log = options.log;
  }

  async get(id: number): Promise<NodeRow | undefined> {
    if (performance.now() - this.#loadedAt >= this.#checkMs) await this.#load();
    return this.#nodes.get(id);
  }

  /** Forgets the copy: the next request reads the nodes again. */
  invalidate(): void {
    this.#loadedAt = Number.NEGATIVE_INFINITY;
  }

  #load(): Promise<void> {
    this.#loading ??= (async () => {
      try {
        const rows = await this.#db.selectFrom('nodes').selectAll().execute();
        this.#nodes = new Map(rows.map((row) => [row.id, row]));
        this.#loadedAt = performance.now();
      } finally {
        this.#loading = null;
      }
    })();
    return this.#loading;
  }

  /** The node called now; `users` is the size of the list it was given, when it asked for one. */
  seen(id: number, users: number | null = null): void {
    const at = this.#now().getTime();
    let entry = this.#seen.get(id);
    if (!entry) {
      entry = { at, users, flushedAt: Number.NEGATIVE_INFINITY };
      this.#seen.set(id, entry);
    }
    entry.at = at;
    if (users !== null) entry.users = users;
    if (performance.now() - entry.flushedAt >= SEEN_FLUSH_MS) {
      entry.flushedAt = performance.now();
      this.#db
        .updateTable('nodes')
        .set({
          last_seen_at: new Date(at).toISOString(),
          ...(entry.users === null ? {} : { users_count: entry.users }),
        })
        .where('id', '=', id)
        .execute()
        .catch((error: unknown) => this.#log().error({ err: error, node: id }, 'could not record a node contact'));
    }
  }

  /** Writes what is held in memory (at shutdown, and for tests). */
  async flush(): Promise<void> {
    for (const [id, entry] of this.#seen) {
      entry.flushedAt = performance.now();
      await this.#db
        .updateTable('nodes')
        .set({
          last_seen_at: new Date(entry.at).toISOString(),
          ...(entry.users === null ? {} : { users_count: entry.users }),
        })
        .where('id', '=', id)
        .execute();
    }
  }
}
