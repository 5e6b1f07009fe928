import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { AdminListQuery, AdminOutboxRow } from '@separ/domain';
import { Cell } from '../AdminDataTable/AdminScreen.styles';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { adminErrorText } from '../AdminNotice';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Chips } from '../Chips';
import { useFormat } from '../format';
import { Ltr } from '../Layout';

/** What the outbox list asks: search, page, and waiting or sent. */
export type AdminOutboxQuery = AdminListQuery & { state?: 'waiting' | 'sent' };

/** `GET /api/admin/outbox`: search, waiting or sent, page. */
export interface AdminOutboxScreenProps extends AdminListProps<AdminOutboxRow, AdminOutboxQuery> {
  /** `POST /api/admin/outbox/:id/resend`: resolve once queued again (refresh `data`); reject with the error, shown on its row. */
  onResend(id: number): Promise<unknown>;
}

const KNOWN_KINDS = ['receipt', 'reminder'];

const RowError = styled.small`
  color: ${({ theme }) => theme.colors.danger} !important;
  font-weight: 600;
`;

const Done = styled.small`
  color: ${({ theme }) => theme.colors.success} !important;
  font-weight: 600;
`;

/** Subjects are Persian or English: each keeps its own direction. */
const Subject = styled.bdi`
  unicode-bidi: isolate;
`;

/** The e-mails waiting in the outbox and those sent, with a resend button per message. */
export function AdminOutboxScreen({ onResend, ...list }: AdminOutboxScreenProps) {
  const { query, onQueryChange } = list;
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [results, setResults] = useState<Readonly<Record<number, { ok: true } | { ok: false; message: string }>>>({});

  const resend = async (id: number) => {
    setBusy((set) => new Set(set).add(id));
    try {
      await onResend(id);
      setResults((all) => ({ ...all, [id]: { ok: true } }));
    } catch (error) {
      setResults((all) => ({ ...all, [id]: { ok: false, message: adminErrorText(error, t) } }));
    } finally {
      setBusy((set) => {
        const next = new Set(set);
        next.delete(id);
        return next;
      });
    }
  };

  const filter = query.state ?? 'all';
  return (
    <AdminListScreen
      texts="outbox"
      {...list}
      filters={
        <Chips
          label={t('outbox.filter')}
          value={filter}
          items={(['all', 'waiting', 'sent'] as const).map((value) => ({
            value,
            label: t(`outbox.filters.${value}`),
          }))}
          onChange={(value) => onQueryChange({ ...query, state: value === 'all' ? undefined : value, page: 1 })}
        />
      }
      onClearFilters={query.state ? () => onQueryChange({ ...query, q: '', state: undefined, page: 1 }) : undefined}
      emptyMessage={query.q || query.state ? undefined : t('outbox.emptyMessage')}
      emptyIcon="send"
      rowKey={(row) => String(row.id)}
      columns={[
        {
          key: 'message',
          header: t('outbox.columns.message'),
          cell: (row) => (
            <Cell>
              <Subject>{row.subject}</Subject>
              <small>
                {KNOWN_KINDS.includes(row.kind) ? t(`outbox.kinds.${row.kind}`) : <Ltr>{row.kind}</Ltr>}
                {' · '}
                <Ltr>{row.recipient}</Ltr>
              </small>
            </Cell>
          ),
        },
        {
          key: 'state',
          header: t('outbox.columns.state'),
          cell: (row) => (
            <Cell>
              {row.sentAt ? (
                <Badge tone="success" icon="check">
                  {t('outbox.sent')}
                </Badge>
              ) : (
                <Badge tone={row.lastError ? 'danger' : 'warning'} icon={row.lastError ? 'alert' : 'clock'}>
                  {t('outbox.waiting')}
                </Badge>
              )}
              <small>
                {row.sentAt
                  ? format.dateTime(row.sentAt)
                  : t('outbox.attempts', { count: row.attempts, n: format.number(row.attempts) })}
              </small>
            </Cell>
          ),
        },
        {
          key: 'error',
          header: t('outbox.columns.lastError'),
          cell: (row) => (row.lastError ? <Ltr>{row.lastError}</Ltr> : '—'),
        },
        {
          key: 'created',
          header: t('outbox.columns.created'),
          sort: { sort: 'createdAt', firstDir: 'desc' },
          cell: (row) => format.dateTime(row.createdAt),
        },
        {
          key: 'action',
          header: t('outbox.columns.action'),
          cell: (row) => {
            const result = results[row.id];
            return (
              <Cell>
                <div>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon="send"
                    loading={busy.has(row.id)}
                    onClick={() => void resend(row.id)}
                    aria-label={t('outbox.resendLabel', { subject: row.subject, recipient: row.recipient })}
                  >
                    {t('outbox.resend')}
                  </Button>
                </div>
                <span role="status">
                  {result?.ok ? <Done>{t('outbox.queued')}</Done> : null}
                  {result && !result.ok ? <RowError>{result.message}</RowError> : null}
                </span>
              </Cell>
            );
          },
        },
      ]}
    />
  );
}
