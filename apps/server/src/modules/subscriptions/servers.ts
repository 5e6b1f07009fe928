import type { AppContext } from '../../platform/context.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { activeHostsByNode, formatLink, hostLinkSpec, nodeLinkSpec } from '../nodes/index.ts';
import { minIdBytes } from '../nodes/index.ts';

/** A node shows as a server of this id, apart from the hand-written servers' own ids. */
export const NODE_SERVER_ID_BASE = 1_000_000;

/** A server as `POST /api/site/servers` answers it (SPEC §3): its links already carry the account. */
export interface ServerAnswer {
  id: number;
  title: string;
  type: number;
  countryCode: string;
  server: string;
}

/**
 * An account's servers: the hand-written templates of `servers add` with `xxx` replaced by
 * `username-password` (SPEC's templates: such links carry the login password, docs/NODES.md), then a
 * server per active V2Ray node with the share link made from the node's settings and the account's
 * VPN id (CONTRACTS §5: a random UUID, never the password; nodes whose keys cannot take this id are
 * left out). When the account's password cannot be opened (the secret key changed) the templates
 * carry "unknown"; the nodes' links do not need it.
 */
export async function accountServers(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'username' | 'password_enc' | 'vpn_id'>,
) {
  let credentials: string | null = null;
  try {
    credentials = `${user.username}-${ctx.secrets.box.open(user.password_enc)}`;
  } catch (error) {
    ctx.log.error({ err: error, user: user.id }, 'cannot open the sealed VPN password (was the secret key changed?)');
  }
  const id = user.vpn_id;
  const fill = (text: string) => text.replaceAll('xxx', credentials ?? 'unknown');
  const [templates, nodes] = await Promise.all([
    ctx.db
      .selectFrom('servers')
      .select(['id', 'title', 'type', 'country_code', 'server'])
      .where('active', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    ctx.db.selectFrom('nodes').selectAll().where('active', '=', 1).orderBy('id').execute(),
  ]);
  const servers: ServerAnswer[] = templates.map((s) => ({
    id: s.id,
    title: fill(s.title),
    type: s.type,
    countryCode: s.country_code,
    server: fill(s.server),
  }));
  // A node's extra addresses (CONTRACTS §14): one more link each, after the node's own.
  const hosts = await activeHostsByNode(
    ctx.db,
    nodes.map((node) => node.id),
  );
  for (const node of nodes) {
    if (!node.country_code || Buffer.byteLength(id) < minIdBytes(node)) continue;
    const spec = nodeLinkSpec(node, id, ctx.secrets.box);
    const links = [spec, ...(hosts.get(node.id) ?? []).map((host) => hostLinkSpec(spec, host))].map(formatLink);
    servers.push({
      id: NODE_SERVER_ID_BASE + node.id,
      title: node.name,
      type: 2,
      countryCode: node.country_code,
      server: JSON.stringify({ s: links }),
    });
  }
  return servers;
}
