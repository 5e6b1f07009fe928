import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, done, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import * as catalog from './admin.ts';

/** The console's plans, countries and hand-written servers (docs/ADMIN.md). */
export const catalogAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.plans, async () => ({ items: await catalog.listPlans(ctx) }));
  serve(admin, R.createPlan, async (request) => catalog.createPlan(ctx, request.body, actor(request)));
  serve(admin, R.updatePlan, async (request) =>
    catalog.updatePlan(ctx, Number(request.params.id), request.body, actor(request)),
  );

  serve(admin, R.countries, async () => ({ items: await catalog.listCountries(ctx) }));
  serve(admin, R.saveCountry, async (request) => catalog.addCountry(ctx, request.body, actor(request)));
  serve(admin, R.deleteCountry, (request) => done(catalog.removeCountry(ctx, request.params.code, actor(request))));
  serve(admin, R.servers, async () => ({ items: await catalog.listServers(ctx) }));
  serve(admin, R.createServer, async (request) => catalog.addServer(ctx, request.body, actor(request)));
  serve(admin, R.deleteServer, (request) => done(catalog.removeServer(ctx, Number(request.params.id), actor(request))));
};
