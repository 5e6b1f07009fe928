import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { AdminNodeInput } from '@separ/domain';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/index.ts';
import type { NodeRow } from '../../platform/db/schema.ts';
import { randomToken, tokenHash } from '../../platform/security/crypto.ts';
import { invalid } from '../../platform/errors.ts';

/** The node records of CONTRACTS §5, and the operators' functions over them (separ-admin nodes …). */

export const NODE_PROTOCOLS = ['vless', 'vmess', 'trojan', 'shadowsocks', 'hysteria2'] as const;
export type NodeProtocol = (typeof NODE_PROTOCOLS)[number];
export const NETWORKS = ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp'] as const;
export type Network = (typeof NETWORKS)[number];
export const SECURITIES = ['none', 'tls', 'reality'] as const;
export type Security = (typeof SECURITIES)[number];

/** What each protocol can be carried over and secured with, as V2bX builds it (api/panel, core/xray). */
const RULES: Record<NodeProtocol, { networks: readonly Network[]; securities: readonly Security[] }> = {
  vless: { networks: NETWORKS, securities: SECURITIES },
  vmess: { networks: NETWORKS, securities: ['none', 'tls'] },
  // V2bX always runs Trojan (and Hysteria2) with TLS, whatever the panel says.
  trojan: { networks: ['tcp', 'ws', 'grpc'], securities: ['tls'] },
  shadowsocks: { networks: ['tcp'], securities: ['none'] },
  hysteria2: { networks: ['tcp'], securities: ['tls'] },
};

/**
 * Shadowsocks ciphers V2bX can serve to our accounts. For the 2022 ciphers it derives each user's
 * key from the first 16 or 32 bytes of the account's id (V2bX core/xray/ss.go). Ids were
 * `username-password` (at most 30 bytes) until the VPN id (a 36-character UUID, CONTRACTS §5); the
 * 32-byte cipher stays refused until its links (the 32-byte user key) are built and tested.
 */
export const SS_CIPHERS = ['aes-128-gcm', 'aes-256-gcm', 'chacha20-ietf-poly1305', '2022-blake3-aes-128-gcm'] as const;
const SS_REFUSED: Record<string, string> = {
  '2022-blake3-aes-256-gcm':
    'V2bX derives a 2022-blake3-aes-256-gcm user key from the first 32 bytes of the account id, and account ids (username-password) are at most 30 bytes: use 2022-blake3-aes-128-gcm or aes-256-gcm.',
  '2022-blake3-chacha20-poly1305':
    'V2bX cannot serve 2022-blake3-chacha20-poly1305 (it builds an empty user key): use 2022-blake3-aes-128-gcm or chacha20-ietf-poly1305.',
};

/** The shortest account id (bytes) a node can take: 16 for Shadowsocks 2022 (its user key), else 1. */
export function minIdBytes(node: Pick<NodeRow, 'protocol' | 'cipher'>): number {
  return node.protocol === 'shadowsocks' && node.cipher?.startsWith('2022-') ? 16 : 1;
}

/**
 * The settings an operator gives (all optional on update): the admin's AdminNodeInput, with the
 * protocol as any text (the command line's --type, checked here) and a REALITY public key.
 */
export type NodeInput = Omit<AdminNodeInput, 'protocol'> & {
  protocol?: string;
  realityPublicKey?: string | null;
};

/** The site a REALITY node borrows when the operator names none (docs/NODES.md). */
export const REALITY_DEFAULT_SNI = 'www.microsoft.com';

const HOSTNAME =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
export const isHost = (value: string) => HOSTNAME.test(value) || isIP(value) !== 0;
const BASE64URL_32 = /^[A-Za-z0-9_-]{43}$/;

/** The x25519 public key (base64url, as Xray writes it) of a private key. */
export function realityPublicKey(privateKey: string): string {
  const raw = Buffer.from(privateKey, 'base64url');
  if (raw.length !== 32) throw invalid('The REALITY private key must be 32 bytes, base64url (xray x25519).');
  const der = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), raw]);
  const jwk = createPublicKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })).export({ format: 'jwk' });
  return String(jwk.x);
}

/** A new x25519 key pair for REALITY, as `xray x25519` prints it. */
export function newRealityKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('x25519');
  return {
    privateKey: String(privateKey.export({ format: 'jwk' }).d),
    publicKey: String(publicKey.export({ format: 'jwk' }).x),
  };
}

