import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import { actor, listQuery, optionalText, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import type { PaymentsContext } from './adapters.ts';
import { completeOrderByHand, orderDetail, reconcileNow, searchOrders } from './admin.ts';

/** The console's orders: search, detail, completion by hand and reconciliation (docs/ADMIN.md). */
export const paymentsAdminRoutes: AdminRoutes<PaymentsContext> = (admin, ctx) => {
  serve(admin, R.orders, async (request) => {
    const q = request.query;
    return searchOrders(ctx, {
      ...listQuery(q),
      state: optionalText(q.state) as never,
      gate: optionalText(q.gate),
      from: optionalText(q.from),
      to: optionalText(q.to),
    });
  });
  serve(admin, R.order, async (request) => orderDetail(ctx, request.params.resNum));
  serve(admin, R.completeOrder, async (request) => {
    const done = await completeOrderByHand(ctx, request.params.resNum, request.body.ref, actor(request));
    return done.detail;
  });
  serve(admin, R.reconcile, async (request) => reconcileNow(ctx, actor(request)));
};
