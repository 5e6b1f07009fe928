import { ADMIN_ROUTES as R } from '@separ/domain/contract';
import type { AppContext } from '../../platform/context.ts';
import { actor, listQuery, type AdminRoutes } from '../../platform/http/admin.ts';
import { serve } from '../../platform/http/contract.ts';
import { searchUsers } from './admin.ts';
import { bulkUsers } from './bulk.ts';

/**
 * The console's account search and bulk actions (docs/ADMIN.md). An account's page and its actions are the
 * operators module's: the page gathers the account's orders and nodes from the other modules.
 */
export const accountsAdminRoutes: AdminRoutes<AppContext> = (admin, ctx) => {
  serve(admin, R.users, async (request) => searchUsers(ctx, listQuery(request.query)));
  // One action on many accounts (admin and owner only: no other role's list names it).
  serve(admin, R.usersBulk, async (request) => bulkUsers(ctx, request.body, actor(request)));
};
