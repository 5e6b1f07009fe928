import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { roleMayUse, type OperatorRole } from '@separ/domain';

/**
 * The signed-in operator's role for the console's screens (CONTRACTS §13): a screen hides a control
 * whose route the role may not use, by the same table the server checks. Without a provider (a
 * screen's own story), the owner's: everything shows.
 */
const AdminRoleContext = createContext<OperatorRole>('owner');

export function AdminRoleProvider({ operatorRole, children }: { operatorRole: OperatorRole; children: ReactNode }) {
  return <AdminRoleContext.Provider value={operatorRole}>{children}</AdminRoleContext.Provider>;
}

/** The role of the console's operator. */
export function useAdminRole(): OperatorRole {
  return useContext(AdminRoleContext);
}

/** Whether the operator's role may use an admin route (`METHOD /api/admin/...`, as packages/domain's roles.ts names it). */
export function useAdminMay(): (route: string) => boolean {
  const role = useAdminRole();
  return useCallback((route: string) => roleMayUse(role, route), [role]);
}
