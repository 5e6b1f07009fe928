import { WEBHOOK_ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, done, listQuery, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { addWebhook, listDeliveries, listWebhooks, queueTestEvent, removeWebhook, webhookId } from './webhooks.ts';

/** The console's webhooks (CONTRACTS §13), owner only by their prefix: the functions separ-admin calls too. */
export const webhooksAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.webhooks, async () => ({ items: await listWebhooks(ctx) }));
  serve(admin, R.createWebhook, async (request) => addWebhook(ctx, request.body, actor(request)));
  serve(admin, R.removeWebhook, async (request) =>
    done(removeWebhook(ctx, webhookId(request.params.id), actor(request))),
  );
  serve(admin, R.webhookDeliveries, async (request) =>
    listDeliveries(ctx, webhookId(request.params.id), listQuery(request.query)),
  );
  serve(admin, R.testWebhook, async (request) => ({
    ok: true as const,
    delivery: await queueTestEvent(ctx, webhookId(request.params.id), actor(request)),
  }));
};