type Columns = Omit<
  NodeRow,
  'id' | 'token_hash' | 'created_at' | 'last_seen_at' | 'silent_since' | 'load_status' | 'users_count' | 'updated_at'
>;

/** Checks a node's settings as a whole; the message names what to change. */
function check(n: Columns, knownCountries: Set<string>): void {
  const fail = (message: string): never => {
    throw invalid(message);
  };
  if (!/^[\w .()-]{1,64}$/u.test(n.name)) fail('--name: 1 to 64 letters, digits, spaces, dots, dashes or brackets.');
  if (!(NODE_PROTOCOLS as readonly string[]).includes(n.protocol))
    fail(`--type must be one of ${NODE_PROTOCOLS.join(', ')}.`);
  const protocol = n.protocol as NodeProtocol;
  if (!isHost(n.host)) fail('--host must be the address buyers connect to: a domain name or an IP address.');
  if (!Number.isInteger(n.port) || n.port < 1 || n.port > 65_535) fail('--port must be 1 to 65535.');
  if (n.country_code === null || !knownCountries.has(n.country_code))
    fail(`--country: ${n.country_code ?? '(none)'} is not a country code (two letters, e.g. DE).`);
  if (!(n.rate > 0 && n.rate <= 100)) fail('--rate must be above 0 and at most 100.');
  const rule = RULES[protocol];
  if (!rule.networks.includes(n.network as Network))
    fail(`--transport: ${protocol} runs over ${rule.networks.join(', ')}, not ${n.network}.`);
  if (!rule.securities.includes(n.security as Security))
    fail(`--security: ${protocol} runs with ${rule.securities.join(' or ')}, not ${n.security}.`);
  if (['ws', 'httpupgrade', 'xhttp'].includes(n.network) && !/^\/[\x21-\x7e]{0,200}$/.test(n.path ?? ''))
    fail('--path must start with / (e.g. /separ).');
  if (n.network === 'grpc' && !/^[\w./-]{1,100}$/.test(n.service_name ?? ''))
    fail('--service-name is needed for gRPC: letters, digits, dots, dashes or slashes.');
  if (n.transport_host !== null && !isHost(n.transport_host)) fail('--transport-host must be a domain name.');
  if (n.security !== 'none' && (n.server_name === null || !isHost(n.server_name)))
    fail('--sni (the TLS server name) must be a domain name or an address.');
  if (n.security === 'reality') {
    if (!['tcp', 'grpc', 'xhttp'].includes(n.network)) fail('REALITY runs over tcp, grpc or xhttp.');
    if (!BASE64URL_32.test(n.reality_public_key ?? '')) fail('--public-key: 32 bytes, base64url (xray x25519).');
    if (!/^(?:[0-9a-f]{2}){1,8}$/.test(n.reality_short_id ?? '')) fail('--short-id: 2 to 16 hex digits, even.');
    if (n.reality_dest !== null && !isHost(n.reality_dest)) fail('--reality-dest must be a domain name.');
    if (!Number.isInteger(n.reality_dest_port) || n.reality_dest_port < 1 || n.reality_dest_port > 65_535)
      fail('--reality-dest-port must be 1 to 65535.');
  }
  if (n.flow !== null) {
    if (n.flow !== 'xtls-rprx-vision') fail('--flow can only be xtls-rprx-vision.');
    if (protocol !== 'vless' || n.network !== 'tcp' || n.security === 'none')
      fail('--flow xtls-rprx-vision needs VLESS over tcp with tls or reality.');
  }
  if (protocol === 'shadowsocks') {
    if (n.cipher && SS_REFUSED[n.cipher]) fail(`--cipher ${n.cipher}: ${SS_REFUSED[n.cipher]}`);
    if (!(SS_CIPHERS as readonly string[]).includes(n.cipher ?? ''))
      fail(`--cipher must be one of ${SS_CIPHERS.join(', ')}.`);
  } else if (n.cipher !== null) fail('--cipher is for Shadowsocks nodes only.');
  if (protocol === 'hysteria2') {
    for (const [flag, value] of [
      ['--up-mbps', n.up_mbps],
      ['--down-mbps', n.down_mbps],
    ] as const)
      if (!Number.isInteger(value) || value < 0 || value > 100_000) fail(`${flag} must be 0 (no limit) to 100000.`);
    if (n.obfs_password !== null && !/^[\x21-\x7e]{8,128}$/.test(n.obfs_password))
      fail('--obfs-password: 8 to 128 printable characters.');
  }
}

