import { useParams } from 'react-router-dom';
import {
  useAdminCompleteOrderMutation,
  useAdminOrderQuery,
  useAdminOrdersQuery,
  useAdminReconcilePaymentsMutation,
} from '@separ/api';
import type { AdminOrderRow } from '@separ/domain';
import { AdminOrderDetailView, AdminOrdersScreen, type AdminOrdersQuery } from '@separ/ui';
import { adminAction } from './errors.ts';
import { itemView, listAddress, useAdminList } from './useListQuery.ts';
import { orderTo, userTo } from './UsersPage.tsx';

const ORDER_FILTERS = ['state', 'gate', 'from', 'to'] as const;

/** The orders (`GET /api/admin/orders`): search, state, gate, days, sort and page in the address; reconcile now. */
export function OrdersPage() {
  const list = useAdminList<AdminOrderRow, AdminOrdersQuery, (typeof ORDER_FILTERS)[number]>(
    useAdminOrdersQuery,
    ORDER_FILTERS,
  );
  const [reconcile] = useAdminReconcilePaymentsMutation();
  return (
    <AdminOrdersScreen
      {...list}
      orderTo={orderTo}
      userTo={userTo}
      onReconcile={() => adminAction(reconcile().unwrap())}
    />
  );
}

/** One order: its history and receipt, and completion by hand with the bank's reference. */
export function OrderPage() {
  const { resNum = '' } = useParams();
  const order = useAdminOrderQuery(resNum);
  const [complete] = useAdminCompleteOrderMutation();
  return (
    <AdminOrderDetailView
      {...itemView(order)}
      order={order.currentData ?? null}
      backTo={listAddress('/admin/orders')}
      userTo={userTo}
      onComplete={(ref) => adminAction(complete({ resNum, ref }).unwrap())}
    />
  );
}
