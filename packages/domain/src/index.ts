/**
 * @separ/domain — Separ's business rules as pure functions: plan pricing, formats, account status,
 * validation, payment results and server links. No React, no I/O, no clock: callers pass `now`.
 */
export * from './units.ts';
export * from './format.ts';
export * from './plans.ts';
export * from './account.ts';
export * from './payments.ts';
export * from './validation.ts';
export * from './servers.ts';
export * from './constants.ts';
export * from './fallbackPlans.ts';
export { asRecord, toNumber, toText } from './records.ts';
export * from './apps.ts';
export * from './admin.ts';
export * from './shop.ts';
export * from './delivery.ts';
export * from './wallet.ts';
export * from './contract/errors.ts';
export * from './cards.ts';
export * from './dollars.ts';
export * from './growth.ts';
export * from './roles.ts';
export * from './reset.ts';
export * from './webhooks.ts';
