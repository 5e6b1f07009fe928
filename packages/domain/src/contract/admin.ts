/**
 * The operators' web admin (`/api/admin/*`, docs/ADMIN.md): every route's request and answer. Amounts
 * are tomans; times ISO 8601 UTC; sizes bytes unless the name says MB. Errors answer
 * `{ ok: false, message, code }` with an {@link AdminErrorCode}. The keys of {@link ADMIN_ROUTES}
 * are the names the MSW mock and the client use for the same routes.
 */
import { ADMIN_BULK_ACTIONS, ADMIN_BULK_MAX, AUDIT_ACTIONS, type AuditAction } from '../admin.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../roles.ts';
import { AdminCardOrderInfo } from './cards.ts';
import {
  IdParams,
  MESSAGE_KEYWORD as M,
  Nullable,
  OkAnswer,
  route,
  Type,
  type Static,
  type TSchema,
} from './common.ts';

export { AUDIT_ACTIONS, type AuditAction };

const TAGS = ['admin'] as const;

/** The largest value a 32-bit column holds (plans' MB, days, devices). */
const INT32 = 2_147_483_647;
/** The largest price in tomans the admin takes (a billion). */
const MAX_TOMAN = 1_000_000_000;

// --- Catalog: plans, countries, server templates ------------------------------------------------

/** A plan's reset period (CONTRACTS §14). */
const ResetPeriodField = Type.Union(
  [Type.Literal('none'), Type.Literal('day'), Type.Literal('week'), Type.Literal('month')],
  { [M]: 'reset must be day, week, month or none.' },
);

/** A plan as the operator edits it. */
export const AdminPlan = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  active: Type.Boolean(),
  ios: Type.Boolean(),
  /** -1: unlimited. */
  allowedMB: Type.Integer(),
  days: Type.Integer(),
  devices: Type.Integer(),
  toman: Type.Integer(),
  /** The price by card-to-card credit, when it differs (else the same as `toman`). */
  credit: Type.Integer(),
  sortOrder: Type.Integer(),
  /** CONTRACTS §14: the data resets every day, week or month of the subscription (absent: none). */
  reset: Type.Optional(ResetPeriodField),
});
export type AdminPlan = Static<typeof AdminPlan>;

const planFields = {
  title: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', [M]: 'The title must be 1 to 80 characters.' }),
  ios: Type.Boolean({ [M]: 'ios must be true or false.' }),
  allowedMB: Type.Integer({
    minimum: -1,
    maximum: INT32,
    [M]: 'Data must be a whole number of MB, or -1 for unlimited.',
  }),
  days: Type.Integer({ minimum: 1, maximum: 3650, [M]: 'Days must be a whole number from 1 to 3650.' }),
  devices: Type.Integer({ minimum: 1, maximum: 100, [M]: 'Devices must be a whole number from 1 to 100.' }),
  toman: Type.Integer({
    minimum: 1,
    maximum: MAX_TOMAN,
    [M]: 'The price must be a whole number of tomans, at least 1.',
  }),
  credit: Type.Integer({
    minimum: 1,
    maximum: MAX_TOMAN,
    [M]: 'The credit price must be a whole number of tomans, at least 1.',
  }),
  active: Type.Boolean({ [M]: 'active must be true or false.' }),
  reset: ResetPeriodField,
};

/** `POST /api/admin/plans`: every field but `credit` and `active` is required. */
export const AdminPlanInput = Type.Object({
  title: planFields.title,
  ios: planFields.ios,
  allowedMB: planFields.allowedMB,
  days: planFields.days,
  devices: planFields.devices,
  toman: planFields.toman,
  credit: Type.Optional(planFields.credit),
  active: Type.Optional(planFields.active),
  /** Default none. */
  reset: Type.Optional(planFields.reset),
});
export type AdminPlanInput = Static<typeof AdminPlanInput>;

/** `PATCH /api/admin/plans/:id`: the fields that change. */
export const AdminPlanChange = Type.Partial(AdminPlanInput);
export type AdminPlanChange = Static<typeof AdminPlanChange>;

export const AdminCountry = Type.Object({
  code: Type.String(),
  title: Type.String(),
  titleFa: Type.String(),
});
export type AdminCountry = Static<typeof AdminCountry>;

const countryName = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '\\S',
  [M]: 'Give the country’s English and Persian names (up to 60 characters each).',
});
/** `POST /api/admin/countries`: the code is upper-cased. */
export const AdminCountryInput = Type.Object({
  code: Type.String({
    pattern: '^\\s*[A-Za-z]{2,3}\\s*$',
    maxLength: 10,
    [M]: 'The code must be a two- or three-letter country code.',
  }),
  title: countryName,
  titleFa: countryName,
});
export type AdminCountryInput = Static<typeof AdminCountryInput>;

/** A hand-written server template (SPEC's servers list; `xxx` becomes username-password). */
export const AdminServer = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 2: V2Ray, 1: OpenConnect. */
  type: Type.Union([Type.Literal(1), Type.Literal(2)]),
  country: Type.String(),
  links: Type.Array(Type.String()),
  active: Type.Boolean(),
});
export type AdminServer = Static<typeof AdminServer>;

/** `POST /api/admin/servers`. */
export const AdminServerInput = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S', [M]: 'The title must be 1 to 80 characters.' }),
  type: Type.Union([Type.Literal(1), Type.Literal(2)], { [M]: 'The type must be 2 (V2Ray) or 1 (OpenConnect).' }),
  country: Type.String({ maxLength: 10, [M]: 'Give the country’s code.' }),
  links: Type.Array(
    Type.String({ maxLength: 2000, pattern: '^\\s*\\S*\\s*$', [M]: 'A link must be one line without spaces.' }),
    { minItems: 1, maxItems: 50, [M]: 'Give at least one link.' },
  ),
});
export type AdminServerInput = Static<typeof AdminServerInput>;

