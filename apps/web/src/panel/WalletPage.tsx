import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_GATE, GATEWAYS, isLanguage, WALLET_TOPUP_DEFAULTS } from '@separ/domain';
import {
  errorCodeOf,
  isTransportError,
  useGetGatewaysQuery,
  useRedeemGiftMutation,
  useWalletQuery,
  useWalletTopupMutation,
  type ApiError,
} from '@separ/api';
import { WalletScreen, type GiftRefusal, type WalletTopupError, type WalletTopupGate } from '@separ/ui';
import { gatewayNavigation } from '../app/navigation.ts';
import { useDelayedRetry } from './useDelayedRetry.ts';
import { screenStatus } from '../app/screenStatus.ts';

/** A refused or failed top-up, as the screen says it: by the answer's code, never its text. */
export function topupError(error: ApiError): WalletTopupError {
  if (isTransportError(error)) return 'network';
  switch (errorCodeOf(error)) {
    case 'invalidTopupAmount':
      return 'range';
    case 'gatewayUnavailable':
    case 'unknownGateway':
      return 'gateway';
    case 'walletDisabled':
      return 'disabled';
    default:
      return 'failed';
  }
}

const GIFT_REFUSALS: readonly GiftRefusal[] = [
  'giftUnknown',
  'giftUsed',
  'giftExpired',
  'walletDisabled',
  'tooManyAttempts',
];

/** A refused or failed gift code, as the screen says it: by the answer's code, never its text. */
export function giftRefusal(error: ApiError): GiftRefusal {
  if (isTransportError(error)) return 'network';
  const code = errorCodeOf(error);
  return GIFT_REFUSALS.find((known) => known === code) ?? 'failed';
}

/**
 * The wallet (CONTRACTS §10): the balance and its entries (POST /api/site/wallet; a retry waits 1 s),
 * and a top-up through one of the active gates that sends the browser to the answered payment URL.
 * The site is not told the shop's bounds: the form checks the defaults, and the server's refusal
 * (`invalidTopupAmount`) is said under the field. A gift code (CONTRACTS §12) is redeemed into the
 * balance, which then loads again.
 */
export function WalletPage() {
  const { i18n } = useTranslation();
  const query = useWalletQuery();
  const gateways = useGetGatewaysQuery();
  const [startTopup] = useWalletTopupMutation();
  const { retrying, retry } = useDelayedRetry(query.refetch);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WalletTopupError | null>(null);
  const [redeemGift, redeeming] = useRedeemGiftMutation();
  const [redeemed, setRedeemed] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<GiftRefusal | null>(null);
  const status = screenStatus(query, retrying);
  const active = gateways.data?.active;
  // Card to card (CONTRACTS §11) after the bank gates, when the shop takes transfers.
  const card: WalletTopupGate[] = gateways.data?.card ? [CARD_GATE] : [];
  const gates: WalletTopupGate[] = [...GATEWAYS.filter((gate) => active?.[gate]), ...card];
  // The gateways' status says whether the shop takes the wallet; until it answers, the form is offered.
  const walletOff = gateways.data?.ok === true && !gateways.data.wallet;

  async function topup({ amount, gate }: { amount: number; gate: WalletTopupGate }) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const lng = isLanguage(i18n.language) ? i18n.language : undefined;
    const result = await startTopup({ amount, gate, ...(lng ? { lng } : {}) });
    if (result.error) {
      setError(topupError(result.error as ApiError));
      setBusy(false);
      return;
    }
    // Busy until the browser has left for the bank.
    gatewayNavigation.go(result.data.url);
  }

  async function redeem(code: string) {
    if (redeeming.isLoading) return;
    setRefusal(null);
    setRedeemed(null);
    const result = await redeemGift(code);
    if (result.error) setRefusal(giftRefusal(result.error as ApiError));
    else setRedeemed(result.data.amount);
  }

  return (
    <WalletScreen
      status={status}
      balance={query.data?.balance ?? 0}
      entries={query.data?.entries ?? []}
      onRetry={retry}
      retrying={retrying}
      min={WALLET_TOPUP_DEFAULTS.min}
      max={WALLET_TOPUP_DEFAULTS.max}
      gates={gates}
      walletOff={walletOff}
      onTopup={(next) => void topup(next)}
      busy={busy}
      topupError={error}
      gift={walletOff ? null : { onRedeem: (code) => void redeem(code), busy: redeeming.isLoading, redeemed, refusal }}
    />
  );
}
