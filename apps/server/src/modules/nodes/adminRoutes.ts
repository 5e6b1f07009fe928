import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, done, optionalText, originOf, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import * as nodes from './admin.ts';
import * as hosts from './hosts.ts';

/** The console's V2Ray nodes and RADIUS clients (docs/ADMIN.md). */
export const nodesAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.nodes, async () => ({ items: await nodes.adminNodes(ctx) }));
  // A new node's V2bX config names the origin the operator reached the shop at as its ApiHost.
  serve(admin, R.createNode, async (request) => nodes.addNode(ctx, request.body, actor(request), originOf(request)));
  serve(admin, R.updateNode, async (request) =>
    nodes.editNode(ctx, Number(request.params.id), request.body, actor(request)),
  );
  serve(admin, R.rotateNodeToken, async (request) =>
    nodes.rotateToken(ctx, Number(request.params.id), actor(request), originOf(request)),
  );
  serve(admin, R.deleteNode, (request) => done(nodes.deleteNode(ctx, Number(request.params.id), actor(request))));

  // A node's extra addresses (CONTRACTS §14).
  serve(admin, R.nodeHosts, async (request) => ({ items: await hosts.listHosts(ctx, Number(request.params.id)) }));
  serve(admin, R.createNodeHost, async (request) =>
    hosts.addHost(ctx, Number(request.params.id), request.body, actor(request)),
  );
  serve(admin, R.pauseNodeHost, async (request) =>
    hosts.setHostPaused(ctx, Number(request.params.id), request.params.hostId, true, actor(request)),
  );
  serve(admin, R.resumeNodeHost, async (request) =>
    hosts.setHostPaused(ctx, Number(request.params.id), request.params.hostId, false, actor(request)),
  );
  serve(admin, R.deleteNodeHost, (request) =>
    done(hosts.removeHost(ctx, Number(request.params.id), request.params.hostId, actor(request))),
  );

  serve(admin, R.radiusClients, async () => ({ items: await nodes.adminRadiusClients(ctx) }));
  serve(admin, R.createRadiusClient, async (request) => {
    const { ip, secret, name, requireMessageAuthenticator } = request.body;
    return nodes.addRadius(
      ctx,
      { ip, secret, name: optionalText(name), requireMessageAuthenticator: requireMessageAuthenticator === true },
      actor(request),
    );
  });
  serve(admin, R.deleteRadiusClient, (request) => done(nodes.removeRadius(ctx, request.params.id, actor(request))));
};
