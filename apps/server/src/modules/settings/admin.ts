import type { ShopSettings } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import { updateShopSettings } from './shopSettings.ts';
import { audit, type Actor } from '../../platform/audit.ts';

/**
 * Changes the shop's settings and records the change (the fields that changed, before and after):
 * the web admin's PUT /api/admin/settings and `separ-admin settings set` both come here.
 */
export async function changeShopSettings(
  ctx: AppContext,
  patch: Partial<ShopSettings>,
  actor: Actor,
): Promise<{ before: ShopSettings; after: ShopSettings }> {
  const { before, after } = await updateShopSettings(ctx, patch);
  const changed = (Object.keys(after) as Array<keyof ShopSettings>).filter((key) => before[key] !== after[key]);
  if (changed.length > 0)
    await audit(ctx.db, ctx, {
      actor,
      action: 'settings.update',
      target: 'settings',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
  return { before, after };
}
