import { isPlanDisplayable } from '@separ/domain';
import type { Db } from '../../platform/db/index.ts';
import type { PlanRow } from '../../platform/db/schema.ts';

/**
 * A plan a buyer may pay for, by its id: one that exists and that the catalogue shows (SPEC's
 * displayable rule, the same as /getTelPlans'); undefined otherwise. The purchase, the discount-code
 * check and the bot's ways to pay all ask here.
 */
export async function planOnSale(db: Db, planId: number): Promise<PlanRow | undefined> {
  if (!Number.isInteger(planId) || planId <= 0) return undefined;
  const plan = await db.selectFrom('plans').selectAll().where('id', '=', planId).executeTakeFirst();
  if (!plan) return undefined;
  const displayable = isPlanDisplayable({
    id: plan.id,
    title: plan.title,
    active: plan.active,
    ios: plan.ios,
    allowedMB: Number(plan.allowed_mb),
    subsDays: plan.subs_days,
    allowedDevices: plan.allowed_devices,
    price_toman: plan.price_toman,
    price_credit: plan.price_credit,
  });
  return displayable ? plan : undefined;
}
