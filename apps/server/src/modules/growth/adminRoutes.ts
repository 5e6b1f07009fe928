import { GROWTH_ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { addCoupon, disableCoupon, listCoupons } from './coupons.ts';
import { addGifts } from './gifts.ts';

/** The console's discount and gift codes (CONTRACTS §12): the functions separ-admin calls too. */
export const growthAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.coupons, async () => ({ items: await listCoupons(ctx) }));
  serve(admin, R.addCoupon, async (request) => addCoupon(ctx, request.body, actor(request)));
  serve(admin, R.disableCoupon, async (request) => disableCoupon(ctx, request.params.code, actor(request)));
  serve(admin, R.addGifts, async (request) =>
    addGifts(
      ctx,
      { amount: request.body.amount, count: request.body.count ?? 1, until: request.body.until },
      actor(request),
    ),
  );
};
