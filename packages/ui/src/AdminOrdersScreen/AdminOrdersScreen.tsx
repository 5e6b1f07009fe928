import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GATEWAYS,
  type AdminListQuery,
  type AdminOrderFilter,
  type AdminOrderRow,
  type AdminOrderState,
  type AdminReconcileSummary,
} from '@separ/domain';
import { LongRef } from '../AdminDataTable/AdminScreen.styles';
import { RecordCell, RecordLink } from '../AdminDataTable/RecordLink';
import { AdminInput, AdminSelect } from '../AdminField';
import { AdminListScreen, type AdminListProps } from '../AdminListScreen';
import { AdminNotice, adminErrorText } from '../AdminNotice';
import { Button } from '../Button';
import { useFormat } from '../format';
import { IconButton } from '../IconButton';
import { Ltr } from '../Layout';
import { Summary } from './AdminOrdersScreen.styles';
import { OrderStateBadge } from './OrderStateBadge';

/** What the orders list asks of the server: search, sort and page, and the filters. */
export type AdminOrdersQuery = AdminListQuery & AdminOrderFilter;

export const ADMIN_ORDER_STATES: readonly AdminOrderState[] = ['pending', 'paid', 'failed', 'expired'];

/**
 * `GET /api/admin/orders`: search (order number, e-mail, bank reference, username), state, gate,
 * from/to (YYYY-MM-DD), sort, page. A date range that ends before it starts is not reported.
 */
export interface AdminOrdersScreenProps extends AdminListProps<AdminOrderRow, AdminOrdersQuery> {
  /** The gates to filter by (the shop's by default: ird, spay). */
  gates?: readonly string[];
  /** The address of an order's page, and of an account's. */
  orderTo(resNum: string): string;
  userTo?(username: string): string;
  /** `POST /api/admin/payments/reconcile`: resolve with its summary, shown above the list; reject with the error. */
  onReconcile(): Promise<AdminReconcileSummary>;
  /** A summary shown at first (stories). */
  initialSummary?: AdminReconcileSummary | null;
}

const SUMMARY_KEYS = ['checked', 'completed', 'failed', 'expired', 'open', 'unknown', 'busy', 'errors'] as const;

/**
 * The orders: search, filters by state, gate and dates, the list, and "reconcile now" with its
 * summary (what the bank said of the orders still open).
 */
