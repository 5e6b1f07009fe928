// The webhooks module's public face (CONTRACTS §13): the owner's webhooks, their signed and retried
// deliveries (a job of main.ts), the console's routes and separ-admin's commands.
export {
  addWebhook,
  listDeliveries,
  listWebhooks,
  queueTestEvent,
  removeWebhook,
  signature,
  SECRET_PREFIX,
} from './webhooks.ts';
export { deliverWebhooks, fanOutEvents, retryDelay } from './deliver.ts';
export { webhooksAdminRoutes } from './adminRoutes.ts';
export { WEBHOOK_COMMANDS, WEBHOOK_HELP, WEBHOOK_OPTION_SPECS } from './cli.ts';
