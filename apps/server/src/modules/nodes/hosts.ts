import type { AdminNodeHost, AdminNodeHostInput } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { NodeHostRow, NodeRow } from '../../platform/db/schema.ts';
import { audit, type Actor } from '../../platform/audit.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import type { LinkSpec } from './links.ts';
import { findNode, isHost } from './records.ts';

/**
 * A V2Ray node's extra addresses (CONTRACTS §14, `separ-admin nodes hosts …` and the admin): a CDN,
 * a relay or a clean IP. Each active one is one more link in every subscription format, made from
 * the node's own link (its protocol and keys) with the address, and the port, SNI and host header
 * when the host sets them; an operator adds or retires an address without touching accounts.
 */

/** The networks whose host header a host's `--host` replaces (ws, HTTP upgrade, xhttp; gRPC's authority). */
const HOST_HEADER_NETWORKS = ['ws', 'httpupgrade', 'xhttp', 'grpc'];

/** A node's address as a link: the node's link with the host's address, port, SNI, host header and name. */
export function hostLinkSpec(spec: LinkSpec, host: Pick<NodeHostRow, 'address' | 'port' | 'sni' | 'host' | 'remark'>) {
  const next: LinkSpec = {
    ...spec,
    name: `${spec.name} - ${host.remark ?? host.address}`,
    host: host.address,
    port: host.port ?? spec.port,
  };
  // The SNI where the node's link has TLS (TLS, REALITY; Trojan and Hysteria 2 always do).
  const secured =
    spec.protocol === 'hysteria2' ||
    (spec.protocol !== 'shadowsocks' && (spec.security === 'tls' || spec.security === 'reality'));
  if (host.sni && secured) next.sni = host.sni;
  if (host.host && HOST_HEADER_NETWORKS.includes(spec.network ?? 'tcp')) next.transportHost = host.host;
  return next;
}

/** The active hosts of the nodes, by node, in their order. */
export async function activeHostsByNode(db: Db, nodeIds: number[]): Promise<Map<number, NodeHostRow[]>> {
  const byNode = new Map<number, NodeHostRow[]>();
  if (nodeIds.length === 0) return byNode;
  const rows = await db
    .selectFrom('node_hosts')
    .selectAll()
    .where('node_id', 'in', nodeIds)
    .where('paused', '=', 0)
    .orderBy('node_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const row of rows) byNode.set(row.node_id, [...(byNode.get(row.node_id) ?? []), row]);
  return byNode;
}

export function hostOf(row: NodeHostRow): AdminNodeHost {
  return {
    id: row.id,
    nodeId: row.node_id,
    address: row.address,
    port: row.port,
    sni: row.sni,
    host: row.host,
    remark: row.remark,
    paused: row.paused === 1,
    sort: row.sort,
    createdAt: row.created_at,
  };
}

/** A node's hosts (paused ones too), in their order. */
export async function listHosts(ctx: AppContext, which: string | number): Promise<AdminNodeHost[]> {
  const node = await findNode(ctx.db, which);
  const rows = await ctx.db
    .selectFrom('node_hosts')
    .selectAll()
    .where('node_id', '=', node.id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(hostOf);
}

const optionalText = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** The host's columns from an operator's input, checked; the message names what to change. */
function checked(input: AdminNodeHostInput): Pick<NodeHostRow, 'address' | 'port' | 'sni' | 'host' | 'remark'> {
  const address = String(input.address ?? '')
    .trim()
    .toLowerCase();
  if (!isHost(address)) throw invalid('--address must be a domain name or an IP address.');
  const port = input.port ?? null;
  if (port !== null && !(Number.isInteger(port) && port >= 1 && port <= 65_535))
    throw invalid('--port must be 1 to 65535.');
  const sni = optionalText(input.sni)?.toLowerCase() ?? null;
  if (sni !== null && !isHost(sni)) throw invalid('--sni must be a domain name.');
  const host = optionalText(input.host)?.toLowerCase() ?? null;
  if (host !== null && !isHost(host)) throw invalid('--host must be a domain name.');
  const remark = optionalText(input.remark);
  if (remark !== null && !/^[^\p{C}#]{1,64}$/u.test(remark))
    throw invalid('--remark: at most 64 characters, no control characters or #.');
  return { address, port, sni, host, remark };
}

async function findHost(db: Db, node: NodeRow, hostId: string | number): Promise<NodeHostRow> {
  const id = Number(hostId);
  const row =
    Number.isInteger(id) && id > 0 && id <= 2_147_483_647
      ? await db
          .selectFrom('node_hosts')
          .selectAll()
          .where('id', '=', id)
          .where('node_id', '=', node.id)
          .executeTakeFirst()
      : undefined;
  if (!row) throw notFound(`Node ${node.id} has no host ${hostId}.`);
  return row;
}

/** The node's links change with its hosts: its `updated_at` says so (the subscriptions' ETag follows the body). */
async function touch(ctx: AppContext, node: NodeRow) {
  await ctx.db.updateTable('nodes').set({ updated_at: ctx.now().toISOString() }).where('id', '=', node.id).execute();
}

/** Adds an address to a node, after its others. Audited `node.host-add`. */
export async function addHost(
  ctx: AppContext,
  which: string | number,
  input: AdminNodeHostInput,
  actor: Actor,
): Promise<AdminNodeHost> {
  const node = await findNode(ctx.db, which);
  const values = checked(input);
  const count = await ctx.db
    .selectFrom('node_hosts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('node_id', '=', node.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= 50) throw invalid('A node takes at most 50 hosts.');
  const last = await ctx.db
    .selectFrom('node_hosts')
    .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
    .where('node_id', '=', node.id)
    .executeTakeFirst();
  const { id } = await ctx.db
    .insertInto('node_hosts')
    .values({
      node_id: node.id,
      ...values,
      paused: 0,
      sort: Number(last?.sort ?? -1) + 1,
      created_at: ctx.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await touch(ctx, node);
  const row = hostOf(await findHost(ctx.db, node, id));
  await audit(ctx.db, ctx, { actor, action: 'node.host-add', target: `node:${node.id}`, after: row });
  return row;
}

/** Pauses (left out of the links, kept) or resumes a node's address. Audited `node.host-pause` / `node.host-resume`. */
export async function setHostPaused(
  ctx: AppContext,
  which: string | number,
  hostId: string | number,
  paused: boolean,
  actor: Actor,
): Promise<AdminNodeHost> {
  const node = await findNode(ctx.db, which);
  const before = await findHost(ctx.db, node, hostId);
  await ctx.db
    .updateTable('node_hosts')
    .set({ paused: paused ? 1 : 0 })
    .where('id', '=', before.id)
    .execute();
  await touch(ctx, node);
  const row = hostOf(await findHost(ctx.db, node, before.id));
  await audit(ctx.db, ctx, {
    actor,
    action: paused ? 'node.host-pause' : 'node.host-resume',
    target: `node:${node.id}`,
    before: hostOf(before),
    after: row,
  });
  return row;
}

/** Removes a node's address. Audited `node.host-remove`. */
export async function removeHost(
  ctx: AppContext,
  which: string | number,
  hostId: string | number,
  actor: Actor,
): Promise<AdminNodeHost> {
  const node = await findNode(ctx.db, which);
  const row = hostOf(await findHost(ctx.db, node, hostId));
  await ctx.db.deleteFrom('node_hosts').where('id', '=', row.id).execute();
  await touch(ctx, node);
  await audit(ctx.db, ctx, { actor, action: 'node.host-remove', target: `node:${node.id}`, before: row });
  return row;
}
