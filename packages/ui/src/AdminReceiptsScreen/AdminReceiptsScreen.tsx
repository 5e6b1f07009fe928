import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REJECT_REASON_MAX,
  type AdminCard,
  type AdminCardDecision,
  type AdminOrderRow,
  type AdminPlan,
} from '@separ/domain';
import { CardNumberText } from '../AdminCardsScreen/CardNumberText';
import { cardRefusal, checkRejectReason, type CardRefusal, type ReasonError } from '../AdminCardsScreen/cardForms';
import { Stack } from '../AdminDataTable/AdminScreen.styles';
import { RecordLink } from '../AdminDataTable/RecordLink';
import { AdminDialog } from '../AdminDialog';
import { AdminTextArea } from '../AdminField';
import { AdminNotice } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { Ltr, VisuallyHidden } from '../Layout';
import { Modal } from '../Modal';
import { Skeleton } from '../Skeleton';
import {
  Amount,
  Body,
  Decision,
  Facts,
  Large,
  List,
  NoImage,
  Placeholder,
  Receipt,
  Thumb,
} from './AdminReceiptsScreen.styles';

/** How long the result of an approval or a rejection stays on screen. */
export const DECISION_SHOWN_MS = 15_000;

export interface AdminReceiptsScreenProps {
  status: 'loading' | 'error' | 'ready';
  /**
   * `GET /api/admin/orders?state=awaiting_review`: the card orders whose receipt waits for an
   * operator, oldest first; null before the first answer.
   */
  receipts: AdminOrderRow[] | null;
  /** The card pool (`GET /api/admin/cards`), to name the card each transfer went to; null while unknown. */
  cards: AdminCard[] | null;
  /** The plans, to name each order's; null while unknown (the plan's number is shown). */
  plans: AdminPlan[] | null;
  /** The address of an order's receipt image (`GET /api/admin/orders/:resNum/receipt`). */
  receiptUrl(resNum: string): string;
  /** An account's page in the console. */
  userTo?(username: string): string;
  onRetry(): void;
  retrying?: boolean;
  /**
   * `POST /api/admin/orders/:resNum/approve`, after a confirmation: resolve with the decision (the
   * account made or renewed); reject with the error, whose `code` is read (`conflict`: decided already).
   */
  onApprove(resNum: string): Promise<AdminCardDecision>;
  /** `POST /api/admin/orders/:resNum/reject` with the reason the buyer sees. */
  onReject(resNum: string, reason: string): Promise<unknown>;
  /** Where a story starts: a dialog open (busy, refused, with a reason typed), a result, a receipt enlarged. */
  initial?: {
    approving?: string;
    rejecting?: string;
    reason?: string;
    reasonError?: ReasonError;
    busy?: boolean;
    failure?: CardRefusal | 'failed';
    decided?: AdminCardDecision;
    enlarged?: string;
  };
}

type Dialog = { kind: 'approve' | 'reject'; resNum: string } | null;

/**
 * The operators' review queue of card-to-card receipts (CONTRACTS §11): each receipt waiting for a
 * decision, oldest first, with its image (enlarged on a click), the bank's tracking number, the
 * amount expected in rials (and tomans), the card it was sent to, the plan, the buyer and the time;
 * approving it (confirmed) makes or renews the account, rejecting it asks the reason the buyer sees.
 * A refusal is said by its code: `conflict` when another operator decided first.
 */
