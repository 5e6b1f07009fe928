import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCardNumber, normalizeTracking, TRACKING_DIGITS, type CardOrderState } from '@separ/domain';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { TextField } from '../FormField';
import { Icon, type IconName } from '../icons';
import { CenteredPageBody, Container } from '../Layout';
import { PageHeader } from '../PageHeader';
import { Spinner } from '../Spinner';
import {
  Actions,
  Alert,
  Amount,
  BankCard,
  Body,
  CardNumber,
  Countdown,
  Digits,
  FilePick,
  Form,
  Mark,
  Muted,
  Note,
  Panel,
  Reason,
  Row,
  StatePanel,
} from './CardTransferScreen.styles';
import { clockText, RECEIPT_IMAGE_TYPES, receiptImageProblem, secondsLeft } from './cardTransfer';

/** A card order's transfer as the page shows it (CONTRACTS §11): the card, the amount in rials, the deadline. */
export interface CardTransferView {
  state: CardOrderState;
  /** 16 digits, no spaces. */
  cardNumber: string;
  holder: string;
  bank: string | null;
  /** Rials. */
  amount: number;
  expiresAt: string;
  /** Once rejected: the operator's reason. */
  reason?: string;
}

/**
 * Why a receipt was not taken, as the page says it: the server's refusals by their code, a picture
 * the page itself refused, and the call that did not get through.
 */
export type CardReceiptRefusal =
  | 'trackingUsed'
  | 'receiptImageUsed'
  | 'receiptAlreadySent'
  | 'notAwaitingTransfer'
  | 'invalidTracking'
  | 'invalidImage'
  | 'imageTooLarge'
  | 'tooManyAttempts'
  | 'network'
  | 'failed';

export interface CardTransferScreenProps {
  /** Loading; the order names nothing (404); the load failed; or the transfer. */
  status: 'loading' | 'notFound' | 'error' | 'ready';
  onRetry?: () => void;
  retrying?: boolean;
  transfer?: CardTransferView;
  /** The clock of the countdown, in ms (the container ticks it every second). */
  now: number;
  /** The receipt is on its way. */
  sending?: boolean;
  /** Why the last receipt was not taken. */
  refusal?: CardReceiptRefusal | null;
  /** The tracking number (6–20 Latin digits, normalised) and the optional picture, checked. */
  onSubmitReceipt(receipt: { tracking: string; image: File | null }): void;
  /** What the tracking field starts with (stories). */
  initialTracking?: string;
}

/** The buyer's card-to-card transfer (CONTRACTS §11): where to transfer, how much, until when, and the receipt. */
export function CardTransferScreen(props: CardTransferScreenProps) {
  const { t } = useTranslation(['payment', 'errors']);
  const header = <PageHeader title={t('card.title')} subtitle={t('card.subtitle')} />;
  const { status, transfer } = props;
  if (status === 'loading')
    return (
      <>
        {header}
        <Container>
          <Spinner block label={t('card.loading')} />
        </Container>
      </>
    );
  if (status === 'error' || status === 'notFound' || !transfer)
    return (
      <>
        {header}
        <Container>
          {status === 'notFound' ? (
            <ErrorView title={t('card.notFound.title')} message={t('card.notFound.message')} />
          ) : (
            <ErrorView
              title={t('card.loadFailed')}
              retryLabel={t('errors:actions.tryAgain')}
              retrying={props.retrying ?? false}
              {...(props.onRetry ? { onRetry: props.onRetry } : {})}
            />
          )}
          <Actions style={{ paddingBlockEnd: 64 }}>
            <Button to="/buy" variant="secondary" icon="arrowBack">
              {t('back')}
            </Button>
          </Actions>
        </Container>
      </>
    );
  if (transfer.state !== 'awaiting_transfer')
    return (
      <>
        {header}
        <CenteredPageBody>
          <OrderState transfer={transfer} />
        </CenteredPageBody>
      </>
    );
  return (
    <>
      {header}
      <Body>
        <TransferFacts transfer={transfer} now={props.now} />
        <ReceiptForm {...props} />
      </Body>
    </>
  );
}

/** Where to transfer and how much: the countdown, the card and the exact amount, each with a copy button. */
function TransferFacts({ transfer, now }: { transfer: CardTransferView; now: number }) {
  const { t } = useTranslation('payment');
  const format = useFormat();
  const left = secondsLeft(transfer.expiresAt, now);
  return (
    <Panel as="section" aria-labelledby="card-transfer-title">
      <h2 id="card-transfer-title">{t('card.transfer.title')}</h2>
      <Muted>{t('card.transfer.intro')}</Muted>
      <Countdown $over={left === 0} role="timer" aria-live="off">
        <Icon name="clock" size={22} />
        {left === 0 ? t('card.countdown.over') : t('card.countdown.left')}
        <Digits>{format.digits(clockText(left))}</Digits>
      </Countdown>
      <BankCard>
        <CardNumber aria-label={t('card.transfer.cardNumber')}>
          {format.digits(formatCardNumber(transfer.cardNumber))}
        </CardNumber>
        <dl>
          <dt>{t('card.transfer.holder')}</dt>
          <dd>{transfer.holder}</dd>
          {transfer.bank ? (
            <>
              <dt>{t('card.transfer.bank')}</dt>
              <dd>{transfer.bank}</dd>
            </>
          ) : null}
        </dl>
        <div>
          <CopyButton
            text={transfer.cardNumber}
            label={t('card.transfer.copyCard')}
            copiedLabel={t('card.transfer.cardCopied')}
            size="sm"
          />
        </div>
      </BankCard>
      <Amount>
        <Muted as="span">{t('card.transfer.amount')}</Muted>
        <Row>
          <strong>{t('card.transfer.rials', { value: format.number(transfer.amount) })}</strong>
          <div>
            <CopyButton
              text={String(transfer.amount)}
              label={t('card.transfer.copyAmount')}
              copiedLabel={t('card.transfer.amountCopied')}
              size="sm"
            />
          </div>
        </Row>
        <span>{t('card.transfer.tomans', { value: format.toman(Math.floor(transfer.amount / 10)) })}</span>
      </Amount>
      <Note $tone="warning">
        <Icon name="alert" size={20} />
        {t('card.transfer.exact')}
      </Note>
    </Panel>
  );
}

