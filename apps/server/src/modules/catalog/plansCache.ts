import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { getSetting } from '../settings/index.ts';

/** The settings key the admin CLI changes with every change of the plans. */
export const PLANS_VERSION_KEY = 'plans_version';

export interface PlansBody {
  body: string;
  etag: string;
}

/**
 * The answer of GET /getTelPlans, built once and kept in memory: the plans change rarely and only
 * through `separ-admin`, which bumps a version in the settings. The cache looks at that version at
 * most once per `checkEveryMs` (one indexed read), so a change reaches every server process within
 * that time without a query per request.
 */
export function createPlansCache(db: Db, build: () => Promise<unknown>, checkEveryMs = 1000) {
  let cached: PlansBody | null = null;
  let version: string | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<PlansBody> | null = null;

  async function load(): Promise<PlansBody> {
    const now = performance.now();
    if (now - checkedAt >= checkEveryMs) {
      checkedAt = now;
      const latest = await getSetting(db, PLANS_VERSION_KEY);
      if (latest !== version) {
        version = latest;
        cached = null;
      }
    }
    if (cached) return cached;
    const body = JSON.stringify(await build());
    cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    return cached;
  }

  return {
    /** The current answer; concurrent callers share one build. */
    get(): Promise<PlansBody> {
      if (cached && performance.now() - checkedAt < checkEveryMs) return Promise.resolve(cached);
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
    /** Forget the answer now (the same process changed the plans). */
    invalidate() {
      cached = null;
      checkedAt = -Infinity;
    },
  };
}

/** The answer of GET /getTelPlans: the active plans in the catalogue's order. */
async function plansAnswer(db: Db) {
  const plans = await db
    .selectFrom('plans')
    .select([
      'id',
      'title',
      'active',
      'ios',
      'allowed_mb',
      'subs_days',
      'allowed_devices',
      'discount',
      'price_toman',
      'price_credit',
    ])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return {
    ok: true,
    code: 200,
    data: plans.map((p) => ({
      id: p.id,
      title: p.title,
      active: p.active,
      ios: p.ios,
      allowedMB: Number(p.allowed_mb),
      subsDays: p.subs_days,
      allowedDevices: p.allowed_devices,
      discount: p.discount,
      price_toman: p.price_toman,
      price_credit: p.price_credit,
    })),
  };
}

/** One cache of the plans' answer per database a process has open (the server's, a test's). */
const plansCaches = new WeakMap<object, ReturnType<typeof createPlansCache>>();

/**
 * The current answer of GET /getTelPlans and its ETag, which changes with the plans version: the
 * call itself, and the pages that show the plans (issue 28 §1), share it.
 */
export function currentPlans(ctx: Pick<AppContext, 'database' | 'config'>) {
  let cache = plansCaches.get(ctx.database);
  if (!cache) {
    // The database itself, not a transaction of it: the cache outlives the caller.
    const db = ctx.database.db;
    cache = createPlansCache(db, () => plansAnswer(db), ctx.config.plansCacheCheckMs);
    plansCaches.set(ctx.database, cache);
  }
  return cache.get();
}
