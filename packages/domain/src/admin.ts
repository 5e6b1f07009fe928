/**
 * The operators' web admin (`/admin`, `/api/admin/*`): the shapes its API answers with, shared by the
 * server, the RTK Query endpoints, the MSW mocks and the screens. Amounts are tomans; times ISO 8601
 * UTC; sizes bytes unless the name says MB. Every list answers a page of `AdminPage<T>`.
 */

import type { AdminOrderState } from './contract/admin.ts';

/** The shapes of the admin's requests and answers are the contract's (contract/admin.ts). */
export type {
  AdminCountry,
  AdminPlan,
  AdminPlanInput,
  AdminServer,
  AdminOperator,
  AdminLoginInput,
  AdminTotpSetup,
  AdminOverview,
  AdminNodeProtocol,
  AdminNode,
  AdminNodeInput,
  AdminNodeSecret,
  AdminNodeHost,
  AdminNodeHostInput,
  AdminRadiusClient,
  AdminUserStatus,
  AdminUserRow,
  AdminUserDetail,
  AdminOrderState,
  AdminOrderRow,
  AdminOrderDetail,
  AdminReconcileSummary,
  AdminOutboxRow,
  AdminOperatorRow,
  AdminOperatorCreated,
  AdminApiToken,
  AdminAuditEntry,
  ShopSettings,
} from './contract/admin.ts';
export type { AdminCard, AdminCardInput, AdminCardOrderInfo, AdminCardDecision } from './contract/cards.ts';
export type {
  AdminWebhook,
  AdminWebhookCreated,
  AdminWebhookDelivery,
  AdminWebhookInput,
} from './contract/webhooks.ts';
export type {
  AdminCoupon,
  AdminCouponInput,
  AdminGiftBatch,
  AdminReferral,
  AdminReferralInviter,
  AdminReferralsAnswer,
  ReferralNoRewardReason,
} from './contract/growth.ts';

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

/** The admin API's error codes: `AdminErrorCode` in `contract/errors.ts`, with the rest of the table. */

/** A user action: `POST /api/admin/users/:username/{suspend|unsuspend|extend|add-data|reset-password|end-devices}`. */
export type AdminUserAction =
  | { action: 'suspend' }
  | { action: 'unsuspend' }
  | { action: 'extend'; days: number }
  | { action: 'add-data'; mb: number }
  | { action: 'reset-password'; password?: string }
  | { action: 'end-devices' };

/**
 * A bulk action on accounts (`POST /api/admin/users/bulk`, `separ-admin users bulk`): on the named
 * accounts or on those a filter finds, each audited once as `users.bulk-<action>` with its count.
 */
export const ADMIN_BULK_ACTIONS = [
  'extend',
  'add-data',
  'suspend',
  'unsuspend',
  'reset-usage',
  'delete-expired',
] as const;
export type AdminBulkActionName = (typeof ADMIN_BULK_ACTIONS)[number];

/** The most accounts one bulk call may change: more is refused, never cut short. */
export const ADMIN_BULK_MAX = 10_000;

/** A bulk action's request as the console sends it (`AdminBulkInput` in the contract). */
export interface AdminBulkRequest {
  action: AdminBulkActionName;
  usernames?: string[];
  filter?: { q?: string };
  days?: number;
  mb?: number;
  /** delete-expired: the count of accounts it deletes, typed by the operator. */
  confirm?: string;
  dryRun?: boolean;
}

/** Its answer (`AdminBulkResult`): the accounts found, those changed, those left as they were. */
export interface AdminBulkOutcome {
  action: AdminBulkActionName;
  matched: number;
  count: number;
  skipped: number;
  dryRun: boolean;
}

export function isAdminBulkAction(value: unknown): value is AdminBulkActionName {
  return typeof value === 'string' && (ADMIN_BULK_ACTIONS as readonly string[]).includes(value);
}

/** Filters of `GET /api/admin/orders` beside AdminListQuery (`from`/`to`: YYYY-MM-DD, inclusive). */
export interface AdminOrderFilter {
  /** An order's state, or `awaiting_review`: the card orders whose receipt waits for an operator. */
  state?: AdminOrderState | 'awaiting_review';
  gate?: string;
  from?: string;
  to?: string;
}

/**
 * Every action the server writes to the audit log (`audit()` in apps/server/src/admin takes only
 * these): each has a label in both languages on the audit screen (`admin:audit.actions`, the
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
  'node.host-add',
  'node.host-pause',
  'node.host-resume',
  'node.host-remove',
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
  'users.bulk-extend',
  'users.bulk-add-data',
  'users.bulk-suspend',
  'users.bulk-unsuspend',
  'users.bulk-reset-usage',
  'users.bulk-delete-expired',
  'order.complete',
  'order.refund',
  'payments.reconcile',
  'outbox.resend',
  'outbox.send',
  'reminders.run',
  'wallet.adjust',
  'card.add',
  'card.enable',
  'card.disable',
  'card.remove',
  'order.approve',
  'order.reject',
  'coupon.add',
  'coupon.disable',
  'gift.add',
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
  'operator.link-chat',
  'backup.create',
  'backup.restore',
  'operator.role',
  'token.add',
  'token.revoke',
  'webhook.add',
  'webhook.remove',
  'webhook.test',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Whether an audit entry's action is one the server writes (and the screen has a label for). */
export function isAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** The key of an action's label in `admin:audit.actions`: `user.add-data` → `user_add_data`. */
export function auditActionKey(action: AuditAction): string {
  return action.replace(/[.-]/g, '_');
}
