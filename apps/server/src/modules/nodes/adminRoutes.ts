import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, optionalText, originOf, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import {
  addNode,
  addRadius,
  adminNodes,
  adminRadiusClients,
  deleteNode,
  editNode,
  removeRadius,
  rotateToken,
} from './admin.ts';

/** The console's V2Ray nodes and RADIUS clients (docs/ADMIN.md). */
export const nodesAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.nodes, async () => ({ items: await adminNodes(ctx) }));
  // A new node's V2bX config names the origin the operator reached the shop at as its ApiHost.
  serve(admin, R.createNode, async (request) => addNode(ctx, request.body, actor(request), originOf(request)));
  serve(admin, R.updateNode, async (request) => editNode(ctx, Number(request.params.id), request.body, actor(request)));
  serve(admin, R.rotateNodeToken, async (request) =>
    rotateToken(ctx, Number(request.params.id), actor(request), originOf(request)),
  );
  serve(admin, R.deleteNode, async (request) => {
    await deleteNode(ctx, Number(request.params.id), actor(request));
    return { ok: true as const };
  });

  serve(admin, R.radiusClients, async () => ({ items: await adminRadiusClients(ctx) }));
  serve(admin, R.createRadiusClient, async (request) => {
    const { ip, secret, name, requireMessageAuthenticator } = request.body;
    return addRadius(
      ctx,
      { ip, secret, name: optionalText(name), requireMessageAuthenticator: requireMessageAuthenticator === true },
      actor(request),
    );
  });
  serve(admin, R.deleteRadiusClient, async (request) => {
    await removeRadius(ctx, request.params.id, actor(request));
    return { ok: true as const };
  });
};
