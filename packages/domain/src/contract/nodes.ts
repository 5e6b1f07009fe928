/**
 * The V2Ray nodes' API (CONTRACTS §5): Xboard's UniProxy v1, as V2bX (wyx2685/V2bX `api/panel`)
 * calls it and decodes its answers. Every call carries the query `node_id`, `node_type` and `token`;
 * a wrong token or node answers 403 `unknownNode`, a node_type that is not the node's 400
 * `wrongNodeType`. `config` and `user` answer with an ETag and 304 to an If-None-Match that names
 * it. The bodies V2bX posts are read as Xboard reads them (any Content-Type, entries it cannot read
 * skipped, at most 8 MB): the schemas below say what V2bX sends, and the server refuses only what
 * the routes' own checks refuse.
 */
import { ErrorAnswer, Nullable, route, Type, type Static, type TSchema } from './common.ts';

const TAGS = ['nodes'] as const;
const PREFIX = '/api/v1/server/UniProxy';

/** A query value as the server bounds every one (a longer one is refused, 400 `invalid`). */
const queryText = (description: string) => Type.Optional(Type.String({ maxLength: 300, description }));

/**
 * Every call's query. A missing or wrong `node_id` or `token` is 403 `unknownNode` (not a refusal of
 * the query), so none is required here.
 */
export const NodeQuery = Type.Object(
  {
    node_id: queryText("The node's id (digits), as `separ-admin nodes add` printed it."),
    node_type: queryText(
      "The node's protocol: vless, vmess, trojan, shadowsocks, hysteria2, or Xboard's aliases v2ray (vmess) and hysteria (hysteria2).",
    ),
    token: queryText("The node's own token (at most 200 characters)."),
  },
  { additionalProperties: Type.String({ maxLength: 300 }) },
);
export type NodeQuery = Static<typeof NodeQuery>;

/** An account's id as a key of V2bX's bodies and of `alivelist`. */
const ACCOUNT_KEY = '^[1-9][0-9]{0,9}$';

// --- GET config ------------------------------------------------------------------------------------

const TlsSettings = Type.Object(
  { server_name: Nullable(Type.String()), allow_insecure: Type.Literal(false) },
  { additionalProperties: false },
);

const RealitySettings = Type.Object(
  {
    server_name: Nullable(Type.String()),
    /** Text, as V2bX declares it. */
    server_port: Type.String({ pattern: '^[0-9]{1,5}$' }),
    public_key: Nullable(Type.String()),
    /** Given to this node only. */
    private_key: Nullable(Type.String()),
    short_id: Nullable(Type.String()),
    allow_insecure: Type.Literal(false),
    dest: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** The transport settings as Xray's `infra/conf` reads them: ws, grpc, httpupgrade or xhttp; null for tcp. */
const NetworkSettings = Nullable(
  Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        'ws {path, headers: {Host}}, grpc {serviceName}, httpupgrade {path, host}, xhttp {path, host, mode}.',
    },
  ),
);

