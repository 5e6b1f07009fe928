// The cards module's public face (CONTRACTS §11): the card-to-card gate the composition root plugs
// into payments, the buyer's routes, the operators' routes and separ-admin's commands.
import type { CardGate } from '../payments/index.ts';
import { cardsActive } from './pool.ts';
import { awaitingReview, describeCardOrders, expireCardOrders, openCardOrder } from './service.ts';

/** The card gate as payments takes it (its purchase branch, card_active, reconciliation, the admin's rows). */
export const cardGate: CardGate = {
  active: (ctx) => cardsActive(ctx.db),
  open: openCardOrder,
  expire: expireCardOrders,
  describe: describeCardOrders,
  awaitingReview,
};

export { addCard, cardsActive, listCards, removeCard, setCardEnabled } from './pool.ts';
export {
  approveCardOrder,
  cardOrderUrl,
  expireCardOrders,
  openCardOrder,
  rejectCardOrder,
  receiptImage,
} from './service.ts';
export { checkReceiptImage, sniffImage } from './image.ts';
export { cardRoutes } from './routes.ts';
export { cardsAdminRoutes } from './adminRoutes.ts';
export { CARD_COMMANDS } from './cli.ts';
export { cardOrderForChat, chatAwaitsTransfer, chatReceipt, claimChatOutcomes } from './bot.ts';
export type { ChatCardOrder, ChatCardOutcome } from './bot.ts';
