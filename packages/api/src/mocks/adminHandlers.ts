/**
 * The operators' admin API (docs/ADMIN.md) as MSW handlers over in-memory data: a session made by
 * signing in (`admin` / `admin1234`; `otp` / `otp12345` with the code 123456; `reza` is locked by
 * wrong one-time codes until another operator unlocks it), lists searched,
 * sorted and paged as the server does (a search finds what starts with the text, whatever the case),
 * and changes that change the data and write the audit log. Without a session every route but
 * `login` answers 401 `unauthenticated`.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import {
  accountStatus,
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  type AdminErrorCode,
  errorMessage,
  type AuditAction,
  type AdminNode,
  type AdminNodeInput,
  type AdminNodeProtocol,
  type AdminOrderRow,
  type AdminOrderState,
  type AdminOverview,
  type AdminPage,
  type AdminPlan,
  type AdminUserDetail,
  type AdminUserRow,
  type AdminUserStatus,
  type ShopSettings,
  DAY_MS,
  MINUTE_MS,
  normalizeCardNumber,
  formatCardNumber,
  type AdminCard,
  type AdminCoupon,
  giftCodeOf,
  GIFT_CODE_BITS,
  normalizeCouponCode,
  WALLET_MAX_ENTRY,
  adminRouteKey,
  DEFAULT_OPERATOR_ROLE,
  isOperatorRole,
  OPERATOR_ROLES,
  roleMayUse,
  type AdminApiToken,
  ADMIN_BULK_MAX,
  type AdminBulkActionName,
} from '@separ/domain';
import {
  ADMIN_ROUTES,
  CARD_ADMIN_ROUTES,
  GROWTH_ADMIN_ROUTES,
  WEBHOOK_ADMIN_ROUTES,
  WEBHOOK_EVENTS,
  type AdminWebhook,
  type AdminWebhookDelivery,
  TOP_INVITERS,
  AdminPlanChange,
  emptyReconcileSummary,
  type AdminCountryInput,
  type AdminPlanInput,
  type AdminServerInput,
  type AdminBulkInput,
  type RouteContract,
} from '@separ/domain/contract';
import { MB } from '@separ/domain';
import { errorResponse, errorResponseWithMessage } from './errors.ts';
import {
  MOCK_ADMIN_NOW,
  MOCK_ADMIN_OTP_CODE,
  mockAdminData,
  mockNodeToken,
  type AdminMockData,
  type MockAdminNode,
  type MockAdminOperator,
  type MockAdminOrder,
  type MockAdminUser,
} from '@separ/domain/demo';
import { checkAnswer, checkResponse, refuseRequest } from './contract.ts';

/** A domain name or an IP address, as the server's nodes/records.ts takes it (bounded). */
const MOCK_HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$|^[0-9a-f:.]+$/;

export const ADMIN_MOCK_ENDPOINTS = {
  login: ['post', '*/api/admin/login'],
  logout: ['post', '*/api/admin/logout'],
  me: ['get', '*/api/admin/me'],
  totpSetup: ['post', '*/api/admin/totp/setup'],
  totpEnable: ['post', '*/api/admin/totp/enable'],
  totpDisable: ['post', '*/api/admin/totp/disable'],
  overview: ['get', '*/api/admin/overview'],
  plans: ['get', '*/api/admin/plans'],
  createPlan: ['post', '*/api/admin/plans'],
  updatePlan: ['patch', '*/api/admin/plans/:id'],
  nodes: ['get', '*/api/admin/nodes'],
  createNode: ['post', '*/api/admin/nodes'],
  updateNode: ['patch', '*/api/admin/nodes/:id'],
  rotateNodeToken: ['post', '*/api/admin/nodes/:id/rotate-token'],
  deleteNode: ['delete', '*/api/admin/nodes/:id'],
  nodeHosts: ['get', '*/api/admin/nodes/:id/hosts'],
  createNodeHost: ['post', '*/api/admin/nodes/:id/hosts'],
  pauseNodeHost: ['post', '*/api/admin/nodes/:id/hosts/:hostId/pause'],
  resumeNodeHost: ['post', '*/api/admin/nodes/:id/hosts/:hostId/resume'],
  deleteNodeHost: ['delete', '*/api/admin/nodes/:id/hosts/:hostId'],
  radiusClients: ['get', '*/api/admin/radius-clients'],
  createRadiusClient: ['post', '*/api/admin/radius-clients'],
  deleteRadiusClient: ['delete', '*/api/admin/radius-clients/:id'],
  countries: ['get', '*/api/admin/countries'],
  saveCountry: ['post', '*/api/admin/countries'],
  deleteCountry: ['delete', '*/api/admin/countries/:code'],
  servers: ['get', '*/api/admin/servers'],
  createServer: ['post', '*/api/admin/servers'],
  deleteServer: ['delete', '*/api/admin/servers/:id'],
  users: ['get', '*/api/admin/users'],
  user: ['get', '*/api/admin/users/:username'],
  usersBulk: ['post', '*/api/admin/users/bulk'],
  userAction: ['post', '*/api/admin/users/:username/:action'],
  orders: ['get', '*/api/admin/orders'],
  order: ['get', '*/api/admin/orders/:resNum'],
  completeOrder: ['post', '*/api/admin/orders/:resNum/complete'],
  reconcile: ['post', '*/api/admin/payments/reconcile'],
  cards: ['get', '*/api/admin/cards'],
  addCard: ['post', '*/api/admin/cards'],
  enableCard: ['post', '*/api/admin/cards/:id/enable'],
  disableCard: ['post', '*/api/admin/cards/:id/disable'],
  removeCard: ['delete', '*/api/admin/cards/:id'],
  coupons: ['get', '*/api/admin/coupons'],
  addCoupon: ['post', '*/api/admin/coupons'],
  disableCoupon: ['post', '*/api/admin/coupons/:code/disable'],
  addGifts: ['post', '*/api/admin/gifts'],
  referrals: ['get', '*/api/admin/referrals'],
  orderReceipt: ['get', '*/api/admin/orders/:resNum/receipt'],
  approveOrder: ['post', '*/api/admin/orders/:resNum/approve'],
  rejectOrder: ['post', '*/api/admin/orders/:resNum/reject'],
  outbox: ['get', '*/api/admin/outbox'],
  resendOutbox: ['post', '*/api/admin/outbox/:id/resend'],
  operators: ['get', '*/api/admin/operators'],
  createOperator: ['post', '*/api/admin/operators'],
  deleteOperator: ['delete', '*/api/admin/operators/:username'],
  unlockOperator: ['post', '*/api/admin/operators/:username/unlock'],
  setOperatorRole: ['put', '*/api/admin/operators/:username/role'],
  tokens: ['get', '*/api/admin/tokens'],
  createToken: ['post', '*/api/admin/tokens'],
  revokeToken: ['delete', '*/api/admin/tokens/:name'],
  webhooks: ['get', '*/api/admin/webhooks'],
  createWebhook: ['post', '*/api/admin/webhooks'],
  removeWebhook: ['delete', '*/api/admin/webhooks/:id'],
  webhookDeliveries: ['get', '*/api/admin/webhooks/:id/deliveries'],
  testWebhook: ['post', '*/api/admin/webhooks/:id/test'],
  audit: ['get', '*/api/admin/audit'],
  settings: ['get', '*/api/admin/settings'],
  updateSettings: ['put', '*/api/admin/settings'],
} as const satisfies Record<string, readonly ['get' | 'post' | 'patch' | 'put' | 'delete', string]>;

export type AdminMockEndpoint = keyof typeof ADMIN_MOCK_ENDPOINTS;

/**
 * Every admin route of the contract the mock serves: the console's, the card pool's (CONTRACTS §11)
 * and the discount and gift codes' (§12).
 */
const MOCK_CONTRACT = { ...ADMIN_ROUTES, ...CARD_ADMIN_ROUTES, ...GROWTH_ADMIN_ROUTES, ...WEBHOOK_ADMIN_ROUTES };

/** A whole number from 1 to `max`, or null when not given; else 400 `invalid` (as the server's `positive`). */
const positiveOrNull = (value: unknown, what: string, max = 1_000_000_000): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max)
    return refuse('invalid', `${what} must be a whole number from 1 to ${max}.`);
  return value;
};

/** An operator's date as the server reads it: a day (`2026-12-31`, the whole day counts) or a moment. */
const operatorDate = (value: unknown, what: 'from' | 'until'): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Date.parse(text);
  if (Number.isNaN(day)) return refuse('invalid', `--${what} must be a date such as 2026-12-31, not "${text}".`);
  const whole = /^\d{4}-\d{2}-\d{2}$/.test(text) && what === 'until';
  return new Date(whole ? day + DAY_MS : day).toISOString();
};

