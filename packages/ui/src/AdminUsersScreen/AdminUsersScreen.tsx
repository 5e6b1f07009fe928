import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBulkOutcome, AdminBulkRequest, AdminUserRow } from '@separ/domain';
import { AdminNotice } from '../AdminNotice';
import { AdminUsersBulk, bulkKey, type BulkDialogState, type BulkTarget } from './AdminUsersBulk';
import { RecordCell } from '../AdminDataTable/RecordLink';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { useFormat, type Formatter } from '../format';
import { UserStatusBadge } from './UserStatusBadge';
import { MB } from '@separ/domain';

/** `GET /api/admin/users`: search (username or e-mail), sort (username, createdAt, expireDate, usedBytes), page and size. */
export interface AdminUsersScreenProps extends AdminListProps<AdminUserRow> {
  /** The address of an account's page (`/admin/users/sp482913`). */
  userTo(username: string): string;
  /**
   * The bulk actions (`POST /api/admin/users/bulk`, admin and owner only): with it, each row has a
   * checkbox, the bar offers to take every account the search finds, and the actions run on the
   * ticked or found accounts. Resolve with the answer; reject with the error (the dialog says it).
   */
  onBulk?(request: AdminBulkRequest): Promise<AdminBulkOutcome>;
  /** Stories: the accounts ticked at first, all that the search finds, a bulk dialog open, a result shown. */
  initialSelection?: string[];
  initialMatching?: boolean;
  initialBulkDialog?: BulkDialogState | null;
  initialOutcome?: AdminBulkOutcome | null;
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

/** The accounts: search by username or e-mail, sort, open one, and act on many at once. */
export function AdminUsersScreen({
  userTo,
  onBulk,
  initialSelection = [],
  initialMatching = false,
  initialBulkDialog = null,
  initialOutcome = null,
  ...list
}: AdminUsersScreenProps) {
  const { query } = list;
  const { t } = useTranslation('admin');
  const format = useFormat();
  const of = (used: string, allowed: string) => t('users.usageOf', { used, allowed });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(initialSelection));
  const q = query.q?.trim() ?? '';
  // "All that the search finds" holds for the search it was chosen under.
  const [matching, setMatching] = useState<string | null>(initialMatching ? q : null);
  const [outcome, setOutcome] = useState<AdminBulkOutcome | null>(initialOutcome);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const allMatching = matching !== null && matching === q;
  const pageTicked = rows.length > 0 && rows.every((row) => selected.has(row.username));
  const toggle = (names: string[], on: boolean) => {
    const next = new Set(allMatching ? rows.map((row) => row.username) : selected);
    for (const name of names) {
      if (on) next.add(name);
      else next.delete(name);
    }
    setMatching(null);
    setSelected(next);
  };
  const clear = () => {
    setSelected(new Set());
    setMatching(null);
  };
  const target: BulkTarget = allMatching
    ? { kind: 'matching', q, total }
    : { kind: 'selected', usernames: [...selected] };
  const selectColumn = onBulk
    ? [
        {
          key: 'select',
          header: t('users.bulk.select'),
          headerContent: (
            <input
              type="checkbox"
              aria-label={t('users.bulk.selectPage')}
              checked={allMatching || pageTicked}
              onChange={(event) =>
                toggle(
                  rows.map((row) => row.username),
                  event.target.checked,
                )
              }
            />
          ),
          cell: (row: AdminUserRow) => (
            <input
              type="checkbox"
              aria-label={t('users.bulk.selectOne', { name: row.username })}
              checked={allMatching || selected.has(row.username)}
              onChange={(event) => toggle([row.username], event.target.checked)}
            />
          ),
        },
      ]
    : [];
  const above = (
    <>
      {outcome ? (
        <AdminNotice tone="success">
          {t(`users.bulk.done.${bulkKey(outcome.action)}`, {
            count: outcome.count,
            n: format.number(outcome.count),
          })}{' '}
          {outcome.skipped > 0
            ? t('users.bulk.skipped', { count: outcome.skipped, n: format.number(outcome.skipped) })
            : null}
        </AdminNotice>
      ) : null}
      {onBulk && (allMatching || selected.size > 0) ? (
        <AdminUsersBulk
          target={target}
          canSelectMatching={!allMatching && pageTicked && total > selected.size ? { total } : null}
          onSelectMatching={() => setMatching(q)}
          onClear={clear}
          onBulk={onBulk}
          onDone={(done) => {
            setOutcome(done);
            clear();
          }}
          initialDialog={initialBulkDialog}
        />
      ) : null}
    </>
  );
  return (
    <AdminListScreen
      texts="users"
      {...list}
      emptyMessage={query.q ? t('users.noMatchMessage', { q: query.q }) : undefined}
      emptyIcon="user"
      rowKey={(row) => String(row.id)}
      columns={[
        ...selectColumn,
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
    >
      {above}
    </AdminListScreen>
  );
}
