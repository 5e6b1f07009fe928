/**
 * The operators' web admin (`/admin`, `/api/admin/*`): the shapes its API answers with, shared by the
 * server, the RTK Query endpoints, the MSW mocks and the screens. Amounts are tomans; times ISO 8601
 * UTC; sizes bytes unless the name says MB. Every list answers a page of `AdminPage<T>`.
 */

/** One page of a list that the server searches, sorts and paginates. */
export interface AdminPage<T> {
  items: T[];
  /** All the rows that match the search and filters. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** What every list takes: `q` searches, `sort` names a column, `dir` its order. */
export interface AdminListQuery {
  q?: string;
  page?: number;
  pageSize?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
}

export const ADMIN_PAGE_SIZES = [25, 50, 100] as const;
export const ADMIN_DEFAULT_PAGE_SIZE = 25;

/** The signed-in operator (`GET /api/admin/me`, and the answer of a sign-in). */
export interface AdminOperator {
  username: string;
  totpEnabled: boolean;
}

/** `POST /api/admin/login` body. `otp` only when the operator turned on one-time codes. */
export interface AdminLoginInput {
  username: string;
  password: string;
  otp?: string;
}

/** The admin API's error codes: `AdminErrorCode` in `contract/errors.ts`, with the rest of the table. */

/** `POST /api/admin/totp/setup`: a new secret to scan; enabled only once `totp/enable` gets a code. */
export interface AdminTotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** `GET /api/admin/overview`. */
export interface AdminOverview {
  /** Tomans received (paid orders by their paid time): today (UTC day), the last 7 and 30 days. */
  revenue: { today: number; week: number; month: number };
  /** One point a day for the last 30 days, oldest first (`day` is YYYY-MM-DD). */
  revenueByDay: Array<{ day: string; toman: number; orders: number }>;
  /** Orders created in the last 30 days by state. */
  orders: { paid: number; failed: number; pending: number; expired: number };
  accounts: {
    total: number;
    /** Created today / in the last 7 days. */
    newToday: number;
    newWeek: number;
    /** Not suspended, not expired, data left. */
    active: number;
  };
  /** Bytes carried by each V2Ray node and by OpenConnect (RADIUS) in the last 30 days. */
  trafficByNode: Array<{ node: string; bytes: number }>;
  nodes: { online: number; total: number };
  /** Messages waiting in the outbox (not sent). */
  outboxBacklog: number;
}

/** A plan as the operator edits it. */
export interface AdminPlan {
  id: number;
  title: string;
  active: boolean;
  ios: boolean;
  /** -1: unlimited. */
  allowedMB: number;
  days: number;
  devices: number;
  toman: number;
  /** The price by card-to-card credit, when it differs (else the same as `toman`). */
  credit: number;
  sortOrder: number;
}

/** `POST /api/admin/plans` and `PATCH /api/admin/plans/:id` (every field optional on PATCH). */
export interface AdminPlanInput {
  title: string;
  ios: boolean;
  allowedMB: number;
  days: number;
  devices: number;
  toman: number;
  credit?: number;
  active?: boolean;
}

export type AdminNodeProtocol = 'vless' | 'vmess' | 'trojan' | 'shadowsocks' | 'hysteria2';

/** A V2Ray node (V2bX), without its token (shown once, when made or rotated). */
export interface AdminNode {
  id: number;
  name: string;
  protocol: AdminNodeProtocol;
  host: string;
  port: number;
  network: string;
  security: string;
  serverName: string | null;
  country: string | null;
  rate: number;
  active: boolean;
  /** The node asked for its users within the last push interval and a half. */
  online: boolean;
  lastSeenAt: string | null;
  /** Bytes it reported in the last 30 days. */
  trafficBytes: number;
  /** Every other setting, as `separ-admin nodes show` prints it (for the edit form). */
  settings: Record<string, string | number | boolean | null>;
}

/** `POST /api/admin/nodes`, `PATCH /api/admin/nodes/:id`: the options of `separ-admin nodes add`. */
export interface AdminNodeInput {
  name?: string;
  protocol?: AdminNodeProtocol;
  host?: string;
  port?: number;
  network?: string;
  path?: string | null;
  transportHost?: string | null;
  serviceName?: string | null;
  security?: string;
  serverName?: string | null;
  realityPrivateKey?: string | null;
  realityShortId?: string | null;
  realityDest?: string | null;
  realityDestPort?: number;
  flow?: string | null;
  cipher?: string | null;
  upMbps?: number;
  downMbps?: number;
  obfsPassword?: string | null;
  country?: string | null;
  rate?: number;
  active?: boolean;
}

/**
 * What a node's operator pastes into V2bX's config.json (`Nodes[]` entry: ApiHost, ApiKey, NodeID,
 * NodeType): answered on create and on token rotation, when the token can still be shown.
 */
export interface AdminNodeSecret {
  node: AdminNode;
  token: string;
  /** The V2bX config file, pretty-printed JSON. */
  v2bxConfig: string;
}

/** An ocserv server allowed to ask the RADIUS server. */
export interface AdminRadiusClient {
  id: number;
  ip: string;
  name: string;
  requireMessageAuthenticator: boolean;
  createdAt: string;
}

export interface AdminCountry {
  code: string;
  title: string;
  titleFa: string;
}

/** A hand-written server template (SPEC's servers list; `xxx` becomes username-password). */
export interface AdminServer {
  id: number;
  title: string;
  /** 2: V2Ray, 1: OpenConnect. */
  type: 1 | 2;
  country: string;
  links: string[];
  active: boolean;
}

export type AdminUserStatus = 'pending' | 'active' | 'expired' | 'depleted' | 'suspended';

/** One row of the users list. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string | null;
  status: AdminUserStatus;
  /** Null until the first connection. */
  expireDate: string | null;
  usedBytes: number;
  /** -1: unlimited. */
  allowedMB: number;
  devices: number;
  allowedDevices: number;
  createdAt: string;
}

