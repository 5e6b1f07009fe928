/**
 * Operators' roles (CONTRACTS §13): one table says which admin route each role may use. The server
 * checks every admin request against it, the console hides what a role cannot use, and the tests go
 * through the contract's list of admin routes with it. Pure data: no I/O.
 */

/** An operator's (or an API token's) role, from the most to the least it may do. */
export const OPERATOR_ROLES = ['owner', 'admin', 'sales', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The role an operator gets when none is named (the first operator of a shop is `owner`). */
export const DEFAULT_OPERATOR_ROLE: OperatorRole = 'admin';

export function isOperatorRole(value: unknown): value is OperatorRole {
  return typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);
}

/**
 * An admin route as the table names it: its method and its URL pattern (`GET /api/admin/orders/:resNum`).
 * The account action route is named with its action (`POST /api/admin/users/:username/reset-password`),
 * since support may take some actions on an account and not others.
 */
export type AdminRouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/admin${string}`;

/** The routes of one's own session: every role, and no API token (a token has no password or codes). */
export const OWN_SESSION_ROUTES: readonly AdminRouteKey[] = [
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/me',
  'POST /api/admin/totp/setup',
  'POST /api/admin/totp/enable',
  'POST /api/admin/totp/disable',
];

/** What only the owner may use: the operators, the shop's settings, API tokens and webhooks. */
export const OWNER_ONLY_PREFIXES = [
  '/api/admin/operators',
  '/api/admin/settings',
  '/api/admin/tokens',
  '/api/admin/webhooks',
] as const;

/** What `sales` may use: orders (read, receipts, approve or reject, complete by hand), users and plans read-only, the overview. */
const SALES: readonly AdminRouteKey[] = [
  'GET /api/admin/overview',
  'GET /api/admin/orders',
  'GET /api/admin/orders/:resNum',
  'GET /api/admin/orders/:resNum/receipt',
  'POST /api/admin/orders/:resNum/approve',
  'POST /api/admin/orders/:resNum/reject',
  'POST /api/admin/orders/:resNum/complete',
  'GET /api/admin/users',
  'GET /api/admin/users/:username',
  'GET /api/admin/plans',
];

/** What `support` may use: users (read, reset a password, end devices), orders read-only. */
const SUPPORT: readonly AdminRouteKey[] = [
  'GET /api/admin/users',
  'GET /api/admin/users/:username',
  'POST /api/admin/users/:username/reset-password',
  'POST /api/admin/users/:username/end-devices',
  'GET /api/admin/orders',
  'GET /api/admin/orders/:resNum',
  'GET /api/admin/orders/:resNum/receipt',
];

const LIMITED: Record<'sales' | 'support', ReadonlySet<string>> = {
  sales: new Set(SALES),
  support: new Set(SUPPORT),
};

/** The table's key of a request: the route's pattern, with the account action named for that route. */
export function adminRouteKey(method: string, url: string, params?: Record<string, unknown>): AdminRouteKey {
  const action = params?.action;
  const pattern =
    url === '/api/admin/users/:username/:action' && typeof action === 'string'
      ? `/api/admin/users/:username/${action}`
      : url;
  return `${method.toUpperCase()} ${pattern}` as AdminRouteKey;
}

function ownerOnly(key: string): boolean {
  const path = key.slice(key.indexOf(' ') + 1);
  return OWNER_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Whether a role may use an admin route (its {@link adminRouteKey}). `owner` may use everything;
 * `admin` everything but {@link OWNER_ONLY_PREFIXES}; `sales` and `support` only their lists. One's
 * own session's routes are every role's.
 */
export function roleMayUse(role: OperatorRole, key: string): boolean {
  if ((OWN_SESSION_ROUTES as readonly string[]).includes(key)) return true;
  if (role === 'owner') return true;
  if (ownerOnly(key)) return false;
  if (role === 'admin') return true;
  return LIMITED[role].has(key);
}

/**
 * The console's sections (its menu), each with the route its page first loads: a role sees the
 * sections whose route it may use. The operators' page is everyone's (their own one-time codes are
 * there); only the owner sees the operators on it.
 */
export const CONSOLE_SECTIONS = {
  overview: 'GET /api/admin/overview',
  plans: 'GET /api/admin/plans',
  nodes: 'GET /api/admin/nodes',
  users: 'GET /api/admin/users',
  orders: 'GET /api/admin/orders',
  receipts: 'POST /api/admin/orders/:resNum/approve',
  cards: 'GET /api/admin/cards',
  coupons: 'GET /api/admin/coupons',
  referrals: 'GET /api/admin/referrals',
  outbox: 'GET /api/admin/outbox',
  operators: 'GET /api/admin/me',
  automation: 'GET /api/admin/webhooks',
  audit: 'GET /api/admin/audit',
  settings: 'GET /api/admin/settings',
} as const satisfies Record<string, AdminRouteKey>;
export type ConsoleSection = keyof typeof CONSOLE_SECTIONS;

/** Whether a role's console shows a section. */
export function roleSees(role: OperatorRole, section: ConsoleSection): boolean {
  return roleMayUse(role, CONSOLE_SECTIONS[section]);
}

/** The section a role lands on: the overview, else the first section of the menu's order it sees. */
export function landingSection(role: OperatorRole): ConsoleSection {
  return (Object.keys(CONSOLE_SECTIONS) as ConsoleSection[]).find((section) => roleSees(role, section)) ?? 'operators';
}
