/**
 * V2bX's side of the UniProxy v1 API (wyx2685/V2bX api/panel/*.go), replayed: the requests it sends
 * (paths, the query node_type/node_id/token on every call, If-None-Match, X-Response-Format, go-resty's
 * User-Agent, JSON bodies) and the Go types it decodes the answers into — a string where V2bX declares
 * an int (or the reverse) is a decode error, and the node is not started.
 */
import { decode } from '@msgpack/msgpack';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** How the client reaches the panel: Fastify's inject in the conformance tests, fetch against a real process. */
export type Send = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}) => Promise<HttpAnswer>;

const USER_AGENT = 'go-resty/2.16.2 (https://github.com/go-resty/resty)';

class GoDecodeError extends Error {}

function fail(path: string, expected: string, value: unknown): never {
  throw new GoDecodeError(`json: cannot unmarshal ${JSON.stringify(value)} into ${path} of type ${expected}`);
}

/** encoding/json into an int field: a JSON number without a fraction (null leaves 0). */
function goInt(value: unknown, path: string): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(path, 'int', value);
  return value;
}

/** Into a string field: a JSON string (null leaves ""). */
function goString(value: unknown, path: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') fail(path, 'string', value);
  return value;
}

/** Into a struct: an object, or null; an array (PHP's empty array) is an error. */
function goStruct(value: unknown, path: string): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) fail(path, 'struct', value);
  return value as Record<string, unknown>;
}

export interface DecodedNode {
  serverPort: number;
  network: string;
  /** The raw networkSettings, as V2bX keeps it (json.RawMessage): the key must be there for vless, vmess, trojan. */
  networkSettings: unknown;
  tls: number;
  tlsSettings: { serverName: string; serverPort: string; shortId: string; privateKey: string; dest: string };
  flow: string;
  cipher: string;
  serverKey: string;
  upMbps: number;
  downMbps: number;
  obfs: string;
  obfsPassword: string;
  pushInterval: number;
  pullInterval: number;
}

/** api/panel/node.go's GetNodeInfo: the config answer decoded into V2bX's structs for the node type. */
export function decodeNodeInfo(nodeType: string, body: unknown): DecodedNode {
  const c = goStruct(body, 'NodeInfo');
  // CommonNode
  const serverPort = goInt(c.server_port, 'CommonNode.server_port');
  goString(c.host, 'CommonNode.host');
  goString(c.server_name, 'CommonNode.server_name');
  if (c.routes !== undefined && c.routes !== null) {
    if (!Array.isArray(c.routes)) fail('CommonNode.routes', '[]Route', c.routes);
    for (const route of c.routes as unknown[]) {
      const r = goStruct(route, 'Route');
      goInt(r.id, 'Route.id');
      if (!Array.isArray(r.match) && typeof r.match !== 'string') fail('Route.match', 'list of strings', r.match);
    }
  }
  // base_config is a pointer that V2bX dereferences: a missing one is a panic, null intervals too.
  if (!c.base_config || typeof c.base_config !== 'object') fail('CommonNode.base_config', '*BaseConfig', c.base_config);
  const baseConfig = c.base_config as Record<string, unknown>;
  const interval = (value: unknown, name: string) => {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0)
      fail(`BaseConfig.${name}`, 'a positive interval', value);
    return n;
  };
  const decoded: DecodedNode = {
    serverPort,
    network: '',
    networkSettings: undefined,
    tls: 0,
    tlsSettings: { serverName: '', serverPort: '', shortId: '', privateKey: '', dest: '' },
    flow: '',
    cipher: '',
    serverKey: '',
    upMbps: 0,
    downMbps: 0,
    obfs: '',
    obfsPassword: '',
    pushInterval: interval(baseConfig.push_interval, 'push_interval'),
    pullInterval: interval(baseConfig.pull_interval, 'pull_interval'),
  };
  switch (nodeType) {
    case 'vless':
    case 'vmess': {
      decoded.tls = goInt(c.tls, 'VAllssNode.tls');
      const tls = goStruct(c.tls_settings, 'VAllssNode.tls_settings');
      decoded.tlsSettings = {
        serverName: goString(tls.server_name, 'TlsSettings.server_name'),
        dest: goString(tls.dest, 'TlsSettings.dest'),
        serverPort: goString(tls.server_port, 'TlsSettings.server_port'),
        shortId: goString(tls.short_id, 'TlsSettings.short_id'),
        privateKey: goString(tls.private_key, 'TlsSettings.private_key'),
      };
      // `xver,string`: a quoted number or nothing.
      if (tls.xver !== undefined && tls.xver !== null && typeof tls.xver !== 'string')
        fail('TlsSettings.xver', 'uint64 (string)', tls.xver);
      decoded.network = goString(c.network, 'VAllssNode.network');
      decoded.flow = goString(c.flow, 'VAllssNode.flow');
      // buildV2ray returns without a StreamSetting when neither key is there: a nil pointer later.
      if (!('networkSettings' in c) && !('network_settings' in c))
        fail('VAllssNode.networkSettings', 'json.RawMessage (present)', undefined);
      decoded.networkSettings = 'networkSettings' in c ? c.networkSettings : c.network_settings;
      break;
    }
    case 'trojan':
      decoded.network = goString(c.network, 'TrojanNode.network');
      // buildTrojan unmarshals networkSettings whatever the network: an absent key fails.
      if (!('networkSettings' in c)) fail('TrojanNode.networkSettings', 'json.RawMessage (present)', undefined);
      decoded.networkSettings = c.networkSettings;
      decoded.tls = 1;
      break;
    case 'shadowsocks':
      decoded.cipher = goString(c.cipher, 'ShadowsocksNode.cipher');
      decoded.serverKey = goString(c.server_key, 'ShadowsocksNode.server_key');
      break;
    case 'hysteria2':
      decoded.upMbps = goInt(c.up_mbps, 'Hysteria2Node.up_mbps');
      decoded.downMbps = goInt(c.down_mbps, 'Hysteria2Node.down_mbps');
      decoded.obfs = goString(c.obfs, 'Hysteria2Node.obfs');
      decoded.obfsPassword = goString(c['obfs-password'], 'Hysteria2Node.obfs-password');
      decoded.tls = 1;
      break;
    default:
      throw new Error(`unsupported Node type: ${nodeType}`);
  }
  return decoded;
}

