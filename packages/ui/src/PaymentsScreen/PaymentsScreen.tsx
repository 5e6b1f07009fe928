import { useTranslation } from 'react-i18next';
import { paymentState, type Payment } from '@separ/domain';
import { Badge } from '../Badge';
import { EmptyState } from '../EmptyState';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Card, Fact, Ltr } from '../Layout';
import { Loadable } from '../Loadable';
import { Counters, PanelFooterLinks, PanelHeading, TipBox } from '../PanelLayout';
import { Table } from '../Table';

const TONE = { success: 'success', failed: 'danger', pending: 'warning' } as const;
const ICON = { success: 'check', failed: 'x', pending: 'clock' } as const;

export interface PaymentsScreenProps {
  status: 'loading' | 'error' | 'ready';
  payments: Payment[];
  onRetry(): void;
  retrying?: boolean;
}

/** The account's payments: counters, the refund notice, and a table with a status badge per payment. */
export function PaymentsScreen({ status, payments, onRetry, retrying = false }: PaymentsScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const format = useFormat();
  return (
    <>
      <PanelHeading
        title={t('payments.title')}
        subtitle={t('payments.subtitle')}
        back={{ to: '/panel', label: t('payments.back') }}
      />
      <Loadable
        status={status}
        loadingLabel={t('payments.loading')}
        error={{ title: t('errors:panel.payments'), retryLabel: t('errors:actions.retry'), onRetry, retrying }}
      >
        <Counters>
          <Fact label={t('payments.total')}>{format.number(payments.length)}</Fact>
          <Fact label={t('payments.successful')}>
            {format.number(payments.filter((p) => paymentState(p.state) === 'success').length)}
          </Fact>
        </Counters>
        <TipBox $tone="warning" style={{ marginBlockEnd: 20 }}>
          <Icon name="refund" size={20} />
          {t('payments.refundNotice')}
        </TipBox>
        {payments.length === 0 ? (
          <Card>
            <EmptyState icon="receipt" title={t('payments.emptyTitle')} message={t('payments.emptyMessage')} />
          </Card>
        ) : (
          <Table
            caption={t('payments.table.caption')}
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
        )}
      </Loadable>
      <PanelFooterLinks />
    </>
  );
}
