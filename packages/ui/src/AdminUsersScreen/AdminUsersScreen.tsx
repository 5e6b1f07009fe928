import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@separ/domain';
import { RecordCell } from '../AdminDataTable/RecordLink';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { useFormat, type Formatter } from '../format';
import { UserStatusBadge } from './UserStatusBadge';
import { MB } from '@separ/domain';

/** `GET /api/admin/users`: search (username or e-mail), sort (username, createdAt, expireDate, usedBytes), page and size. */
export interface AdminUsersScreenProps extends AdminListProps<AdminUserRow> {
  /** The address of an account's page (`/admin/users/sp482913`). */
  userTo(username: string): string;
}

/** "18.4 GB of 50 GB" (or "of unlimited"). */
export function usageText(
  format: Formatter,
  usedBytes: number,
  allowedMB: number,
  of: (used: string, allowed: string) => string,
) {
  return of(format.data(usedBytes / MB), format.data(allowedMB));
}

/** The accounts: search by username or e-mail, sort, and open one. */
export function AdminUsersScreen({ userTo, ...list }: AdminUsersScreenProps) {
  const { query } = list;
  const { t } = useTranslation('admin');
  const format = useFormat();
  const of = (used: string, allowed: string) => t('users.usageOf', { used, allowed });
  return (
    <AdminListScreen
      texts="users"
      {...list}
      emptyMessage={query.q ? t('users.noMatchMessage', { q: query.q }) : undefined}
      emptyIcon="user"
      rowKey={(row) => String(row.id)}
      columns={[
        {
          key: 'username',
          header: t('users.columns.username'),
          sort: { sort: 'username' },
          cell: (row) => <RecordCell name={row.username} to={userTo(row.username)} detail={row.email ?? '—'} />,
        },
        {
          key: 'status',
          header: t('users.columns.status'),
          cell: (row) => <UserStatusBadge status={row.status} />,
        },
        {
          key: 'expire',
          header: t('users.columns.expires'),
          sort: { sort: 'expireDate', firstDir: 'desc' },
          cell: (row) =>
            row.expireDate
              ? format.date(row.expireDate)
              : row.status === 'pending'
                ? t('users.onFirstConnection')
                : '—',
        },
        {
          key: 'usage',
          header: t('users.columns.usage'),
          sort: { sort: 'usedBytes', firstDir: 'desc' },
          cell: (row) => usageText(format, row.usedBytes, row.allowedMB, of),
        },
        {
          key: 'devices',
          header: t('users.columns.devices'),
          cell: (row) =>
            t('users.devicesOf', { used: format.number(row.devices), allowed: format.number(row.allowedDevices) }),
        },
        {
          key: 'created',
          header: t('users.columns.created'),
          sort: { sort: 'createdAt', firstDir: 'desc' },
          cell: (row) => format.date(row.createdAt),
        },
      ]}
    />
  );
}