export function AdminOrdersScreen({
  gates = GATEWAYS,
  orderTo,
  userTo,
  onReconcile,
  initialSummary = null,
  ...list
}: AdminOrdersScreenProps) {
  const { query, onQueryChange } = list;
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [summary, setSummary] = useState<AdminReconcileSummary | null>(initialSummary);
  const [reconciling, setReconciling] = useState(false);
  const [reconcileError, setReconcileError] = useState<string | null>(null);
  // The dates as typed: a range that ends before it starts stays here, with its error, unreported.
  const [dates, setDates] = useState({ from: query.from ?? '', to: query.to ?? '' });
  const [seen, setSeen] = useState({ from: query.from, to: query.to });
  if (seen.from !== query.from || seen.to !== query.to) {
    setSeen({ from: query.from, to: query.to });
    setDates({ from: query.from ?? '', to: query.to ?? '' });
  }
  const badRange = dates.from !== '' && dates.to !== '' && dates.from > dates.to;

  const setDate = (field: 'from' | 'to', value: string) => {
    const next = { ...dates, [field]: value };
    setDates(next);
    if (next.from !== '' && next.to !== '' && next.from > next.to) return;
    onQueryChange({ ...query, from: next.from || undefined, to: next.to || undefined, page: 1 });
  };

  const reconcile = async () => {
    setReconciling(true);
    setReconcileError(null);
    try {
      setSummary(await onReconcile());
    } catch (error) {
      setReconcileError(adminErrorText(error, t, 'orders.reconcile.error'));
    } finally {
      setReconciling(false);
    }
  };

  const filtered = Boolean(query.state || query.gate || query.from || query.to);
  const gateName = (gate: string) => (GATEWAYS.includes(gate as never) ? t(`orders.gates.${gate}`) : gate);
  const all = t('orders.filters.all');

  return (
    <AdminListScreen
      texts="orders"
      actions={
        <Button icon="refresh" variant="secondary" loading={reconciling} onClick={() => void reconcile()}>
          {t('orders.reconcile.button')}
        </Button>
      }
      {...list}
      filters={
        <>
          <AdminSelect<AdminOrderState | 'awaiting_review' | ''>
            size="sm"
            label={t('orders.filters.state')}
            value={query.state ?? ''}
            options={[
              { value: '', label: all },
              ...ADMIN_ORDER_STATES.map((state) => ({ value: state, label: t(`orders.states.${state}`) })),
              // The card orders whose receipt waits for an operator (CONTRACTS §11).
              { value: 'awaiting_review', label: t('orders.states.awaiting_review') },
            ]}
            onChange={(state) => onQueryChange({ ...query, state: state || undefined, page: 1 })}
          />
          <AdminSelect
            size="sm"
            label={t('orders.filters.gate')}
            value={query.gate ?? ''}
            options={[{ value: '', label: all }, ...gates.map((gate) => ({ value: gate, label: gateName(gate) }))]}
            onChange={(gate) => onQueryChange({ ...query, gate: gate || undefined, page: 1 })}
          />
          <AdminInput
            size="sm"
            type="date"
            dir="ltr"
            label={t('orders.filters.from')}
            value={dates.from}
            max={dates.to || undefined}
            onChange={(value) => setDate('from', value)}
            hint={dates.from ? format.date(`${dates.from}T12:00:00Z`) : undefined}
          />
          <AdminInput
            size="sm"
            type="date"
            dir="ltr"
            label={t('orders.filters.to')}
            value={dates.to}
            min={dates.from || undefined}
            onChange={(value) => setDate('to', value)}
            error={badRange ? t('orders.filters.badRange') : undefined}
            hint={dates.to && !badRange ? format.date(`${dates.to}T12:00:00Z`) : undefined}
          />
        </>
      }
      onClearFilters={
        filtered
          ? () =>
              onQueryChange({
                ...query,
                q: '',
                state: undefined,
                gate: undefined,
                from: undefined,
                to: undefined,
                page: 1,
              })
          : undefined
      }
      emptyMessage={query.q || filtered ? t('orders.noMatchMessage') : undefined}
      emptyIcon="receipt"
      rowKey={(row) => row.resNum}
      columns={[
        {
          key: 'resNum',
          header: t('orders.columns.resNum'),
          cell: (row) => <RecordCell name={row.resNum} to={orderTo(row.resNum)} detail={row.email} />,
        },
        { key: 'state', header: t('orders.columns.state'), cell: (row) => <OrderStateBadge state={row.state} /> },
        {
          key: 'amount',
          header: t('orders.columns.amount'),
          sort: { sort: 'amount', firstDir: 'desc' },
          cell: (row) => format.toman(row.amount),
        },
        { key: 'gate', header: t('orders.columns.gate'), cell: (row) => gateName(row.gate) },
        {
          key: 'customer',
          header: t('orders.columns.customer'),
          cell: (row) => (row.username === null ? '—' : <RecordLink name={row.username} to={userTo?.(row.username)} />),
        },
        {
          key: 'refNum',
          header: t('orders.columns.refNum'),
          cell: (row) =>
            row.refNum ? (
              <LongRef>
                <Ltr>{row.refNum}</Ltr>
              </LongRef>
            ) : (
              '—'
            ),
        },
        {
          key: 'created',
          header: t('orders.columns.created'),
          sort: { sort: 'createdAt', firstDir: 'desc' },
          cell: (row) => format.dateTime(row.createdAt),
        },
      ]}
    >
      {reconcileError ? <AdminNotice tone="error">{reconcileError}</AdminNotice> : null}
      {summary ? (
        <Summary role="status" aria-labelledby="admin-reconcile-title">
          <header>
            <h2 id="admin-reconcile-title">{t('orders.reconcile.title')}</h2>
            <IconButton icon="x" label={t('orders.reconcile.dismiss')} onClick={() => setSummary(null)} />
          </header>
          <dl>
            {SUMMARY_KEYS.map((key) => (
              <div key={key} data-key={key} data-nonzero={summary[key] > 0 || undefined}>
                <dt>{t(`orders.reconcile.${key}`)}</dt>
                <dd>{format.number(summary[key])}</dd>
              </div>
            ))}
          </dl>
        </Summary>
      ) : null}
    </AdminListScreen>
  );
}
