import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { getSetting } from './settings.ts';

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