/** A node by its id or its name. */
export async function findNode(db: Db, idOrName: string | number): Promise<NodeRow> {
  const id = typeof idOrName === 'number' ? idOrName : /^\d+$/.test(idOrName) ? Number(idOrName) : null;
  // An id past a 32-bit column is no node (PostgreSQL refuses to compare an integer with it).
  if (id !== null && !(id <= 2_147_483_647)) throw invalid(`No node ${idOrName}.`);
  const node = await (
    id !== null
      ? db.selectFrom('nodes').selectAll().where('id', '=', id)
      : db.selectFrom('nodes').selectAll().where('name', '=', String(idOrName))
  ).executeTakeFirst();
  if (!node) throw invalid(`No node ${idOrName}.`);
  return node;
}

/** The row's settings with the input's changes applied (sealing secrets, making keys that are missing). */
function merge(ctx: AppContext, base: Columns, input: NodeInput): Columns {
  const text = (value: string | null | undefined, fallback: string | null) =>
    value === undefined ? fallback : value === null || value.trim() === '' ? null : value.trim();
  const next: Columns = {
    ...base,
    name: input.name?.trim() ?? base.name,
    protocol: input.protocol?.trim().toLowerCase() ?? base.protocol,
    host: input.host?.trim().toLowerCase() ?? base.host,
    port: input.port ?? base.port,
    network: input.network?.trim().toLowerCase() ?? base.network,
    path: text(input.path, base.path),
    transport_host: text(input.transportHost, base.transport_host),
    service_name: text(input.serviceName, base.service_name),
    security: input.security?.trim().toLowerCase() ?? base.security,
    server_name: text(input.serverName, base.server_name),
    reality_public_key: text(input.realityPublicKey, base.reality_public_key),
    reality_short_id: text(input.realityShortId, base.reality_short_id),
    reality_dest: text(input.realityDest, base.reality_dest),
    reality_dest_port: input.realityDestPort ?? base.reality_dest_port,
    flow: text(input.flow, base.flow),
    cipher: text(input.cipher, base.cipher),
    up_mbps: input.upMbps ?? base.up_mbps,
    down_mbps: input.downMbps ?? base.down_mbps,
    obfs_password: text(input.obfsPassword, base.obfs_password),
    country_code: text(input.country, base.country_code)?.toUpperCase() ?? null,
    rate: input.rate ?? base.rate,
    active: input.active === undefined ? base.active : input.active ? 1 : 0,
  };
  // Defaults that follow from the rest: a path for the HTTP transports, the SNI of a domain host.
  if (['ws', 'httpupgrade', 'xhttp'].includes(next.network) && next.path === null) next.path = '/';
  // Trojan and Hysteria 2 always run with TLS (V2bX does so whatever it is told).
  if ((next.protocol === 'trojan' || next.protocol === 'hysteria2') && input.security === undefined)
    next.security = 'tls';
  // TLS: the node's own name, the host it is reached at unless told; REALITY: a well-known site to borrow.
  if (next.security === 'tls' && next.server_name === null && next.host) next.server_name = next.host;
  if (next.security === 'reality' && next.server_name === null) next.server_name = REALITY_DEFAULT_SNI;
  if (next.protocol !== 'shadowsocks') next.cipher = null;
  // REALITY: the private key is given (and then its public key is derived) or made here.
  if (next.security === 'reality') {
    const given = input.realityPrivateKey?.trim();
    if (given) {
      next.reality_public_key = realityPublicKey(given);
      next.reality_private_key = ctx.secrets.box.seal(given);
    } else if (!base.reality_private_key || base.security !== 'reality') {
      const keys = newRealityKeys();
      next.reality_public_key = keys.publicKey;
      next.reality_private_key = ctx.secrets.box.seal(keys.privateKey);
    }
    next.reality_short_id ??= randomBytes(4).toString('hex');
  }
  // Shadowsocks 2022: the server's own key, 16 random bytes.
  if (next.cipher?.startsWith('2022-') && (!base.server_key || base.cipher !== next.cipher))
    next.server_key = ctx.secrets.box.seal(randomBytes(16).toString('base64'));
  if (!next.cipher?.startsWith('2022-')) next.server_key = null;
  return next;
}

