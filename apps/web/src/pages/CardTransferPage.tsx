import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { CARD_TRANSFER_POLL_MS } from '@separ/domain';
import {
  errorCodeOf,
  isApiError,
  isTransportError,
  useCardTransferQuery,
  useSendCardReceiptMutation,
  type ApiError,
} from '@separ/api';
import { CardTransferScreen, type CardReceiptRefusal, type CardTransferScreenProps } from '@separ/ui';

/** A refused or failed receipt, as the screen says it: by the answer's code, never its text. */
export function receiptRefusal(error: ApiError): CardReceiptRefusal {
  if (isTransportError(error)) return 'network';
  switch (errorCodeOf(error)) {
    case 'trackingUsed':
    case 'receiptImageUsed':
    case 'receiptAlreadySent':
    case 'notAwaitingTransfer':
    case 'invalidTracking':
    case 'tooManyAttempts':
      return errorCodeOf(error) as CardReceiptRefusal;
    case 'invalidReceiptImage':
      return 'invalidImage';
    case 'receiptImageTooLarge':
      return 'imageTooLarge';
    default:
      // A body too large for a proxy in front of the shop comes back 413 without our code.
      return error.code === 413 ? 'imageTooLarge' : 'failed';
  }
}

/** Whether the tab is shown: hidden, the page stops asking the server. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/** The clock of the countdown: now, once a second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** The page's title in its language, and no search engine keeps a buyer's order page. */
function usePageMeta(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.append(robots);
    return () => {
      document.title = previous;
      robots.remove();
    };
  }, [title]);
}

/**
 * The buyer's card-to-card transfer (CONTRACTS §11), `/payment/card/:resNum`: the card, the exact
 * amount and the countdown, then the receipt. While the order is open (awaiting the transfer or the
 * operator's review) the page asks again every few seconds, not while the tab is hidden; once paid,
 * it opens the payment result as the gateway's return does (`/paymentresult#data=…`).
 */
export function CardTransferPage() {
  const { t } = useTranslation('payment');
  const { resNum = '' } = useParams();
  const navigate = useNavigate();
  const visible = usePageVisible();
  const [open, setOpen] = useState(true);
  const query = useCardTransferQuery(resNum, {
    pollingInterval: open && visible ? CARD_TRANSFER_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  const [sendReceipt] = useSendCardReceiptMutation();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<CardReceiptRefusal | null>(null);
  const state = query.data?.state;
  const now = useNow(state === 'awaiting_transfer');
  usePageMeta(t('card.meta.title'));

  // Polls only while the order can still move on by itself.
  const stillOpen = state === undefined || state === 'awaiting_transfer' || state === 'awaiting_review';
  if (stillOpen !== open) setOpen(stillOpen);

  // Back in view: ask at once rather than at the next tick.
  const { refetch } = query;
  const wasVisible = useRef(visible);
  useEffect(() => {
    if (visible && !wasVisible.current && open) void refetch();
    wasVisible.current = visible;
  }, [visible, open, refetch]);

  const result = query.data?.state === 'paid' ? query.data.result : undefined;
  useEffect(() => {
    if (result) void navigate({ pathname: '/paymentresult', hash: `data=${result}` }, { replace: true });
  }, [result, navigate]);

  async function submit({ tracking, image }: { tracking: string; image: File | null }) {
    if (sending) return;
    setSending(true);
    setRefusal(null);
    const sent = await sendReceipt({ resNum, tracking, image });
    setSending(false);
    if (!sent.error) return;
    const refused = receiptRefusal(sent.error as ApiError);
    setRefusal(refused);
    // The order has moved on (a receipt from another tab, the deadline): show where it is now.
    if (refused === 'receiptAlreadySent' || refused === 'notAwaitingTransfer') void refetch();
  }

  const shared = { now, onSubmitReceipt: (receipt: { tracking: string; image: File | null }) => void submit(receipt) };
  let status: CardTransferScreenProps['status'] = 'loading';
  if (query.data) status = 'ready';
  else if (query.isError && !query.isFetching) {
    const error = query.error;
    const gone = errorCodeOf(error) === 'unknownCardOrder' || (isApiError(error) && error.code === 404);
    status = gone ? 'notFound' : 'error';
  }
  return (
    <CardTransferScreen
      {...shared}
      status={status}
      retrying={query.isFetching}
      onRetry={() => void refetch()}
      sending={sending}
      refusal={refusal}
      {...(query.data ? { transfer: query.data } : {})}
    />
  );
}