const CountryParams = Type.Object({ code: Type.String({ maxLength: 10 }) });
const items = <S extends Parameters<typeof Type.Array>[0]>(schema: S) => Type.Object({ items: Type.Array(schema) });

export const ADMIN_CATALOG_ROUTES = {
  plans: route({
    method: 'GET',
    url: '/api/admin/plans',
    summary: 'Every plan, active or not, in the catalogue order.',
    tags: TAGS,
    answer: items(AdminPlan),
  }),
  createPlan: route({
    method: 'POST',
    url: '/api/admin/plans',
    summary: 'Add a plan (credit defaults to toman; active by default). Audited plan.create.',
    tags: TAGS,
    body: AdminPlanInput,
    answer: AdminPlan,
  }),
  updatePlan: route({
    method: 'PATCH',
    url: '/api/admin/plans/:id',
    summary: 'Change the fields given; `active` alone is plan.activate or plan.deactivate, else plan.update.',
    tags: TAGS,
    params: IdParams,
    body: AdminPlanChange,
    answer: AdminPlan,
  }),
  countries: route({
    method: 'GET',
    url: '/api/admin/countries',
    summary: 'The countries of the servers list.',
    tags: TAGS,
    answer: items(AdminCountry),
  }),
  saveCountry: route({
    method: 'POST',
    url: '/api/admin/countries',
    summary: 'Add a country (409 when its code exists). Audited country.add.',
    tags: TAGS,
    body: AdminCountryInput,
    answer: AdminCountry,
  }),
  deleteCountry: route({
    method: 'DELETE',
    url: '/api/admin/countries/:code',
    summary: 'Remove a country and its server templates. Audited country.remove.',
    tags: TAGS,
    params: CountryParams,
    answer: OkAnswer,
  }),
  servers: route({
    method: 'GET',
    url: '/api/admin/servers',
    summary: 'The hand-written server templates.',
    tags: TAGS,
    answer: items(AdminServer),
  }),
  createServer: route({
    method: 'POST',
    url: '/api/admin/servers',
    summary: 'Add a server template in a known country. Audited server.add.',
    tags: TAGS,
    body: AdminServerInput,
    answer: AdminServer,
  }),
  deleteServer: route({
    method: 'DELETE',
    url: '/api/admin/servers/:id',
    summary: 'Remove a server template. Audited server.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
};

// --- Shared pieces ----------------------------------------------------------------------------

/** One page of a list that the server searches, sorts and paginates. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    /** All the rows that match the search and filters. */
    total: Type.Integer(),
    /** 1-based. */
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

/** A list's query string: `q` searches, `sort` names a column, `dir` its order (texts, as sent). */
const listQueryFields = {
  q: Type.Optional(Type.String({ maxLength: 100 })),
  page: Type.Optional(Type.String({ maxLength: 7, [M]: 'page must be a whole number.' })),
  pageSize: Type.Optional(Type.String({ maxLength: 4, [M]: 'pageSize must be a whole number.' })),
  sort: Type.Optional(Type.String({ maxLength: 40 })),
  dir: Type.Optional(Type.String({ maxLength: 10 })),
};
export const AdminListQueryString = Type.Object(listQueryFields);

const UsernameParams = Type.Object({ username: Type.String({ maxLength: 64 }) });
const ResNumParams = Type.Object({ resNum: Type.String({ maxLength: 64 }) });

/** Any JSON value (the audit log's before and after). */
const Json = Type.Unknown();

// --- Session -----------------------------------------------------------------------------------

/** The signed-in operator (`GET /api/admin/me`, and the answer of a sign-in). */
/** An operator's role (CONTRACTS §13): what the admin routes and the console let them use. */
export const OperatorRoleSchema = Type.Unsafe<OperatorRole>({ type: 'string', enum: [...OPERATOR_ROLES] });

export const AdminOperator = Type.Object({
  username: Type.String(),
  totpEnabled: Type.Boolean(),
  role: OperatorRoleSchema,
});
export type AdminOperator = Static<typeof AdminOperator>;

/** `POST /api/admin/login` body. `otp` only when the operator turned on one-time codes. */
export const AdminLoginInput = Type.Object({
  username: Type.String({ maxLength: 64, [M]: 'username is required (text).' }),
  password: Type.String({ maxLength: 256, [M]: 'password is required (text).' }),
  otp: Type.Optional(Type.String({ maxLength: 20, [M]: 'otp must be text.' })),
});
export type AdminLoginInput = Static<typeof AdminLoginInput>;

/** `POST /api/admin/totp/setup`: a new secret to scan; enabled only once `totp/enable` gets a code. */
export const AdminTotpSetup = Type.Object({ secret: Type.String(), otpauthUrl: Type.String() });
export type AdminTotpSetup = Static<typeof AdminTotpSetup>;

const CodeInput = Type.Object({ code: Type.String({ maxLength: 20, [M]: 'code is required (text).' }) });
const OptionalCodeInput = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 20, [M]: 'code must be text.' })),
});

// --- Overview ----------------------------------------------------------------------------------