/** `GET /api/admin/users/:username`. */
export interface AdminUserDetail extends AdminUserRow {
  planId: number | null;
  /** Days it will have from its first connection (pending accounts). */
  pendingDays: number;
  ios: boolean;
  subUrl: string;
  devicesList: Array<{ id: string; kind: 'app' | 'v2ray' | 'openconnect'; info: string; since: string }>;
  orders: AdminOrderRow[];
}

/** A user action: `POST /api/admin/users/:username/{suspend|unsuspend|extend|add-data|reset-password|end-devices}`. */
export type AdminUserAction =
  | { action: 'suspend' }
  | { action: 'unsuspend' }
  | { action: 'extend'; days: number }
  | { action: 'add-data'; mb: number }
  | { action: 'reset-password'; password?: string }
  | { action: 'end-devices' };

export type AdminOrderState = 'pending' | 'failed' | 'paid' | 'expired';

export interface AdminOrderRow {
  resNum: string;
  state: AdminOrderState;
  gate: string;
  provider: string;
  /** Tomans. */
  amount: number;
  planId: number;
  email: string;
  username: string | null;
  refNum: string | null;
  failure: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** `GET /api/admin/orders/:resNum`. */
export interface AdminOrderDetail extends AdminOrderRow {
  authority: string | null;
  history: Array<{
    at: string;
    from: AdminOrderState | null;
    to: AdminOrderState;
    actor: string;
    detail: string | null;
  }>;
  receipt: { sentAt: string | null; attempts: number; lastError: string | null } | null;
}

/** Filters of `GET /api/admin/orders` beside AdminListQuery (`from`/`to`: YYYY-MM-DD, inclusive). */
export interface AdminOrderFilter {
  state?: AdminOrderState;
  gate?: string;
  from?: string;
  to?: string;
}

/** `POST /api/admin/payments/reconcile`. */
export interface AdminReconcileSummary {
  checked: number;
  completed: number;
  failed: number;
  expired: number;
  /** Not paid yet, and not old enough to expire: asked again next run. */
  open: number;
  /** The gateway could not be reached or gave an answer we cannot read: asked again after a backoff. */
  unknown: number;
  /** Another process holds the order's claim. */
  busy: number;
  /** Settling the order threw (a database error, a plan that is gone): logged, the others go on. */
  errors: number;
}

export interface AdminOutboxRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export interface AdminOperatorRow {
  id: number;
  username: string;
  totpEnabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  /**
   * Locked by 5 wrong one-time codes in 15 minutes: no sign-in until `POST
   * /api/admin/operators/:username/unlock` (another operator) or `separ-admin operators unlock`.
   */
  locked?: boolean;
}

/** `POST /api/admin/operators`: the password is generated when not given, and shown once. */
export interface AdminOperatorCreated {
  operator: AdminOperatorRow;
  password: string;
}

/**
 * Every action the server writes to the audit log (`audit()` in apps/server/src/admin takes only
 * these): each has a label in both languages on the audit screen (`adminOps:audit.actions`, the
 * action with `.` and `-` as `_`).
 */
export const AUDIT_ACTIONS = [
  'plan.create',
  'plan.update',
  'plan.activate',
  'plan.deactivate',
  'country.add',
  'country.remove',
  'server.add',
  'server.remove',
  'node.add',
  'node.update',
  'node.rotate-token',
  'node.remove',
  'radius-client.add',
  'radius-client.remove',
  'user.create',
  'user.suspend',
  'user.unsuspend',
  'user.extend',
  'user.add-data',
  'user.reset-password',
  'user.end-devices',
  'user.revoke-sessions',
  'order.complete',
  'payments.reconcile',
  'outbox.resend',
  'settings.update',
  'operator.add',
  'operator.remove',
  'operator.sign-in',
  'operator.sign-in-failed',
  'operator.otp-wrong',
  'operator.lock',
  'operator.unlock',
  'operator.totp-on',
  'operator.totp-off',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Whether an audit entry's action is one the server writes (and the screen has a label for). */
export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** The key of an action's label in `adminOps:audit.actions`: `user.add-data` → `user_add_data`. */
export function auditActionKey(action: AuditAction): string {
  return action.replace(/[.-]/g, '_');
}

/** One change an operator made (who, what, before → after, when). */
export interface AdminAuditEntry {
  id: number;
  at: string;
  /** `alice` (web admin) or `root@cli`. */
  operator: string;
  /** One of {@link AUDIT_ACTIONS}, e.g. `plan.create`, `user.suspend` (an older log may hold others). */
  action: string;
  /** What it was done to, e.g. `plan:3`, `user:sp123456`. */
  target: string;
  before: unknown;
  after: unknown;
}

/** The shop's settings the operator changes without a rebuild (`GET/PUT /api/admin/settings`). */
export interface ShopSettings {
  /** The shop's name in receipts, e-mails and the subscription title. */
  shopName: string;
  supportChatUrl: string;
  channelUrl: string;
  socialUrl: string;
  /** The messaging bot that gives free accounts (the free page's button). */
  botUrl: string;
  androidAppUrl: string;
  windowsAppUrl: string;
  freeEnabled: boolean;
}
