// The subscriptions module's public face: /sub/{token} in each client's format, the subscription
// page, and the account's server list.
export { accountServers } from './servers.ts';
export { subscriptionRoutes } from './routes.ts';
export type { SubscriptionRouteOptions } from './routes.ts';