/** `GET /api/admin/overview`. */
export const AdminOverview = Type.Object({
  /**
   * Tomans received (paid orders by their paid time): today (UTC day), the last 7 and 30 days. An
   * order in dollars counts at the rate it was made at, never today's.
   */
  revenue: Type.Object({ today: Type.Number(), week: Type.Number(), month: Type.Number() }),
  /**
   * Of that revenue, the dollars the crypto gateways took, in cents (each order counted in
   * {@link revenue} at its own rate: cents × the order's tomans a dollar / 100).
   */
  revenueUsdCents: Type.Object({ today: Type.Integer(), week: Type.Integer(), month: Type.Integer() }),
  /** One point a day for the last 30 days, oldest first (`day` is YYYY-MM-DD). */
  revenueByDay: Type.Array(Type.Object({ day: Type.String(), toman: Type.Number(), orders: Type.Integer() })),
  /** Orders created in the last 30 days by state. */
  orders: Type.Object({
    paid: Type.Integer(),
    failed: Type.Integer(),
    pending: Type.Integer(),
    expired: Type.Integer(),
  }),
  accounts: Type.Object({
    total: Type.Integer(),
    /** Created today / in the last 7 days. */
    newToday: Type.Integer(),
    newWeek: Type.Integer(),
    /** Not suspended, not expired, data left. */
    active: Type.Integer(),
  }),
  /** Bytes carried by each V2Ray node and by OpenConnect (RADIUS) in the last 30 days. */
  trafficByNode: Type.Array(Type.Object({ node: Type.String(), bytes: Type.Number() })),
  nodes: Type.Object({ online: Type.Integer(), total: Type.Integer() }),
  /** Messages waiting in the outbox (not sent). */
  outboxBacklog: Type.Integer(),
  /**
   * CONTRACTS §14: the origin buyers' subscription links use now (the first of SEPAR_SUB_ORIGINS,
   * else SEPAR_PUBLIC_URL; null when neither is set: each answer then uses the request's origin),
   * and the other origins that still answer `/sub/{token}` and send clients on with `new-domain`.
   */
  subscriptionOrigins: Type.Optional(
    Type.Object({ current: Nullable(Type.String()), others: Type.Array(Type.String()) }),
  ),
});
export type AdminOverview = Static<typeof AdminOverview>;

// --- Nodes and RADIUS clients -------------------------------------------------------------------

export const ADMIN_NODE_PROTOCOLS = ['vless', 'vmess', 'trojan', 'shadowsocks', 'hysteria2'] as const;
export const AdminNodeProtocol = Type.Union([
  Type.Literal('vless'),
  Type.Literal('vmess'),
  Type.Literal('trojan'),
  Type.Literal('shadowsocks'),
  Type.Literal('hysteria2'),
]);
export type AdminNodeProtocol = (typeof ADMIN_NODE_PROTOCOLS)[number];

/** A V2Ray node (V2bX), without its token (shown once, when made or rotated). */
export const AdminNode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  protocol: AdminNodeProtocol,
  host: Type.String(),
  port: Type.Integer(),
  network: Type.String(),
  security: Type.String(),
  serverName: Nullable(Type.String()),
  country: Nullable(Type.String()),
  rate: Type.Number(),
  active: Type.Boolean(),
  /** The node asked for its users within the last push interval and a half. */
  online: Type.Boolean(),
  lastSeenAt: Nullable(Type.String()),
  /** Bytes it reported in the last 30 days. */
  trafficBytes: Type.Number(),
  /** Every other setting, as `separ-admin nodes show` prints it (for the edit form). */
  settings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
});
export type AdminNode = Static<typeof AdminNode>;

const nodeText = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const nodeNullableText = (max: number) => Type.Optional(Nullable(Type.String({ maxLength: max })));
const port = (name: string) => Type.Integer({ minimum: 1, maximum: 65_535, [M]: `${name} must be 1 to 65535.` });

/**
 * `POST /api/admin/nodes`, `PATCH /api/admin/nodes/:id`: the options of `separ-admin nodes add`
 * (every field optional here; the node's rules, nodes/records.ts, check the whole).
 */
export const AdminNodeInput = Type.Object({
  name: nodeText(64),
  protocol: Type.Optional(
    Type.Union(AdminNodeProtocol.anyOf, { [M]: `protocol must be one of ${ADMIN_NODE_PROTOCOLS.join(', ')}.` }),
  ),
  host: nodeText(253),
  port: Type.Optional(port('port')),
  network: nodeText(20),
  path: nodeNullableText(201),
  transportHost: nodeNullableText(253),
  serviceName: nodeNullableText(100),
  security: nodeText(20),
  serverName: nodeNullableText(253),
  realityPrivateKey: nodeNullableText(64),
  realityPublicKey: nodeNullableText(64),
  realityShortId: nodeNullableText(16),
  realityDest: nodeNullableText(253),
  realityDestPort: Type.Optional(port('realityDestPort')),
  flow: nodeNullableText(40),
  cipher: nodeNullableText(40),
  upMbps: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000, [M]: 'upMbps must be 0 (no limit) to 100000.' })),
  downMbps: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 100_000, [M]: 'downMbps must be 0 (no limit) to 100000.' }),
  ),
  obfsPassword: nodeNullableText(128),
  country: nodeNullableText(10),
  rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100, [M]: 'rate must be above 0 and at most 100.' })),
  active: Type.Optional(Type.Boolean({ [M]: 'active must be true or false.' })),
});
export type AdminNodeInput = Omit<Static<typeof AdminNodeInput>, 'protocol' | 'realityPublicKey'> & {
  protocol?: AdminNodeProtocol;
};

/**
 * What a node's operator pastes into V2bX's config.json (`Nodes[]` entry: ApiHost, ApiKey, NodeID,
 * NodeType): answered on create and on token rotation, when the token can still be shown.
 */
export const AdminNodeSecret = Type.Object({
  node: AdminNode,
  token: Type.String(),
  /** The V2bX config file, pretty-printed JSON. */
  v2bxConfig: Type.String(),
});
export type AdminNodeSecret = { node: AdminNode; token: string; v2bxConfig: string };

