import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { GATEWAYS, type AdminOrderDetail } from '@separ/domain';
import { AdminDialog } from '../AdminDialog';
import { AdminInput } from '../AdminField';
import { adminErrorText } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { Facts, Muted, RowLink, Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Ltr } from '../Layout';
import { AppLink } from '../provider';
import { Spinner } from '../Spinner';
import { CompleteForm, Timeline } from './AdminOrdersScreen.styles';
import { OrderStateBadge } from './OrderStateBadge';

/** A bank reference as gateways write it: letters, digits and dashes, 4 to 64. */
export function checkBankReference(ref: string): 'refRequired' | 'refInvalid' | null {
  const trimmed = ref.trim();
  if (trimmed === '') return 'refRequired';
  if (!/^[A-Za-z0-9-]{4,64}$/.test(trimmed)) return 'refInvalid';
  return null;
}

export interface AdminOrderDetailViewProps {
  status: 'loading' | 'error' | 'ready';
  /** `GET /api/admin/orders/:resNum`; null while it loads. */
  order: AdminOrderDetail | null;
  onRetry(): void;
  /** The orders list (with the container's last query). */
  backTo: string;
  userTo?(username: string): string;
  /**
   * `POST /api/admin/orders/:resNum/complete` with the bank reference, after the operator confirms.
   * Resolve once done (refresh `order`); reject with the error: the dialog says it.
   */
  onComplete(ref: string): Promise<unknown>;
  /** The bank reference typed at first (stories). */
  initialRef?: string;
  /** Opens the confirmation at first (stories). */
  initialConfirm?: boolean;
}

/**
 * One order: amount, gate, customer, references, its history (each state change, who made it and
 * why), the e-mail receipt, and — unless paid — completing it by hand with the bank's reference.
 */
