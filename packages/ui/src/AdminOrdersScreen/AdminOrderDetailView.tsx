import { useState, type FormEvent } from 'react';
import { useAdminMay } from '../AdminLayout/adminRole';
import { useTranslation } from 'react-i18next';
import { GATEWAYS, type AdminOrderDetail } from '@separ/domain';
import { AdminDialog } from '../AdminDialog';
import { AdminInput } from '../AdminField';
import { adminErrorText } from '../AdminNotice';
import { AdminPageHeader, AdminPagePending, type AdminRecordProps } from '../AdminPageHeader';
import { Facts, Muted, Section, Stack } from '../AdminDataTable/AdminScreen.styles';
import { RecordLink } from '../AdminDataTable/RecordLink';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Fact, Ltr } from '../Layout';
import { CompleteForm, Timeline } from './AdminOrdersScreen.styles';
import { OrderStateBadge } from './OrderStateBadge';

/** A reference or a message from a machine, left to right; a dash when there is none. */
function machineText(text: string | null) {
  return text ? <Ltr>{text}</Ltr> : '—';
}

/** A bank reference as gateways write it: letters, digits and dashes, 4 to 64. */
export function checkBankReference(ref: string): 'refRequired' | 'refInvalid' | null {
  const trimmed = ref.trim();
  if (trimmed === '') return 'refRequired';
  if (!/^[A-Za-z0-9-]{4,64}$/.test(trimmed)) return 'refInvalid';
  return null;
}

export interface AdminOrderDetailViewProps extends AdminRecordProps {
  /** `GET /api/admin/orders/:resNum`; null while it loads. */
  order: AdminOrderDetail | null;
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
  const may = useAdminMay();
  const [ref, setRef] = useState(initialRef);
  const [refError, setRefError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(initialConfirm);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const back = { to: backTo, label: t('orders.back') };
  if (status !== 'ready' || !order)
    return <AdminPagePending texts="orders" status={status} onRetry={onRetry} backTo={backTo} />;

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
        <Fact label={t('orders.fields.amount')}>{format.toman(order.amount)}</Fact>
        <Fact label={t('orders.fields.gate')}>
          {gate} · <Ltr>{order.provider}</Ltr>
        </Fact>
        <Fact label={t('orders.fields.plan')}>
          {/* A wallet top-up buys no plan: its order carries plan 0 (CONTRACTS §10). */}
          {order.planId === 0 ? t('orders.topup') : t('orders.planNumber', { id: format.number(order.planId) })}
        </Fact>
        <Fact label={t('orders.fields.username')}>
          {order.username === null ? (
            t('orders.noAccount')
          ) : (
            <RecordLink name={order.username} to={userTo?.(order.username)} />
          )}
        </Fact>
        <Fact label={t('orders.fields.refNum')}>{machineText(order.refNum)}</Fact>
        <Fact label={t('orders.fields.authority')}>{machineText(order.authority)}</Fact>
        <Fact label={t('orders.fields.created')}>{format.dateTime(order.createdAt)}</Fact>
        <Fact label={t('orders.fields.paid')}>{format.dateTime(order.paidAt)}</Fact>
        {order.failure ? <Fact label={t('orders.fields.failure')}>{machineText(order.failure)}</Fact> : null}
      </Facts>

      {order.state !== 'paid' && may('POST /api/admin/orders/:resNum/complete') ? (
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
            <Fact label={t('orders.receipt.title')}>
              {order.receipt.sentAt
                ? t('orders.receipt.sent', { date: format.dateTime(order.receipt.sentAt) })
                : t('orders.receipt.waiting')}
            </Fact>
            <Fact label={t('orders.receipt.attemptsLabel')}>{format.number(order.receipt.attempts)}</Fact>
            {order.receipt.lastError ? (
              <Fact label={t('orders.receipt.lastError')}>{machineText(order.receipt.lastError)}</Fact>
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