const BaseConfig = Type.Object(
  {
    /** Seconds between two pushes (and alive reports). */
    push_interval: Type.Integer({ minimum: 1 }),
    /** Seconds between two pulls of config and user. */
    pull_interval: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

const common = {
  listen_ip: Type.Literal('0.0.0.0'),
  server_port: Type.Integer({ minimum: 1, maximum: 65_535 }),
};
const transport = { network: Type.String(), networkSettings: NetworkSettings };
const none = { network: Type.Null(), networkSettings: Type.Null() };
/** 0 none, 1 TLS, 2 REALITY. */
const tlsCode = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
const config = (properties: Record<string, TSchema>, description: string) =>
  Type.Object({ ...properties, base_config: BaseConfig }, { additionalProperties: false, description });

/** `GET config`: the node's inbound as Xboard's `ServerService::buildNodeConfig` answers it, per type. */
export const NodeConfig = Type.Union([
  config(
    {
      protocol: Type.Literal('vless'),
      ...common,
      ...transport,
      tls: tlsCode,
      flow: Nullable(Type.String()),
      decryption: Type.Null(),
      tls_settings: Type.Union([TlsSettings, RealitySettings]),
      multiplex: Type.Null(),
    },
    'A VLESS node (REALITY settings when tls is 2).',
  ),
  config(
    {
      protocol: Type.Literal('vmess'),
      ...common,
      ...transport,
      tls: tlsCode,
      tls_settings: TlsSettings,
      multiplex: Type.Null(),
    },
    'A VMess node.',
  ),
  config(
    {
      protocol: Type.Literal('trojan'),
      ...common,
      ...transport,
      host: Type.String(),
      server_name: Nullable(Type.String()),
      multiplex: Type.Null(),
      tls: Type.Literal(1),
      tls_settings: TlsSettings,
    },
    'A Trojan node.',
  ),
  config(
    {
      protocol: Type.Literal('shadowsocks'),
      ...common,
      ...none,
      cipher: Nullable(Type.String()),
      plugin: Type.Null(),
      plugin_opts: Type.Null(),
      /** The Shadowsocks 2022 server key (base64); null for the older ciphers. */
      server_key: Nullable(Type.String()),
    },
    'A Shadowsocks node.',
  ),
  config(
    {
      protocol: Type.Literal('hysteria'),
      ...common,
      ...none,
      version: Type.Literal(2),
      host: Type.String(),
      server_name: Nullable(Type.String()),
      tls_settings: TlsSettings,
      up_mbps: Type.Integer({ minimum: 0 }),
      down_mbps: Type.Integer({ minimum: 0 }),
      obfs: Nullable(Type.Literal('salamander')),
      'obfs-password': Nullable(Type.String()),
    },
    'A Hysteria 2 node (Xboard\'s "hysteria" at version 2).',
  ),
]);
export type NodeConfig = Static<typeof NodeConfig>;

// --- GET user --------------------------------------------------------------------------------------

/** One account in the user list: V2bX's `UserInfo`. */
export const NodeUser = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    /** The account's VPN id (a random UUID), never its password. */
    uuid: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
    /** Mbit/s; null for no limit (V2bX reads 0). */
    speed_limit: Nullable(Type.Integer({ minimum: 0 })),
    device_limit: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type NodeUser = Static<typeof NodeUser>;

export const NodeUserList = Type.Object({ users: Type.Array(NodeUser) }, { additionalProperties: false });
export type NodeUserList = Static<typeof NodeUserList>;

/** `ETag: "<sha1 hex of the body>"`; the same value in If-None-Match answers 304. */
const tagged = {
  etag: Type.String({ pattern: '^"[0-9a-f]{40}"$', description: 'The sha1 hex of the body, quoted.' }),
  'cache-control': Type.Literal('no-cache'),
};
const notModified = {
  '304': { description: 'Not modified: If-None-Match named this ETag. No body; V2bX keeps what it has.' },
};

// --- POST push, POST alive, GET alivelist, POST status ------------------------------------------------

/** V2bX's traffic report: `{"<account id>":[upload bytes, download bytes]}`, deltas since its last push. */
export const NodePushBody = Type.Record(
  Type.String({ pattern: ACCOUNT_KEY }),
  Type.Tuple([Type.Number({ minimum: 0 }), Type.Number({ minimum: 0 })]),
  {
    description:
      'Byte deltas per account. Entries that are not [upload, download] of non-negative numbers, and accounts outside the node’s user list, are ignored; one above 10 TB refuses the whole push (400 implausibleReport). A body that is no JSON object: 422 invalidPushData.',
  },
);
export type NodePushBody = Static<typeof NodePushBody>;

/** V2bX's alive report: `{"<account id>":["<ip>", …]}`. */
export const NodeAliveBody = Type.Record(Type.String({ pattern: ACCOUNT_KEY }), Type.Array(Type.String()), {
  description:
    'The addresses seen per account: "ip", "ip_<node id>" (V2bX before July 2024), "ip:port" or "[ip6]:port". Per account at most its device limit + 2 are counted; accounts outside the node’s user list are ignored. A body that is no JSON: 400 invalidOnlineData.',
});
export type NodeAliveBody = Static<typeof NodeAliveBody>;

/**
 * `alive`'s 400: a body that is no JSON answers Xboard's `error` first, beside the error answer's
 * fields (the order is the bytes Xboard sends); any other 400 (a node_type that is not the node's, a
 * query refused) is the error answer.
 */
export const NodeAliveRefusal = Type.Union([
  Type.Object(
    {
      error: Type.Literal('Invalid online data'),
      ok: Type.Literal(false),
      message: Type.String(),
      code: Type.Literal('invalidOnlineData'),
    },
    { additionalProperties: true },
  ),
  ErrorAnswer,
]);

const usage = Type.Object({ total: Type.Integer({ minimum: 0 }), used: Type.Integer({ minimum: 0 }) });
/** A node's load report: cpu in percent, memory, swap and disk in bytes. */
export const NodeStatusBody = Type.Object({
  cpu: Type.Number({ minimum: 0, maximum: 100 }),
  mem: usage,
  swap: usage,
  disk: usage,
});
export type NodeStatusBody = Static<typeof NodeStatusBody>;

export const NODE_ROUTES = {
  config: route({
    method: 'GET',
    url: `${PREFIX}/config`,
    summary: "V2bX (Xboard UniProxy v1): the node's inbound, with ETag/304.",
    tags: TAGS,
    querystring: NodeQuery,
    answer: NodeConfig,
    answerHeaders: tagged,
    answers: notModified,
  }),
  user: route({
    method: 'GET',
    url: `${PREFIX}/user`,
    summary:
      'V2bX: the accounts that may connect, {users:[{id,uuid,speed_limit,device_limit}]}, ETag/304; MessagePack with X-Response-Format: msgpack.',
    tags: TAGS,
    querystring: NodeQuery,
    answer: NodeUserList,
    media: {
      'application/x-msgpack': Type.String({
        description: 'The same list, MessagePack-encoded: what a request with X-Response-Format: msgpack gets.',
      }),
    },
    answerHeaders: tagged,
    answers: notModified,
  }),
  push: route({
    method: 'POST',
    url: `${PREFIX}/push`,
    summary: 'V2bX: traffic deltas {"<id>":[up,down]}; usage grows by (up+down) × the node rate.',
    tags: TAGS,
    querystring: NodeQuery,
    body: NodePushBody,
    lenientBody: true,
    answer: Type.Object({
      status: Type.Literal('success'),
      message: Type.Literal('success'),
      data: Type.Literal(true),
      error: Type.Null(),
    }),
  }),
  alive: route({
    method: 'POST',
    url: `${PREFIX}/alive`,
    summary: 'V2bX: addresses seen per account {"<id>":["ip"]}.',
    tags: TAGS,
    querystring: NodeQuery,
    body: NodeAliveBody,
    lenientBody: true,
    answer: Type.Object({ data: Type.Literal(true) }),
    answers: {
      '400': {
        description:
          'A body that is no JSON (Xboard’s `error` beside the error answer), a node_type that is not the node’s, or a query refused.',
        content: { 'application/json': NodeAliveRefusal },
      },
    },
  }),
  alivelist: route({
    method: 'GET',
    url: `${PREFIX}/alivelist`,
    summary: 'V2bX: distinct addresses per account on all nodes in the last 5 minutes.',
    tags: TAGS,
    querystring: NodeQuery,
    answer: Type.Object({
      alive: Type.Record(Type.String({ pattern: ACCOUNT_KEY }), Type.Integer({ minimum: 1 }), {
        description: 'Account id → its distinct addresses.',
      }),
    }),
  }),
  status: route({
    method: 'POST',
    url: `${PREFIX}/status`,
    summary: "A node's load report (cpu, mem, swap, disk); 422 invalidStatusReport without them.",
    tags: TAGS,
    querystring: NodeQuery,
    body: NodeStatusBody,
    lenientBody: true,
    answer: Type.Object({ data: Type.Literal(true), code: Type.Literal(0), message: Type.Literal('success') }),
  }),
};
