/**
 * `@separ/domain/contract`: the HTTP contract of every route, once (issue #29). A subpath of its own,
 * so that the web app, which needs only the types, never bundles the schemas.
 */
export * from './common.ts';
export * from './errors.ts';
export * from './public.ts';
export * from './site.ts';
export * from './panel.ts';
export * from './app.ts';
export * from './payments.ts';
export * from './admin.ts';
export * from './nodes.ts';
export * from './subscription.ts';
export * from './operations.ts';
export * from './wallet.ts';
export * from './cards.ts';
export * from './growth.ts';
export * from './webhooks.ts';
