import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import {
  addCountry,
  addServer,
  createPlan,
  listCountries,
  listPlans,
  listServers,
  removeCountry,
  removeServer,
  updatePlan,
} from './admin.ts';

/** The console's plans, countries and hand-written servers (docs/ADMIN.md). */
export const catalogAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.plans, async () => ({ items: await listPlans(ctx) }));
  serve(admin, R.createPlan, async (request) => createPlan(ctx, request.body, actor(request)));
  serve(admin, R.updatePlan, async (request) =>
    updatePlan(ctx, Number(request.params.id), request.body, actor(request)),
  );

  serve(admin, R.countries, async () => ({ items: await listCountries(ctx) }));
  serve(admin, R.saveCountry, async (request) => addCountry(ctx, request.body, actor(request)));
  serve(admin, R.deleteCountry, async (request) => {
    await removeCountry(ctx, request.params.code, actor(request));
    return { ok: true as const };
  });
  serve(admin, R.servers, async () => ({ items: await listServers(ctx) }));
  serve(admin, R.createServer, async (request) => addServer(ctx, request.body, actor(request)));
  serve(admin, R.deleteServer, async (request) => {
    await removeServer(ctx, Number(request.params.id), actor(request));
    return { ok: true as const };
  });
};
