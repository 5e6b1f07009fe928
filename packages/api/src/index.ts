/**
 * @separ/api — the backend of SPEC §7 as one RTK Query api: a shared base query (10 s timeout,
 * cookies, the error catalogue of SPEC §8) with endpoints injected per feature.
 * The MSW handlers that imitate the backend live in `@separ/api/mocks`.
 */
export { separApi, TAGS } from './api.ts';
export { separBaseQuery, type ApiConfig, type ApiExtra, type RequestArgs, type Method } from './baseQuery.ts';
export * from './errors.ts';
export { logWarning } from './log.ts';
export * from './endpoints/plans.ts';
export * from './endpoints/payments.ts';
export * from './endpoints/auth.ts';
export * from './endpoints/appInfo.ts';
export * from './endpoints/panel.ts';
export * from './endpoints/wallet.ts';
export * from './endpoints/cards.ts';
export * from './endpoints/admin.ts';
