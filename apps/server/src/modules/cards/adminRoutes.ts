import { CARD_ADMIN_ROUTES as R } from '@separ/domain/contract';
import { actor, done, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import type { PaymentsContext } from '../payments/index.ts';
import { addCard, listCards, removeCard, setCardEnabled } from './pool.ts';
import { approveCardOrder, receiptImage, rejectCardOrder } from './service.ts';

/** The console's card pool and review queue (CONTRACTS §11): the functions separ-admin calls too. */
export const cardsAdminRoutes: AdminRoutes<PaymentsContext> = (admin, ctx) => {
  serve(admin, R.cards, async () => ({ items: await listCards(ctx) }));
  serve(admin, R.addCard, async (request) => addCard(ctx, request.body, actor(request)));
  serve(admin, R.enableCard, async (request) => setCardEnabled(ctx, Number(request.params.id), true, actor(request)));
  serve(admin, R.disableCard, async (request) => setCardEnabled(ctx, Number(request.params.id), false, actor(request)));
  serve(admin, R.removeCard, async (request) => done(removeCard(ctx, Number(request.params.id), actor(request))));
  serve(admin, R.orderReceipt, async (request, reply) => {
    const image = await receiptImage(ctx, request.params.resNum);
    return reply
      .header('content-type', image.type)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
  serve(admin, R.approveOrder, async (request) => {
    const decision = await approveCardOrder(ctx, request.params.resNum, actor(request));
    return {
      ok: true as const,
      resNum: decision.resNum,
      state: decision.state,
      ...(decision.username === undefined ? {} : { username: decision.username, renewed: decision.renewed ?? false }),
    };
  });
  serve(admin, R.rejectOrder, async (request) => {
    const decision = await rejectCardOrder(ctx, request.params.resNum, request.body.reason, actor(request));
    return { ok: true as const, resNum: decision.resNum, state: decision.state };
  });
};
