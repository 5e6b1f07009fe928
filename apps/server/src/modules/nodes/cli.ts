import type { AppContext } from '../../platform/context.ts';
import { v2bxNodeEntry } from './v2bx.ts';
import { findNode, listNodes, type NodeInput } from './records.ts';
import {
  addNode,
  addRadius,
  apiHost as nodeApiHost,
  deleteNode,
  editNode,
  removeRadius,
  rotateToken,
} from './admin.ts';
import { listRadiusClients } from './radius/service.ts';
import { addHost, listHosts, removeHost, setHostPaused } from './hosts.ts';
import { arg, text, type CommandRow } from '../../platform/cli.ts';
import { invalid } from '../../platform/errors.ts';
import { GB } from '@separ/domain';

type Values = Record<string, string | string[] | boolean | undefined>;

/** separ-admin's options for a node, and the NodeInput field each sets. */
export const NODE_OPTIONS = {
  name: 'name',
  host: 'host',
  transport: 'network',
  path: 'path',
  'transport-host': 'transportHost',
  'service-name': 'serviceName',
  security: 'security',
  sni: 'serverName',
  'private-key': 'realityPrivateKey',
  'short-id': 'realityShortId',
  'reality-dest': 'realityDest',
  flow: 'flow',
  cipher: 'cipher',
  'obfs-password': 'obfsPassword',
  country: 'country',
} as const;
const NUMBER_OPTIONS = {
  port: 'port',
  'reality-dest-port': 'realityDestPort',
  'up-mbps': 'upMbps',
  'down-mbps': 'downMbps',
} as const;

export const NODE_OPTION_SPECS = Object.fromEntries(
  [...Object.keys(NODE_OPTIONS), ...Object.keys(NUMBER_OPTIONS), 'rate', 'active', 'address', 'remark'].map((name) => [
    name,
    { type: 'string' as const },
  ]),
);

function nodeInput(values: Values): NodeInput {
  const input: Record<string, unknown> = {};
  const one = (name: string) => {
    const value = values[name];
    if (Array.isArray(value)) throw invalid(`--${name} takes one value.`);
    return typeof value === 'string' ? value : undefined;
  };
  for (const [option, field] of Object.entries(NODE_OPTIONS)) {
    const value = one(option);
    if (value !== undefined) input[field] = value;
  }
  const type = one('type');
  if (type !== undefined) input.protocol = type;
  for (const [option, field] of Object.entries(NUMBER_OPTIONS)) {
    const value = one(option);
    if (value === undefined) continue;
    if (!/^\d+$/.test(value)) throw invalid(`--${option} must be a whole number, not "${value}".`);
    input[field] = Number(value);
  }
  const rate = one('rate');
  if (rate !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(rate)) throw invalid(`--rate must be a number such as 1 or 1.5, not "${rate}".`);
    input.rate = Number(rate);
  }
  const active = one('active');
  if (active !== undefined) {
    if (active !== '0' && active !== '1') throw invalid('--active must be 0 or 1.');
    input.active = active === '1';
  }
  return input as NodeInput;
}

const gib = (bytes: number) => `${(bytes / GB).toFixed(2)} GiB`;

/** `separ-admin nodes …` (CONTRACTS §5). */
export async function runNodes(
  command: string | undefined,
  values: Values,
  positionals: string[],
  ctx: AppContext,
  out: (line: string) => void,
  actor: string,
): Promise<void> {
  const which = () => {
    const value = positionals[2] ?? (typeof values.name === 'string' && command !== 'update' ? values.name : undefined);
    if (!value) throw invalid('Name the node: its id or its name.');
    return value;
  };
  const apiHost = nodeApiHost(ctx);
  switch (command) {
    case 'add': {
      const input = nodeInput(values);
      if (!input.name && positionals[2]) input.name = positionals[2];
      for (const required of ['name', 'protocol', 'host', 'port', 'country'] as const)
        if (input[required] === undefined)
          throw invalid(`--${required === 'protocol' ? 'type' : required} is required.`);
      const {
        node: { id },
        token,
      } = await addNode(ctx, input, actor);
      if (values.json) {
        out(JSON.stringify({ id, token }));
        return;
      }
      const node = await findNode(ctx.db, id);
      out(`Node ${id} (${node.name}) added. Its token, shown once: ${token}`);
      if (node.security === 'reality')
        out(`REALITY public key: ${node.reality_public_key}, short id: ${node.reality_short_id}`);
      out('Its entry in V2bX\'s config.json ("Nodes"):');
      out(JSON.stringify(v2bxNodeEntry(node, apiHost, token), null, 2));
      return;
    }
    case 'update': {
      const node = await editNode(ctx, which(), nodeInput(values), actor);
      out(`Node ${node.id} (${node.name}) updated: the node takes it at its next pull.`);
      return;
    }
    case 'rotate-token': {
      const {
        node: { id },
        token,
      } = await rotateToken(ctx, which(), actor);
      if (values.json) out(JSON.stringify({ id, token }));
      else out(`Node ${id}: new token, shown once (put it in V2bX's ApiKey; the old one stops working): ${token}`);
      return;
    }
    case 'remove': {
      const node = await deleteNode(ctx, which(), actor);
      out(`Removed node ${node.id} (${node.name}).`);
      return;
    }
    case 'show': {
      const node = await findNode(ctx.db, which());
      const { token_hash: _hash, reality_private_key: _key, server_key: _server, ...settings } = node;
      out(JSON.stringify(settings, null, 2));
      out('Its entry in V2bX\'s config.json ("Nodes"):');
      out(JSON.stringify(v2bxNodeEntry(node, apiHost), null, 2));
      return;
    }
    case 'list': {
      const nodes = await listNodes(ctx);
      if (nodes.length === 0) out('No nodes.');
      for (const n of nodes)
        out(
          [
            n.id,
            n.name,
            n.active ? 'active' : 'inactive',
            `${n.protocol}/${n.network}/${n.security}`,
            `${n.host}:${n.port}`,
            n.country_code ?? '-',
            `×${n.rate}`,
            `last contact ${n.last_seen_at ?? 'never'}`,
            `${n.users_count} users`,
            `today ${gib(n.trafficToday)}`,
          ].join('\t'),
        );
      return;
    }
    case 'hosts':
      await runHosts(positionals, values, ctx, out, actor);
      return;
    default:
      throw invalid(`Unknown command "nodes ${command ?? ''}". Run separ-admin --help.`);
  }
}

