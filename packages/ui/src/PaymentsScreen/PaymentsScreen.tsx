import { useTranslation } from 'react-i18next';
import { paymentState, type Payment } from '@separ/domain';
import { Badge } from '../Badge';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { PanelRecords } from '../PanelLayout';

const TONE = { success: 'success', failed: 'danger', pending: 'warning' } as const;
const ICON = { success: 'check', failed: 'x', pending: 'clock' } as const;

export interface PaymentsScreenProps {
  status: 'loading' | 'error' | 'ready';
  payments: Payment[];
  onRetry(): void;
  retrying?: boolean;
}

/**
 * The account's payments: counters, the refund notice, and a table with each payment's amount (in
 * dollars too for an order paid in dollars) and a status badge.
 */
export function PaymentsScreen({ status, payments, onRetry, retrying = false }: PaymentsScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const format = useFormat();
  return (
    <PanelRecords
      texts="payments"
      status={status}
      error={{ title: t('errors:panel.payments'), retryLabel: t('errors:actions.retry'), onRetry, retrying }}
      counters={[
        { label: t('payments.total'), value: format.number(payments.length) },
        {
          label: t('payments.successful'),
          value: format.number(payments.filter((p) => paymentState(p.state) === 'success').length),
        },
      ]}
      tip={{ icon: 'refund', text: t('payments.refundNotice'), tone: 'warning' }}
      emptyIcon="receipt"
      rows={payments}
      rowKey={(payment, index) => `${payment.resNum}-${index}`}
      columns={[
        { key: 'index', header: t('payments.table.index'), cell: (_, index) => format.number(index + 1) },
        {
          key: 'res',
          header: t('payments.table.trackingId'),
          cell: (payment) => <Ltr>{payment.resNum || '—'}</Ltr>,
        },
        {
          key: 'ref',
          header: t('payments.table.bankTrackingId'),
          cell: (payment) => <Ltr>{payment.refNum || '—'}</Ltr>,
        },
        {
          key: 'amount',
          header: t('payments.table.amount'),
          // Rials, shown in tomans; an order paid in dollars (CONTRACTS §12) shows its dollars too.
          cell: (payment) =>
            format.paid(
              payment.amount / 10,
              payment.amountUsdCents === undefined ? null : payment.amountUsdCents / 100,
            ),
        },
        {
          key: 'state',
          header: t('payments.table.status'),
          cell: (payment) => {
            const state = paymentState(payment.state);
            return (
              <Badge tone={TONE[state]} icon={ICON[state]}>
                {t(`payments.states.${state}`)}
              </Badge>
            );
          },
        },
      ]}
    />
  );
}
