import { createHash } from 'node:crypto';
import { encode } from '@msgpack/msgpack';
import type { AppContext } from '../../platform/context.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { refusal } from '../accounts/index.ts';
import { minIdBytes } from './records.ts';
import { MINUTE_MS } from '@separ/domain';

/** One account in the nodes' user list: the fields of V2bX's `UserInfo` (api/panel/user.go). */
export interface NodeUser {
  id: number;
  /** The account's VPN id (CONTRACTS §5): a random UUID, as its links carry it; never its password. */
  uuid: string;
  /** Mbit/s (V2bX's speed_limit); null for no limit, as every bought plan. The free account has one. */
  speed_limit: number | null;
  device_limit: number;
}

export interface UserListAnswer {
  body: Buffer;
  /** sha1 hex of the body (the ETag's value, quoted in the header). */
  sha1: string;
  contentType: string;
  count: number;
}

interface Built {
  version: number;
  users: Array<NodeUser & { idBytes: number }>;
  /** The list must be built again at this time (ms): the next expiry of a listed account. */
  validUntil: number;
  answers: Map<string, UserListAnswer>;
  /** The listed ids by the shortest id a node takes, made when first asked. */
  listed: Map<number, ReadonlySet<number>>;
  limits?: ReadonlyMap<number, number>;
}

/** At most this long between two builds, whatever else happens. */
const MAX_AGE_MS = 10 * MINUTE_MS;

/**
 * The accounts that may connect now (the one rule of accounts/access.ts: active or pending
 * activation), with their V2Ray ids, as every V2Ray node asks for them (`GET user`). The list is
 * built once and kept with its ETag until the database's `users` version moves (triggers bump it
 * on any change that can change the list, whoever writes it; this process looks at most every
 * `checkMs`) or a listed account expires. A node asking again with the ETag gets 304 from memory.
 */
export class UserListCache {
  readonly #ctx: AppContext;
  readonly #checkMs: number;
  #built: Built | null = null;
  #version = -1;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #pending: Promise<void> | null = null;

  constructor(ctx: AppContext, checkMs: number) {
    this.#ctx = ctx;
    this.#checkMs = checkMs;
  }

  /** The list for this node (a Shadowsocks 2022 node leaves out ids too short for its keys). */
  async answer(node: Pick<NodeRow, 'protocol' | 'cipher'>, format: 'json' | 'msgpack'): Promise<UserListAnswer> {
    const built = await this.#current();
    const min = minIdBytes(node);
    const key = `${min}:${format}`;
    let answer = built.answers.get(key);
    if (!answer) {
      const users = built.users
        .filter((user) => user.idBytes >= min)
        .map(({ id, uuid, speed_limit, device_limit }) => ({ id, uuid, speed_limit, device_limit }));
      const body =
        format === 'msgpack' ? Buffer.from(encode({ users })) : Buffer.from(JSON.stringify({ users }), 'utf8');
      answer = {
        body,
        sha1: createHash('sha1').update(body).digest('hex'),
        contentType: format === 'msgpack' ? 'application/x-msgpack' : 'application/json; charset=utf-8',
        count: users.length,
      };
      built.answers.set(key, answer);
    }
    return answer;
  }

  /**
   * The ids of the accounts in this node's list now (CONTRACTS §15): a push or alive report may
   * speak only of them; entries for any other account are ignored.
   */
  async listedIds(node: Pick<NodeRow, 'protocol' | 'cipher'>): Promise<ReadonlySet<number>> {
    const built = await this.#current();
    const min = minIdBytes(node);
    let ids = built.listed.get(min);
    if (!ids) {
      ids = new Set(built.users.filter((user) => user.idBytes >= min).map((user) => user.id));
      built.listed.set(min, ids);
    }
    return ids;
  }

  /** The device limit of each listed account (alive reports count at most a few more addresses). */
  async deviceLimits(): Promise<ReadonlyMap<number, number>> {
    const built = await this.#current();
    built.limits ??= new Map(built.users.map((user) => [user.id, user.device_limit]));
    return built.limits;
  }

  /** Forgets the list (tests, and a process that changed users itself). */
  invalidate(): void {
    this.#checkedAt = Number.NEGATIVE_INFINITY;
    this.#built = null;
  }

  async #current(): Promise<Built> {
    const stale =
      !this.#built ||
      performance.now() - this.#checkedAt >= this.#checkMs ||
      this.#ctx.now().getTime() >= this.#built.validUntil;
    if (stale) {
      this.#pending ??= this.#refresh().finally(() => {
        this.#pending = null;
      });
      await this.#pending;
    }
    return this.#built!;
  }

  async #refresh(): Promise<void> {
    const row = await this.#ctx.db
      .selectFrom('list_versions')
      .select('version')
      .where('name', '=', 'users')
      .executeTakeFirst();
    this.#version = Number(row?.version ?? 0);
    this.#checkedAt = performance.now();
    const now = this.#ctx.now();
    if (this.#built && this.#built.version === this.#version && now.getTime() < this.#built.validUntil) return;
    this.#built = await this.#build(this.#version, now);
  }

  async #build(version: number, now: Date): Promise<Built> {
    const nowIso = now.toISOString();
    // A wide net in SQL (nothing that may connect is left out), the exact rule in code.
    const rows = await this.#ctx.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'vpn_id',
        'expire_date',
        'used_bytes',
        'allowed_mb',
        'allowed_devices',
        'speed_limit_mbps',
        'suspend',
        'subs_days',
        'ios',
      ])
      .where('suspend', '=', 0)
      .where((eb) => eb.or([eb('subs_days', '>', 0), eb('expire_date', 'is', null), eb('expire_date', '>', nowIso)]))
      .orderBy('id')
      .execute();
    const users: Built['users'] = [];
    let validUntil = now.getTime() + MAX_AGE_MS;
    for (const row of rows) {
      if (refusal(row, now) !== null) continue;
      const uuid = row.vpn_id;
      users.push({
        id: row.id,
        uuid,
        speed_limit: row.speed_limit_mbps ?? null,
        device_limit: row.allowed_devices,
        idBytes: Buffer.byteLength(uuid),
      });
      if (row.subs_days === 0 && row.expire_date) validUntil = Math.min(validUntil, Date.parse(row.expire_date));
    }
    // An account that expires this very millisecond: look again in a second, not in a loop.
    return {
      version,
      users,
      validUntil: Math.max(validUntil, now.getTime() + 1000),
      answers: new Map(),
      listed: new Map(),
    };
  }
}
