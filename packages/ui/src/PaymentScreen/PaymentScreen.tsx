import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { walletShortfall, type CardGate, type CryptoGate, type Gateway, type Plan } from '@separ/domain';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { TextField } from '../FormField';
import { Icon } from '../icons';
import { Card, Container } from '../Layout';
import { PageHeader } from '../PageHeader';
import { Spinner } from '../Spinner';
import {
  Alert,
  Body,
  CouponApplied,
  CouponRow,
  Form,
  GatewayOption,
  Gateways,
  PriceLine,
  Renewal,
  Secure,
  Summary,
  Total,
  WalletFacts,
} from './PaymentScreen.styles';

/** The minus sign before the discount. */
const MINUS = '\u2212';

/**
 * What a purchase is paid with: a bank gate, the buyer's wallet (CONTRACTS §10), a card-to-card
 * transfer (§11), or a gate that invoices in dollars (§12: OxaPay, NOWPayments, the sandbox crypto page).
 */
export type PaymentGate = Gateway | 'wallet' | CardGate | CryptoGate;

/** The wallet as the payment page offers it (the shop's `wallet_active`). */
export interface PaymentWallet {
  /** The plan's credit price (`price_credit`), in tomans: what the wallet pays. */
  price: number;
  /** The signed-in buyer's balance in tomans; 'signedOut': sign in to pay from the wallet; 'loading'. */
  balance: number | 'signedOut' | 'loading';
  /** Where to sign in and come back (signed out). */
  signInTo?: string;
}

/** The refusals of a purchase the page says in its own words (by the answer's code). */
export type PaymentRefusal = 'insufficientBalance' | 'signInToPayFromWallet' | 'walletDisabled';

/**
 * Why a discount code does not apply, each in the page's own words (CONTRACTS §12's codes), or
 * too many codes tried, the call not answered, or anything else.
 */
export type CouponRefusal =
  | 'couponUnknown'
  | 'couponExpired'
  | 'couponNotYetValid'
  | 'couponUsedUp'
  | 'couponNotForPlan'
  | 'couponFirstPurchaseOnly'
  | 'couponPerUserLimit'
  | 'tooManyAttempts'
  | 'network'
  | 'failed';

/** The discount code on the payment page: behind a link until opened, then a field and Apply. */
export interface PaymentCoupon {
  /** The field shows; closed, only the link "Have a discount code?". */
  open: boolean;
  onOpen(): void;
  code: string;
  onCodeChange(code: string): void;
  onApply(): void;
  /** The code is being checked. */
  checking?: boolean;
  /**
   * The server's quote for the plan: the code, the price after it and the discount, in tomans; with
   * the shop's rate, the price after it in dollars (`price_usd`).
   */
  applied?: { code: string; price: number; discount: number; price_usd?: number } | null;
  onRemove(): void;
  refusal?: CouponRefusal | null;
}

export interface PaymentScreenProps {
  status: 'loading' | 'error' | 'form';
  /** Why the page cannot show the form. */
  error?: 'noPlan' | 'notFound' | 'failed';
  onRetry?: () => void;
  plan?: Plan;
  email: string;
  onEmailChange(email: string): void;
  /** The e-mail fails validation (checked on entry and on submit): shows 'Please enter a valid email address'. */
  emailInvalid?: boolean;
  /** Which gates are active; 'loading' while the status call runs. */
  gateways: Record<Gateway, boolean> | 'loading';
  gateway: PaymentGate | null;
  onGatewayChange(gateway: PaymentGate): void;
  /** The shop takes payment from the wallet: offered as one more gate, with its price and the balance. */
  wallet?: PaymentWallet | null;
  /** The shop takes card-to-card transfers (`card_active`): offered as one more gate. */
  card?: boolean;
  /**
   * The gates that invoice in dollars on offer (CONTRACTS §12, active with the shop's rate), each
   * with the plan's dollar price: OxaPay, NOWPayments, the sandbox crypto page (a TEST).
   */
  crypto?: readonly CryptoGate[];
  phase: 'idle' | 'processing' | 'redirecting';
  /**
   * The purchase failed: a refusal the page words itself, else the server's message when it gave one,
   * else 'Payment failed. Please try again.'.
   */
  submitError?: { message?: string; refusal?: PaymentRefusal; coupon?: CouponRefusal } | null;
  canSubmit: boolean;
  onSubmit(): void;
  /**
   * The buyer's own account that this purchase renews (logged in, or a reminder's renew link; issue
   * #24), with the choice of a separate new account instead. Absent: the purchase makes a new account.
   */
  renewal?: { username: string; buyNew: boolean; onBuyNewChange(buyNew: boolean): void } | null;
  /** The discount code (CONTRACTS §12); absent: not offered. */
  coupon?: PaymentCoupon | null;
}

