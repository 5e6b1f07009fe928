// The messaging module's public face: the outbox (receipts by e-mail), expiry reminders and their
// routes, and the messaging bot (its process, its service functions and the panel's link code).
export { startBot } from './bot.ts';
export type { RunningBot } from './bot.ts';
export { botRoutes } from './botRoutes.ts';
export { botStatus } from './botService.ts';
export { deliverOutbox } from './mail.ts';
export { reminderRoutes } from './reminderRoutes.ts';
export { runReminders } from './reminders.ts';
export { MESSAGING_COMMANDS } from './cli.ts';
export { listOutbox, resendOutbox, runRemindersNow, sendOutboxNow } from './outbox.ts';
export { messagingAdminRoutes } from './adminRoutes.ts';
export { createOperatorChatCode, operatorChats, sendDocumentsToOperators } from './operatorsChat.ts';