/**
 * An extra address of a V2Ray node (CONTRACTS §14): a CDN, a relay or a clean IP buyers reach the
 * node at. Each active one is one more link in every subscription format, with the node's protocol
 * and keys; `port`, `sni` and `host` (the ws/http/grpc host header) replace the node's own when set.
 */
export const AdminNodeHost = Type.Object({
  id: Type.Integer(),
  nodeId: Type.Integer(),
  address: Type.String(),
  port: Nullable(Type.Integer()),
  sni: Nullable(Type.String()),
  host: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  /** A paused host stays listed here and is left out of the links. */
  paused: Type.Boolean(),
  sort: Type.Integer(),
  createdAt: Type.String(),
});
export type AdminNodeHost = Static<typeof AdminNodeHost>;

/** `POST /api/admin/nodes/:id/hosts`: the options of `separ-admin nodes hosts add`. */
export const AdminNodeHostInput = Type.Object({
  address: Type.String({ minLength: 1, maxLength: 253, [M]: 'address: a domain name or an IP address.' }),
  port: Type.Optional(Nullable(port('port'))),
  sni: Type.Optional(Nullable(Type.String({ maxLength: 253, [M]: 'sni: a domain name.' }))),
  host: Type.Optional(Nullable(Type.String({ maxLength: 253, [M]: 'host: a domain name.' }))),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 64, [M]: 'remark: at most 64 characters.' }))),
});
export type AdminNodeHostInput = Static<typeof AdminNodeHostInput>;

/** A node's host in a path: `/api/admin/nodes/:id/hosts/:hostId`. */
export const NodeHostParams = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15 }),
  hostId: Type.String({ pattern: '^[0-9]{1,15}$', maxLength: 15 }),
});

/** An ocserv server allowed to ask the RADIUS server. */
export const AdminRadiusClient = Type.Object({
  id: Type.Integer(),
  ip: Type.String(),
  name: Type.String(),
  requireMessageAuthenticator: Type.Boolean(),
  createdAt: Type.String(),
});
export type AdminRadiusClient = Static<typeof AdminRadiusClient>;

/** `POST /api/admin/radius-clients` (the secret is not answered back). */
export const AdminRadiusClientInput = Type.Object({
  ip: Type.String({ maxLength: 64, [M]: 'ip is required (text).' }),
  secret: Type.String({ maxLength: 256, [M]: 'secret is required (text).' }),
  name: Type.Optional(Type.String({ maxLength: 64, [M]: '--name: at most 64 characters.' })),
  requireMessageAuthenticator: Type.Optional(
    Type.Boolean({ [M]: 'requireMessageAuthenticator must be true or false.' }),
  ),
});
export type AdminRadiusClientInput = Static<typeof AdminRadiusClientInput>;

/** The new client, with a warning when its secret is weak. */
export const AdminRadiusClientCreated = Type.Object({
  ...AdminRadiusClient.properties,
  warning: Type.Optional(Nullable(Type.String())),
});

// --- Users ---------------------------------------------------------------------------------------

export const AdminUserStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('active'),
  Type.Literal('expired'),
  Type.Literal('depleted'),
  Type.Literal('suspended'),
]);
export type AdminUserStatus = Static<typeof AdminUserStatus>;

const userRowFields = {
  id: Type.Integer(),
  username: Type.String(),
  email: Nullable(Type.String()),
  status: AdminUserStatus,
  /** Null until the first connection. */
  expireDate: Nullable(Type.String()),
  usedBytes: Type.Number(),
  /** -1: unlimited. */
  allowedMB: Type.Integer(),
  devices: Type.Integer(),
  allowedDevices: Type.Integer(),
  createdAt: Type.String(),
};
/** One row of the users list. */
export const AdminUserRow = Type.Object(userRowFields);
export type AdminUserRow = Static<typeof AdminUserRow>;

export const AdminOrderState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('failed'),
  Type.Literal('paid'),
  Type.Literal('expired'),
]);
export type AdminOrderState = Static<typeof AdminOrderState>;

const orderRowFields = {
  resNum: Type.String(),
  state: AdminOrderState,
  gate: Type.String(),
  provider: Type.String(),
  /** Tomans. */
  amount: Type.Number(),
  planId: Type.Integer(),
  email: Type.String(),
  username: Nullable(Type.String()),
  refNum: Nullable(Type.String()),
  failure: Nullable(Type.String()),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  /** A card-to-card order's transfer and receipt (CONTRACTS §11). */
  card: Type.Optional(AdminCardOrderInfo),
};
export const AdminOrderRow = Type.Object(orderRowFields);
export type AdminOrderRow = Static<typeof AdminOrderRow>;

const userDetailFields = {
  ...userRowFields,
  planId: Nullable(Type.Integer()),
  /** Days it will have from its first connection (pending accounts). */
  pendingDays: Type.Integer(),
  ios: Type.Boolean(),
  subUrl: Type.String(),
  devicesList: Type.Array(
    Type.Object({
      id: Type.String(),
      kind: Type.Union([Type.Literal('app'), Type.Literal('v2ray'), Type.Literal('openconnect')]),
      info: Type.String(),
      since: Type.String(),
    }),
  ),
  orders: Type.Array(AdminOrderRow),
  /** CONTRACTS §14: the plan's reset period and the next reset, when its data resets. */
  reset: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')])),
  nextResetAt: Type.Optional(Nullable(Type.String())),
  /** The account's finished data periods, newest first (present once a period has ended). */
  usagePeriods: Type.Optional(
    Type.Array(Type.Object({ startedAt: Type.String(), endedAt: Type.String(), usedBytes: Type.Number() })),
  ),
};
/** `GET /api/admin/users/:username`. */
export const AdminUserDetail = Type.Object(userDetailFields);
export type AdminUserDetail = Static<typeof AdminUserDetail>;