const EMPTY: Columns = {
  name: '',
  protocol: 'vless',
  host: '',
  port: 443,
  network: 'tcp',
  path: null,
  transport_host: null,
  service_name: null,
  security: 'none',
  server_name: null,
  reality_public_key: null,
  reality_private_key: null,
  reality_short_id: null,
  reality_dest: null,
  reality_dest_port: 443,
  flow: null,
  cipher: null,
  server_key: null,
  up_mbps: 0,
  down_mbps: 0,
  obfs_password: null,
  country_code: null,
  rate: 1,
  active: 1,
};

/**
 * The countries, with the node's own added when it is a region code the shop has not listed yet
 * (its names in English and Persian from the ICU data Node carries): an operator adding a node in a
 * new country need not add the country first.
 */
async function countries(db: Db, code: string | null): Promise<Set<string>> {
  const known = new Set((await db.selectFrom('countries').select('id').execute()).map((c) => c.id));
  if (code && /^[A-Z]{2}$/.test(code) && !known.has(code)) {
    const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code);
    const fa = new Intl.DisplayNames(['fa'], { type: 'region', fallback: 'none' }).of(code);
    if (en && fa && !/unknown/i.test(en)) {
      await db
        .insertInto('countries')
        .values({ id: code, title: en, title_fa: fa, sort_order: 100 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      known.add(code);
    }
  }
  return known;
}

/** Adds a node; returns its id and its token (shown once: only its hash is kept). */
export async function createNode(ctx: AppContext, input: NodeInput): Promise<{ id: number; token: string }> {
  const settings = merge(ctx, EMPTY, input);
  check(settings, await countries(ctx.db, settings.country_code));
  if (await ctx.db.selectFrom('nodes').select('id').where('name', '=', settings.name).executeTakeFirst())
    throw invalid(`A node named ${settings.name} exists already.`);
  const token = randomToken();
  const now = ctx.now().toISOString();
  const { id } = await ctx.db
    .insertInto('nodes')
    .values({
      ...settings,
      token_hash: tokenHash(token),
      created_at: now,
      updated_at: now,
      last_seen_at: null,
      load_status: null,
      users_count: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token };
}

/** Changes a node's settings; the node picks them up at its next config pull. */
export async function updateNode(ctx: AppContext, idOrName: string | number, input: NodeInput): Promise<NodeRow> {
  const node = await findNode(ctx.db, idOrName);
  const settings = merge(ctx, node, input);
  check(settings, await countries(ctx.db, settings.country_code));
  if (
    settings.name !== node.name &&
    (await ctx.db.selectFrom('nodes').select('id').where('name', '=', settings.name).executeTakeFirst())
  )
    throw invalid(`A node named ${settings.name} exists already.`);
  await ctx.db
    .updateTable('nodes')
    .set({ ...settings, updated_at: ctx.now().toISOString() })
    .where('id', '=', node.id)
    .execute();
  return findNode(ctx.db, node.id);
}

/** A new token for a node (the old one stops working); shown once. */
export async function rotateNodeToken(
  ctx: AppContext,
  idOrName: string | number,
): Promise<{ id: number; token: string }> {
  const node = await findNode(ctx.db, idOrName);
  const token = randomToken();
  await ctx.db
    .updateTable('nodes')
    .set({ token_hash: tokenHash(token), updated_at: ctx.now().toISOString() })
    .where('id', '=', node.id)
    .execute();
  return { id: node.id, token };
}

export async function removeNode(ctx: AppContext, idOrName: string | number): Promise<NodeRow> {
  const node = await findNode(ctx.db, idOrName);
  await ctx.db.deleteFrom('nodes').where('id', '=', node.id).execute();
  return node;
}

/** The nodes with what an operator checks first: last contact, users in its last list, traffic today. */
export async function listNodes(ctx: AppContext) {
  const today = ctx.now().toISOString().slice(0, 10);
  const [nodes, traffic] = await Promise.all([
    ctx.db.selectFrom('nodes').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('node_traffic').select(['node_id', 'bytes']).where('day', '=', today).execute(),
  ]);
  const bytes = new Map(traffic.map((t) => [t.node_id, Number(t.bytes)]));
  return nodes.map((node) => ({ ...node, trafficToday: bytes.get(node.id) ?? 0 }));
}
