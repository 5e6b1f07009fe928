import { GROWTH_ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, listQuery, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { addCoupon, disableCoupon, listCoupons } from './coupons.ts';
import { addGifts } from './gifts.ts';
import { listReferrals } from './referralsAdmin.ts';

/**
 * The console's discount and gift codes (CONTRACTS §12): the functions separ-admin calls too; and
 * the referrals: who referred whom and what was paid (read only).
 */
export const growthAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.coupons, async () => ({ items: await listCoupons(ctx) }));
  serve(admin, R.addCoupon, async (request) => addCoupon(ctx, request.body, actor(request)));
  serve(admin, R.disableCoupon, async (request) => disableCoupon(ctx, request.params.code, actor(request)));
  serve(admin, R.referrals, async (request) => {
    const { q, page, pageSize } = listQuery(request.query);
    return listReferrals(ctx, { q, page, pageSize });
  });
  serve(admin, R.addGifts, async (request) =>
    addGifts(
      ctx,
      { amount: request.body.amount, count: request.body.count ?? 1, until: request.body.until },
      actor(request),
    ),
  );
};
