import type { AdminNode, AdminNodeProtocol, AdminNodeSecret, AdminRadiusClient } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { addRadiusClient, listRadiusClients, removeRadiusClient } from './radius/service.ts';
import { createNode, findNode, listNodes, removeNode, rotateNodeToken, updateNode, type NodeInput } from './records.ts';
import { v2bxNodeEntry } from './v2bx.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { DAY_MS } from '@separ/domain';

/**
 * The nodes as the operators manage them: the rules live in nodes/records.ts and nodes/radius; this
 * adds what the web admin and separ-admin both need around them — the audit log, the V2bX config,
 * and whether a node is online.
 */

/**
 * Where V2bX reaches this server (its ApiHost): SEPAR_PUBLIC_URL, else the origin the operator's
 * browser used (the web admin), else a placeholder to fill in (the command line).
 */
export function apiHost(ctx: AppContext, seenOrigin?: string): string {
  return ctx.config.publicUrl ?? seenOrigin ?? `http://<this server's address>:${ctx.config.port}`;
}

/** A node is online when it called within three of its intervals. */
function onlineSince(ctx: AppContext): number {
  const { push, pull } = ctx.config.nodeIntervals;
  return ctx.now().getTime() - 3 * Math.max(push, pull) * 1000;
}

/**
 * What the audit log and the edit form show of a node: its settings under the names of
 * AdminNodeInput (`transportHost`, `realityShortId`, `country` …), never its secrets.
 */
export function nodeSettings(node: NodeRow): Record<string, string | number | boolean | null> {
  const {
    token_hash: _hash,
    reality_private_key: _key,
    server_key: _server,
    obfs_password: _obfs,
    last_seen_at: _seen,
    silent_since: _silent,
    load_status: _load,
    users_count: _users,
    updated_at: _updated,
    country_code: country,
    active,
    ...rest
  } = node;
  const settings: Record<string, string | number | boolean | null> = { country, active: active === 1 };
  for (const [column, value] of Object.entries(rest))
    settings[column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())] = value;
  return settings;
}

export function nodeOf(ctx: AppContext, node: NodeRow, trafficBytes = 0): AdminNode {
  return {
    id: node.id,
    name: node.name,
    protocol: node.protocol as AdminNodeProtocol,
    host: node.host,
    port: node.port,
    network: node.network,
    security: node.security,
    serverName: node.server_name,
    country: node.country_code,
    rate: Number(node.rate),
    active: node.active === 1,
    online: node.active === 1 && node.last_seen_at !== null && Date.parse(node.last_seen_at) > onlineSince(ctx),
    lastSeenAt: node.last_seen_at,
    trafficBytes,
    settings: nodeSettings(node),
  };
}

/** The nodes, with the bytes each carried in the last 30 days. */
export async function adminNodes(ctx: AppContext): Promise<AdminNode[]> {
  const since = new Date(ctx.now().getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
  const [nodes, traffic] = await Promise.all([
    listNodes(ctx),
    ctx.db
      .selectFrom('node_traffic')
      .select(['node_id', (eb) => eb.fn.sum<number>('bytes').as('bytes')])
      .where('day', '>=', since)
      .groupBy('node_id')
      .execute(),
  ]);
  const bytes = new Map(traffic.map((t) => [t.node_id, Number(t.bytes)]));
  return nodes.map((n) => nodeOf(ctx, n, bytes.get(n.id) ?? 0));
}

function secretOf(ctx: AppContext, node: NodeRow, token: string, seenOrigin?: string): AdminNodeSecret {
  return {
    node: nodeOf(ctx, node),
    token,
    v2bxConfig: JSON.stringify({ Nodes: [v2bxNodeEntry(node, apiHost(ctx, seenOrigin), token)] }, null, 2),
  };
}

export async function addNode(
  ctx: AppContext,
  input: NodeInput,
  actor: Actor,
  seenOrigin?: string,
): Promise<AdminNodeSecret> {
  const { id, token } = await createNode(ctx, input);
  const node = await findNode(ctx.db, id);
  await audit(ctx.db, ctx, { actor, action: 'node.add', target: `node:${id}`, after: nodeSettings(node) });
  return secretOf(ctx, node, token, seenOrigin);
}

export async function editNode(
  ctx: AppContext,
  which: string | number,
  input: NodeInput,
  actor: Actor,
): Promise<AdminNode> {
  const before = await findNode(ctx.db, which);
  const node = await updateNode(ctx, before.id, input);
  await audit(ctx.db, ctx, {
    actor,
    action: 'node.update',
    target: `node:${node.id}`,
    before: nodeSettings(before),
    after: nodeSettings(node),
  });
  return nodeOf(ctx, node);
}

export async function rotateToken(
  ctx: AppContext,
  which: string | number,
  actor: Actor,
  seenOrigin?: string,
): Promise<AdminNodeSecret> {
  const { id, token } = await rotateNodeToken(ctx, which);
  await audit(ctx.db, ctx, { actor, action: 'node.rotate-token', target: `node:${id}` });
  return secretOf(ctx, await findNode(ctx.db, id), token, seenOrigin);
}

export async function deleteNode(ctx: AppContext, which: string | number, actor: Actor): Promise<NodeRow> {
  const node = await removeNode(ctx, which);
  await audit(ctx.db, ctx, { actor, action: 'node.remove', target: `node:${node.id}`, before: nodeSettings(node) });
  return node;
}

function radiusClientOf(c: Awaited<ReturnType<typeof listRadiusClients>>[number]): AdminRadiusClient {
  return {
    id: c.id,
    ip: c.ip,
    name: c.name,
    requireMessageAuthenticator: c.require_message_authenticator === 1,
    createdAt: c.created_at,
  };
}

export async function adminRadiusClients(ctx: AppContext): Promise<AdminRadiusClient[]> {
  return (await listRadiusClients(ctx)).map(radiusClientOf);
}

export async function addRadius(
  ctx: AppContext,
  input: { ip: string; secret: string; name?: string; requireMessageAuthenticator?: boolean },
  actor: Actor,
): Promise<AdminRadiusClient & { warning: string | null }> {
  const { id, warning } = await addRadiusClient(ctx, {
    ip: String(input.ip ?? ''),
    secret: String(input.secret ?? ''),
    name: input.name,
    requireMessageAuthenticator: input.requireMessageAuthenticator === true,
  });
  const client = (await listRadiusClients(ctx)).find((c) => c.id === id)!;
  const row = radiusClientOf(client);
  await audit(ctx.db, ctx, { actor, action: 'radius-client.add', target: `radius-client:${id}`, after: row });
  return { ...row, warning };
}

export async function removeRadius(ctx: AppContext, which: string, actor: Actor): Promise<AdminRadiusClient> {
  const row = radiusClientOf(await removeRadiusClient(ctx, which));
  await audit(ctx.db, ctx, { actor, action: 'radius-client.remove', target: `radius-client:${row.id}`, before: row });
  return row;
}
