import type { AdminCountry, AdminNode, AdminNodeInput, AdminNodeProtocol, AdminServer } from '@separ/domain';
import type { Checked, FieldErrors } from '../AdminForm';
import { isHost, isIpAddress, parseDecimal, parseWhole } from '../AdminLayout/numbers';

export const NODE_PROTOCOLS: AdminNodeProtocol[] = ['vless', 'vmess', 'trojan', 'shadowsocks', 'hysteria2'];

/** The transports each protocol is offered with (hysteria2 runs on UDP, shadowsocks on TCP only). */
export const NETWORKS: Record<AdminNodeProtocol, string[]> = {
  vless: ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp'],
  vmess: ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp'],
  trojan: ['tcp', 'ws', 'grpc', 'httpupgrade', 'xhttp'],
  shadowsocks: ['tcp'],
  hysteria2: ['udp'],
};

/** The security layers each protocol is offered with (REALITY: VLESS and Trojan). */
export const SECURITIES: Record<AdminNodeProtocol, string[]> = {
  vless: ['none', 'tls', 'reality'],
  vmess: ['none', 'tls'],
  trojan: ['tls', 'reality'],
  shadowsocks: ['none'],
  hysteria2: ['tls'],
};

/** Technical names, the same in every language. */
export const PROTOCOL_LABELS: Record<AdminNodeProtocol, string> = {
  vless: 'VLESS',
  vmess: 'VMess',
  trojan: 'Trojan',
  shadowsocks: 'Shadowsocks',
  hysteria2: 'Hysteria2',
};

export const NETWORK_LABELS: Record<string, string> = {
  tcp: 'TCP',
  ws: 'WebSocket',
  grpc: 'gRPC',
  httpupgrade: 'HTTPUpgrade',
  xhttp: 'XHTTP',
  udp: 'UDP',
};

/** `none` is worded by the screen (admin:nodes.noSecurity). */
export const SECURITY_LABELS: Record<string, string> = { tls: 'TLS', reality: 'REALITY' };

export const SS_CIPHERS = [
  'aes-128-gcm',
  'aes-256-gcm',
  'chacha20-ietf-poly1305',
  '2022-blake3-aes-128-gcm',
  '2022-blake3-aes-256-gcm',
] as const;

export const VLESS_FLOWS = ['', 'xtls-rprx-vision'] as const;

/** The node form as typed. */
export interface NodeDraft {
  name: string;
  protocol: AdminNodeProtocol;
  host: string;
  port: string;
  network: string;
  path: string;
  transportHost: string;
  serviceName: string;
  security: string;
  serverName: string;
  realityPrivateKey: string;
  realityShortId: string;
  realityDest: string;
  realityDestPort: string;
  flow: string;
  cipher: string;
  upMbps: string;
  downMbps: string;
  obfsPassword: string;
  country: string;
  rate: string;
  active: boolean;
}

export type NodeField =
  | 'name'
  | 'host'
  | 'port'
  | 'path'
  | 'serviceName'
  | 'serverName'
  | 'realityPrivateKey'
  | 'realityShortId'
  | 'realityDest'
  | 'realityDestPort'
  | 'upMbps'
  | 'downMbps'
  | 'rate';

/** Why a field is refused; the screen words each one (admin:nodes.errors.*). */
export type NodeFieldError = 'required' | 'host' | 'port' | 'whole' | 'rate' | 'path' | 'shortId' | 'tooLong';

export const EMPTY_NODE_DRAFT: NodeDraft = {
  name: '',
  protocol: 'vless',
  host: '',
  port: '443',
  network: 'tcp',
  path: '',
  transportHost: '',
  serviceName: '',
  security: 'reality',
  serverName: '',
  realityPrivateKey: '',
  realityShortId: '',
  realityDest: '',
  realityDestPort: '443',
  flow: 'xtls-rprx-vision',
  cipher: 'aes-128-gcm',
  upMbps: '',
  downMbps: '',
  obfsPassword: '',
  country: '',
  rate: '1',
  active: true,
};

/** The parts of the form that apply to a draft's protocol, transport and security. */
export function nodeFieldsShown(draft: Pick<NodeDraft, 'protocol' | 'network' | 'security'>) {
  const { protocol, network, security } = draft;
  const pathed = network === 'ws' || network === 'httpupgrade' || network === 'xhttp';
  return {
    network: NETWORKS[protocol].length > 1,
    path: pathed,
    transportHost: pathed,
    serviceName: network === 'grpc',
    security: SECURITIES[protocol].length > 1,
    serverName: security === 'tls' || security === 'reality',
    reality: security === 'reality',
    flow: protocol === 'vless' && network === 'tcp' && security !== 'none',
    cipher: protocol === 'shadowsocks',
    hysteria: protocol === 'hysteria2',
  };
}

