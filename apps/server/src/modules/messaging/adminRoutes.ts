import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, listQuery, optionalText, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { listOutbox, resendOutbox } from './outbox.ts';

/** The console's outbox: the queue and a message sent again (docs/ADMIN.md). */
export const messagingAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.outbox, async (request) =>
    listOutbox(ctx, { ...listQuery(request.query), state: optionalText(request.query.state) as never }),
  );
  serve(admin, R.resendOutbox, async (request) => resendOutbox(ctx, Number(request.params.id), actor(request)));
};
