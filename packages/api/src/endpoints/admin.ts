/**
 * The operators' web admin (docs/ADMIN.md): every `/api/admin/*` route as an endpoint of the one
 * api, with its own cache tags so that a change refreshes the lists it touches (and the audit log,
 * which every change writes to). Errors keep the base query's shape (`HTTP 401: Unauthorized`, the
 * status as `code`) and add the admin API's own code of {@link AdminErrorCode} as `adminCode`.
 * A request that finds the session gone (`unauthenticated`) asks `GET /api/admin/me` again, so the
 * console's sign-in gate shows the login screen.
 */
import {
  isAdminErrorCode,
  type AdminApiToken,
  type AdminAuditEntry,
  type AdminWebhook,
  type AdminWebhookCreated,
  type AdminWebhookDelivery,
  type AdminWebhookInput,
  type AdminCard,
  type AdminCardDecision,
  type AdminCardInput,
  type AdminCoupon,
  type AdminCouponInput,
  type AdminGiftBatch,
  type AdminReferralsAnswer,
  type AdminCountry,
  type AdminErrorCode,
  type AdminListQuery,
  type AdminLoginInput,
  type AdminNode,
  type AdminNodeInput,
  type AdminNodeSecret,
  type AdminNodeHost,
  type AdminNodeHostInput,
  type AdminOperator,
  type AdminOperatorCreated,
  type AdminOperatorRow,
  type OperatorRole,
  type AdminOrderDetail,
  type AdminOrderFilter,
  type AdminOrderRow,
  type AdminOutboxRow,
  type AdminOverview,
  type AdminPage,
  type AdminPlan,
  type AdminRadiusClient,
  type AdminReconcileSummary,
  type AdminServer,
  type AdminTotpSetup,
  type AdminUserAction,
  type AdminUserDetail,
  type AdminUserRow,
  type ShopSettings,
} from '@separ/domain';
import type { ADMIN_ROUTES, AnswerOf, BodyOf } from '@separ/domain/contract';
import { separApi } from '../api.ts';
import { isApiError, type ApiError } from '../errors.ts';

/** The admin's cache tags (beside the site's own TAGS). */
export const ADMIN_TAGS = [
  'AdminMe',
  'AdminOverview',
  'AdminPlans',
  'AdminNodes',
  'AdminNodeHosts',
  'AdminRadiusClients',
  'AdminCountries',
  'AdminServers',
  'AdminUsers',
  'AdminOrders',
  'AdminCards',
  'AdminCoupons',
  'AdminReferrals',
  'AdminOutbox',
  'AdminOperators',
  'AdminTokens',
  'AdminWebhooks',
  'AdminAudit',
  'AdminSettings',
] as const;

export type AdminTag = (typeof ADMIN_TAGS)[number];

/** A failed admin call: the base query's error plus the admin API's code and message, when it sent them. */
export interface AdminApiError extends ApiError {
  adminCode?: AdminErrorCode;
  /** The server's own `message` (English, for operators), when its answer carried one. */
  serverMessage?: string;
}

/** The base query's error with the admin API's `{ ok: false, message, code }` read from its body. */
export function toAdminError(error: ApiError): AdminApiError {
  if (error.kind !== 'http' || !error.details) return error;
  try {
    const body = JSON.parse(error.details) as { code?: unknown; message?: unknown } | null;
    if (typeof body !== 'object' || body === null) return error;
    return {
      ...error,
      ...(isAdminErrorCode(body.code) ? { adminCode: body.code } : {}),
      ...(typeof body.message === 'string' && body.message ? { serverMessage: body.message } : {}),
    };
  } catch {
    return error;
  }
}

/** The admin API's code of a failed call (an RTK Query hook's `error`, or a mutation's rejection). */
export function adminErrorCode(error: unknown): AdminErrorCode | undefined {
  if (!isApiError(error)) return undefined;
  const known = (error as AdminApiError).adminCode;
  return known ?? toAdminError(error).adminCode;
}

/** The user actions' paths (`POST /api/admin/users/:username/:action`) with their bodies. */
export type AdminUserActionArgs = AdminUserAction & { username: string };