export interface DecodedUser {
  id: number;
  uuid: string;
  speedLimit: number;
  deviceLimit: number;
}

/** api/panel/user.go's UserListBody, from JSON or msgpack. */
export function decodeUsers(body: unknown): DecodedUser[] {
  const list = goStruct(body, 'UserListBody');
  if (!Array.isArray(list.users)) fail('UserListBody.users', '[]UserInfo', list.users);
  return (list.users as unknown[]).map((entry) => {
    const u = goStruct(entry, 'UserInfo');
    return {
      id: goInt(u.id, 'UserInfo.id'),
      uuid: goString(u.uuid, 'UserInfo.uuid'),
      speedLimit: goInt(u.speed_limit, 'UserInfo.speed_limit'),
      deviceLimit: goInt(u.device_limit, 'UserInfo.device_limit'),
    };
  });
}

/** V2bX's panel client for one node: the same requests, the same ETag bookkeeping. */
export class V2bXClient {
  readonly #send: Send;
  readonly #query: string;
  readonly nodeType: string;
  nodeEtag = '';
  userEtag = '';
  lastConfigBody: Buffer | null = null;

  constructor(send: Send, node: { id: number; type: string; token: string }) {
    this.#send = send;
    // V2bX rewrites v2ray to vmess; node_type goes as configured otherwise.
    this.nodeType = node.type === 'v2ray' ? 'vmess' : node.type;
    this.#query = new URLSearchParams({
      node_type: this.nodeType,
      node_id: String(node.id),
      token: node.token,
    }).toString();
  }

  url(path: string): string {
    return `/api/v1/server/UniProxy/${path}?${this.#query}`;
  }

  /** GET config with If-None-Match; null for "no change" (304, or the same bytes again). */
  async getNodeInfo(): Promise<{ status: number; node: DecodedNode | null; answer: HttpAnswer }> {
    const answer = await this.#send({
      method: 'GET',
      url: this.url('config'),
      headers: { 'user-agent': USER_AGENT, 'if-none-match': this.nodeEtag },
    });
    if (answer.status === 304) return { status: 304, node: null, answer };
    const same = this.lastConfigBody?.equals(answer.body) ?? false;
    this.lastConfigBody = answer.body;
    this.nodeEtag = answer.headers.etag ?? '';
    if (answer.status >= 400) return { status: answer.status, node: null, answer };
    if (same) return { status: answer.status, node: null, answer };
    return {
      status: answer.status,
      node: decodeNodeInfo(this.nodeType, JSON.parse(answer.body.toString('utf8'))),
      answer,
    };
  }

  /** GET user, as the current V2bX asks (msgpack offered); null users for 304. */
  async getUserList(
    options: { msgpack?: boolean } = {},
  ): Promise<{ status: number; users: DecodedUser[] | null; answer: HttpAnswer }> {
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'if-none-match': this.userEtag };
    if (options.msgpack) headers['x-response-format'] = 'msgpack';
    const answer = await this.#send({ method: 'GET', url: this.url('user'), headers });
    if (answer.status === 304) return { status: 304, users: null, answer };
    if (answer.status >= 400) return { status: answer.status, users: null, answer };
    const isMsgpack = (answer.headers['content-type'] ?? '').includes('application/x-msgpack');
    const body = isMsgpack ? decode(answer.body) : JSON.parse(answer.body.toString('utf8'));
    this.userEtag = answer.headers.etag ?? '';
    return { status: answer.status, users: decodeUsers(body), answer };
  }

  /** POST push {uid: [upload, download]} (Go marshals map[int] keys as strings). */
  reportUserTraffic(traffic: Array<{ uid: number; upload: number; download: number }>): Promise<HttpAnswer> {
    const data = Object.fromEntries(traffic.map((t) => [String(t.uid), [t.upload, t.download]]));
    return this.#post('push', data);
  }

  /** POST alive {uid: ["ip", …]}. */
  reportNodeOnlineUsers(data: Record<string, string[]>): Promise<HttpAnswer> {
    return this.#post('alive', data);
  }

  /** GET alivelist: {alive: {uid: count}}; V2bX turns any failure into an empty map. */
  async getUserAlive(): Promise<Map<number, number>> {
    const answer = await this.#send({
      method: 'GET',
      url: this.url('alivelist'),
      headers: { 'user-agent': USER_AGENT },
    });
    const alive = new Map<number, number>();
    if (answer.status >= 399) return alive;
    const body = goStruct(JSON.parse(answer.body.toString('utf8')), 'AliveMap');
    const map = goStruct(body.alive, 'AliveMap.alive');
    for (const [key, value] of Object.entries(map)) {
      if (!/^-?\d+$/.test(key)) fail('AliveMap.alive', 'map[int]int (key)', key);
      alive.set(Number(key), goInt(value, 'AliveMap.alive[]'));
    }
    return alive;
  }

  #post(path: string, data: unknown): Promise<HttpAnswer> {
    return this.#send({
      method: 'POST',
      url: this.url(path),
      headers: { 'user-agent': USER_AGENT, 'content-type': 'application/json' },
      body: JSON.stringify(data),
    });
  }
}