/** `separ-admin nodes hosts add|list|remove|pause|resume <node id> …` (CONTRACTS §14). */
async function runHosts(
  positionals: string[],
  values: Values,
  ctx: AppContext,
  out: (line: string) => void,
  actor: string,
): Promise<void> {
  const [, , command, node, hostId] = positionals;
  if (!node) throw invalid('Name the node: nodes hosts add|list|remove|pause|resume <node id> …');
  const host = () => {
    if (!hostId) throw invalid(`Name the host: nodes hosts ${command} <node id> <host id>.`);
    return hostId;
  };
  const one = (name: string) => {
    const value = values[name];
    if (Array.isArray(value)) throw invalid(`--${name} takes one value.`);
    return typeof value === 'string' ? value : undefined;
  };
  switch (command) {
    case 'add': {
      const port = one('port');
      if (port !== undefined && !/^\d{1,5}$/.test(port)) throw invalid(`--port must be 1 to 65535, not "${port}".`);
      const address = one('address');
      if (!address) throw invalid('--address is required.');
      const row = await addHost(
        ctx,
        node,
        {
          address,
          ...(port === undefined ? {} : { port: Number(port) }),
          sni: one('sni') ?? null,
          host: one('host') ?? null,
          remark: one('remark') ?? null,
        },
        actor,
      );
      if (values.json) out(JSON.stringify({ id: row.id }));
      else out(`Host ${row.id} (${row.address}) added to node ${row.nodeId}: one more link in every subscription.`);
      return;
    }
    case 'list': {
      const rows = await listHosts(ctx, node);
      if (values.json) {
        out(JSON.stringify(rows));
        return;
      }
      if (rows.length === 0) out('No hosts.');
      for (const h of rows)
        out(
          [
            h.id,
            h.paused ? 'paused' : 'active',
            `${h.address}:${h.port ?? '(node port)'}`,
            `sni ${h.sni ?? '-'}`,
            `host ${h.host ?? '-'}`,
            h.remark ?? '-',
          ].join('\t'),
        );
      return;
    }
    case 'remove': {
      const row = await removeHost(ctx, node, host(), actor);
      out(`Removed host ${row.id} (${row.address}) of node ${row.nodeId}.`);
      return;
    }
    case 'pause':
    case 'resume': {
      const row = await setHostPaused(ctx, node, host(), command === 'pause', actor);
      out(`Host ${row.id} (${row.address}) of node ${row.nodeId} ${row.paused ? 'paused' : 'resumed'}.`);
      return;
    }
    default:
      throw invalid(`Unknown command "nodes hosts ${command ?? ''}". Run separ-admin --help.`);
  }
}

/** separ-admin's nodes (read by runNodes above) and RADIUS clients: the functions the web admin calls. */
export const NODE_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'nodes',
    group: true,
    async run({ ctx, values, positionals, out, actor }) {
      await runNodes(positionals[1], values, positionals, ctx, out, actor);
    },
  },
  {
    command: 'radius-clients add',
    async run({ ctx, values, out, actor }) {
      const { id, warning } = await addRadius(
        ctx,
        {
          ip: text(values, 'ip', true)!,
          secret: text(values, 'secret', true)!,
          name: text(values, 'name'),
          requireMessageAuthenticator: values['require-message-authenticator'] === true,
        },
        actor,
      );
      out(`RADIUS client ${id} added: a running server hears it within 10 seconds.`);
      if (warning) out(`Warning: ${warning}`);
    },
  },
  {
    command: 'radius-clients list',
    async run({ ctx, out }) {
      const clients = await listRadiusClients(ctx);
      if (clients.length === 0) out('No RADIUS clients.');
      for (const c of clients)
        out(
          `${c.id}\t${c.ip}\t${c.name}\t${c.require_message_authenticator ? 'requires Message-Authenticator' : 'Message-Authenticator optional'}\t${c.created_at}`,
        );
    },
  },
  {
    command: 'radius-clients remove',
    async run({ ctx, positionals, out, actor }) {
      const client = await removeRadius(ctx, arg(positionals, 2, 'ip|name|id'), actor);
      out(`Removed RADIUS client ${client.id} (${client.ip}).`);
    },
  },
];