/** The purchase of one plan: summary, e-mail, gateway and the start button (SPEC §2 /payment). */
export function PaymentScreen(props: PaymentScreenProps) {
  const { t } = useTranslation(['payment', 'errors', 'plans']);
  const format = useFormat();
  const { status, plan, gateways, gateway, phase } = props;
  const header = <PageHeader title={t('title')} subtitle={t('subtitle')} back={{ to: '/buy', label: t('back') }} />;
  if (status === 'loading') {
    return (
      <>
        {header}
        <Container>
          <Spinner block label={t('loading')} />
        </Container>
      </>
    );
  }
  if (status === 'error' || !plan) {
    const message =
      props.error === 'noPlan'
        ? t('errors:payment.noPlan')
        : props.error === 'notFound'
          ? t('errors:payment.planNotFound')
          : t('errors:payment.loadFailed');
    return (
      <>
        {header}
        <Container>
          {props.error === 'failed' && props.onRetry ? (
            <ErrorView title={message} retryLabel={t('errors:actions.tryAgain')} onRetry={props.onRetry} />
          ) : (
            <ErrorView title={message} />
          )}
          <div style={{ display: 'flex', justifyContent: 'center', paddingBlockEnd: 64 }}>
            <Button to="/buy" variant="secondary" icon="arrowBack">
              {t('back')}
            </Button>
          </div>
        </Container>
      </>
    );
  }
  const wallet = props.wallet ?? null;
  // Through a gateway or a card transfer the plan costs its toman price; its credit price, lower when
  // the plan is discounted, is what the wallet pays (CONTRACTS §10), shown on the wallet's option.
  const gatewayPrice = plan.bestPrice ?? 0;
  const listed = gateway === 'wallet' && wallet ? wallet.price : gatewayPrice;
  // A code that applies: the server's quote for the plan (from the wallet it is taken off the wallet price).
  const applied = props.coupon?.applied ?? null;
  const price = applied && gateway !== 'wallet' ? applied.price : listed;
  // What the rial gates charge, in tomans (after the code when one applies).
  const gatePrice = applied ? applied.price : gatewayPrice;
  // The dollars (CONTRACTS §12): the plan's at the shop's rate, after the code by the code's quote.
  const usd = applied ? (applied.price_usd ?? null) : plan.priceUsd;
  // English pages show dollars when the shop has a rate; the wallet keeps its own price in tomans.
  const inDollars = format.language === 'en' && usd !== null;
  const summaryInDollars = inDollars && gateway !== 'wallet';
  const cryptoGates = gateways === 'loading' || usd === null ? [] : (props.crypto ?? []);
  // What the code took off, as the summary says it: in dollars there, else in tomans.
  const discountUsd =
    applied && plan.priceUsd !== null && usd !== null
      ? Math.max(0, Math.round((plan.priceUsd - usd) * 100) / 100)
      : null;
  const discountText =
    applied && summaryInDollars && discountUsd !== null
      ? format.usd(discountUsd)
      : format.toman(applied?.discount ?? 0);
  const inToman = inDollars ? <small>{t('gateway.inToman', { amount: format.toman(gatePrice) })}</small> : null;
  const busy = phase !== 'idle';
  const redirecting = gateway === 'card' ? 'redirectingCard' : 'redirecting';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <>
      {header}
      <Body>
        <Card>
          <h2 style={{ fontSize: '1.25rem', marginBlockEnd: 20 }}>{t('summary.title')}</h2>
          <Summary>
            <dt>{t('summary.plan')}</dt>
            <dd>{plan.title}</dd>
            <dt>{t('summary.platform')}</dt>
            <dd>{t(plan.ios === 1 ? 'plans:tabs.ios' : 'plans:tabs.android')}</dd>
            <dt>{t('summary.data')}</dt>
            <dd>{format.data(plan.dataVolume)}</dd>
            <dt>{t('summary.devices')}</dt>
            <dd>{format.devices(plan.allowedDevices)}</dd>
            <dt>{t('summary.duration')}</dt>
            <dd>{format.duration(plan.duration)}</dd>
          </Summary>
          {applied && gateway !== 'wallet' ? (
            <>
              <PriceLine>
                <span>{t('coupon.listed')}</span>
                <s>
                  {summaryInDollars && plan.priceUsd !== null
                    ? format.usd(plan.priceUsd)
                    : format.toman(applied.price + applied.discount)}
                </s>
              </PriceLine>
              <PriceLine data-discount>
                <span>{t('coupon.discount', { code: '\u2068' + applied.code + '\u2069' })}</span>
                <span>{MINUS + discountText}</span>
              </PriceLine>
            </>
          ) : null}
          <Total>
            <span>{t('summary.total')}</span>
            <strong>{summaryInDollars && usd !== null ? format.usd(usd) : format.toman(price)}</strong>
          </Total>
        </Card>
        <Card>
          <Form onSubmit={submit} noValidate>
            {props.renewal ? (
              <Renewal role="note">
                <Icon name={props.renewal.buyNew ? 'user' : 'refresh'} size={22} />
                <div>
                  <p>
                    {props.renewal.buyNew
                      ? t('renewal.newAccount')
                      : t('renewal.renews', { username: '\u2068' + props.renewal.username + '\u2069' })}
                  </p>
                  <label>
                    <input
                      type="checkbox"
                      checked={props.renewal.buyNew}
                      disabled={busy}
                      onChange={(event) => props.renewal?.onBuyNewChange(event.target.checked)}
                    />
                    {t('renewal.buyNew')}
                  </label>
                </div>
              </Renewal>
            ) : null}
            <TextField
              label={t('email.label')}
              type="email"
              dir="ltr"
              autoComplete="email"
              inputMode="email"
              placeholder={t('email.placeholder')}
              value={props.email}
              onChange={props.onEmailChange}
              error={props.emailInvalid ? t('errors:validation.invalidEmail') : undefined}
              hint={t('email.hint')}
              disabled={busy}
              required
            />
            <Gateways disabled={busy}>
              <legend>{t('gateway.title')}</legend>
              {gateways === 'loading' ? (
                <Spinner label={t('gateway.loading')} />
              ) : (
                (['ird', 'spay'] as const).map((gate) => {
                  const active = gateways[gate];
                  return (
                    <GatewayOption key={gate} $checked={gateway === gate} $disabled={!active}>
                      <input
                        type="radio"
                        name="gateway"
                        value={gate}
                        checked={gateway === gate}
                        disabled={!active}
                        onChange={() => props.onGatewayChange(gate)}
                      />
                      <Icon name="card" size={22} />
                      {t(`gateway.${gate}`)}
                      {!active ? <small>{t('gateway.inactive')}</small> : inToman}
                    </GatewayOption>
                  );
                })
              )}
              {props.card && gateways !== 'loading' ? (
                <div>
                  <GatewayOption $checked={gateway === 'card'} $disabled={false}>
                    <input
                      type="radio"
                      name="gateway"
                      value="card"
                      checked={gateway === 'card'}
                      onChange={() => props.onGatewayChange('card')}
                      aria-describedby="payment-card-facts"
                    />
                    <Icon name="receipt" size={22} />
                    {t('gateway.card')}
                    {inToman}
                  </GatewayOption>
                  <WalletFacts id="payment-card-facts">
                    <p>{t('gateway.cardHint')}</p>
                  </WalletFacts>
                </div>
              ) : null}
              {cryptoGates.map((gate) => (
                <div key={gate}>
                  <GatewayOption $checked={gateway === gate} $disabled={false}>
                    <input
                      type="radio"
                      name="gateway"
                      value={gate}
                      checked={gateway === gate}
                      onChange={() => props.onGatewayChange(gate)}
                      aria-describedby={gateway === gate ? 'payment-crypto-facts' : undefined}
                    />
                    <Icon name={gate === 'sandboxcrypto' ? 'sparkle' : 'globe'} size={22} />
                    {t(`gateway.${gate}`)}
                    {usd !== null ? <small>{format.usd(usd)}</small> : null}
                  </GatewayOption>
                  {gateway === gate ? (
                    <WalletFacts id="payment-crypto-facts">
                      <p>{t(gate === 'sandboxcrypto' ? 'gateway.sandboxCryptoHint' : 'gateway.cryptoHint')}</p>
                    </WalletFacts>
                  ) : null}
                </div>
              ))}
              {wallet && gateways !== 'loading' ? (
                <WalletGate
                  wallet={wallet}
                  checked={gateway === 'wallet'}
                  onChange={() => props.onGatewayChange('wallet')}
                />
              ) : null}
            </Gateways>
            {props.coupon ? (
              <CouponField
                coupon={props.coupon}
                busy={busy}
                walletGate={gateway === 'wallet'}
                discountText={discountText}
              />
            ) : null}
            {props.submitError ? (
              <Alert role="alert" $tone="danger">
                {props.submitError.coupon
                  ? t(`coupon.refusals.${props.submitError.coupon}`)
                  : props.submitError.refusal
                    ? t(`wallet.refusals.${props.submitError.refusal}`)
                    : props.submitError.message || t('errors:payment.purchaseFailed')}
              </Alert>
            ) : null}
            {phase === 'redirecting' ? (
              <Alert role="status" $tone="info">
                {t(redirecting)}
              </Alert>
            ) : null}
            <Button type="submit" size="lg" fullWidth disabled={!props.canSubmit} loading={busy} icon="lock">
              {phase === 'processing' ? t('processing') : phase === 'redirecting' ? t(redirecting) : t('start')}
            </Button>
            {gateway !== 'card' && !(gateway && (cryptoGates as readonly string[]).includes(gateway)) ? (
              <Secure>
                <Icon name="shieldCheck" size={18} />
                {t('secure')}
              </Secure>
            ) : null}
          </Form>
        </Card>
      </Body>
    </>
  );
}