/** The receipt image of a mock card order (a small PNG drawn like a bank app's receipt). */
export const MOCK_RECEIPT_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAADwAAABkCAIAAABVQ8S/AAAAi0lEQVR42u3XoQ3AIBQEUIZAd5wOwThM0hFr8Bgslg/kkXOYF0JyudTaf1wSNDQ0NPTIU76QQENDQweglQs0NDQ0NDQ0NHQ4umxwfA9oaGho6Psb0UtDQ0NDQ2tEGxEaGhoaWiPaiNDQ0NDQGtFGhIaGhoaGhp5d5PqGBxoaGnoRWrlAQ0NDQ0Pvng5ldCb87ZcGXgAAAABJRU5ErkJggg==';

/** The mock's cookie of a session (not HttpOnly, unlike the server's): mock mode reads it at start. */
export const ADMIN_MOCK_SESSION_COOKIE = 'separ_admin';

export interface AdminMockOptions {
  /** Start signed in (true: as `admin`; or the operator's name). */
  signedIn?: boolean | string;
  /** Pause before each answer, in ms. */
  latencyMs?: number;
  /** The mock's clock at start (ISO); MOCK_ADMIN_NOW by default. It moves on with real time. */
  now?: string;
  /** The data to start from (a fresh `mockAdminData()` by default). */
  data?: AdminMockData;
  /** Where the session's cookie lands (mock mode's document); none by default. */
  cookies?: { set(name: string, value: string): void; remove(name: string): void };
  /** The origin named in the V2bX config (the request's by default). */
  origin?: string;
}

export interface AdminMockState {
  data: AdminMockData;
  /** The signed-in operator's name, or null. */
  session: string | null;
  /** The secrets `totp/setup` handed out and `totp/enable` has not yet taken. */
  pendingTotp: Record<string, string>;
  /** Failed sign-ins in a row per username (five: 429 `throttled`). */
  failures: Record<string, number>;
  /** Wrong one-time codes per operator since the last right one (five: locked, as the server). */
  wrongCodes: Record<string, number>;
  /** The API tokens (CONTRACTS §13): their names and roles; the tokens themselves are never kept. */
  tokens: AdminApiToken[];
  /** The webhooks (CONTRACTS §13) and each one's delivery log, newest first; never their secrets. */
  webhooks: Array<AdminWebhook & { deliveries: AdminWebhookDelivery[] }>;
  /** Counts of requests per endpoint, for tests that check what was (re)fetched. */
  calls: Record<AdminMockEndpoint, number>;
  /** The mock's clock, in ms. */
  now(): number;
}

/** An admin API error answer: `{ ok: false, message, code }` with the code's status (the error table's). */
export function adminErrorResponse(code: AdminErrorCode, message: string): Response {
  return errorResponseWithMessage(code, message);
}

/** A request's input the mock refuses (400 `invalid`), thrown from deep inside a handler. */
class Refusal extends Error {
  readonly code: AdminErrorCode;
  constructor(code: AdminErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

/**
 * Refuses with `code`: with the text given (the kinds that name what was wrong: `invalid`,
 * `not_found`, `conflict`), else the error table's message, the one the server sends.
 */
const refuse = (code: AdminErrorCode, message?: string): never => {
  throw new Refusal(code, message ?? errorMessage(code as never));
};

/**
 * A user's status as the server derives it: the domain's `accountStatus` (SPEC §4), with its
 * boundaries (expired once the expiry is past, depleted once the usage exceeds the allowance).
 */
export function adminUserStatus(user: MockAdminUser, now: number): AdminUserStatus {
  const state = accountStatus(
    {
      username: user.username,
      expireDate: user.expireDate,
      // In whole MB, rounded up, as the server counts it (services/access.ts usedMB).
      usedMB: Math.ceil(user.usedBytes / MB),
      allowedMB: user.allowedMB,
      devices: [],
      allowedDevices: user.allowedDevices,
      suspend: user.suspended ? 1 : 0,
      // A pending account has no expiry until its first connection.
      subsDays: user.expireDate ? 0 : Math.max(1, user.pendingDays),
      ios: user.ios ? 1 : 0,
      payments: [],
    },
    new Date(now),
  ).state;
  return state === 'dataExceeded' ? 'depleted' : state;
}

function userRow(user: MockAdminUser, now: number): AdminUserRow {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    status: adminUserStatus(user, now),
    expireDate: user.expireDate,
    usedBytes: user.usedBytes,
    allowedMB: user.allowedMB,
    devices: user.devicesList.length,
    allowedDevices: user.allowedDevices,
    createdAt: user.createdAt,
  };
}

function orderRow(order: MockAdminOrder): AdminOrderRow {
  const { authority: _authority, history: _history, receipt: _receipt, ...row } = order;
  return row;
}

function publicNode(node: MockAdminNode): AdminNode {
  const { token: _token, ...rest } = node;
  return rest;
}

type Comparable = string | number | null;

/**
 * A list query as the server reads it: `page` from 1, `pageSize` of ADMIN_PAGE_SIZES, `sort` one of
 * the list's columns (else 400 `invalid`), `dir`; `q` finds rows where one of `searchIn` starts with it.
 */
function pageOf<T>(
  rows: T[],
  query: URLSearchParams,
  list: {
    searchIn: (row: T) => Array<string | null>;
    sorts: Record<string, (row: T) => Comparable>;
    /** Without `sort`: this column. */
    fallback: string;
    /** False: `sort` is ignored. */
    sortable?: boolean;
  },
): AdminPage<T> {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('pageSize') ?? ADMIN_DEFAULT_PAGE_SIZE);
  if (!Number.isInteger(page) || page < 1) refuse('invalid', 'page must be a whole number from 1.');
  if (!(ADMIN_PAGE_SIZES as readonly number[]).includes(pageSize))
    refuse('invalid', `pageSize must be one of ${ADMIN_PAGE_SIZES.join(', ')}.`);
  // A list without sortable columns (outbox, audit) takes its order and ignores `sort`, as the server.
  const sort = (list.sortable === false ? '' : query.get('sort')) || list.fallback;
  const key = list.sorts[sort];
  if (!key) return refuse('invalid', `sort must be one of ${Object.keys(list.sorts).join(', ')}.`);
  // Newest, largest, last first unless `asc` is asked.
  const dir = query.get('dir') === 'asc' ? 'asc' : 'desc';
  const q = query.get('q')?.trim().toLowerCase() ?? '';
  const found = q
    ? rows.filter((row) => list.searchIn(row).some((text) => text?.toLowerCase().startsWith(q)))
    : [...rows];
  const sign = dir === 'asc' ? 1 : -1;
  found.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    // Empty values last, whichever way.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : 0) * sign;
  });
  return { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length, page, pageSize };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The request's JSON body; undefined when it has none (the server reads an empty body the same way). */
async function rawBodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse('invalid', 'The request body is not valid JSON.');
  }
}

const text = (value: unknown, name: string, required = true): string | undefined => {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !value.trim()) return refuse('invalid', `${name} is required.`);
  return value.trim();
};

const whole = (value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return refuse('invalid', `${name} must be a whole number from ${min}.`);
  return value;
};

const PROTOCOLS: readonly AdminNodeProtocol[] = ['vless', 'vmess', 'trojan', 'shadowsocks', 'hysteria2'];
const NODE_FIELDS = [
  'name',
  'protocol',
  'host',
  'port',
  'network',
  'security',
  'serverName',
  'country',
  'rate',
  'active',
] as const;
const SETTINGS_TYPES: Record<keyof ShopSettings, 'string' | 'boolean' | 'number'> = {
  shopName: 'string',
  supportChatUrl: 'string',
  channelUrl: 'string',
  socialUrl: 'string',
  botUrl: 'string',
  androidAppUrl: 'string',
  windowsAppUrl: 'string',
  freeEnabled: 'boolean',
  walletEnabled: 'boolean',
  walletMinTopup: 'number',
  walletMaxTopup: 'number',
  tomanPerUsd: 'number',
  referralPercent: 'number',
  fragmentPackets: 'string',
  fragmentLength: 'string',
  fragmentInterval: 'string',
  muxEnabled: 'boolean',
  iranDirect: 'boolean',
};

