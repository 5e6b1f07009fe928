import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import { parsePriceMap, PRICE_KEY, usdPrice } from '@separ/domain';
import { currentShopSettings, getSetting } from '../settings/index.ts';

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
 * that time without a query per request. The answer is also made again when `extra` (what else it is
 * built from: the shop's dollar rate) is not what the cached one was built with.
 */
export function createPlansCache(db: Db, build: (extra: string) => Promise<unknown>, checkEveryMs = 1000) {
  let cached: PlansBody | null = null;
  let cachedExtra = '';
  let version: string | undefined;
  let checkedAt = -Infinity;
  let pending: Promise<PlansBody> | null = null;
  let pendingExtra = '';

  async function load(extra: string): Promise<PlansBody> {
    if (extra !== cachedExtra) cached = null;
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
    const body = JSON.stringify(await build(extra));
    cachedExtra = extra;
    cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    return cached;
  }

  return {
    /** The current answer; concurrent callers share one build. */
    get(extra = ''): Promise<PlansBody> {
      if (cached && extra === cachedExtra && performance.now() - checkedAt < checkEveryMs)
        return Promise.resolve(cached);
      if (pending && extra !== pendingExtra) pending = null;
      pendingExtra = extra;
      pending ??= load(extra).finally(() => {
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

/**
 * The answer of GET /getTelPlans: the active plans in the catalogue's order; with the shop's
 * tomanPerUsd set, each with its toman price in dollars, rounded to cents (`price_usd`, CONTRACTS §12).
 */
async function plansAnswer(db: Db, tomanPerUsd: number) {
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
      'reset',
    ])
    .where('active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return {
    ok: true,
    code: 200,
    data: plans.map((p) => {
      const usd = tomanPerUsd > 0 ? usdPrice(parsePriceMap(p.price_toman)[PRICE_KEY] ?? 0, tomanPerUsd) : null;
      return {
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
        ...(tomanPerUsd > 0 ? { price_usd: usd ?? 0 } : {}),
        // CONTRACTS §14: only a plan whose data resets says so.
        ...(p.reset === 'day' || p.reset === 'week' || p.reset === 'month' ? { reset: p.reset } : {}),
      };
    }),
  };
}

/** One cache of the plans' answer per database a process has open (the server's, a test's). */
const plansCaches = new WeakMap<object, ReturnType<typeof createPlansCache>>();

/**
 * The current answer of GET /getTelPlans and its ETag, which changes with the plans version: the
 * call itself, and the pages that show the plans (issue 28 §1), share it.
 */
export async function currentPlans(ctx: Pick<AppContext, 'database' | 'config' | 'db'>) {
  // The rate comes from the settings' own cache: a change is seen here as soon as it is there.
  const { tomanPerUsd } = (await currentShopSettings(ctx)).settings;
  let cache = plansCaches.get(ctx.database);
  if (!cache) {
    // The database itself, not a transaction of it: the cache outlives the caller.
    const db = ctx.database.db;
    cache = createPlansCache(db, (extra) => plansAnswer(db, Number(extra) || 0), ctx.config.plansCacheCheckMs);
    plansCaches.set(ctx.database, cache);
  }
  return cache.get(String(tomanPerUsd));
}