export function AdminOrderDetailView({
  status,
  order,
  onRetry,
  backTo,
  userTo,
  onComplete,
  initialRef = '',
  initialConfirm = false,
}: AdminOrderDetailViewProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [ref, setRef] = useState(initialRef);
  const [refError, setRefError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(initialConfirm);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const back = { to: backTo, label: t('orders.back') };
  if (status === 'loading' || (status === 'ready' && !order)) {
    return (
      <>
        <AdminPageHeader title={t('orders.detailTitle')} back={back} />
        <Spinner block label={t('orders.loadingOne')} />
      </>
    );
  }
  if (status === 'error' || !order) {
    return (
      <>
        <AdminPageHeader title={t('orders.detailTitle')} back={back} />
        <ErrorView title={t('orders.loadOneError')} retryLabel={t('common.retry')} onRetry={onRetry} />
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkBankReference(ref);
    setRefError(problem ? t(`orders.complete.${problem}`) : null);
    if (problem) return;
    setFailure(null);
    setConfirming(true);
  };
  const complete = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onComplete(ref.trim());
      setConfirming(false);
      setRef('');
    } catch (error) {
      setFailure(adminErrorText(error, t));
    } finally {
      setBusy(false);
    }
  };
  const gate = GATEWAYS.includes(order.gate as never) ? t(`orders.gates.${order.gate}`) : order.gate;

  return (
    <Stack>
      <AdminPageHeader
        title={<Ltr>{order.resNum}</Ltr>}
        badge={<OrderStateBadge state={order.state} />}
        subtitle={<Ltr>{order.email}</Ltr>}
        back={back}
      />
      <Facts>
        <div>
          <dt>{t('orders.fields.amount')}</dt>
          <dd>{format.toman(order.amount)}</dd>
        </div>
        <div>
          <dt>{t('orders.fields.gate')}</dt>
          <dd>
            {gate} · <Ltr>{order.provider}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('orders.fields.plan')}</dt>
          <dd>{t('orders.planNumber', { id: format.number(order.planId) })}</dd>
        </div>
        <div>
          <dt>{t('orders.fields.username')}</dt>
          <dd>
            {order.username === null ? (
              t('orders.noAccount')
            ) : userTo ? (
              <RowLink>
                <AppLink to={userTo(order.username)}>
                  <Ltr>{order.username}</Ltr>
                </AppLink>
              </RowLink>
            ) : (
              <Ltr>{order.username}</Ltr>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('orders.fields.refNum')}</dt>
          <dd>{order.refNum ? <Ltr>{order.refNum}</Ltr> : '—'}</dd>
        </div>
        <div>
          <dt>{t('orders.fields.authority')}</dt>
          <dd>{order.authority ? <Ltr>{order.authority}</Ltr> : '—'}</dd>
        </div>
        <div>
          <dt>{t('orders.fields.created')}</dt>
          <dd>{format.dateTime(order.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('orders.fields.paid')}</dt>
          <dd>{format.dateTime(order.paidAt)}</dd>
        </div>
        {order.failure ? (
          <div>
            <dt>{t('orders.fields.failure')}</dt>
            <dd>
              <Ltr>{order.failure}</Ltr>
            </dd>
          </div>
        ) : null}
      </Facts>

      {order.state !== 'paid' ? (
        <Section aria-labelledby="admin-order-complete">
          <h2 id="admin-order-complete">{t('orders.complete.title')}</h2>
          <CompleteForm onSubmit={submit} noValidate>
            <p>{t('orders.complete.text')}</p>
            <AdminInput
              size="sm"
              label={t('orders.complete.ref')}
              value={ref}
              onChange={(value) => {
                setRef(value);
                setRefError(null);
              }}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              required
              aria-required="true"
              error={refError}
              hint={refError ? undefined : t('orders.complete.refHint')}
            />
            <Button type="submit" icon="check">
              {t('orders.complete.button')}
            </Button>
          </CompleteForm>
        </Section>
      ) : null}

      <Section aria-labelledby="admin-order-history">
        <h2 id="admin-order-history">{t('orders.history.title')}</h2>
        <Timeline>
          {order.history.map((step, index) => (
            <li key={`${step.at}-${index}`}>
              <time dateTime={step.at}>{format.dateTime(step.at)}</time>
              {step.from ? (
                <OrderStateBadge state={step.from} />
              ) : (
                <Badge tone="neutral">{t('orders.history.created')}</Badge>
              )}
              <Icon name="arrowForward" size={16} />
              <OrderStateBadge state={step.to} />
              <small>{t('orders.history.by', { actor: step.actor })}</small>
              {step.detail ? (
                <small>
                  · <Ltr>{step.detail}</Ltr>
                </small>
              ) : null}
            </li>
          ))}
        </Timeline>
      </Section>

      <Section aria-labelledby="admin-order-receipt">
        <h2 id="admin-order-receipt">{t('orders.receipt.title')}</h2>
        {order.receipt === null ? (
          <Muted>{t('orders.receipt.none')}</Muted>
        ) : (
          <Facts>
            <div>
              <dt>{t('orders.receipt.title')}</dt>
              <dd>
                {order.receipt.sentAt
                  ? t('orders.receipt.sent', { date: format.dateTime(order.receipt.sentAt) })
                  : t('orders.receipt.waiting')}
              </dd>
            </div>
            <div>
              <dt>{t('orders.receipt.attemptsLabel')}</dt>
              <dd>{format.number(order.receipt.attempts)}</dd>
            </div>
            {order.receipt.lastError ? (
              <div>
                <dt>{t('orders.receipt.lastError')}</dt>
                <dd>
                  <Ltr>{order.receipt.lastError}</Ltr>
                </dd>
              </div>
            ) : null}
          </Facts>
        )}
      </Section>

      <AdminDialog
        open={confirming}
        title={t('orders.complete.confirmTitle', { resNum: order.resNum })}
        confirmLabel={t('orders.complete.confirm')}
        tone="danger"
        busy={busy}
        error={failure}
        onConfirm={() => void complete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('orders.complete.confirmText', { ref: ref.trim() })}</p>
      </AdminDialog>
    </Stack>
  );
}