/**
 * The wallet as a gate: its price, and the balance when signed in. It can be chosen only when the
 * balance covers the price; else it says how much is missing, with the way to top up, or to sign in.
 */
function WalletGate({ wallet, checked, onChange }: { wallet: PaymentWallet; checked: boolean; onChange(): void }) {
  const { t } = useTranslation('payment');
  const format = useFormat();
  const { balance, price } = wallet;
  const short = typeof balance === 'number' ? walletShortfall(balance, price) : 0;
  const usable = typeof balance === 'number' && short === 0;
  return (
    <div>
      <GatewayOption $checked={checked} $disabled={!usable}>
        <input
          type="radio"
          name="gateway"
          value="wallet"
          checked={checked}
          disabled={!usable}
          onChange={onChange}
          aria-describedby="payment-wallet-facts"
        />
        <Icon name="wallet" size={22} />
        {t('wallet.option')}
        <small>{format.toman(price)}</small>
      </GatewayOption>
      <WalletFacts id="payment-wallet-facts">
        {balance === 'signedOut' ? (
          <p>
            {t('wallet.signIn')}{' '}
            <Button to={wallet.signInTo ?? '/login'} variant="ghost" size="sm" icon="user">
              {t('wallet.signInAction')}
            </Button>
          </p>
        ) : balance === 'loading' ? (
          <p>{t('wallet.balanceLoading')}</p>
        ) : (
          <>
            <p>{t('wallet.balance', { balance: format.toman(balance) })}</p>
            {short > 0 ? (
              <p data-short>
                {t('wallet.short', { amount: format.toman(short) })}{' '}
                <Button to="/panel/wallet" variant="ghost" size="sm" icon="wallet">
                  {t('wallet.topUp')}
                </Button>
              </p>
            ) : null}
          </>
        )}
      </WalletFacts>
    </div>
  );
}

