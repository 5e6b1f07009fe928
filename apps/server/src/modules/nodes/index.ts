// The nodes module's public face: V2Ray nodes over UniProxy (records, share links, the in-memory
// registry and user list) and RADIUS for the OpenConnect servers.
export {
  addNode,
  addRadius,
  adminNodes,
  adminRadiusClients,
  deleteNode,
  editNode,
  removeRadius,
  rotateToken,
} from './admin.ts';
export { purgeAlive } from './alive.ts';
export { createNodeCaches } from './caches.ts';
export type { NodeCaches, NodesContext } from './caches.ts';
export { NODE_COMMANDS, NODE_OPTION_SPECS, runNodes } from './cli.ts';
export { formatLink, nodeLinkSpec, parseLink } from './links.ts';
export { activeHostsByNode, hostLinkSpec } from './hosts.ts';
export type { LinkSpec } from './links.ts';
export { RadiusServer } from './radius/server.ts';
export { listRadiusClients } from './radius/service.ts';
export { minIdBytes } from './records.ts';
export { uniProxyRoutes } from './uniproxy.ts';
export { nodesAdminRoutes } from './adminRoutes.ts';
export { watchNodes } from './silence.ts';