/** The receipt: the tracking number (checked on submit) and an optional picture (checked when chosen). */
function ReceiptForm({
  sending = false,
  refusal = null,
  onSubmitReceipt,
  initialTracking = '',
}: CardTransferScreenProps) {
  const { t } = useTranslation(['payment', 'errors']);
  const format = useFormat();
  const fileId = useId();
  const [tracking, setTracking] = useState(initialTracking);
  const [trackingInvalid, setTrackingInvalid] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [imageProblem, setImageProblem] = useState<'invalidImage' | 'imageTooLarge' | null>(null);
  const limits = { min: format.number(TRACKING_DIGITS.min), max: format.number(TRACKING_DIGITS.max) };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const normalized = normalizeTracking(tracking);
    setTrackingInvalid(normalized === null);
    if (normalized === null || imageProblem) return;
    onSubmitReceipt({ tracking: normalized, image });
  };
  const trackingRefused = refusal === 'trackingUsed' || refusal === 'invalidTracking';
  return (
    <Panel as="section" aria-labelledby="card-receipt-title">
      <h2 id="card-receipt-title">{t('card.receipt.title')}</h2>
      <Muted>{t('card.receipt.intro')}</Muted>
      <Form onSubmit={submit} noValidate>
        <TextField
          label={t('card.receipt.tracking')}
          hint={t('card.receipt.trackingHint', limits)}
          value={tracking}
          onChange={(value) => {
            setTracking(value);
            setTrackingInvalid(false);
          }}
          error={trackingInvalid ? t('card.receipt.trackingInvalid', limits) : undefined}
          aria-invalid={trackingInvalid || trackingRefused ? true : undefined}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          disabled={sending}
          required
        />
        <FilePick>
          <span id={`${fileId}-label`}>{t('card.receipt.image')}</span>
          <input
            id={fileId}
            type="file"
            accept={RECEIPT_IMAGE_TYPES.join(',')}
            disabled={sending}
            aria-labelledby={`${fileId}-label`}
            aria-describedby={`${fileId}-hint`}
            aria-invalid={imageProblem ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              const problem = file ? receiptImageProblem(file) : null;
              setImageProblem(problem);
              setImage(problem ? null : file);
            }}
          />
          <label htmlFor={fileId} data-invalid={imageProblem ? '' : undefined}>
            <Icon name="camera" size={22} />
            {image ? <Digits>{image.name}</Digits> : t('card.receipt.choose')}
          </label>
          {imageProblem ? <Alert role="alert">{t(`card.refusals.${imageProblem}`)}</Alert> : null}
          <Muted id={`${fileId}-hint`} style={{ fontSize: '0.875rem' }}>
            {t('card.receipt.imageHint')}
          </Muted>
        </FilePick>
        {refusal ? <Alert role="alert">{t(`card.refusals.${refusal}`)}</Alert> : null}
        <Button type="submit" size="lg" fullWidth icon="send" loading={sending}>
          {sending ? t('card.receipt.sending') : t('card.receipt.send')}
        </Button>
      </Form>
    </Panel>
  );
}

const LOOKS: Record<
  Exclude<CardOrderState, 'awaiting_transfer'>,
  { icon: IconName; tone: 'success' | 'danger' | 'warning' | 'info' }
> = {
  awaiting_review: { icon: 'hourglass', tone: 'info' },
  paid: { icon: 'check', tone: 'success' },
  rejected: { icon: 'x', tone: 'danger' },
  expired: { icon: 'clock', tone: 'warning' },
};

/** An order past its transfer: waiting for the operator, approved, rejected (with the reason) or expired. */
function OrderState({ transfer }: { transfer: CardTransferView }) {
  const { t } = useTranslation('payment');
  const format = useFormat();
  const state = transfer.state === 'awaiting_transfer' ? 'awaiting_review' : transfer.state;
  const look = LOOKS[state];
  return (
    <StatePanel role={state === 'rejected' ? 'alert' : undefined}>
      <Mark $tone={look.tone}>
        <Icon name={look.icon} size={40} />
      </Mark>
      <h2 style={{ fontSize: '1.6rem' }}>{t(`card.states.${state}.title`)}</h2>
      <Muted>{t(`card.states.${state}.message`)}</Muted>
      {state === 'rejected' && transfer.reason ? (
        <Reason>
          <p>{t('card.states.rejected.reason')}</p>
          <p>{transfer.reason}</p>
        </Reason>
      ) : null}
      {state === 'awaiting_review' ? (
        <>
          <Spinner block label={t('card.states.awaiting_review.checking')} />
          <Muted>
            {t('card.states.awaiting_review.amount', {
              amount: t('card.transfer.rials', { value: format.number(transfer.amount) }),
            })}
          </Muted>
        </>
      ) : null}
      {state === 'paid' ? <Spinner block label={t('card.states.paid.opening')} /> : null}
      {state === 'rejected' || state === 'expired' ? (
        <Actions>
          <Button to="/buy" icon="refresh">
            {t('card.buyAgain')}
          </Button>
          <Button to="/support" variant="secondary" icon="support">
            {t('card.support')}
          </Button>
        </Actions>
      ) : null}
    </StatePanel>
  );
}