/** A user action's answer: the user, with the new password after `reset-password` (shown once). */
export const AdminUserActionResult = Type.Object({
  ...userDetailFields,
  password: Type.Optional(Type.String()),
});

/** The body of `POST /api/admin/users/:username/:action` (the fields its action takes). */
export const AdminUserActionInput = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650, [M]: 'Days must be a whole number from 1 to 3650.' })),
  mb: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000_000, [M]: 'Data must be a whole number of MB, at least 1.' }),
  ),
  password: Type.Optional(Type.String({ maxLength: 256, [M]: 'password must be text.' })),
});

/** A bulk action's name (ADMIN_BULK_ACTIONS). */
const bulkAction = (options: Parameters<typeof Type.Union>[1] = {}) =>
  Type.Union(
    [
      Type.Literal('extend'),
      Type.Literal('add-data'),
      Type.Literal('suspend'),
      Type.Literal('unsuspend'),
      Type.Literal('reset-usage'),
      Type.Literal('delete-expired'),
    ],
    options,
  );

/**
 * The body of `POST /api/admin/users/bulk`: an action on the named accounts (`usernames`) or on those
 * the filter finds (`filter.q`: what the users list's search finds; `{}`: every account), at most
 * ADMIN_BULK_MAX of them. `extend` takes `days`; `add-data` takes `mb`; `delete-expired` deletes the
 * accounts among them that expired more than `days` days ago, only with `confirm` equal to their
 * count. `dryRun` answers the count and changes nothing.
 */
export const AdminBulkInput = Type.Object(
  {
    action: bulkAction({ [M]: `action must be one of ${ADMIN_BULK_ACTIONS.join(', ')}.` }),
    usernames: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64, [M]: 'A username must be 1 to 64 characters.' }), {
        minItems: 1,
        maxItems: ADMIN_BULK_MAX,
        [M]: `Name 1 to ${ADMIN_BULK_MAX} accounts.`,
      }),
    ),
    filter: Type.Optional(
      Type.Object(
        { q: Type.Optional(Type.String({ maxLength: 100, [M]: 'The search is too long.' })) },
        { additionalProperties: false, [M]: 'filter takes only q.' },
      ),
    ),
    days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 3650, [M]: 'Days must be a whole number from 0 to 3650.' }),
    ),
    mb: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100_000_000, [M]: 'Data must be a whole number of MB, at least 1.' }),
    ),
    confirm: Type.Optional(Type.String({ maxLength: 20, [M]: 'confirm must be text.' })),
    dryRun: Type.Optional(Type.Boolean({ [M]: 'dryRun must be true or false.' })),
  },
  { additionalProperties: false },
);
export type AdminBulkInput = Static<typeof AdminBulkInput>;

/** The answer: how many accounts the action changed (or, on a dry run, would change). */
export const AdminBulkResult = Type.Object({
  action: bulkAction(),
  /** The accounts named or found. */
  matched: Type.Integer(),
  /** The accounts changed (or deleted): those the action applies to. */
  count: Type.Integer(),
  /** Found but left as they were (add-data: unlimited data; delete-expired: not expired long enough). */
  skipped: Type.Integer(),
  dryRun: Type.Boolean(),
});
export type AdminBulkResult = Static<typeof AdminBulkResult>;

// --- Orders and the outbox -------------------------------------------------------------------------

/** `GET /api/admin/orders/:resNum`. */
export const AdminOrderDetail = Type.Object({
  ...orderRowFields,
  authority: Nullable(Type.String()),
  history: Type.Array(
    Type.Object({
      at: Type.String(),
      from: Nullable(AdminOrderState),
      to: AdminOrderState,
      actor: Type.String(),
      detail: Nullable(Type.String()),
    }),
  ),
  receipt: Nullable(
    Type.Object({ sentAt: Nullable(Type.String()), attempts: Type.Integer(), lastError: Nullable(Type.String()) }),
  ),
});
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;

/** `POST /api/admin/payments/reconcile`. */
export const AdminReconcileSummary = Type.Object({
  checked: Type.Integer(),
  completed: Type.Integer(),
  failed: Type.Integer(),
  expired: Type.Integer(),
  open: Type.Integer(),
  unknown: Type.Integer(),
  busy: Type.Integer(),
  errors: Type.Integer(),
});
export type AdminReconcileSummary = Static<typeof AdminReconcileSummary>;

/** A reconciliation before it has looked at any order: `checked` orders, every outcome at 0. */
export const emptyReconcileSummary = (checked: number): AdminReconcileSummary => ({
  checked,
  completed: 0,
  failed: 0,
  expired: 0,
  open: 0,
  unknown: 0,
  busy: 0,
  errors: 0,
});

export const AdminOutboxRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  sentAt: Nullable(Type.String()),
  createdAt: Type.String(),
});
export type AdminOutboxRow = Static<typeof AdminOutboxRow>;

// --- Operators, settings, audit ---------------------------------------------------------------------

export const AdminOperatorRow = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  totpEnabled: Type.Boolean(),
  role: OperatorRoleSchema,
  createdAt: Type.String(),
  lastLoginAt: Nullable(Type.String()),
  /**
   * Locked by 5 wrong one-time codes in 15 minutes: no sign-in until `POST
   * /api/admin/operators/:username/unlock` (another operator) or `separ-admin operators unlock`.
   */
  locked: Type.Optional(Type.Boolean()),
});
export type AdminOperatorRow = Static<typeof AdminOperatorRow>;