/**
 * The discount code: a link that opens the field; the field and Apply; once the code applies, what
 * it took off and the way to remove it; a refusal in the page's words, by its code.
 */
function CouponField({
  coupon,
  busy,
  walletGate,
  discountText,
}: {
  coupon: PaymentCoupon;
  busy: boolean;
  walletGate: boolean;
  /** What the code took off, as the summary says it (in dollars on an English page with the rate). */
  discountText: string;
}) {
  const { t } = useTranslation('payment');
  const { applied, checking = false } = coupon;
  if (applied)
    return (
      <CouponApplied role="status">
        <p>
          <Icon name="check" size={20} />
          {walletGate
            ? t('coupon.appliedWallet', { code: '\u2068' + applied.code + '\u2069' })
            : t('coupon.applied', { code: '\u2068' + applied.code + '\u2069', amount: discountText })}
        </p>
        <Button variant="ghost" size="sm" icon="x" onClick={coupon.onRemove} disabled={busy}>
          {t('coupon.remove')}
        </Button>
      </CouponApplied>
    );
  if (!coupon.open)
    return (
      <div>
        <Button variant="ghost" size="sm" onClick={coupon.onOpen} disabled={busy}>
          {t('coupon.open')}
        </Button>
      </div>
    );
  const apply = () => {
    if (!checking && coupon.code.trim() !== '') coupon.onApply();
  };
  return (
    <CouponRow>
      <TextField
        label={t('coupon.label')}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={coupon.code}
        onChange={coupon.onCodeChange}
        onKeyDown={(event) => {
          // Enter applies the code rather than starting the payment.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
        error={coupon.refusal ? t(`coupon.refusals.${coupon.refusal}`) : undefined}
        disabled={busy || checking}
      />
      <div>
        <Button variant="secondary" onClick={apply} loading={checking} disabled={busy || coupon.code.trim() === ''}>
          {checking ? t('coupon.checking') : t('coupon.apply')}
        </Button>
      </div>
    </CouponRow>
  );
}