export type AdminUsersQuery = AdminListQuery;
export type AdminOrdersQuery = AdminListQuery & AdminOrderFilter;
export type AdminOutboxQuery = AdminListQuery & { state?: 'waiting' | 'sent' };
export type AdminAuditQuery = AdminListQuery;
/** `GET /api/admin/referrals`: newest first only, so no sort. */
export type AdminReferralsQuery = Pick<AdminListQuery, 'q' | 'page' | 'pageSize'>;

/**
 * The review queue of card-to-card receipts (CONTRACTS §11): the card orders awaiting an operator,
 * oldest first. The queue's screen and its count in the menu ask the same, so they share one answer.
 */
export const ADMIN_RECEIPT_QUEUE: AdminOrdersQuery = {
  state: 'awaiting_review',
  sort: 'createdAt',
  dir: 'asc',
  pageSize: 100,
};

/**
 * `GET /api/admin/orders/:resNum/receipt`: the receipt image a buyer sent, for an `<img src>` (same
 * origin as the console, so the operator's session cookie goes with it).
 */
export function adminReceiptUrl(resNum: string): string {
  return `/api/admin/orders/${encodeURIComponent(resNum)}/receipt`;
}

/** The admin routes of the contract (`@separ/domain/contract`): the types below come from it. */
type Route = typeof ADMIN_ROUTES;
/** The `items` of a short list's answer. */
type ItemsOf<R extends Route[keyof Route]> = AnswerOf<R> extends { items: Array<infer T> } ? T[] : never;

export type AdminRadiusClientInput = BodyOf<Route['createRadiusClient']>;
/** A RADIUS client as made: with a warning when its secret is weak or the address is unusual. */
export type AdminRadiusClientCreated = AnswerOf<Route['createRadiusClient']>;
export type AdminServerInput = BodyOf<Route['createServer']>;
export type AdminBulkInput = BodyOf<Route['usersBulk']>;
export type AdminBulkResult = AnswerOf<Route['usersBulk']>;
/** `AdminUserDetail`, with the new password after `reset-password` (shown once). */
export type AdminUserActionResult = AnswerOf<Route['userAction']>;

/** A list query's query string: what is set, nothing empty. */
export function adminListParams(query: object | void): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (!query) return params;
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'number' || typeof value === 'string') params[key] = value;
  }
  return params;
}

const items = <T>(body: { items: T[] }): T[] => body.items;
const withCode = (error: ApiError): AdminApiError => toAdminError(error);

const adminBase = separApi.enhanceEndpoints({ addTagTypes: ADMIN_TAGS });

/** The rows of a page as tags of their own, and the list's tag: a change to one row refreshes the pages that show it. */
function pageTags<T>(type: 'AdminUsers' | 'AdminOrders' | 'AdminOutbox', id: (row: T) => string | number) {
  return (result: AdminPage<T> | undefined) => [
    { type, id: 'LIST' } as const,
    ...(result?.items.map((row) => ({ type, id: id(row) }) as const) ?? []),
  ];
}

/** Every admin call but `me`: a session found gone sends the console back to its sign-in. */
async function watchSession(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<unknown> },
) {
  try {
    await queryFulfilled;
  } catch (rejection) {
    const error = (rejection as { error?: unknown } | undefined)?.error;
    if (adminErrorCode(error) === 'unauthenticated') dispatch(adminBase.util.invalidateTags(['AdminMe']));
  }
}

const CHANGES: AdminTag[] = ['AdminAudit'];

/**
 * What a decision on a card order changes: the order and every orders list (the review queue is one),
 * its card's open orders, and on approval an account, the outbox's receipt and the overview.
 */
function cardDecisionTags(resNum: string) {
  return [
    { type: 'AdminOrders', id: resNum } as const,
    { type: 'AdminOrders', id: 'LIST' } as const,
    'AdminCards' as const,
    'AdminUsers' as const,
    'AdminOutbox' as const,
    'AdminOverview' as const,
    'AdminReferrals' as const,
    ...CHANGES,
  ];
}

