import { useParams } from 'react-router-dom';
import {
  useAdminUserActionMutation,
  useAdminUserQuery,
  useAdminUsersBulkMutation,
  useAdminUsersQuery,
} from '@separ/api';
import { roleMayUse, type AdminOperator } from '@separ/domain';
import { AdminUserDetailView, AdminUsersScreen } from '@separ/ui';
import { adminAction } from './errors.ts';
import { itemView, listAddress, useAdminList } from './useListQuery.ts';

export const userTo = (username: string) => `/admin/users/${encodeURIComponent(username)}`;
export const orderTo = (resNum: string) => `/admin/orders/${encodeURIComponent(resNum)}`;

/**
 * The accounts (`GET /api/admin/users`): search, sort and page in the address; for the roles that
 * may (admin, owner), the bulk actions on the ticked accounts or on all the search finds.
 */
export function UsersPage({ operator }: { operator: AdminOperator }) {
  const [bulk] = useAdminUsersBulkMutation();
  const mayBulk = roleMayUse(operator.role, 'POST /api/admin/users/bulk');
  return (
    <AdminUsersScreen
      {...useAdminList(useAdminUsersQuery)}
      userTo={userTo}
      onBulk={mayBulk ? (request) => adminAction(bulk(request).unwrap()) : undefined}
    />
  );
}

/** One account and the operator's actions on it; an action refreshes it and the lists it is in. */
export function UserPage() {
  const { username = '' } = useParams();
  const user = useAdminUserQuery(username);
  const [act] = useAdminUserActionMutation();
  return (
    <AdminUserDetailView
      {...itemView(user)}
      user={user.currentData ?? null}
      backTo={listAddress('/admin/users')}
      orderTo={orderTo}
      onAction={async (action) => {
        const result = await adminAction(act({ username, ...action }).unwrap());
        return result.password === undefined ? undefined : { password: result.password };
      }}
    />
  );
}
