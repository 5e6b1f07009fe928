// The payments module's public face: orders and their exactly-once settlement, the gateways,
// reconciliation, the purchase and callback routes, and the operators' order functions.
export { CARD_PROVIDER, createGateways, cryptoActive, gatewayActive } from './adapters.ts';
export type { CardGate, CardOrderRequest, Gateways, OrderPrice, PaymentsContext } from './adapters.ts';
export { completeOrderByHand, orderDetail, orderRowOf, reconcileNow, searchOrders } from './admin.ts';
export type { GatewayAdapter } from './gateways.ts';
export {
  claimOrder,
  completeOrder,
  createOrder,
  newOrderNumber,
  ORDER,
  ORDER_STATE_NAMES,
  WALLET_GATE,
  orderById,
  recordEvent,
  releaseClaim,
  resultPayload,
} from './orders.ts';
export { buyFromWallet, creditPrice, walletQuote } from './fromWallet.ts';
export { reconcile } from './reconcile.ts';
export { paymentRoutes } from './routes.ts';
export { isOrderStateName, listOrders, orderDetails } from './service.ts';
export { PAYMENT_COMMANDS } from './cli.ts';
export { paymentsAdminRoutes } from './adminRoutes.ts';