export const adminApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    // --- Session -------------------------------------------------------------------------------
    /** GET /api/admin/me: the signed-in operator; 401 `unauthenticated` without a session. */
    adminMe: build.query<AdminOperator, void>({
      query: () => ({ url: '/api/admin/me' }),
      transformErrorResponse: withCode,
      providesTags: ['AdminMe'],
    }),
    /**
     * POST /api/admin/login: 401 `bad_credentials`, `otp_required` (ask for the code), `bad_otp`; 423
     * `operator_locked` (too many wrong codes, until an unlock); 429 `throttled`.
     */
    adminLogin: build.mutation<AdminOperator, AdminLoginInput>({
      query: (body) => ({ url: '/api/admin/login', method: 'POST', body }),
      transformErrorResponse: withCode,
      // A new session: whatever an earlier one left in the cache is read again.
      invalidatesTags: (result) => (result ? ADMIN_TAGS.filter((tag) => tag !== 'AdminMe') : []),
    }),
    /** POST /api/admin/logout: `me` is asked again, and answers 401. */
    adminLogout: build.mutation<{ ok: true }, void>({
      query: () => ({ url: '/api/admin/logout', method: 'POST' }),
      transformErrorResponse: withCode,
      invalidatesTags: ['AdminMe'],
    }),
    /**
     * POST /api/admin/totp/setup: a new secret; on only once `adminTotpEnable` gets a code. With codes
     * on already, the current `code` (401 `otp_required` without it, `bad_otp` when wrong).
     */
    adminTotpSetup: build.mutation<AdminTotpSetup, { code?: string } | void>({
      query: (body) => ({ url: '/api/admin/totp/setup', method: 'POST', body: body ?? {} }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
    }),
    /** POST /api/admin/totp/enable `{ code }`. */
    adminTotpEnable: build.mutation<AdminOperator, { code: string }>({
      query: (body) => ({ url: '/api/admin/totp/enable', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminMe', 'AdminOperators', ...CHANGES] : []),
    }),
    /** POST /api/admin/totp/disable `{ code }` (the current one; a wrong one counts toward the lock). */
    adminTotpDisable: build.mutation<AdminOperator, { code: string }>({
      query: (body) => ({ url: '/api/admin/totp/disable', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminMe', 'AdminOperators', ...CHANGES] : []),
    }),

    // --- Overview ------------------------------------------------------------------------------
    /** GET /api/admin/overview. */
    adminOverview: build.query<AdminOverview, void>({
      query: () => ({ url: '/api/admin/overview' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminOverview'],
    }),

    // --- Plans ---------------------------------------------------------------------------------
    /** GET /api/admin/plans → the plans (the answer's `items`). */
    adminPlans: build.query<ItemsOf<Route['plans']>, void>({
      query: () => ({ url: '/api/admin/plans' }),
      transformResponse: items<AdminPlan>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminPlans'],
    }),
    /** POST /api/admin/plans. */
    adminCreatePlan: build.mutation<AnswerOf<Route['createPlan']>, BodyOf<Route['createPlan']>>({
      query: (body) => ({ url: '/api/admin/plans', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminPlans', ...CHANGES] : []),
    }),
    /** PATCH /api/admin/plans/:id with the fields that change. */
    adminUpdatePlan: build.mutation<AnswerOf<Route['updatePlan']>, { id: number } & BodyOf<Route['updatePlan']>>({
      query: ({ id, ...body }) => ({ url: `/api/admin/plans/${id}`, method: 'PATCH', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminPlans', ...CHANGES] : []),
    }),

    // --- Nodes ---------------------------------------------------------------------------------
    /** GET /api/admin/nodes → the V2Ray nodes (without their tokens). */
    adminNodes: build.query<AdminNode[], void>({
      query: () => ({ url: '/api/admin/nodes' }),
      transformResponse: items<AdminNode>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminNodes'],
    }),
    /** POST /api/admin/nodes → the node with its token and V2bX config (shown once). */
    adminCreateNode: build.mutation<AdminNodeSecret, AdminNodeInput>({
      query: (body) => ({ url: '/api/admin/nodes', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminNodes', 'AdminOverview', ...CHANGES] : []),
    }),
    /** PATCH /api/admin/nodes/:id. */
    adminUpdateNode: build.mutation<AdminNode, { id: number } & AdminNodeInput>({
      query: ({ id, ...body }) => ({ url: `/api/admin/nodes/${id}`, method: 'PATCH', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminNodes', 'AdminOverview', ...CHANGES] : []),
    }),
    /** POST /api/admin/nodes/:id/rotate-token → a new token (the old one stops working). */
    adminRotateNodeToken: build.mutation<AdminNodeSecret, number>({
      query: (id) => ({ url: `/api/admin/nodes/${id}/rotate-token`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminNodes', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/nodes/:id. */
    adminDeleteNode: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/api/admin/nodes/${id}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminNodes', 'AdminOverview', ...CHANGES] : []),
    }),

    /** GET /api/admin/nodes/:id/hosts → a node's extra addresses, paused ones too. */
    adminNodeHosts: build.query<AdminNodeHost[], number>({
      query: (id) => ({ url: `/api/admin/nodes/${id}/hosts` }),
      transformResponse: items<AdminNodeHost>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: (_result, _error, id) => [{ type: 'AdminNodeHosts', id }],
    }),
    /** POST /api/admin/nodes/:id/hosts → the new host. */
    adminCreateNodeHost: build.mutation<AdminNodeHost, { nodeId: number } & AdminNodeHostInput>({
      query: ({ nodeId, ...body }) => ({ url: `/api/admin/nodes/${nodeId}/hosts`, method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, { nodeId }) =>
        result ? [{ type: 'AdminNodeHosts', id: nodeId }, ...CHANGES] : [],
    }),
    /** POST /api/admin/nodes/:id/hosts/:hostId/pause or /resume. */
    adminSetNodeHostPaused: build.mutation<AdminNodeHost, { nodeId: number; hostId: number; paused: boolean }>({
      query: ({ nodeId, hostId, paused }) => ({
        url: `/api/admin/nodes/${nodeId}/hosts/${hostId}/${paused ? 'pause' : 'resume'}`,
        method: 'POST',
      }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, { nodeId }) =>
        result ? [{ type: 'AdminNodeHosts', id: nodeId }, ...CHANGES] : [],
    }),
    /** DELETE /api/admin/nodes/:id/hosts/:hostId. */
    adminDeleteNodeHost: build.mutation<{ ok: true }, { nodeId: number; hostId: number }>({
      query: ({ nodeId, hostId }) => ({ url: `/api/admin/nodes/${nodeId}/hosts/${hostId}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, { nodeId }) =>
        result ? [{ type: 'AdminNodeHosts', id: nodeId }, ...CHANGES] : [],
    }),

    // --- RADIUS clients, countries, servers ----------------------------------------------------
    /** GET /api/admin/radius-clients. */
    adminRadiusClients: build.query<AdminRadiusClient[], void>({
      query: () => ({ url: '/api/admin/radius-clients' }),
      transformResponse: items<AdminRadiusClient>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminRadiusClients'],
    }),
    /** POST /api/admin/radius-clients (the secret is not answered back). */
    adminCreateRadiusClient: build.mutation<AdminRadiusClientCreated, AdminRadiusClientInput>({
      query: (body) => ({ url: '/api/admin/radius-clients', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminRadiusClients', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/radius-clients/:id. */
    adminDeleteRadiusClient: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/api/admin/radius-clients/${id}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminRadiusClients', ...CHANGES] : []),
    }),
    /** GET /api/admin/countries. */
    adminCountries: build.query<ItemsOf<Route['countries']>, void>({
      query: () => ({ url: '/api/admin/countries' }),
      transformResponse: items<AdminCountry>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminCountries'],
    }),
    /** POST /api/admin/countries: adds a country (409 `conflict` when its code exists). */
    adminSaveCountry: build.mutation<AnswerOf<Route['saveCountry']>, BodyOf<Route['saveCountry']>>({
      query: (body) => ({ url: '/api/admin/countries', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCountries', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/countries/:code. */
    adminDeleteCountry: build.mutation<AnswerOf<Route['deleteCountry']>, string>({
      query: (code) => ({ url: `/api/admin/countries/${encodeURIComponent(code)}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCountries', ...CHANGES] : []),
    }),
    /** GET /api/admin/servers. */
    adminServers: build.query<ItemsOf<Route['servers']>, void>({
      query: () => ({ url: '/api/admin/servers' }),
      transformResponse: items<AdminServer>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminServers'],
    }),
    /** POST /api/admin/servers. */
    adminCreateServer: build.mutation<AnswerOf<Route['createServer']>, AdminServerInput>({
      query: (body) => ({ url: '/api/admin/servers', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminServers', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/servers/:id. */
    adminDeleteServer: build.mutation<AnswerOf<Route['deleteServer']>, number>({
      query: (id) => ({ url: `/api/admin/servers/${id}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminServers', ...CHANGES] : []),
    }),

    // --- Users ---------------------------------------------------------------------------------
    /** GET /api/admin/users?q&page&pageSize&sort&dir (sort: username, createdAt, expireDate, usedBytes). */
    adminUsers: build.query<AdminPage<AdminUserRow>, AdminUsersQuery | void>({
      query: (query) => ({ url: '/api/admin/users', params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: pageTags<AdminUserRow>('AdminUsers', (row) => row.username),
    }),
    /** GET /api/admin/users/:username. */
    adminUser: build.query<AdminUserDetail, string>({
      query: (username) => ({ url: `/api/admin/users/${encodeURIComponent(username)}` }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: (_result, _error, username) => [{ type: 'AdminUsers', id: username }],
    }),
    /** POST /api/admin/users/bulk: one action on the named or found accounts (a dry run changes nothing). */
    adminUsersBulk: build.mutation<AdminBulkResult, AdminBulkInput>({
      query: (body) => ({ url: '/api/admin/users/bulk', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) =>
        result && !result.dryRun ? [{ type: 'AdminUsers' }, 'AdminOverview', ...CHANGES] : [],
    }),
    /** POST /api/admin/users/:username/:action with the action's fields (`days`, `mb`, `password`). */
    adminUserAction: build.mutation<AdminUserActionResult, AdminUserActionArgs>({
      query: ({ username, action, ...body }) => ({
        url: `/api/admin/users/${encodeURIComponent(username)}/${action}`,
        method: 'POST',
        body,
      }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, { username }) =>
        result
          ? [{ type: 'AdminUsers', id: username }, { type: 'AdminUsers', id: 'LIST' }, 'AdminOverview', ...CHANGES]
          : [],
    }),

    // --- Orders and payments -------------------------------------------------------------------
    /** GET /api/admin/orders?q&state&gate&from&to&page&pageSize&sort&dir. */
    adminOrders: build.query<AdminPage<AdminOrderRow>, AdminOrdersQuery | void>({
      query: (query) => ({ url: '/api/admin/orders', params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: pageTags<AdminOrderRow>('AdminOrders', (row) => row.resNum),
    }),
    /** GET /api/admin/orders/:resNum: the order with its history and receipt. */
    adminOrder: build.query<AdminOrderDetail, string>({
      query: (resNum) => ({ url: `/api/admin/orders/${encodeURIComponent(resNum)}` }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: (_result, _error, resNum) => [{ type: 'AdminOrders', id: resNum }],
    }),
    /** POST /api/admin/orders/:resNum/complete `{ ref }`: the bank's reference of a payment made by hand. */
    adminCompleteOrder: build.mutation<AdminOrderDetail, { resNum: string; ref: string }>({
      query: ({ resNum, ref }) => ({
        url: `/api/admin/orders/${encodeURIComponent(resNum)}/complete`,
        method: 'POST',
        body: { ref },
      }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      // A paid order makes or extends an account and sends a receipt.
      invalidatesTags: (result, _error, { resNum }) =>
        result
          ? [
              { type: 'AdminOrders', id: resNum },
              { type: 'AdminOrders', id: 'LIST' },
              'AdminUsers',
              'AdminOutbox',
              'AdminOverview',
              'AdminReferrals',
              ...CHANGES,
            ]
          : [],
    }),
    /** POST /api/admin/payments/reconcile: asks the gateways about the open orders now. */
    adminReconcilePayments: build.mutation<AdminReconcileSummary, void>({
      query: () => ({ url: '/api/admin/payments/reconcile', method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) =>
        result ? ['AdminOrders', 'AdminUsers', 'AdminOutbox', 'AdminOverview', 'AdminReferrals', ...CHANGES] : [],
    }),

    // --- Card-to-card: the pool and the review queue (CONTRACTS §11) ---------------------------
    /** GET /api/admin/cards → the shop's cards, with their open orders. */
    adminCards: build.query<AdminCard[], void>({
      query: () => ({ url: '/api/admin/cards' }),
      transformResponse: items<AdminCard>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminCards'],
    }),
    /** POST /api/admin/cards: 400 `invalid` (not 16 digits passing Luhn), 409 `conflict` (in the pool already). */
    adminAddCard: build.mutation<AdminCard, AdminCardInput>({
      query: (body) => ({ url: '/api/admin/cards', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCards', ...CHANGES] : []),
    }),
    /** POST /api/admin/cards/:id/enable or /disable: offered to new card orders, or to none. */
    adminSetCardEnabled: build.mutation<AdminCard, { id: number; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: `/api/admin/cards/${id}/${enabled ? 'enable' : 'disable'}`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCards', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/cards/:id (kept for the orders that used it, offered to none). */
    adminRemoveCard: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/api/admin/cards/${id}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCards', ...CHANGES] : []),
    }),
    /**
     * POST /api/admin/orders/:resNum/approve: completes the card order once (an account made or
     * renewed, the receipt e-mailed); 409 `conflict` when another operator decided it first.
     */
    adminApproveCardOrder: build.mutation<AdminCardDecision, string>({
      query: (resNum) => ({ url: `/api/admin/orders/${encodeURIComponent(resNum)}/approve`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, resNum) => (result ? cardDecisionTags(resNum) : []),
    }),
    /** POST /api/admin/orders/:resNum/reject `{ reason }` (the buyer sees it); 409 `conflict` when decided already. */
    adminRejectCardOrder: build.mutation<AdminCardDecision, { resNum: string; reason: string }>({
      query: ({ resNum, reason }) => ({
        url: `/api/admin/orders/${encodeURIComponent(resNum)}/reject`,
        method: 'POST',
        body: { reason },
      }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, { resNum }) => (result ? cardDecisionTags(resNum) : []),
    }),

    // --- Discount codes and gift codes (CONTRACTS §12) -----------------------------------------
    /** GET /api/admin/coupons → the discount codes, newest first, with their uses. */
    adminCoupons: build.query<AdminCoupon[], void>({
      query: () => ({ url: '/api/admin/coupons' }),
      transformResponse: items<AdminCoupon>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminCoupons'],
    }),
    /** POST /api/admin/coupons: 400 `invalid` (a code's shape, both or neither of percent and amount, a plan, dates), 409 `conflict` (the code exists). */
    adminAddCoupon: build.mutation<AdminCoupon, AdminCouponInput>({
      query: (body) => ({ url: '/api/admin/coupons', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCoupons', ...CHANGES] : []),
    }),
    /** POST /api/admin/coupons/:code/disable: new orders refuse it; 404 `not_found`. */
    adminDisableCoupon: build.mutation<AdminCoupon, string>({
      query: (code) => ({ url: `/api/admin/coupons/${encodeURIComponent(code)}/disable`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminCoupons', ...CHANGES] : []),
    }),
    /** POST /api/admin/gifts `{ amount, count, until }` → the gift codes, shown this once. */
    adminAddGifts: build.mutation<AdminGiftBatch, { amount: number; count?: number | null; until?: string | null }>({
      query: (body) => ({ url: '/api/admin/gifts', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? [...CHANGES] : []),
    }),
    /**
     * GET /api/admin/referrals → a page of referred orders, newest first (the inviter, the buyer,
     * the order, the reward or why none), the totals, the top inviters and the referral percent.
     */
    adminReferrals: build.query<AdminReferralsAnswer, AdminReferralsQuery | void>({
      query: (query) => ({ url: '/api/admin/referrals', params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminReferrals'],
    }),

    // --- Outbox --------------------------------------------------------------------------------
    /** GET /api/admin/outbox?state=waiting|sent&q&page&pageSize&sort&dir. */
    adminOutbox: build.query<AdminPage<AdminOutboxRow>, AdminOutboxQuery | void>({
      query: (query) => ({ url: '/api/admin/outbox', params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: pageTags<AdminOutboxRow>('AdminOutbox', (row) => row.id),
    }),
    /** POST /api/admin/outbox/:id/resend. */
    adminResendOutbox: build.mutation<AdminOutboxRow, number>({
      query: (id) => ({ url: `/api/admin/outbox/${id}/resend`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result, _error, id) =>
        result ? [{ type: 'AdminOutbox', id }, { type: 'AdminOutbox', id: 'LIST' }, 'AdminOverview', ...CHANGES] : [],
    }),

    // --- Operators and audit -------------------------------------------------------------------
    /** GET /api/admin/operators. */
    adminOperators: build.query<AdminOperatorRow[], void>({
      query: () => ({ url: '/api/admin/operators' }),
      transformResponse: items<AdminOperatorRow>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminOperators'],
    }),
    /**
     * POST /api/admin/operators: the password (generated when not given) is answered once. An operator
     * with codes on sends their current `code` (401 `otp_required` without it, `bad_otp` when wrong).
     */
    adminCreateOperator: build.mutation<
      AdminOperatorCreated,
      { username: string; password?: string; role?: OperatorRole; code?: string }
    >({
      query: (body) => ({ url: '/api/admin/operators', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminOperators', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/operators/:username. */
    adminDeleteOperator: build.mutation<{ ok: true }, string>({
      query: (username) => ({ url: `/api/admin/operators/${encodeURIComponent(username)}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminOperators', ...CHANGES] : []),
    }),
    /**
     * POST /api/admin/operators/:username/unlock: lifts the lock of too many wrong one-time codes
     * (409 `conflict` for the operator's own lock, which another operator lifts).
     */
    adminUnlockOperator: build.mutation<AdminOperatorRow, string>({
      query: (username) => ({ url: `/api/admin/operators/${encodeURIComponent(username)}/unlock`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminOperators', ...CHANGES] : []),
    }),
    /** PUT /api/admin/operators/:username/role: another role (the owner's; 409 for the last owner). */
    adminSetOperatorRole: build.mutation<AdminOperatorRow, { username: string; role: OperatorRole }>({
      query: ({ username, role }) => ({
        url: `/api/admin/operators/${encodeURIComponent(username)}/role`,
        method: 'PUT',
        body: { role },
      }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminOperators', ...CHANGES] : []),
    }),
    // --- Automation: API tokens and webhooks (CONTRACTS §13, the owner's) --------------------------
    /** GET /api/admin/tokens: by name and role, never the tokens themselves. */
    adminTokens: build.query<AdminApiToken[], void>({
      query: () => ({ url: '/api/admin/tokens' }),
      transformResponse: items<AdminApiToken>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminTokens'],
    }),
    /** POST /api/admin/tokens: the token is in this answer only; 400 `invalid` (name, role), 409 `conflict` (the name is taken). */
    adminCreateToken: build.mutation<
      { name: string; role: OperatorRole; token: string },
      { name: string; role: OperatorRole }
    >({
      query: (body) => ({ url: '/api/admin/tokens', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminTokens', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/tokens/:name: it opens nothing from now on. */
    adminRevokeToken: build.mutation<{ ok: true }, string>({
      query: (name) => ({ url: `/api/admin/tokens/${encodeURIComponent(name)}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminTokens', ...CHANGES] : []),
    }),
    /** GET /api/admin/webhooks: never their secrets. */
    adminWebhooks: build.query<AdminWebhook[], void>({
      query: () => ({ url: '/api/admin/webhooks' }),
      transformResponse: items<AdminWebhook>,
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminWebhooks'],
    }),
    /** POST /api/admin/webhooks: the signing secret is in this answer only; 400 `invalid` (the URL, an event). */
    adminCreateWebhook: build.mutation<AdminWebhookCreated, AdminWebhookInput>({
      query: (body) => ({ url: '/api/admin/webhooks', method: 'POST', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminWebhooks', ...CHANGES] : []),
    }),
    /** DELETE /api/admin/webhooks/:id, with its delivery log. */
    adminRemoveWebhook: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/api/admin/webhooks/${id}`, method: 'DELETE' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminWebhooks', ...CHANGES] : []),
    }),
    /** GET /api/admin/webhooks/:id/deliveries?page&pageSize: the delivery log, newest first. */
    adminWebhookDeliveries: build.query<AdminPage<AdminWebhookDelivery>, { id: number } & AdminListQuery>({
      query: ({ id, ...query }) => ({ url: `/api/admin/webhooks/${id}/deliveries`, params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminWebhooks'],
    }),
    /** POST /api/admin/webhooks/:id/test: a `test` event queued (sent by the server's job, signed and retried). */
    adminTestWebhook: build.mutation<{ ok: true; delivery: number }, number>({
      query: (id) => ({ url: `/api/admin/webhooks/${id}/test`, method: 'POST' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminWebhooks', ...CHANGES] : []),
    }),
    /** GET /api/admin/audit?q&page&pageSize: newest first; `q` finds an operator, action or target by its start. */
    adminAudit: build.query<AdminPage<AdminAuditEntry>, AdminAuditQuery | void>({
      query: (query) => ({ url: '/api/admin/audit', params: adminListParams(query) }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminAudit'],
    }),

    // --- Settings ------------------------------------------------------------------------------
    /** GET /api/admin/settings. */
    adminSettings: build.query<ShopSettings, void>({
      query: () => ({ url: '/api/admin/settings' }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      providesTags: ['AdminSettings'],
    }),
    /** PUT /api/admin/settings with the settings that change. */
    adminUpdateSettings: build.mutation<ShopSettings, Partial<ShopSettings>>({
      query: (body) => ({ url: '/api/admin/settings', method: 'PUT', body }),
      transformErrorResponse: withCode,
      onQueryStarted: watchSession,
      invalidatesTags: (result) => (result ? ['AdminSettings', 'AdminReferrals', ...CHANGES] : []),
    }),
  }),
});

// The operator a sign-in answers is `me` at once: the console opens without asking again.
adminApi.enhanceEndpoints({
  endpoints: {
    adminLogin: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(adminApi.util.upsertQueryData('adminMe', undefined, data));
        } catch {
          return;
        }
      },
    },
  },
});

export const {
  useAdminMeQuery,
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useAdminTotpSetupMutation,
  useAdminTotpEnableMutation,
  useAdminTotpDisableMutation,
  useAdminOverviewQuery,
  useAdminPlansQuery,
  useAdminCreatePlanMutation,
  useAdminUpdatePlanMutation,
  useAdminNodesQuery,
  useAdminCreateNodeMutation,
  useAdminUpdateNodeMutation,
  useAdminRotateNodeTokenMutation,
  useAdminDeleteNodeMutation,
  useAdminNodeHostsQuery,
  useAdminCreateNodeHostMutation,
  useAdminSetNodeHostPausedMutation,
  useAdminDeleteNodeHostMutation,
  useAdminRadiusClientsQuery,
  useAdminCreateRadiusClientMutation,
  useAdminDeleteRadiusClientMutation,
  useAdminCountriesQuery,
  useAdminSaveCountryMutation,
  useAdminDeleteCountryMutation,
  useAdminServersQuery,
  useAdminCreateServerMutation,
  useAdminDeleteServerMutation,
  useAdminUsersQuery,
  useAdminUserQuery,
  useAdminUserActionMutation,
  useAdminUsersBulkMutation,
  useAdminOrdersQuery,
  useAdminOrderQuery,
  useAdminCompleteOrderMutation,
  useAdminReconcilePaymentsMutation,
  useAdminCardsQuery,
  useAdminAddCardMutation,
  useAdminSetCardEnabledMutation,
  useAdminRemoveCardMutation,
  useAdminApproveCardOrderMutation,
  useAdminRejectCardOrderMutation,
  useAdminCouponsQuery,
  useAdminAddCouponMutation,
  useAdminDisableCouponMutation,
  useAdminAddGiftsMutation,
  useAdminReferralsQuery,
  useAdminOutboxQuery,
  useAdminResendOutboxMutation,
  useAdminOperatorsQuery,
  useAdminCreateOperatorMutation,
  useAdminDeleteOperatorMutation,
  useAdminSetOperatorRoleMutation,
  useAdminUnlockOperatorMutation,
  useAdminAuditQuery,
  useAdminTokensQuery,
  useAdminCreateTokenMutation,
  useAdminRevokeTokenMutation,
  useAdminWebhooksQuery,
  useAdminCreateWebhookMutation,
  useAdminRemoveWebhookMutation,
  useAdminWebhookDeliveriesQuery,
  useAdminTestWebhookMutation,
  useAdminSettingsQuery,
  useAdminUpdateSettingsMutation,
} = adminApi;