/** An API token as the admin lists it (CONTRACTS §13): never the token itself. */
export const AdminApiToken = Type.Object({
  name: Type.String(),
  role: OperatorRoleSchema,
  createdAt: Type.String(),
  createdBy: Type.String(),
  lastUsedAt: Nullable(Type.String()),
});
export type AdminApiToken = Static<typeof AdminApiToken>;

/** `POST /api/admin/operators`: the password is generated when not given, and shown once. */
export const AdminOperatorCreated = Type.Object({ operator: AdminOperatorRow, password: Type.String() });
export type AdminOperatorCreated = Static<typeof AdminOperatorCreated>;

export const AdminOperatorInput = Type.Object({
  username: Type.String({ maxLength: 64, [M]: 'username is required (text).' }),
  password: Type.Optional(Type.String({ maxLength: 256, [M]: 'password must be text.' })),
  /** The new operator's role (default `admin`). */
  role: Type.Optional(Type.String({ maxLength: 20, [M]: 'role must be text.' })),
  /** The current one-time code of an operator with codes on (CONTRACTS §15). */
  code: Type.Optional(Type.String({ maxLength: 20, [M]: 'code must be text.' })),
});

/** One change an operator made (who, what, before → after, when). */
export const AdminAuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  /** `alice` (web admin) or `root@cli`. */
  operator: Type.String(),
  /** One of {@link AUDIT_ACTIONS}, e.g. `plan.create`, `user.suspend` (an older log may hold others). */
  action: Type.String(),
  /** What it was done to, e.g. `plan:3`, `user:sp123456`. */
  target: Type.String(),
  before: Json,
  after: Json,
});
export type AdminAuditEntry = Static<typeof AdminAuditEntry>;

/** The shop's settings the operator changes without a rebuild (`GET/PUT /api/admin/settings`). */
export const ShopSettings = Type.Object({
  /** The shop's name in receipts, e-mails and the subscription title. */
  shopName: Type.String(),
  supportChatUrl: Type.String(),
  channelUrl: Type.String(),
  socialUrl: Type.String(),
  /** The messaging bot that gives free accounts (the free page's button). */
  botUrl: Type.String(),
  androidAppUrl: Type.String(),
  windowsAppUrl: Type.String(),
  freeEnabled: Type.Boolean(),
  /** CONTRACTS §10: buyers may top up and pay from a wallet (the gateways' `wallet_active`). */
  walletEnabled: Type.Boolean(),
  /** The smallest and largest top-up, in tomans. */
  walletMinTopup: Type.Integer({ minimum: 0 }),
  walletMaxTopup: Type.Integer({ minimum: 0 }),
  /** CONTRACTS §12: tomans per US dollar; 0 = no dollar prices and no crypto gateways. */
  tomanPerUsd: Type.Integer({ minimum: 0 }),
  /** CONTRACTS §12: the share of a referred purchase paid into the referrer's wallet, 0 to 100 (0: off). */
  referralPercent: Type.Integer({ minimum: 0, maximum: 100 }),
  /**
   * CONTRACTS §14: TLS fragmentation on the TLS and REALITY profiles, in Xray's syntax (packets
   * `tlshello` or `1-3`, length `100-200`, interval `10-20`); all three empty: none.
   */
  fragmentPackets: Type.String(),
  fragmentLength: Type.String(),
  fragmentInterval: Type.String(),
  /** CONTRACTS §14: multiplexing (Xray's mux) where the transport allows it. */
  muxEnabled: Type.Boolean(),
  /** CONTRACTS §14: Iranian addresses and `.ir` domains go direct, not through the proxy, in every profile. */
  iranDirect: Type.Boolean(),
});
export type ShopSettings = Static<typeof ShopSettings>;

/** `PUT /api/admin/settings`: the settings that change (services/shopSettings.ts checks each). */
export const ShopSettingsChange = Type.Object(
  {
    shopName: Type.Optional(Type.String({ maxLength: 200 })),
    supportChatUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    channelUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    socialUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    botUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    androidAppUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    windowsAppUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    freeEnabled: Type.Optional(Type.Boolean()),
    walletEnabled: Type.Optional(Type.Boolean()),
    walletMinTopup: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    walletMaxTopup: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    tomanPerUsd: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    referralPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
    fragmentPackets: Type.Optional(Type.String({ maxLength: 20 })),
    fragmentLength: Type.Optional(Type.String({ maxLength: 20 })),
    fragmentInterval: Type.Optional(Type.String({ maxLength: 20 })),
    muxEnabled: Type.Optional(Type.Boolean()),
    iranDirect: Type.Optional(Type.Boolean()),
  },
  // A setting that does not exist is named by the service's refusal ("There is no setting …").
  { additionalProperties: true, maxProperties: 30 },
);

