import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  bestPrice,
  CARD_GATE,
  CRYPTO_GATES,
  GATEWAYS,
  isCryptoGate,
  isValidEmail,
  PAYMENT_REDIRECT_DELAY_MS,
  PRICE_KEY,
  walletShortfall,
  type Plan,
} from '@separ/domain';
import {
  errorCodeOf,
  isTransportError,
  serverMessage,
  useGetGatewaysQuery,
  useGetPlansQuery,
  useCheckCouponMutation,
  useGetRenewalQuery,
  useRequestPaymentMutation,
  useWalletQuery,
  type ApiError,
  type CouponQuote,
} from '@separ/api';
import {
  PaymentScreen,
  type CouponRefusal,
  type PaymentGate,
  type PaymentRefusal,
  type PaymentScreenProps,
} from '@separ/ui';
import { useAppSelector } from '../app/hooks.ts';

import { gatewayNavigation } from '../app/navigation.ts';

export { gatewayNavigation };

/** The plan's price from the wallet (CONTRACTS §10): its credit price. */
export function walletPrice(plan: Plan): number {
  return plan.pricing.credit[PRICE_KEY] ?? bestPrice(plan.pricing.credit) ?? 0;
}

const REFUSALS: readonly PaymentRefusal[] = ['insufficientBalance', 'signInToPayFromWallet', 'walletDisabled'];

/** The discount code's refusals the page words itself (CONTRACTS §12), by the answer's code. */
const COUPON_REFUSALS: readonly CouponRefusal[] = [
  'couponUnknown',
  'couponExpired',
  'couponNotYetValid',
  'couponUsedUp',
  'couponNotForPlan',
  'couponFirstPurchaseOnly',
  'couponPerUserLimit',
  'tooManyAttempts',
];

/** A refused or failed code check, as the page says it: by the answer's code, never its text. */
export function couponRefusal(error: ApiError): CouponRefusal {
  if (isTransportError(error)) return 'network';
  const code = errorCodeOf(error);
  return COUPON_REFUSALS.find((known) => known === code) ?? 'failed';
}

/**
 * The purchase of one plan (SPEC §2, §4, §5): loading, then an error (no plan id, plan not found,
 * fetch failure) or the form; the e-mail is checked on entry and on submit; a gateway is selectable
 * only when active; on success the redirecting label shows and the browser goes to the gateway
 * after 1.5 s. A discount code (CONTRACTS §12) is checked for the plan before paying: the summary
 * shows the server's quote, and the purchase sends the code.
 */