export function AdminReceiptsScreen({
  status,
  receipts,
  cards,
  plans,
  receiptUrl,
  userTo,
  onRetry,
  retrying,
  onApprove,
  onReject,
  initial = {},
}: AdminReceiptsScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [dialog, setDialog] = useState<Dialog>(
    initial.approving
      ? { kind: 'approve', resNum: initial.approving }
      : initial.rejecting
        ? { kind: 'reject', resNum: initial.rejecting }
        : null,
  );
  const [reason, setReason] = useState(initial.reason ?? '');
  const [reasonError, setReasonError] = useState<ReasonError | null>(initial.reasonError ?? null);
  const [busy, setBusy] = useState(initial.busy ?? false);
  const [failure, setFailure] = useState<CardRefusal | 'failed' | null>(initial.failure ?? null);
  const [decided, setDecided] = useState<AdminCardDecision | null>(initial.decided ?? null);
  const [enlarged, setEnlarged] = useState<string | null>(initial.enlarged ?? null);

  // The result of a decision shows for a while, then leaves the queue as it is.
  useEffect(() => {
    if (!decided) return;
    const timer = setTimeout(() => setDecided(null), DECISION_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [decided]);

  const open = (kind: 'approve' | 'reject', resNum: string) => {
    setFailure(null);
    setReason('');
    setReasonError(null);
    setDialog({ kind, resNum });
  };
  const decide = async (
    work: () => Promise<AdminCardDecision | unknown>,
    resNum: string,
    kind: 'approve' | 'reject',
  ) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await work();
      setDecided(
        kind === 'approve' && typeof answer === 'object' && answer !== null
          ? (answer as AdminCardDecision)
          : { ok: true, resNum, state: 'rejected' },
      );
      setDialog(null);
    } catch (error) {
      setFailure(cardRefusal(error) ?? 'failed');
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!dialog) return;
    const { resNum } = dialog;
    if (dialog.kind === 'approve') return void decide(() => onApprove(resNum), resNum, 'approve');
    const found = checkRejectReason(reason);
    setReasonError(found);
    if (found) return;
    void decide(() => onReject(resNum, reason.trim()), resNum, 'reject');
  };

  const total = receipts?.length ?? 0;
  const shown = dialog ? receipts?.find((row) => row.resNum === dialog.resNum) : undefined;
  const rials = (value: number) => t('receipts.rials', { value: format.number(value) });
  const limit = format.number(REJECT_REASON_MAX);

  let body;
  if (status === 'error') {
    body = (
      <ErrorView title={t('receipts.loadError')} retryLabel={t('common.retry')} onRetry={onRetry} retrying={retrying} />
    );
  } else if (!receipts) {
    body = (
      <>
        <VisuallyHidden role="status">{t('receipts.loading')}</VisuallyHidden>
        <List aria-busy="true">
          {[0, 1].map((i) => (
            <Placeholder key={i}>
              <Skeleton $width="148px" $height="200px" />
              <div>
                <Skeleton $width="40%" $height="1.4em" />
                <Skeleton $width="70%" />
                <Skeleton $width="55%" />
                <Skeleton $width="62%" />
              </div>
            </Placeholder>
          ))}
        </List>
      </>
    );
  } else if (receipts.length === 0) {
    body = <EmptyState icon="receipt" title={t('receipts.emptyTitle')} message={t('receipts.emptyMessage')} />;
  } else {
    body = (
      <List aria-label={t('receipts.title')}>
        {receipts.map((row) => {
          const info = row.card;
          const card = info ? cards?.find((c) => c.id === info.cardId) : undefined;
          const plan = plans?.find((p) => p.id === row.planId);
          const titleId = `receipt-${row.resNum}`;
          return (
            <Receipt key={row.resNum} aria-labelledby={titleId}>
              {info?.hasImage ? (
                <Thumb
                  type="button"
                  onClick={() => setEnlarged(row.resNum)}
                  aria-label={t('receipts.enlarge', { resNum: row.resNum })}
                >
                  <img src={receiptUrl(row.resNum)} alt="" loading="lazy" />
                </Thumb>
              ) : (
                <NoImage>
                  <Icon name="camera" size={28} />
                  <span>{t('receipts.noImage')}</span>
                </NoImage>
              )}
              <Body>
                <header>
                  <h2 id={titleId}>
                    {t('receipts.order')} <Ltr>{row.resNum}</Ltr>
                  </h2>
                  <p>{t('receipts.sentAt', { date: format.dateTime(info?.receiptAt ?? row.createdAt) })}</p>
                </header>
                <Facts>
                  <div>
                    <dt>{t('receipts.fields.amount')}</dt>
                    <dd>
                      {info ? <Amount>{rials(info.amountRials)}</Amount> : '—'}
                      {info ? <small>{format.toman(info.amountRials / 10)}</small> : null}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('receipts.fields.tracking')}</dt>
                    <dd>{info?.tracking ? <Ltr>{format.digits(info.tracking)}</Ltr> : '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('receipts.fields.card')}</dt>
                    <dd>
                      {card ? (
                        <>
                          <CardNumberText number={card.number} />
                          <small>
                            {card.bank
                              ? t('receipts.holderAndBank', { holder: card.holder, bank: card.bank })
                              : card.holder}
                          </small>
                        </>
                      ) : info ? (
                        t('receipts.cardNumber', { id: format.digits(info.cardId) })
                      ) : (
                        '—'
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('receipts.fields.plan')}</dt>
                    <dd>
                      {plan ? plan.title : t('orders.planNumber', { id: format.digits(row.planId) })}
                      <small>{format.toman(row.amount)}</small>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('receipts.fields.buyer')}</dt>
                    <dd>
                      <Ltr>{row.email}</Ltr>
                      <small>
                        {row.username ? (
                          <>
                            {t('receipts.renewal')} <RecordLink name={row.username} to={userTo?.(row.username)} />
                          </>
                        ) : (
                          t('receipts.newAccount')
                        )}
                      </small>
                    </dd>
                  </div>
                  <div>
                    <dt>{t('receipts.fields.created')}</dt>
                    <dd>{format.dateTime(row.createdAt)}</dd>
                  </div>
                </Facts>
                <Decision>
                  <Button
                    icon="check"
                    onClick={() => open('approve', row.resNum)}
                    aria-label={t('receipts.approveLabel', { resNum: row.resNum })}
                  >
                    {t('receipts.approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    icon="x"
                    onClick={() => open('reject', row.resNum)}
                    aria-label={t('receipts.rejectLabel', { resNum: row.resNum })}
                  >
                    {t('receipts.reject')}
                  </Button>
                </Decision>
              </Body>
            </Receipt>
          );
        })}
      </List>
    );
  }

  return (
    <Stack>
      <AdminPageHeader
        title={t('receipts.title')}
        subtitle={t('receipts.subtitle')}
        badge={
          status === 'ready' && receipts ? (
            <Badge tone={total > 0 ? 'warning' : 'neutral'}>{t('receipts.count', { n: format.number(total) })}</Badge>
          ) : undefined
        }
      />
      {decided ? (
        <AdminNotice tone="success">
          {decided.state === 'rejected'
            ? t('receipts.rejected', { resNum: decided.resNum })
            : decided.username
              ? t(decided.renewed ? 'receipts.approvedRenewed' : 'receipts.approvedNew', {
                  resNum: decided.resNum,
                  username: decided.username,
                })
              : t('receipts.approved', { resNum: decided.resNum })}
        </AdminNotice>
      ) : null}
      {body}

      {dialog?.kind === 'approve' ? (
        <AdminDialog
          open
          title={t('receipts.approveTitle', { resNum: dialog.resNum })}
          confirmLabel={t('receipts.approveConfirm')}
          busy={busy}
          error={failure ? t(`receipts.refusals.${failure}`) : null}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          <p>
            {t('receipts.approveText', {
              amount: shown?.card ? rials(shown.card.amountRials) : '',
              tracking: shown?.card?.tracking ? format.digits(shown.card.tracking) : '—',
            })}
          </p>
        </AdminDialog>
      ) : null}
      {dialog?.kind === 'reject' ? (
        <AdminDialog
          open
          title={t('receipts.rejectTitle', { resNum: dialog.resNum })}
          confirmLabel={t('receipts.rejectConfirm')}
          tone="danger"
          busy={busy}
          error={failure ? t(`receipts.refusals.${failure}`) : null}
          onConfirm={confirm}
          onCancel={() => setDialog(null)}
        >
          <p>{t('receipts.rejectText')}</p>
          <AdminTextArea
            label={t('receipts.reason')}
            value={reason}
            onChange={(typed) => {
              setReason(typed);
              setReasonError(null);
            }}
            rows={3}
            maxLength={REJECT_REASON_MAX + 50}
            required
            aria-required="true"
            error={reasonError ? t(`receipts.errors.${reasonError}`, { max: limit }) : undefined}
            hint={t('receipts.reasonHint', { length: format.number(reason.trim().length), max: limit })}
          />
        </AdminDialog>
      ) : null}
      <Modal
        open={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={t('receipts.imageTitle', { resNum: enlarged ?? '' })}
        dismissLabel={t('common.close')}
      >
        {enlarged ? <Large src={receiptUrl(enlarged)} alt={t('receipts.imageAlt', { resNum: enlarged })} /> : null}
      </Modal>
    </Stack>
  );
}
