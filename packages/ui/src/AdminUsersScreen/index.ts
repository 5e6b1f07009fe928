export { AdminUsersScreen, type AdminUsersScreenProps } from './AdminUsersScreen';
export { AdminUserDetailView, type AdminUserDetailViewProps } from './AdminUserDetailView';
export { UserStatusBadge } from './UserStatusBadge';