/** A protocol change keeps what still applies and picks the first transport and security otherwise. */
export function withProtocol(draft: NodeDraft, protocol: AdminNodeProtocol): NodeDraft {
  const networks = NETWORKS[protocol];
  const securities = SECURITIES[protocol];
  return {
    ...draft,
    protocol,
    network: networks.includes(draft.network) ? draft.network : networks[0]!,
    security: securities.includes(draft.security) ? draft.security : securities[0]!,
    flow: protocol === 'vless' ? draft.flow : '',
  };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** The form filled with a node to edit; its other settings come from `settings` (the private key stays on the server). */
export function draftFromNode(node: AdminNode): NodeDraft {
  const s = node.settings;
  return {
    ...EMPTY_NODE_DRAFT,
    name: node.name,
    protocol: node.protocol,
    host: node.host,
    port: String(node.port),
    network: node.network,
    path: text(s.path),
    transportHost: text(s.transportHost),
    serviceName: text(s.serviceName),
    security: node.security,
    serverName: node.serverName ?? '',
    realityPrivateKey: '',
    realityShortId: text(s.realityShortId),
    realityDest: text(s.realityDest),
    realityDestPort: text(s.realityDestPort) || '443',
    flow: text(s.flow),
    cipher: text(s.cipher) || EMPTY_NODE_DRAFT.cipher,
    upMbps: text(s.upMbps),
    downMbps: text(s.downMbps),
    obfsPassword: text(s.obfsPassword),
    country: node.country ?? '',
    rate: String(node.rate),
    active: node.active,
  };
}

function portOf(value: string): number | NodeFieldError {
  if (!value.trim()) return 'required';
  const port = parseWhole(value);
  return port !== null && port >= 1 && port <= 65535 ? port : 'port';
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Checks the form: the input to send (every transport and security field, null where it does not
 * apply, so that a change of transport clears the old one), or the fields to correct. An empty
 * REALITY private key is not sent: a new node gets a key pair made by the server, an edited node
 * keeps its own (the second argument, whether the node exists, no longer changes what is checked).
 */
export function validateNodeDraft(
  draft: NodeDraft,
  _editing: boolean,
): Checked<AdminNodeInput, NodeField, NodeFieldError> {
  const errors: FieldErrors<NodeField, NodeFieldError> = {};
  const shown = nodeFieldsShown(draft);
  const name = draft.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > 64) errors.name = 'tooLong';
  if (!draft.host.trim()) errors.host = 'required';
  else if (!isHost(draft.host)) errors.host = 'host';
  const port = portOf(draft.port);
  if (typeof port === 'string') errors.port = port;
  if (shown.path && draft.path.trim() && !draft.path.trim().startsWith('/')) errors.path = 'path';
  if (shown.serviceName && !draft.serviceName.trim()) errors.serviceName = 'required';
  if (shown.reality) {
    // Left empty, the server borrows a well-known site's name and makes the key pair and short id
    // itself (docs/NODES.md): what an operator adding a REALITY node needs to give is the address.
    if (draft.serverName.trim() && !isHost(draft.serverName)) errors.serverName = 'host';
    if (!/^(?:[0-9a-fA-F]{2}){0,8}$/.test(draft.realityShortId.trim())) errors.realityShortId = 'shortId';
    if (draft.realityDest.trim() && !isHost(draft.realityDest) && !isIpAddress(draft.realityDest))
      errors.realityDest = 'host';
    const destPort = portOf(draft.realityDestPort);
    if (typeof destPort === 'string') errors.realityDestPort = destPort;
  } else if (shown.serverName && draft.serverName.trim() && !isHost(draft.serverName)) errors.serverName = 'host';
  let upMbps: number | undefined;
  let downMbps: number | undefined;
  if (shown.hysteria) {
    for (const key of ['upMbps', 'downMbps'] as const) {
      if (!draft[key].trim()) continue;
      const value = parseWhole(draft[key]);
      if (value === null) errors[key] = 'whole';
      else if (key === 'upMbps') upMbps = value;
      else downMbps = value;
    }
  }
  const rate = parseDecimal(draft.rate);
  if (rate === null || rate <= 0 || rate > 100) errors.rate = 'rate';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const input: AdminNodeInput = {
    name,
    protocol: draft.protocol,
    host: draft.host.trim(),
    port: port as number,
    network: draft.network,
    path: shown.path ? orNull(draft.path) : null,
    transportHost: shown.transportHost ? orNull(draft.transportHost) : null,
    serviceName: shown.serviceName ? orNull(draft.serviceName) : null,
    security: draft.security,
    serverName: shown.serverName ? orNull(draft.serverName) : null,
    realityShortId: shown.reality ? draft.realityShortId.trim().toLowerCase() : null,
    realityDest: shown.reality ? orNull(draft.realityDest) : null,
    flow: shown.flow ? orNull(draft.flow) : null,
    cipher: shown.cipher ? draft.cipher : null,
    obfsPassword: shown.hysteria ? orNull(draft.obfsPassword) : null,
    country: orNull(draft.country),
    rate: rate as number,
    active: draft.active,
  };
  if (shown.reality) {
    input.realityDestPort = parseWhole(draft.realityDestPort) as number;
    if (draft.realityPrivateKey.trim()) input.realityPrivateKey = draft.realityPrivateKey.trim();
  } else input.realityPrivateKey = null;
  if (upMbps !== undefined) input.upMbps = upMbps;
  if (downMbps !== undefined) input.downMbps = downMbps;
  return { ok: true, input };
}

/** The RADIUS client form (`POST /api/admin/radius-clients`). */
export interface AdminRadiusClientInput {
  ip: string;
  secret: string;
  name?: string;
  requireMessageAuthenticator?: boolean;
}

/** A hand-written server template (`POST /api/admin/servers`). */
export type AdminServerInput = Omit<AdminServer, 'id' | 'active'>;

export const RADIUS_SECRET_MIN = 8;

export function validateRadiusClient(draft: {
  ip: string;
  secret: string;
  name: string;
}): Partial<Record<'ip' | 'secret' | 'name', 'required' | 'ip' | 'secretShort' | 'tooLong'>> {
  const errors: Partial<Record<'ip' | 'secret' | 'name', 'required' | 'ip' | 'secretShort' | 'tooLong'>> = {};
  if (!draft.ip.trim()) errors.ip = 'required';
  else if (!isIpAddress(draft.ip)) errors.ip = 'ip';
  if (!draft.secret) errors.secret = 'required';
  else if (draft.secret.length < RADIUS_SECRET_MIN) errors.secret = 'secretShort';
  if (draft.name.trim().length > 64) errors.name = 'tooLong';
  return errors;
}

export function validateCountry(
  draft: AdminCountry,
  existing: AdminCountry[],
): Partial<Record<keyof AdminCountry, 'required' | 'code' | 'duplicate'>> {
  const errors: Partial<Record<keyof AdminCountry, 'required' | 'code' | 'duplicate'>> = {};
  const code = draft.code.trim().toUpperCase();
  if (!code) errors.code = 'required';
  else if (!/^[A-Z]{2}$/.test(code)) errors.code = 'code';
  else if (existing.some((country) => country.code.toUpperCase() === code)) errors.code = 'duplicate';
  if (!draft.title.trim()) errors.title = 'required';
  if (!draft.titleFa.trim()) errors.titleFa = 'required';
  return errors;
}

const V2RAY_LINK = /^(vless|vmess|trojan|ss|hysteria2|hy2):\/\/\S+$/i;
const OPENCONNECT_ADDRESS = /^[a-z0-9.-]+(:\d{1,5})?(\/\S*)?$/i;

/** The template's links, one a line; blank lines dropped. */
export function splitLinks(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function validateServer(draft: {
  title: string;
  type: 1 | 2;
  country: string;
  links: string;
}): Partial<Record<'title' | 'country' | 'links', 'required' | 'link'>> {
  const errors: Partial<Record<'title' | 'country' | 'links', 'required' | 'link'>> = {};
  if (!draft.title.trim()) errors.title = 'required';
  if (!draft.country) errors.country = 'required';
  const links = splitLinks(draft.links);
  if (links.length === 0) errors.links = 'required';
  else if (!links.every((link) => (draft.type === 2 ? V2RAY_LINK : OPENCONNECT_ADDRESS).test(link)))
    errors.links = 'link';
  return errors;
}
