export {
  ADMIN_ORDER_STATES,
  AdminOrdersScreen,
  type AdminOrdersQuery,
  type AdminOrdersScreenProps,
} from './AdminOrdersScreen';
export { AdminOrderDetailView, checkBankReference, type AdminOrderDetailViewProps } from './AdminOrderDetailView';
export { OrderStateBadge } from './OrderStateBadge';