/** A fresh admin mock: its handlers and the state they share. */
export function createAdminMockBackend(options: AdminMockOptions = {}): {
  handlers: HttpHandler[];
  state: AdminMockState;
} {
  const startedAt = Date.now();
  const base = Date.parse(options.now ?? MOCK_ADMIN_NOW);
  const state: AdminMockState = {
    data: options.data ?? mockAdminData(base),
    session: options.signedIn === true ? 'admin' : typeof options.signedIn === 'string' ? options.signedIn : null,
    pendingTotp: {},
    failures: {},
    wrongCodes: {},
    tokens: [],
    webhooks: [],
    calls: Object.fromEntries(Object.keys(ADMIN_MOCK_ENDPOINTS).map((key) => [key, 0])) as AdminMockState['calls'],
    now: () => base + (Date.now() - startedAt),
  };
  const data = () => state.data;
  const nowIso = () => new Date(state.now()).toISOString();
  let tokenRound = 0;

  /** Writes the audit log with the server's actions (AUDIT_ACTIONS), under the signed-in operator or `actor`. */
  const record = (
    action: AuditAction,
    target: string,
    before: unknown = null,
    after: unknown = null,
    actor = state.session ?? 'anonymous',
  ) => {
    const id = Math.max(0, ...data().audit.map((entry) => entry.id)) + 1;
    data().audit.unshift({ id, at: nowIso(), operator: actor, action, target, before, after });
  };

  interface Context {
    request: Request;
    query: URLSearchParams;
    params: Record<string, string>;
    body: () => Promise<Record<string, unknown>>;
  }

  const route = (
    endpoint: AdminMockEndpoint,
    resolve: (context: Context) => unknown,
    { open = false }: { open?: boolean } = {},
  ): HttpHandler => {
    const [method, path] = ADMIN_MOCK_ENDPOINTS[endpoint];
    const contract: RouteContract | undefined = (MOCK_CONTRACT as Partial<Record<string, RouteContract>>)[endpoint];
    return http[method](path, async ({ request, params }) => {
      state.calls[endpoint] += 1;
      if (options.latencyMs) await delay(options.latencyMs);
      if (!open && !state.session) return errorResponse('unauthenticated');
      try {
        const given = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
        // The roles' one table (packages/domain roles.ts), as the server checks it.
        const signedIn = open ? undefined : operatorNamed(state.session);
        if (signedIn && contract && !roleMayUse(signedIn.role, adminRouteKey(contract.method, contract.url, given)))
          refuse('forbidden', `The ${signedIn.role} role does not allow this.`);
        const query = new URL(request.url).searchParams;
        const raw = await rawBodyOf(request);
        if (contract) {
          // What the server's schemas refuse, the mock refuses the same way (the contract's message).
          const refused = refuseRequest(contract, { params: given, query, body: raw });
          if (refused) refuse(refused.status === 404 ? 'not_found' : 'invalid', refused.message);
        }
        const answer = await resolve({
          request,
          query,
          params: given,
          body: async () =>
            raw === undefined ? {} : isObject(raw) ? raw : refuse('invalid', 'The body must be a JSON object.'),
        });
        if (answer instanceof Response) return contract ? checkResponse(endpoint, contract, answer) : answer;
        if (contract) checkAnswer(endpoint, contract, 200, answer);
        return HttpResponse.json(answer as Record<string, unknown>);
      } catch (error) {
        if (error instanceof Refusal) return adminErrorResponse(error.code, error.message);
        throw error;
      }
    });
  };

  const operatorNamed = (username: string | null) => data().operators.find((o) => o.username === username);
  /**
   * The operator's current one-time code, as the server checks it at sign-in and before a change that
   * needs it (CONTRACTS §15): nothing to check with codes off; the fifth wrong code locks the operator.
   */
  const checkCurrentCode = (operator: MockAdminOperator, code: unknown) => {
    if (operator.locked) refuse('operator_locked');
    if (!operator.totpEnabled) return;
    const given = typeof code === 'string' ? code.trim() : '';
    if (!given) refuse('otp_required');
    if (given === MOCK_ADMIN_OTP_CODE) {
      state.wrongCodes[operator.username] = 0;
      return;
    }
    const wrong = (state.wrongCodes[operator.username] ?? 0) + 1;
    state.wrongCodes[operator.username] = wrong;
    const target = `operator:${operator.username}`;
    record('operator.otp-wrong', target, null, { wrongCodes: wrong }, operator.username);
    if (wrong >= 5) {
      operator.locked = true;
      record('operator.lock', target, { locked: false }, { locked: true, wrongCodes: wrong }, operator.username);
    }
    refuse('bad_otp');
  };
  const me = () => {
    const operator = operatorNamed(state.session)!;
    return { username: operator.username, totpEnabled: operator.totpEnabled, role: operator.role };
  };
  const userNamed = (username: string) =>
    data().users.find((u) => u.username === username) ?? refuse('not_found', `No account ${username}.`);
  const orderNumbered = (resNum: string) =>
    data().orders.find((o) => o.resNum === resNum) ?? refuse('not_found', `No order ${resNum}.`);
  const cardNumbered = (id: string) =>
    data().cards.find((c) => c.id === Number(id)) ?? refuse('not_found', `No card ${id}.`);
  /** A card's row with its open orders (awaiting the transfer or the review), as the server counts them. */
  const cardOf = (card: AdminMockData['cards'][number]): AdminCard => ({
    ...card,
    openOrders: data().orders.filter(
      (o) => o.card?.cardId === card.id && (o.card.state === 'awaiting_transfer' || o.card.state === 'awaiting_review'),
    ).length,
  });
  /** A card order an operator may decide: awaiting review, else 409 `conflict` (decided already, or not yet sent). */
  const awaitingReview = (resNum: string, verb: 'approved' | 'rejected') => {
    const order = orderNumbered(resNum);
    if (!order.card) refuse('not_found', `No card order ${resNum}.`);
    if (order.state === 'paid') refuse('conflict', `Order ${resNum} is approved already.`);
    if (order.card!.state !== 'awaiting_review')
      refuse('conflict', `Order ${resNum} is ${order.card!.state}: only an order awaiting review is ${verb}.`);
    return order;
  };
  const nodeOf = (id: string) => data().nodes.find((n) => n.id === Number(id)) ?? refuse('not_found', `No node ${id}.`);
  const userDetail = (user: MockAdminUser): AdminUserDetail => {
    const { suspended: _suspended, password: _password, ...rest } = user;
    return {
      ...rest,
      ...userRow(user, state.now()),
      orders: data()
        .orders.filter((o) => o.username === user.username)
        .map(orderRow),
    };
  };
  const secretOf = (node: MockAdminNode, request: Request) => ({
    node: publicNode(node),
    token: node.token,
    v2bxConfig: JSON.stringify(
      {
        Log: { Level: 'error', Output: '' },
        Cores: [{ Type: 'xray', Log: { Level: 'error' } }],
        Nodes: [
          {
            Core: 'xray',
            ApiHost: options.origin ?? new URL(request.url).origin,
            ApiKey: node.token,
            NodeID: node.id,
            NodeType: node.protocol,
            Timeout: 30,
          },
        ],
      },
      null,
      2,
    ),
  });

  /** Marks an order paid: the account it buys is made (or the buyer's extended), and its receipt sent. */
  const complete = (order: MockAdminOrder, ref: string, actor: string) => {
    const now = state.now();
    const plan = data().plans.find((p) => p.id === order.planId);
    const days = plan?.days ?? 30;
    const from = order.state;
    let account = data().users.find((u) => u.username === order.username);
    if (!account) {
      const id = Math.max(...data().users.map((u) => u.id)) + 1;
      account = {
        id,
        username: `sp${String(900_000 + id)}`,
        email: order.email,
        expireDate: null,
        usedBytes: 0,
        allowedMB: plan?.allowedMB ?? 51_200,
        allowedDevices: plan?.devices ?? 1,
        createdAt: new Date(now).toISOString(),
        planId: order.planId,
        pendingDays: days,
        ios: plan?.ios ?? false,
        subUrl: `https://separ.example/sub/${mockNodeToken(5_000 + id).slice(0, 22)}`,
        devicesList: [],
        suspended: false,
        password: `Pw${String(id)}x`,
      };
      data().users.unshift(account);
    } else if (account.expireDate) {
      account.expireDate = new Date(Math.max(Date.parse(account.expireDate), now) + days * DAY_MS).toISOString();
    } else {
      account.pendingDays += days;
    }
    Object.assign(order, {
      state: 'paid' as AdminOrderState,
      refNum: ref,
      paidAt: new Date(now).toISOString(),
      failure: null,
      username: account.username,
      receipt: { sentAt: new Date(now).toISOString(), attempts: 1, lastError: null },
    });
    order.history.push({ at: new Date(now).toISOString(), from, to: 'paid', actor, detail: `ref ${ref}` });
    data().outbox.unshift({
      id: Math.max(0, ...data().outbox.map((row) => row.id)) + 1,
      kind: 'receipt',
      recipient: order.email,
      subject: `Your Separ VPN account — order ${order.resNum}`,
      attempts: 1,
      lastError: null,
      sentAt: new Date(now).toISOString(),
      createdAt: new Date(now).toISOString(),
    });
  };

  const overview = (): AdminOverview => {
    const now = state.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const paid = data().orders.filter((o) => o.state === 'paid' && o.paidAt);
    const since = (days: number) => now - days * DAY_MS;
    const startOfDay = (daysBack: number) => Date.parse(`${today}T00:00:00.000Z`) - daysBack * DAY_MS;
    const sum = (from: number) =>
      paid.filter((o) => Date.parse(o.paidAt!) >= from).reduce((total, o) => total + o.amount, 0);
    const revenueByDay = Array.from({ length: 30 }, (_, index) => {
      const day = new Date(now - (29 - index) * DAY_MS).toISOString().slice(0, 10);
      const ofDay = paid.filter((o) => o.paidAt!.startsWith(day));
      return { day, toman: ofDay.reduce((total, o) => total + o.amount, 0), orders: ofDay.length };
    });
    const recent = data().orders.filter((o) => Date.parse(o.createdAt) >= since(30));
    const count = (which: AdminOrderState) => recent.filter((o) => o.state === which).length;
    const activeNodes = data().nodes.filter((n) => n.active);
    return {
      // By UTC days, as the chart: today, and the 7 and 30 days that end with it.
      revenue: { today: sum(startOfDay(0)), week: sum(startOfDay(6)), month: sum(startOfDay(29)) },
      // The demo's orders are all in rials.
      revenueUsdCents: { today: 0, week: 0, month: 0 },
      revenueByDay,
      orders: { paid: count('paid'), failed: count('failed'), pending: count('pending'), expired: count('expired') },
      accounts: {
        total: data().users.length,
        newToday: data().users.filter((u) => u.createdAt.startsWith(today)).length,
        newWeek: data().users.filter((u) => Date.parse(u.createdAt) >= since(7)).length,
        active: data().users.filter((u) => adminUserStatus(u, now) === 'active').length,
      },
      trafficByNode: [
        ...data().nodes.map((n) => ({ node: n.name, bytes: n.trafficBytes })),
        { node: 'OpenConnect', bytes: data().radiusTrafficBytes },
      ],
      nodes: { online: activeNodes.filter((n) => n.online).length, total: activeNodes.length },
      outboxBacklog: data().outbox.filter((row) => !row.sentAt).length,
    };
  };

  const handlers: HttpHandler[] = [
    // --- Session ---------------------------------------------------------------------------------
    route(
      'login',
      async ({ body }) => {
        const input = await body();
        const username = typeof input.username === 'string' ? input.username.trim() : '';
        const password = typeof input.password === 'string' ? input.password : '';
        if (!username || !password) refuse('invalid', 'Username and password are required.');
        if ((state.failures[username] ?? 0) >= 5) refuse('throttled');
        const operator = operatorNamed(username);
        const failed = (reason: AdminErrorCode) =>
          record('operator.sign-in-failed', `operator:${username}`, null, { reason }, username);
        if (!operator || operator.password !== password) {
          state.failures[username] = (state.failures[username] ?? 0) + 1;
          failed('bad_credentials');
          return refuse('bad_credentials');
        }
        if (operator.locked) {
          failed('operator_locked');
          refuse('operator_locked');
        }
        if (operator.totpEnabled) {
          try {
            checkCurrentCode(operator, input.otp);
          } catch (error) {
            if (error instanceof Refusal && error.code === 'bad_otp')
              state.failures[username] = (state.failures[username] ?? 0) + 1;
            throw error;
          }
        }
        state.failures[username] = 0;
        state.session = operator.username;
        operator.lastLoginAt = nowIso();
        record('operator.sign-in', `operator:${operator.username}`);
        options.cookies?.set(ADMIN_MOCK_SESSION_COOKIE, 'mock');
        return me();
      },
      { open: true },
    ),
    route(
      'logout',
      () => {
        state.session = null;
        options.cookies?.remove(ADMIN_MOCK_SESSION_COOKIE);
        return { ok: true };
      },
      { open: true },
    ),
    route('me', me),
    route('totpSetup', async ({ body }) => {
      const operator = operatorNamed(state.session)!;
      checkCurrentCode(operator, (await body()).code);
      const secret = 'JBSWY3DPEHPK3PXPSEPAR' + String(operator.id).padStart(3, '2');
      state.pendingTotp[operator.username] = secret;
      return {
        secret,
        otpauthUrl: `otpauth://totp/Separ:${encodeURIComponent(operator.username)}?secret=${secret}&issuer=Separ&digits=6&period=30`,
      };
    }),
    route('totpEnable', async ({ body }) => {
      const operator = operatorNamed(state.session)!;
      const code = text((await body()).code, 'code');
      if (!state.pendingTotp[operator.username]) refuse('conflict', 'Set up one-time codes first.');
      if (code !== MOCK_ADMIN_OTP_CODE) refuse('bad_otp');
      delete state.pendingTotp[operator.username];
      operator.totpEnabled = true;
      record('operator.totp-on', `operator:${operator.username}`, { totpEnabled: false }, { totpEnabled: true });
      return me();
    }),
    route('totpDisable', async ({ body }) => {
      const operator = operatorNamed(state.session)!;
      const code = text((await body()).code, 'code');
      if (!operator.totpEnabled) return me();
      checkCurrentCode(operator, code);
      operator.totpEnabled = false;
      record('operator.totp-off', `operator:${operator.username}`, { totpEnabled: true }, { totpEnabled: false });
      return me();
    }),

    route('overview', overview),

    // --- Plans -----------------------------------------------------------------------------------
    route('plans', () => ({ items: [...data().plans].sort((a, b) => a.sortOrder - b.sortOrder) })),
    route('createPlan', async ({ body }) => {
      const input = (await body()) as AdminPlanInput;
      const plan: AdminPlan = {
        id: Math.max(0, ...data().plans.map((p) => p.id)) + 1,
        title: input.title.trim(),
        active: input.active ?? true,
        ios: input.ios,
        allowedMB: input.allowedMB,
        days: input.days,
        devices: input.devices,
        toman: input.toman,
        credit: input.credit ?? input.toman,
        sortOrder: Math.max(0, ...data().plans.map((p) => p.sortOrder)) + 10,
      };
      data().plans.push(plan);
      record('plan.create', `plan:${plan.id}`, null, plan);
      return plan;
    }),
    route('updatePlan', async ({ params, body }) => {
      const input = (await body()) as AdminPlanChange;
      const given = Object.entries(input).filter(
        ([key, value]) => key in AdminPlanChange.properties && value !== undefined,
      );
      if (given.length === 0) refuse('invalid', 'Nothing to update: give at least one field.');
      const plan = data().plans.find((p) => p.id === Number(params.id)) ?? refuse('not_found', `No plan ${params.id}.`);
      const before = { ...plan };
      Object.assign(plan, Object.fromEntries(given), input.title === undefined ? {} : { title: input.title.trim() });
      const onlyActive = given.length === 1 && input.active !== undefined;
      const action = onlyActive ? (plan.active ? 'plan.activate' : 'plan.deactivate') : 'plan.update';
      record(action, `plan:${plan.id}`, before, { ...plan });
      return plan;
    }),

    // --- Nodes -----------------------------------------------------------------------------------
    route('nodes', () => ({ items: data().nodes.map(publicNode) })),
    route('createNode', async ({ body, request }) => {
      const input = (await body()) as AdminNodeInput & Record<string, unknown>;
      const name = text(input.name, 'name')!;
      if (data().nodes.some((n) => n.name === name)) refuse('conflict', `A node named ${name} exists.`);
      const protocol = input.protocol ?? refuse('invalid', 'protocol is required.');
      if (!PROTOCOLS.includes(protocol)) refuse('invalid', `protocol must be one of ${PROTOCOLS.join(', ')}.`);
      const id = Math.max(0, ...data().nodes.map((n) => n.id)) + 1;
      const settings: AdminNode['settings'] = {};
      for (const [key, value] of Object.entries(input))
        if (!(NODE_FIELDS as readonly string[]).includes(key))
          settings[key] = value as string | number | boolean | null;
      const node: MockAdminNode = {
        id,
        name,
        protocol,
        host: text(input.host, 'host')!,
        port: whole(input.port, 'port', 1, 65_535),
        network: input.network ?? 'tcp',
        security: input.security ?? 'none',
        serverName: input.serverName ?? null,
        country: input.country ?? null,
        rate: input.rate ?? 1,
        active: input.active ?? true,
        online: false,
        lastSeenAt: null,
        trafficBytes: 0,
        settings,
        token: mockNodeToken(id, (tokenRound += 1)),
      };
      data().nodes.push(node);
      record('node.add', `node:${id}`, null, publicNode(node));
      return secretOf(node, request);
    }),
    route('updateNode', async ({ params, body }) => {
      const node = nodeOf(params.id!);
      const input = (await body()) as AdminNodeInput & Record<string, unknown>;
      const before = publicNode(node);
      if (input.name !== undefined) {
        const name = text(input.name, 'name')!;
        if (data().nodes.some((n) => n.name === name && n.id !== node.id))
          refuse('conflict', `A node named ${name} exists.`);
        node.name = name;
      }
      if (input.protocol !== undefined) {
        if (!PROTOCOLS.includes(input.protocol)) refuse('invalid', `protocol must be one of ${PROTOCOLS.join(', ')}.`);
        node.protocol = input.protocol;
      }
      if (input.host !== undefined) node.host = text(input.host, 'host')!;
      if (input.port !== undefined) node.port = whole(input.port, 'port', 1, 65_535);
      if (input.network !== undefined) node.network = input.network;
      if (input.security !== undefined) node.security = input.security;
      if (input.serverName !== undefined) node.serverName = input.serverName;
      if (input.country !== undefined) node.country = input.country;
      if (input.rate !== undefined) node.rate = input.rate;
      if (input.active !== undefined) node.active = input.active;
      for (const [key, value] of Object.entries(input))
        if (!(NODE_FIELDS as readonly string[]).includes(key))
          node.settings = { ...node.settings, [key]: value as string | number | boolean | null };
      record('node.update', `node:${node.id}`, before, publicNode(node));
      return publicNode(node);
    }),
    route('rotateNodeToken', ({ params, request }) => {
      const node = nodeOf(params.id!);
      node.token = mockNodeToken(node.id, (tokenRound += 1));
      record('node.rotate-token', `node:${node.id}`);
      return secretOf(node, request);
    }),
    route('deleteNode', ({ params }) => {
      const node = nodeOf(params.id!);
      data().nodes = data().nodes.filter((n) => n !== node);
      record('node.remove', `node:${node.id}`, publicNode(node), null);
      return { ok: true };
    }),

    // --- A node's extra addresses (CONTRACTS §14) ----------------------------------------------
    route('nodeHosts', ({ params }) => {
      const node = nodeOf(params.id!);
      return { items: data().nodeHosts.filter((h) => h.nodeId === node.id) };
    }),
    route('createNodeHost', async ({ params, body }) => {
      const node = nodeOf(params.id!);
      const input = await body();
      const address = String(input.address ?? '')
        .trim()
        .toLowerCase();
      if (!MOCK_HOST_NAME.test(address)) refuse('invalid', '--address must be a domain name or an IP address.');
      const optional = (value: unknown, name: string) => {
        const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
        if (text && !MOCK_HOST_NAME.test(text)) refuse('invalid', `--${name} must be a domain name.`);
        return text || null;
      };
      const remark = typeof input.remark === 'string' && input.remark.trim() ? input.remark.trim() : null;
      const own = data().nodeHosts.filter((h) => h.nodeId === node.id);
      const row = {
        id: Math.max(0, ...data().nodeHosts.map((h) => h.id)) + 1,
        nodeId: node.id,
        address,
        port: typeof input.port === 'number' ? input.port : null,
        sni: optional(input.sni, 'sni'),
        host: optional(input.host, 'host'),
        remark,
        paused: false,
        sort: Math.max(-1, ...own.map((h) => h.sort)) + 1,
        createdAt: nowIso(),
      };
      data().nodeHosts.push(row);
      record('node.host-add', `node:${node.id}`, null, row);
      return row;
    }),
    ...(['pauseNodeHost', 'resumeNodeHost'] as const).map((name) =>
      route(name, ({ params }) => {
        const node = nodeOf(params.id!);
        const row =
          data().nodeHosts.find((h) => h.nodeId === node.id && h.id === Number(params.hostId)) ??
          refuse('not_found', 'No such host.');
        const before = { ...row };
        row.paused = name === 'pauseNodeHost';
        record(row.paused ? 'node.host-pause' : 'node.host-resume', `node:${node.id}`, before, { ...row });
        return row;
      }),
    ),
    route('deleteNodeHost', ({ params }) => {
      const node = nodeOf(params.id!);
      const row =
        data().nodeHosts.find((h) => h.nodeId === node.id && h.id === Number(params.hostId)) ??
        refuse('not_found', 'No such host.');
      data().nodeHosts = data().nodeHosts.filter((h) => h !== row);
      record('node.host-remove', `node:${node.id}`, row, null);
      return { ok: true };
    }),

    // --- RADIUS clients, countries, servers -----------------------------------------------------
    route('radiusClients', () => ({ items: data().radiusClients })),
    route('createRadiusClient', async ({ body }) => {
      const input = await body();
      const ip = text(input.ip, 'ip')!;
      if (!/^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]+:[0-9a-f:]*$/i.test(ip)) refuse('invalid', 'ip must be an IP address.');
      const secret = text(input.secret, 'secret')!;
      if (secret.length < 8) refuse('invalid', 'The secret must have at least 8 characters.');
      if (data().radiusClients.some((c) => c.ip === ip)) refuse('conflict', `${ip} is a client already.`);
      const client = {
        id: Math.max(0, ...data().radiusClients.map((c) => c.id)) + 1,
        ip,
        name: typeof input.name === 'string' && input.name.trim() ? input.name.trim() : ip,
        requireMessageAuthenticator: input.requireMessageAuthenticator !== false,
        createdAt: nowIso(),
      };
      data().radiusClients.push(client);
      record('radius-client.add', `radius-client:${client.id}`, null, client);
      return secret.length < 16
        ? { ...client, warning: 'The secret is short: 16 characters or more are safer.' }
        : client;
    }),
    route('deleteRadiusClient', ({ params }) => {
      const client =
        data().radiusClients.find((c) => c.id === Number(params.id)) ?? refuse('not_found', 'No such client.');
      data().radiusClients = data().radiusClients.filter((c) => c !== client);
      record('radius-client.remove', `radius-client:${client.id}`, client, null);
      return { ok: true };
    }),
    route('countries', () => ({ items: data().countries })),
    route('saveCountry', async ({ body }) => {
      const input = (await body()) as AdminCountryInput;
      const code = input.code.trim().toUpperCase();
      if (data().countries.some((c) => c.code === code)) refuse('conflict', `Country ${code} exists already.`);
      const country = { code, title: input.title.trim(), titleFa: input.titleFa.trim() };
      data().countries.push(country);
      record('country.add', `country:${code}`, null, country);
      return country;
    }),
    // As the server: the country goes with its server templates (its nodes keep running, with no country).
    route('deleteCountry', ({ params }) => {
      const code = params.code!.trim().toUpperCase();
      const country = data().countries.find((c) => c.code === code) ?? refuse('not_found', `No country ${code}.`);
      data().countries = data().countries.filter((c) => c !== country);
      data().servers = data().servers.filter((s) => s.country !== code);
      record('country.remove', `country:${code}`, country, null);
      return { ok: true };
    }),
    route('servers', () => ({ items: data().servers })),
    route('createServer', async ({ body }) => {
      const input = (await body()) as AdminServerInput;
      const links = input.links.map((l) => l.trim()).filter(Boolean);
      if (links.length === 0) refuse('invalid', 'Give at least one link.');
      const country = input.country.trim().toUpperCase();
      if (!data().countries.some((c) => c.code === country)) refuse('invalid', `No country ${country}: add it first.`);
      const server = {
        id: Math.max(0, ...data().servers.map((s) => s.id)) + 1,
        title: input.title.trim(),
        type: input.type,
        country,
        links,
        active: true,
      };
      data().servers.push(server);
      record('server.add', `server:${server.id}`, null, server);
      return server;
    }),
    route('deleteServer', ({ params }) => {
      const server =
        data().servers.find((s) => s.id === Number(params.id)) ?? refuse('not_found', `No server ${params.id}.`);
      data().servers = data().servers.filter((s) => s !== server);
      record('server.remove', `server:${server.id}`, server, null);
      return { ok: true };
    }),

    // --- Users -----------------------------------------------------------------------------------
    route('users', ({ query }) => {
      const now = state.now();
      const status = query.get('status');
      const rows = data()
        .users.map((u) => userRow(u, now))
        .filter((row) => !status || row.status === status);
      return pageOf(rows, query, {
        searchIn: (row) => [row.username, row.email],
        sorts: {
          username: (row) => row.username,
          createdAt: (row) => row.createdAt,
          expireDate: (row) => row.expireDate,
          usedBytes: (row) => row.usedBytes,
        },
        fallback: 'createdAt',
      });
    }),
    route('user', ({ params }) => userDetail(userNamed(params.username!))),
    // The server's bulk rules (apps/server accounts/bulk.ts): named or found accounts, those the action
    // changes counted, the delete only with their count typed, one audit entry with the count.
    route('usersBulk', async ({ body }) => {
      const input = (await body()) as AdminBulkInput;
      const action: AdminBulkActionName = input.action;
      if ((input.usernames === undefined) === (input.filter === undefined))
        refuse('invalid', 'Name the accounts (usernames) or give a filter, not both.');
      const days = input.days ?? 0;
      if (action === 'extend') whole(input.days, 'days', 1, 3_650);
      if (action === 'add-data') whole(input.mb, 'mb', 1, 100_000_000);
      if (action === 'delete-expired') whole(input.days, 'days', 0, 3_650);
      const now = state.now();
      let found: MockAdminUser[];
      if (input.usernames) {
        const names = [...new Set(input.usernames)];
        const missing = names.filter((name) => !data().users.some((u) => u.username === name));
        if (missing.length > 0)
          refuse(
            'not_found',
            `No user named ${missing
              .slice(0, 5)
              .map((n) => `"${n}"`)
              .join(', ')}.`,
          );
        found = data().users.filter((u) => names.includes(u.username));
      } else {
        const q = input.filter?.q?.trim().toLowerCase() ?? '';
        found = data().users.filter(
          (u) => !q || u.username.toLowerCase().startsWith(q) || (u.email ?? '').toLowerCase().startsWith(q),
        );
        if (found.length > ADMIN_BULK_MAX) refuse('invalid', `The filter finds more than ${ADMIN_BULK_MAX} accounts.`);
      }
      const applies = (u: MockAdminUser) =>
        action === 'suspend'
          ? !u.suspended
          : action === 'unsuspend'
            ? u.suspended
            : action === 'reset-usage'
              ? u.usedBytes > 0
              : action === 'add-data'
                ? u.allowedMB !== -1
                : action === 'delete-expired'
                  ? u.pendingDays <= 0 && u.expireDate !== null && Date.parse(u.expireDate) < now - days * DAY_MS
                  : true;
      const targets = found.filter(applies);
      const result = {
        action,
        matched: found.length,
        count: targets.length,
        skipped: found.length - targets.length,
        dryRun: input.dryRun === true,
      };
      if (result.dryRun) return result;
      if (action === 'delete-expired' && input.confirm?.trim() !== String(targets.length))
        refuse('invalid', `To delete ${targets.length} account(s), confirm with their number.`);
      for (const u of targets) {
        if (action === 'suspend' || action === 'unsuspend') u.suspended = action === 'suspend';
        else if (action === 'reset-usage') u.usedBytes = 0;
        else if (action === 'add-data') u.allowedMB += input.mb!;
        else if (action === 'extend') {
          if (u.pendingDays > 0) u.pendingDays += days;
          else
            u.expireDate = new Date(Math.max(Date.parse(u.expireDate ?? '') || now, now) + days * DAY_MS).toISOString();
        }
      }
      if (action === 'delete-expired') data().users = data().users.filter((u) => !targets.includes(u));
      record(
        `users.bulk-${action}`,
        input.usernames ? 'users:selected' : `users:filter:${input.filter?.q?.trim() ?? ''}`,
        null,
        {
          count: result.count,
          matched: result.matched,
          skipped: result.skipped,
          usernames: targets.map((u) => u.username),
        },
      );
      return result;
    }),
    route('userAction', async ({ params, body }) => {
      const user = userNamed(params.username!);
      const input = await body();
      const target = `user:${user.username}`;
      const now = state.now();
      let password: string | undefined;
      switch (params.action) {
        case 'suspend':
          record('user.suspend', target, { suspended: user.suspended }, { suspended: true });
          user.suspended = true;
          break;
        case 'unsuspend':
          record('user.unsuspend', target, { suspended: user.suspended }, { suspended: false });
          user.suspended = false;
          break;
        case 'extend': {
          const days = whole(input.days, 'days', 1, 3_650);
          const before = { expireDate: user.expireDate, pendingDays: user.pendingDays };
          if (user.expireDate)
            user.expireDate = new Date(Math.max(Date.parse(user.expireDate), now) + days * DAY_MS).toISOString();
          else user.pendingDays += days;
          record('user.extend', target, before, { expireDate: user.expireDate, pendingDays: user.pendingDays });
          break;
        }
        case 'add-data': {
          const mb = whole(input.mb, 'mb', 1, 10_000_000);
          if (user.allowedMB === -1) refuse('conflict', 'The account has unlimited data.');
          record('user.add-data', target, { allowedMB: user.allowedMB }, { allowedMB: user.allowedMB + mb });
          user.allowedMB += mb;
          break;
        }
        case 'reset-password': {
          const given = input.password;
          if (given !== undefined && (typeof given !== 'string' || given.length < 6 || given.length > 64))
            refuse('invalid', 'The password must have 6 to 64 characters.');
          password = typeof given === 'string' ? given : `Mk${String(now % 1_000_000).padStart(6, '0')}`;
          user.password = password;
          record('user.reset-password', target);
          break;
        }
        case 'end-devices':
          record('user.end-devices', target, { devices: user.devicesList.length }, { devices: 0 });
          user.devicesList = [];
          break;
        default:
          refuse('not_found', `No action ${params.action}.`);
      }
      return password === undefined ? userDetail(user) : { ...userDetail(user), password };
    }),

    // --- Orders and payments -------------------------------------------------------------------
    route('orders', ({ query }) => {
      const wanted = query.get('state');
      const gate = query.get('gate');
      const from = query.get('from');
      const to = query.get('to');
      for (const day of [from, to])
        if (day && !/^\d{4}-\d{2}-\d{2}$/.test(day)) refuse('invalid', 'from and to are YYYY-MM-DD.');
      if (wanted && !['pending', 'failed', 'paid', 'expired', 'awaiting_review'].includes(wanted))
        refuse('invalid', 'state must be pending, failed, paid, expired or awaiting_review.');
      const rows = data()
        .orders.filter(
          (o) =>
            (!wanted || (wanted === 'awaiting_review' ? o.card?.state === wanted : o.state === wanted)) &&
            (!gate || o.gate === gate) &&
            (!from || o.createdAt.slice(0, 10) >= from) &&
            (!to || o.createdAt.slice(0, 10) <= to),
        )
        .map(orderRow);
      return pageOf(rows, query, {
        searchIn: (row) => [row.resNum, row.email, row.refNum, row.username],
        sorts: {
          createdAt: (row) => row.createdAt,
          paidAt: (row) => row.paidAt,
          amount: (row) => row.amount,
        },
        fallback: 'createdAt',
      });
    }),
    route('order', ({ params }) => orderNumbered(params.resNum!)),
    route('completeOrder', async ({ params, body }) => {
      const order = orderNumbered(params.resNum!);
      const ref = text((await body()).ref, 'ref')!;
      if (order.state === 'paid') refuse('conflict', `Order ${order.resNum} is paid already.`);
      const before = { state: order.state, refNum: order.refNum };
      complete(order, ref, state.session!);
      record('order.complete', `order:${order.resNum}`, before, { state: 'paid', refNum: ref });
      return order;
    }),
    route('reconcile', () => {
      const now = state.now();
      // Card orders have no gateway to ask: an operator settles them (as the server).
      const open = data().orders.filter((o) => o.state === 'pending' && !o.card);
      const summary = emptyReconcileSummary(open.length);
      open.forEach((order, index) => {
        if (Date.parse(order.createdAt) > now - 30 * MINUTE_MS) {
          summary.open += 1;
        } else if (index % 2 === 0) {
          complete(order, `RC-${order.resNum.slice(-6)}`, 'reconcile');
          summary.completed += 1;
        } else {
          order.history.push({ at: nowIso(), from: 'pending', to: 'expired', actor: 'reconcile', detail: 'not paid' });
          order.state = 'expired';
          summary.expired += 1;
        }
      });
      record('payments.reconcile', 'payments', null, summary);
      return summary;
    }),

    // --- Card-to-card: the pool and the review queue (CONTRACTS §11) ---------------------------
    route('cards', () => ({ items: data().cards.map(cardOf) })),
    route('addCard', async ({ body }) => {
      const input = await body();
      const number = normalizeCardNumber(input.number);
      if (!number) refuse('invalid', 'The card number must be 16 digits that pass the card check (Luhn).');
      const holder = text(input.holder, 'holder')!;
      const bank = typeof input.bank === 'string' && input.bank.trim() ? input.bank.trim() : null;
      const earlier = data().cards.find((c) => c.number === number);
      if (earlier) refuse('conflict', `Card ${formatCardNumber(number!)} is in the pool already (card ${earlier.id}).`);
      const card = {
        id: Math.max(0, ...data().cards.map((c) => c.id)) + 1,
        number: number!,
        holder,
        bank,
        enabled: true,
        createdAt: nowIso(),
      };
      data().cards.push(card);
      record('card.add', `card:${card.id}`, null, { number: card.number, holder, bank });
      return cardOf(card);
    }),
    ...(['enableCard', 'disableCard'] as const).map((endpoint) =>
      route(endpoint, ({ params }) => {
        const card = cardNumbered(params.id!);
        const enabled = endpoint === 'enableCard';
        if (card.enabled !== enabled) {
          record(enabled ? 'card.enable' : 'card.disable', `card:${card.id}`, { enabled: card.enabled }, { enabled });
          card.enabled = enabled;
        }
        return cardOf(card);
      }),
    ),
    route('removeCard', ({ params }) => {
      const card = cardNumbered(params.id!);
      const before = cardOf(card);
      data().cards = data().cards.filter((c) => c !== card);
      record('card.remove', `card:${card.id}`, {
        number: before.number,
        holder: before.holder,
        bank: before.bank,
        openOrders: before.openOrders,
      });
      return { ok: true };
    }),
    // --- Discount codes and gift codes (CONTRACTS §12) -----------------------------------------
    route('coupons', () => ({ items: data().coupons })),
    route('addCoupon', async ({ body }) => {
      const input = await body();
      const code = normalizeCouponCode(typeof input.code === 'string' ? input.code : '');
      if (!code) refuse('invalid', 'The code must be 3 to 32 Latin letters, digits, - or _.');
      const percent = positiveOrNull(input.percent, 'The percent', 100);
      const amount = positiveOrNull(input.amount, 'The amount in tomans', WALLET_MAX_ENTRY);
      if ((percent === null) === (amount === null))
        refuse('invalid', 'Give either a percent or an amount in tomans, not both.');
      const maxUses = positiveOrNull(input.maxUses, 'The most uses');
      const perUser = positiveOrNull(input.perUser, 'The uses per buyer');
      const given = Array.isArray(input.plans) ? [...new Set(input.plans as number[])] : [];
      const missing = given.filter((id) => !data().plans.some((plan) => plan.id === id));
      if (missing.length) refuse('invalid', `No plan ${missing.join(', ')}.`);
      const from = operatorDate(input.from, 'from');
      const until = operatorDate(input.until, 'until');
      if (from && until && from >= until) refuse('invalid', '--from must be before --until.');
      if (data().coupons.some((c) => c.code === code)) refuse('conflict', `A code ${code} exists already.`);
      const coupon: AdminCoupon = {
        id: Math.max(0, ...data().coupons.map((c) => c.id)) + 1,
        code: code!,
        percent,
        amount,
        maxUses,
        perUser,
        firstPurchase: input.firstPurchase === true,
        plans: given.length ? given : null,
        from,
        until,
        uses: 0,
        disabled: false,
        createdAt: nowIso(),
      };
      data().coupons.unshift(coupon);
      record('coupon.add', `coupon:${coupon.code}`, null, coupon);
      return coupon;
    }),
    route('disableCoupon', ({ params }) => {
      const code = normalizeCouponCode(params.code ?? '');
      const coupon =
        data().coupons.find((c) => c.code === code) ?? refuse('not_found', `No discount code ${params.code}.`);
      if (!coupon.disabled) {
        coupon.disabled = true;
        record('coupon.disable', `coupon:${coupon.code}`, { disabled: false }, { disabled: true });
      }
      return coupon;
    }),
    route('addGifts', async ({ body }) => {
      const input = await body();
      const amount = positiveOrNull(input.amount, 'The amount', WALLET_MAX_ENTRY);
      if (amount === null) refuse('invalid', 'amount must be a whole number of tomans.');
      const count = positiveOrNull(input.count, 'The count', 1_000) ?? 1;
      const expiresAt = operatorDate(input.until, 'until');
      const codes = Array.from({ length: count }, () =>
        giftCodeOf(crypto.getRandomValues(new Uint8Array(GIFT_CODE_BITS / 8))),
      );
      // A batch's name, as the server draws one (its audit target): 6 random bytes in hex.
      const batch = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, '0'));
      record('gift.add', `gifts:${batch.join('')}`, null, { count, amount, expiresAt });
      return { codes, amount: amount!, expiresAt };
    }),
    // The referred orders (issue 31 §4): newest first, the totals over all, the inviters paid the most.
    route('referrals', ({ query }) => {
      const all = data().referrals;
      const page = pageOf(all, query, {
        searchIn: (row) => [row.resNum, row.buyerEmail, row.inviter, row.buyerUsername],
        sorts: { createdAt: (row) => row.createdAt },
        fallback: 'createdAt',
        sortable: false,
      });
      const byInviter = new Map<string | null, { inviter: string | null; referrals: number; paid: number }>();
      for (const row of all.filter((r) => r.state === 'paid')) {
        const entry = byInviter.get(row.inviter) ?? { inviter: row.inviter, referrals: 0, paid: 0 };
        entry.referrals += 1;
        entry.paid += row.reward;
        byInviter.set(row.inviter, entry);
      }
      return {
        ...page,
        percent: data().settings.referralPercent,
        totals: {
          referrals: all.length,
          completed: all.filter((r) => r.state === 'paid').length,
          paid: all.reduce((sum, r) => sum + r.reward, 0),
        },
        topInviters: [...byInviter.values()]
          .sort((a, b) => b.paid - a.paid || b.referrals - a.referrals)
          .slice(0, TOP_INVITERS),
      };
    }),
    route('orderReceipt', ({ params }) => {
      const order = orderNumbered(params.resNum!);
      if (!order.card?.hasImage) refuse('not_found', `Order ${order.resNum} has no receipt image.`);
      const bytes = Uint8Array.from(atob(MOCK_RECEIPT_PNG_BASE64), (c) => c.charCodeAt(0));
      return new HttpResponse(bytes, {
        headers: { 'content-type': 'image/png', 'cache-control': 'private, no-store' },
      });
    }),
    route('approveOrder', ({ params }) => {
      const order = awaitingReview(params.resNum!, 'approved');
      const renewed = data().users.some((u) => u.username === order.username);
      complete(order, order.card!.tracking ?? order.resNum, state.session!);
      order.card!.state = 'paid';
      record('order.approve', `order:${order.resNum}`, { state: 'awaiting_review' }, { state: 'paid' });
      return { ok: true, resNum: order.resNum, state: 'paid', username: order.username!, renewed };
    }),
    route('rejectOrder', async ({ params, body }) => {
      const reason = text((await body()).reason, 'reason')!;
      const order = awaitingReview(params.resNum!, 'rejected');
      order.history.push({ at: nowIso(), from: 'pending', to: 'failed', actor: state.session!, detail: reason });
      Object.assign(order, { state: 'failed' as AdminOrderState, failure: reason });
      order.card = { ...order.card!, state: 'rejected', reason };
      record('order.reject', `order:${order.resNum}`, { state: 'awaiting_review' }, { state: 'rejected', reason });
      return { ok: true, resNum: order.resNum, state: 'rejected' };
    }),

    // --- Outbox ----------------------------------------------------------------------------------
    route('outbox', ({ query }) => {
      const which = query.get('state');
      if (which && which !== 'waiting' && which !== 'sent') refuse('invalid', 'state must be waiting or sent.');
      const rows = data().outbox.filter((row) => !which || (which === 'sent') === (row.sentAt !== null));
      return pageOf(rows, query, {
        searchIn: (row) => [row.recipient],
        sorts: { id: (row) => row.id },
        fallback: 'id',
        sortable: false,
      });
    }),
    route('resendOutbox', ({ params }) => {
      const row = data().outbox.find((r) => r.id === Number(params.id)) ?? refuse('not_found', 'No such message.');
      // Back in the queue as unsent, its tries counted afresh: the delivery job sends it on its next round.
      Object.assign(row, { attempts: 0, sentAt: null, lastError: null });
      record('outbox.resend', `outbox:${row.id}`);
      return row;
    }),

    // --- Operators and audit -------------------------------------------------------------------
    route('operators', () => ({
      items: data().operators.map(({ password: _password, ...row }) => row),
    })),
    route('createOperator', async ({ body }) => {
      const input = await body();
      checkCurrentCode(operatorNamed(state.session)!, input.code);
      const username = text(input.username, 'username')!;
      if (!/^[a-z][a-z0-9_.-]{2,31}$/.test(username))
        refuse('invalid', 'The username has 3 to 32 small letters, digits, dots, dashes or underscores.');
      if (operatorNamed(username)) refuse('conflict', `${username} exists.`);
      const given = input.password;
      if (given !== undefined && (typeof given !== 'string' || given.length < 8))
        refuse('invalid', 'The password must have at least 8 characters.');
      const password =
        typeof given === 'string' ? given : `op-${mockNodeToken(data().operators.length + 77).slice(0, 14)}`;
      const role: unknown = input.role === undefined || input.role === '' ? DEFAULT_OPERATOR_ROLE : input.role;
      if (!isOperatorRole(role)) return refuse('invalid', `The role must be one of: ${OPERATOR_ROLES.join(', ')}.`);
      const operator: MockAdminOperator = {
        id: Math.max(0, ...data().operators.map((o) => o.id)) + 1,
        username,
        role,
        totpEnabled: false,
        createdAt: nowIso(),
        lastLoginAt: null,
        locked: false,
        password,
      };
      data().operators.push(operator);
      const { password: _password, ...row } = operator;
      record('operator.add', `operator:${username}`, null, { username, role });
      return { operator: row, password };
    }),
    route('deleteOperator', ({ params }) => {
      const operator = operatorNamed(params.username!) ?? refuse('not_found', 'No such operator.');
      if (operator.username === state.session) refuse('conflict', 'You cannot remove yourself.');
      data().operators = data().operators.filter((o) => o !== operator);
      record('operator.remove', `operator:${operator.username}`);
      return { ok: true };
    }),
    route('setOperatorRole', async ({ params, body }) => {
      const operator = operatorNamed(params.username!) ?? refuse('not_found', `No operator named ${params.username}.`);
      const role: unknown = (await body()).role;
      if (!isOperatorRole(role)) return refuse('invalid', `The role must be one of: ${OPERATOR_ROLES.join(', ')}.`);
      if (
        operator.role === 'owner' &&
        role !== 'owner' &&
        data().operators.filter((o) => o.role === 'owner').length <= 1
      )
        refuse('conflict', 'The shop needs an owner: make another operator owner first.');
      const before = { role: operator.role };
      operator.role = role;
      record('operator.role', `operator:${operator.username}`, before, { role });
      const { password: _password, ...row } = operator;
      return row;
    }),
    route('tokens', () => ({ items: state.tokens })),
    route('createToken', async ({ body }) => {
      const input = await body();
      const name = typeof input.name === 'string' ? input.name.trim() : '';
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
        refuse('invalid', 'The token name must be 1 to 64 Latin letters, digits, dots, dashes or underscores.');
      const role: unknown = input.role;
      if (!isOperatorRole(role)) return refuse('invalid', `The role must be one of: ${OPERATOR_ROLES.join(', ')}.`);
      if (state.tokens.some((t) => t.name === name)) refuse('conflict', `A token named ${name} exists already.`);
      state.tokens.push({ name, role, createdAt: nowIso(), createdBy: state.session!, lastUsedAt: null });
      state.tokens.sort((a, b) => a.name.localeCompare(b.name));
      record('token.add', `token:${name}`, null, { name, role });
      return {
        name,
        role,
        token: `separ_${mockNodeToken(state.tokens.length + 31)
          .slice(0, 43)
          .padEnd(43, 'x')}`,
      };
    }),
    route('revokeToken', ({ params }) => {
      const token =
        state.tokens.find((t) => t.name === params.name) ?? refuse('not_found', `No token named ${params.name}.`);
      state.tokens = state.tokens.filter((t) => t !== token);
      record('token.revoke', `token:${token.name}`, { name: token.name, role: token.role });
      return { ok: true };
    }),
    route('webhooks', () => ({ items: state.webhooks.map(({ deliveries: _deliveries, ...webhook }) => webhook) })),
    route('createWebhook', async ({ body }) => {
      const input = await body();
      const raw = typeof input.url === 'string' ? input.url.trim() : '';
      let url: URL | null = null;
      try {
        url = new URL(raw);
      } catch {
        url = null;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password)
        refuse('invalid', 'The URL must be an http:// or https:// address of at most 2000 characters.');
      const events = Array.isArray(input.events) ? input.events.map(String) : [];
      if (events.length === 0 || events.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e)))
        refuse('invalid', `The events are one or more of: ${WEBHOOK_EVENTS.join(', ')}.`);
      const id = Math.max(0, ...state.webhooks.map((w) => w.id)) + 1;
      const webhook = {
        id,
        url: url!.toString(),
        events: [...new Set(events)],
        createdAt: nowIso(),
        createdBy: state.session!,
        pending: 0,
        lastDeliveredAt: null,
      };
      state.webhooks.push({ ...webhook, deliveries: [] });
      record('webhook.add', `webhook:${id}`, null, { url: webhook.url, events: webhook.events });
      return {
        webhook,
        secret: `whsec_${mockNodeToken(id + 57)
          .replace(/[^0-9a-f]/g, '')
          .padEnd(48, '0')
          .slice(0, 48)}`,
      };
    }),
    route('removeWebhook', ({ params }) => {
      const webhook =
        state.webhooks.find((w) => String(w.id) === params.id) ?? refuse('not_found', `No webhook ${params.id}.`);
      state.webhooks = state.webhooks.filter((w) => w !== webhook);
      record('webhook.remove', `webhook:${webhook.id}`, { url: webhook.url, events: webhook.events });
      return { ok: true };
    }),
    route('webhookDeliveries', ({ params, query }) => {
      const webhook =
        state.webhooks.find((w) => String(w.id) === params.id) ?? refuse('not_found', `No webhook ${params.id}.`);
      return pageOf(webhook.deliveries, query, {
        searchIn: (row) => [row.event],
        sorts: { id: (row) => row.id },
        fallback: 'id',
        sortable: false,
      });
    }),
    route('testWebhook', ({ params }) => {
      const webhook =
        state.webhooks.find((w) => String(w.id) === params.id) ?? refuse('not_found', `No webhook ${params.id}.`);
      const id = Math.max(0, ...state.webhooks.flatMap((w) => w.deliveries.map((d) => d.id))) + 1;
      // The mock's receiver answers at once: the test event is delivered.
      const at = nowIso();
      webhook.deliveries.unshift({
        id,
        event: 'test',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastError: null,
        createdAt: at,
        nextAttemptAt: null,
        deliveredAt: at,
      });
      webhook.lastDeliveredAt = at;
      record('webhook.test', `webhook:${webhook.id}`, null, { delivery: id });
      return { ok: true, delivery: id };
    }),
    route('unlockOperator', ({ params }) => {
      const operator = operatorNamed(params.username!) ?? refuse('not_found', 'No such operator.');
      if (operator.username === state.session)
        refuse('conflict', 'Another operator, or separ-admin operators unlock, lifts your own lock.');
      const before = { locked: operator.locked === true };
      operator.locked = false;
      state.wrongCodes[operator.username] = 0;
      state.failures[operator.username] = 0;
      record('operator.unlock', `operator:${operator.username}`, before, { locked: false });
      const { password: _password, ...row } = operator;
      return row;
    }),
    route('audit', ({ query }) =>
      pageOf(data().audit, query, {
        searchIn: (entry) => [entry.operator, entry.action, entry.target],
        sorts: { id: (entry) => entry.id },
        fallback: 'id',
        sortable: false,
      }),
    ),

    // --- Settings --------------------------------------------------------------------------------
    route('settings', () => data().settings),
    route('updateSettings', async ({ body }) => {
      const input = await body();
      const next: Record<string, unknown> = { ...data().settings };
      for (const [key, value] of Object.entries(input)) {
        const type = SETTINGS_TYPES[key as keyof ShopSettings];
        if (!type) refuse('invalid', `Unknown setting ${key}.`);
        if (typeof value !== type) refuse('invalid', `${key} must be a ${type}.`);
        if (type === 'string' && key !== 'shopName' && value !== '' && !/^https?:\/\//.test(value as string))
          refuse('invalid', `${key} must be a link (https://…).`);
        if (key === 'shopName' && !(value as string).trim()) refuse('invalid', 'The shop needs a name.');
        next[key] = value;
      }
      const before = data().settings;
      data().settings = next as unknown as ShopSettings;
      record('settings.update', 'settings', before, data().settings);
      return data().settings;
    }),
  ];
  return { handlers, state };
}

/** A handler that makes one admin route fail with an error of the catalogue; `server.use(...)` it over the others. */
export function adminFailure(
  endpoint: AdminMockEndpoint,
  code: AdminErrorCode | 'http500' | 'network',
  message = 'Something went wrong',
): HttpHandler {
  const [method, path] = ADMIN_MOCK_ENDPOINTS[endpoint];
  return http[method](path, () => {
    if (code === 'http500')
      return new HttpResponse('upstream exploded', { status: 500, statusText: 'Internal Server Error' });
    if (code === 'network') return HttpResponse.error();
    return adminErrorResponse(code, message);
  });
}
