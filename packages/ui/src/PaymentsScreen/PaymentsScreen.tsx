import { useTranslation } from 'react-i18next';
import { paymentState, type Payment } from '@separ/domain';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Card, Ltr } from '../Layout';
import { Counters, PanelFooterLinks, PanelTitle, TipBox } from '../PanelLayout';
import { Spinner } from '../Spinner';
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
  let content;
  if (status === 'loading') content = <Spinner block label={t('payments.loading')} />;
  else if (status === 'error')
    content = (
      <ErrorView
        title={t('errors:panel.payments')}
        retryLabel={t('errors:actions.retry')}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  else
    content = (
      <>
        <Counters>
          <div>
            <dt>{t('payments.total')}</dt>
            <dd>{format.number(payments.length)}</dd>
          </div>
          <div>
            <dt>{t('payments.successful')}</dt>
            <dd>{format.number(payments.filter((p) => paymentState(p.state) === 'success').length)}</dd>
          </div>
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
      </>
    );
  return (
    <>
      <PanelTitle>
        <div>
          <Button to="/panel" variant="ghost" size="sm" icon="arrowBack">
            {t('payments.back')}
          </Button>
        </div>
        <h1>{t('payments.title')}</h1>
        <p>{t('payments.subtitle')}</p>
      </PanelTitle>
      {content}
      <PanelFooterLinks />
    </>
  );
}