export function PaymentPage() {
  const [params] = useSearchParams();
  const rawId = params.get('plan_id');
  const planId = rawId !== null && /^\d+$/.test(rawId.trim()) ? Number(rawId) : null;
  const plansQuery = useGetPlansQuery(undefined, { skip: planId === null });
  const gatewaysQuery = useGetGatewaysQuery(undefined, { skip: planId === null });
  const [requestPayment] = useRequestPaymentMutation();
  // What a purchase here renews (logged in, or a reminder's renew link): said on the form, with the
  // choice of a separate new account instead (issue #24).
  const renewalQuery = useGetRenewalQuery(undefined, { skip: planId === null });
  const [buyNew, setBuyNew] = useState(false);
  const renewal = renewalQuery.data
    ? { username: renewalQuery.data.username, buyNew, onBuyNewChange: setBuyNew }
    : null;

  const [email, setEmail] = useState('');
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [picked, setPicked] = useState<PaymentGate | null>(null);
  const [phase, setPhase] = useState<PaymentScreenProps['phase']>('idle');
  const [submitError, setSubmitError] = useState<PaymentScreenProps['submitError']>(null);
  // The discount code: the field (behind a link), the server's quote once it applies, or why not.
  const [checkCoupon, couponCheck] = useCheckCouponMutation();
  const [couponOpen, setCouponOpen] = useState(false);
  const [couponCode, setCouponCode] = useState('');
  const [quote, setQuote] = useState<CouponQuote | null>(null);
  const [couponRefused, setCouponRefused] = useState<CouponRefusal | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const active = gatewaysQuery.data?.active;
  const plan = plansQuery.data?.find((p) => p.id === planId);
  // The wallet (CONTRACTS §10), when the shop takes it: its price, and a signed-in buyer's balance.
  const loggedIn = useAppSelector((state) => state.ui.loggedIn);
  const walletOffered = gatewaysQuery.data?.wallet === true;
  const walletQuery = useWalletQuery(undefined, { skip: !walletOffered || !loggedIn });
  const wallet: PaymentScreenProps['wallet'] =
    walletOffered && plan
      ? {
          price: walletPrice(plan),
          balance: !loggedIn
            ? 'signedOut'
            : walletQuery.data
              ? walletQuery.data.balance
              : walletQuery.isError
                ? 'signedOut'
                : 'loading',
          signInTo: '/login',
        }
      : null;
  const walletUsable =
    wallet !== null && typeof wallet.balance === 'number' && walletShortfall(wallet.balance, wallet.price) === 0;
  // Card to card (CONTRACTS §11): on offer while the shop has a card (`card_active`).
  const cardOffered = gatewaysQuery.data?.card === true;
  // The gates that invoice in dollars (CONTRACTS §12): OxaPay, NOWPayments, the sandbox crypto page,
  // while active (their keys, or no keys outside production for the test page, and the shop's rate).
  const cryptoOffered = CRYPTO_GATES.filter((gate) => gatewaysQuery.data?.crypto[gate] === true);
  const usable = (gate: PaymentGate) =>
    gate === 'wallet'
      ? walletUsable
      : gate === CARD_GATE
        ? cardOffered
        : isCryptoGate(gate)
          ? cryptoOffered.includes(gate)
          : active?.[gate] === true;
  // The first active gateway is chosen for the buyer until they pick another.
  const gateway: PaymentGate | null =
    picked && usable(picked)
      ? picked
      : (GATEWAYS.find((gate) => active?.[gate]) ??
        (cardOffered ? CARD_GATE : walletUsable ? 'wallet' : (cryptoOffered[0] ?? null)));

  const shared = {
    email,
    onEmailChange: (value: string) => {
      setEmail(value);
      setEmailInvalid(value.trim() !== '' && !isValidEmail(value));
    },
    emailInvalid,
    gateways: gatewaysQuery.data ? gatewaysQuery.data.active : ('loading' as const),
    gateway,
    onGatewayChange: (gate: PaymentGate) => {
      if (usable(gate)) setPicked(gate);
    },
    wallet,
    card: cardOffered,
    crypto: cryptoOffered,
    phase,
    submitError,
    renewal,
    coupon: {
      open: couponOpen,
      onOpen: () => setCouponOpen(true),
      code: couponCode,
      onCodeChange: (value: string) => {
        setCouponCode(value);
        setCouponRefused(null);
      },
      onApply: () => void applyCoupon(),
      checking: couponCheck.isLoading,
      applied: quote,
      onRemove: () => {
        setQuote(null);
        setCouponCode('');
        setSubmitError(null);
      },
      refusal: couponRefused,
    },
  };
  // From the wallet the e-mail may be left out: the account's own receipt.
  const emailOk = gateway === 'wallet' && email.trim() === '' ? true : isValidEmail(email);
  const canSubmit = emailOk && (email.trim() !== '' || gateway === 'wallet') && gateway !== null && phase === 'idle';

  async function applyCoupon() {
    const code = couponCode.trim();
    if (!plan || code === '' || couponCheck.isLoading) return;
    setCouponRefused(null);
    const given = email.trim();
    const result = await checkCoupon({
      code,
      planId: plan.id,
      ...(!loggedIn && isValidEmail(given) ? { email: given } : {}),
    });
    if (result.error) setCouponRefused(couponRefusal(result.error as ApiError));
    else {
      setQuote(result.data);
      setSubmitError(null);
    }
  }

  async function submit() {
    if (!emailOk) {
      setEmailInvalid(true);
      return;
    }
    if (gateway === null || phase !== 'idle' || !plan) return;
    setPhase('processing');
    setSubmitError(null);
    const result = await requestPayment({
      planId: plan.id,
      email: email.trim(),
      gate: gateway,
      ...(renewal && buyNew ? { renew: false } : {}),
      ...(quote ? { coupon: quote.code } : {}),
    });
    if (result.error) {
      const error = result.error as ApiError;
      const code = errorCodeOf(error);
      // The code no longer applies (used up meanwhile, …): said by its reason, the code taken off.
      const refused = COUPON_REFUSALS.find((known) => known === code);
      if (quote && refused) {
        setQuote(null);
        setCouponOpen(true);
        setSubmitError({ coupon: refused });
        setPhase('idle');
        return;
      }
      const refusal = REFUSALS.find((known) => known === code);
      setSubmitError(isTransportError(error) ? {} : { message: serverMessage(error), ...(refusal ? { refusal } : {}) });
      setPhase('idle');
      return;
    }
    setPhase('redirecting');
    timer.current = setTimeout(() => gatewayNavigation.go(result.data.url), PAYMENT_REDIRECT_DELAY_MS);
  }

  const idle = { ...shared, canSubmit: false, onSubmit: () => undefined };
  if (planId === null) return <PaymentScreen {...idle} status="error" error="noPlan" />;
  if (plansQuery.isError && !plansQuery.isFetching)
    return <PaymentScreen {...idle} status="error" error="failed" onRetry={() => void plansQuery.refetch()} />;
  if (!plansQuery.data) return <PaymentScreen {...idle} status="loading" />;
  if (!plan) return <PaymentScreen {...idle} status="error" error="notFound" />;
  return <PaymentScreen {...shared} status="form" plan={plan} canSubmit={canSubmit} onSubmit={() => void submit()} />;
}
