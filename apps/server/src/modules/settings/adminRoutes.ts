import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { changeShopSettings } from './admin.ts';
import { getShopSettings } from './shopSettings.ts';

/** The console's shop settings (docs/ADMIN.md): read, and changed with the change audited. */
export const settingsAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.settings, async () => getShopSettings(ctx));
  serve(admin, R.updateSettings, async (request) => {
    const { after } = await changeShopSettings(ctx, request.body, actor(request));
    return after;
  });
};