const ADMIN_OTHER_ROUTES = {
  login: route({
    method: 'POST',
    url: '/api/admin/login',
    summary: 'Sign in (username, password, otp when codes are on); sets the admin session cookie.',
    tags: TAGS,
    body: AdminLoginInput,
    answer: AdminOperator,
  }),
  logout: route({
    method: 'POST',
    url: '/api/admin/logout',
    summary: 'End the admin session and clear its cookie.',
    tags: TAGS,
    answer: OkAnswer,
  }),
  me: route({
    method: 'GET',
    url: '/api/admin/me',
    summary: 'The signed-in operator.',
    tags: TAGS,
    answer: AdminOperator,
  }),
  totpSetup: route({
    method: 'POST',
    url: '/api/admin/totp/setup',
    summary: 'A new one-time-code secret (with codes on, the current code first).',
    tags: TAGS,
    body: OptionalCodeInput,
    answer: AdminTotpSetup,
  }),
  totpEnable: route({
    method: 'POST',
    url: '/api/admin/totp/enable',
    summary: 'Turn one-time codes on with a code of the new secret.',
    tags: TAGS,
    body: CodeInput,
    answer: AdminOperator,
  }),
  totpDisable: route({
    method: 'POST',
    url: '/api/admin/totp/disable',
    summary: 'Turn one-time codes off with the current code.',
    tags: TAGS,
    body: CodeInput,
    answer: AdminOperator,
  }),
  overview: route({
    method: 'GET',
    url: '/api/admin/overview',
    summary: 'Revenue, orders, accounts, traffic, nodes and the outbox backlog.',
    tags: TAGS,
    answer: AdminOverview,
  }),
  nodes: route({
    method: 'GET',
    url: '/api/admin/nodes',
    summary: 'The V2Ray nodes (without their tokens).',
    tags: TAGS,
    answer: items(AdminNode),
  }),
  createNode: route({
    method: 'POST',
    url: '/api/admin/nodes',
    summary: 'Add a node: its token and V2bX config, shown once. Audited node.add.',
    tags: TAGS,
    body: AdminNodeInput,
    answer: AdminNodeSecret,
  }),
  updateNode: route({
    method: 'PATCH',
    url: '/api/admin/nodes/:id',
    summary: "Change a node's settings. Audited node.update.",
    tags: TAGS,
    params: IdParams,
    body: AdminNodeInput,
    answer: AdminNode,
  }),
  rotateNodeToken: route({
    method: 'POST',
    url: '/api/admin/nodes/:id/rotate-token',
    summary: 'A new token for a node (the old one stops working). Audited node.rotate-token.',
    tags: TAGS,
    params: IdParams,
    answer: AdminNodeSecret,
  }),
  deleteNode: route({
    method: 'DELETE',
    url: '/api/admin/nodes/:id',
    summary: 'Remove a node. Audited node.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
  nodeHosts: route({
    method: 'GET',
    url: '/api/admin/nodes/:id/hosts',
    summary: "A node's extra addresses (CDN, relay, clean IP), paused ones too.",
    tags: TAGS,
    params: IdParams,
    answer: items(AdminNodeHost),
  }),
  createNodeHost: route({
    method: 'POST',
    url: '/api/admin/nodes/:id/hosts',
    summary: 'Add an address to a node: one more link in every subscription format. Audited node.host-add.',
    tags: TAGS,
    params: IdParams,
    body: AdminNodeHostInput,
    answer: AdminNodeHost,
  }),
  pauseNodeHost: route({
    method: 'POST',
    url: '/api/admin/nodes/:id/hosts/:hostId/pause',
    summary: "Leave a node's address out of the links, keeping it. Audited node.host-pause.",
    tags: TAGS,
    params: NodeHostParams,
    answer: AdminNodeHost,
  }),
  resumeNodeHost: route({
    method: 'POST',
    url: '/api/admin/nodes/:id/hosts/:hostId/resume',
    summary: 'Put a paused address back in the links. Audited node.host-resume.',
    tags: TAGS,
    params: NodeHostParams,
    answer: AdminNodeHost,
  }),
  deleteNodeHost: route({
    method: 'DELETE',
    url: '/api/admin/nodes/:id/hosts/:hostId',
    summary: "Remove a node's address. Audited node.host-remove.",
    tags: TAGS,
    params: NodeHostParams,
    answer: OkAnswer,
  }),
  radiusClients: route({
    method: 'GET',
    url: '/api/admin/radius-clients',
    summary: 'The ocserv servers allowed to ask the RADIUS server.',
    tags: TAGS,
    answer: items(AdminRadiusClient),
  }),
  createRadiusClient: route({
    method: 'POST',
    url: '/api/admin/radius-clients',
    summary: 'Allow an ocserv server (ip, secret). Audited radius-client.add.',
    tags: TAGS,
    body: AdminRadiusClientInput,
    answer: AdminRadiusClientCreated,
  }),
  deleteRadiusClient: route({
    method: 'DELETE',
    url: '/api/admin/radius-clients/:id',
    summary: 'Remove a RADIUS client. Audited radius-client.remove.',
    tags: TAGS,
    params: IdParams,
    answer: OkAnswer,
  }),
  users: route({
    method: 'GET',
    url: '/api/admin/users',
    summary: 'A page of accounts: q finds what a username or e-mail starts with.',
    tags: TAGS,
    querystring: AdminListQueryString,
    answer: Page(AdminUserRow),
  }),
  user: route({
    method: 'GET',
    url: '/api/admin/users/:username',
    summary: 'One account with its devices and orders.',
    tags: TAGS,
    params: UsernameParams,
    answer: AdminUserDetail,
  }),
  usersBulk: route({
    method: 'POST',
    url: '/api/admin/users/bulk',
    summary:
      'One action on many accounts (named, or found by a filter; at most 10,000): extend, add-data, suspend, unsuspend, reset-usage, delete-expired (confirm: the count). One transaction, audited once as users.bulk-<action> with the count.',
    tags: TAGS,
    body: AdminBulkInput,
    answer: AdminBulkResult,
  }),
  userAction: route({
    method: 'POST',
    url: '/api/admin/users/:username/:action',
    summary:
      'suspend, unsuspend, extend (days), add-data (mb), reset-password (password: generated when not given), end-devices. Audited user.<action>.',
    tags: TAGS,
    params: Type.Object({ username: Type.String({ maxLength: 64 }), action: Type.String({ maxLength: 20 }) }),
    body: AdminUserActionInput,
    answer: AdminUserActionResult,
  }),
  orders: route({
    method: 'GET',
    url: '/api/admin/orders',
    summary:
      'A page of orders, filtered by state (pending, failed, paid, expired, or awaiting_review: card orders with a receipt to review), gate and day (from, to: YYYY-MM-DD).',
    tags: TAGS,
    querystring: Type.Object({
      ...listQueryFields,
      state: Type.Optional(Type.String({ maxLength: 20 })),
      gate: Type.Optional(Type.String({ maxLength: 20 })),
      from: Type.Optional(Type.String({ maxLength: 10 })),
      to: Type.Optional(Type.String({ maxLength: 10 })),
    }),
    answer: Page(AdminOrderRow),
  }),
  order: route({
    method: 'GET',
    url: '/api/admin/orders/:resNum',
    summary: 'One order with its history and receipt.',
    tags: TAGS,
    params: ResNumParams,
    answer: AdminOrderDetail,
  }),
  completeOrder: route({
    method: 'POST',
    url: '/api/admin/orders/:resNum/complete',
    summary: "Complete an order by hand with the bank's reference (ref). Audited order.complete.",
    tags: TAGS,
    params: ResNumParams,
    body: Type.Object({ ref: Type.String({ maxLength: 64, [M]: 'ref is required (text).' }) }),
    answer: AdminOrderDetail,
  }),
  reconcile: route({
    method: 'POST',
    url: '/api/admin/payments/reconcile',
    summary: 'Ask the gateways about the open orders now. Audited payments.reconcile.',
    tags: TAGS,
    answer: AdminReconcileSummary,
  }),
  outbox: route({
    method: 'GET',
    url: '/api/admin/outbox',
    summary: 'A page of the outgoing messages (state: waiting or sent).',
    tags: TAGS,
    querystring: Type.Object({ ...listQueryFields, state: Type.Optional(Type.String({ maxLength: 20 })) }),
    answer: Page(AdminOutboxRow),
  }),
  resendOutbox: route({
    method: 'POST',
    url: '/api/admin/outbox/:id/resend',
    summary: 'Put a message back in the queue. Audited outbox.resend.',
    tags: TAGS,
    params: IdParams,
    answer: AdminOutboxRow,
  }),
  operators: route({
    method: 'GET',
    url: '/api/admin/operators',
    summary: 'The operators.',
    tags: TAGS,
    answer: items(AdminOperatorRow),
  }),
  createOperator: route({
    method: 'POST',
    url: '/api/admin/operators',
    summary: 'Add an operator (password generated when not given, shown once). Audited operator.add.',
    tags: TAGS,
    body: AdminOperatorInput,
    answer: AdminOperatorCreated,
  }),
  unlockOperator: route({
    method: 'POST',
    url: '/api/admin/operators/:username/unlock',
    summary: 'Lift the lock of wrong one-time codes of another operator. Audited operator.unlock.',
    tags: TAGS,
    params: UsernameParams,
    answer: AdminOperatorRow,
  }),
  deleteOperator: route({
    method: 'DELETE',
    url: '/api/admin/operators/:username',
    summary: 'Remove another operator (not the last owner). Audited operator.remove.',
    tags: TAGS,
    params: UsernameParams,
    answer: OkAnswer,
  }),
  setOperatorRole: route({
    method: 'PUT',
    url: '/api/admin/operators/:username/role',
    summary: 'Give an operator another role (the shop keeps at least one owner). Owner only. Audited operator.role.',
    tags: TAGS,
    params: UsernameParams,
    body: Type.Object({ role: Type.String({ maxLength: 20, [M]: 'role is required (text).' }) }),
    answer: AdminOperatorRow,
  }),
  tokens: route({
    method: 'GET',
    url: '/api/admin/tokens',
    summary: 'The API tokens by name and role (never the tokens themselves). Owner only.',
    tags: TAGS,
    answer: Type.Object({ items: Type.Array(AdminApiToken) }),
  }),
  createToken: route({
    method: 'POST',
    url: '/api/admin/tokens',
    summary: 'Add an API token for a role: the token is in this answer only. Owner only. Audited token.add.',
    tags: TAGS,
    body: Type.Object({
      name: Type.String({ maxLength: 64, [M]: 'name is required (text).' }),
      role: Type.String({ maxLength: 20, [M]: 'role is required (text).' }),
    }),
    answer: Type.Object({ name: Type.String(), role: OperatorRoleSchema, token: Type.String() }),
  }),
  revokeToken: route({
    method: 'DELETE',
    url: '/api/admin/tokens/:name',
    summary: 'Revoke an API token: it opens nothing from now on. Owner only. Audited token.revoke.',
    tags: TAGS,
    params: Type.Object({ name: Type.String({ maxLength: 64 }) }),
    answer: OkAnswer,
  }),
  settings: route({
    method: 'GET',
    url: '/api/admin/settings',
    summary: "The shop's settings.",
    tags: TAGS,
    answer: ShopSettings,
  }),
  updateSettings: route({
    method: 'PUT',
    url: '/api/admin/settings',
    summary: 'Change the settings given. Audited settings.update.',
    tags: TAGS,
    body: ShopSettingsChange,
    answer: ShopSettings,
  }),
  audit: route({
    method: 'GET',
    url: '/api/admin/audit',
    summary: 'A page of the audit log, newest first.',
    tags: TAGS,
    querystring: AdminListQueryString,
    answer: Page(AdminAuditEntry),
  }),
};

/** Every admin route, by the name the client and the mock give it. */
export const ADMIN_ROUTES = {
  ...ADMIN_OTHER_ROUTES,
  ...ADMIN_CATALOG_ROUTES,
};
export type AdminRouteName = keyof typeof ADMIN_ROUTES;
