import {
  asRecord,
  filterByPlatform,
  isPlanDisplayable,
  normalizePlan,
  toNumber,
  type Plan,
  type Platform,
} from '@separ/domain';
import type { PlanRecord } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { apiError } from '../errors.ts';
import { logWarning } from '../log.ts';

export interface PlansArgs {
  /** Keep only this platform's plans (SPEC §5's platform filter); all plans when absent. */
  platform?: Platform;
}

/** A plan of the answer (the contract's `PlanRecord`), as far as it names one. */
function isPlanRecord(value: unknown): value is PlanRecord {
  const record = asRecord(value);
  return typeof record.id === 'number' || typeof record.id === 'string';
}

function readablePrices(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The service's answer to displayable plans: `code` must be 200 (else `API returned error: {code}`);
 * plans that are inactive or lack positive prices at key 100 are left out; unreadable price JSON is
 * logged and treated as empty prices (SPEC §8).
 */
export function plansFromResponse(body: unknown, platform?: Platform): Plan[] | { error: string; code: number } {
  const record = asRecord(body);
  const code = toNumber(record.code);
  if (code !== 200) return { error: `API returned error: ${String(record.code ?? code)}`, code };
  const data = Array.isArray(record.data) ? record.data : [];
  const plans: Plan[] = [];
  for (const item of data) {
    if (!isPlanRecord(item)) continue;
    const raw: PlanRecord = { ...item, id: toNumber(item.id) };
    for (const field of ['price_toman', 'price_credit'] as const) {
      if (!readablePrices(raw[field])) logWarning(`plan ${raw.id}: unreadable ${field}, treated as no prices`);
    }
    if (!isPlanDisplayable(raw)) continue;
    plans.push(normalizePlan(raw));
  }
  return platform ? filterByPlatform(plans, platform) : plans;
}

export const plansApi = separApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /getTelPlans on the plans service's base URL. */
    getPlans: build.query<Plan[], PlansArgs | void>({
      async queryFn(args, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/getTelPlans', service: 'plans' });
        if (result.error) return { error: result.error };
        const plans = plansFromResponse(result.data, args ? args.platform : undefined);
        if ('error' in plans) return { error: apiError(plans.error, plans.code) };
        return { data: plans };
      },
    }),
  }),
});

export const { useGetPlansQuery } = plansApi;
