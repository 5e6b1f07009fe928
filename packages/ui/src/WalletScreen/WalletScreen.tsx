import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardGate, Gateway, WalletEntry } from '@separ/domain';
import { Button } from '../Button';
import { Card, Ltr } from '../Layout';
import { Chips } from '../Chips';
import { EmptyState } from '../EmptyState';
import { useFormat } from '../format';
import { TextField } from '../FormField';
import { Icon } from '../icons';
import { Loadable } from '../Loadable';
import { PanelFooterLinks, PanelHeading } from '../PanelLayout';
import { Table } from '../Table';
import { checkTopupAmount, TOPUP_QUICK_AMOUNTS, type TopupAmountError } from './walletForm';
import {
  Balance,
  BalanceAmount,
  GateOption,
  Gates,
  Gift,
  GiftRow,
  Notice,
  Problem,
  Redeemed,
  Signed,
  Top,
  Topup,
} from './WalletScreen.styles';

/**
 * Why the server refused a top-up: the amount outside the shop's bounds (said under the field), the
 * gate not available, the wallet switched off, the call not answered, or anything else.
 */
export type WalletTopupError = 'range' | 'gateway' | 'disabled' | 'network' | 'failed';

/** What a top-up is paid through: a bank gate, or a card-to-card transfer (CONTRACTS §11). */
export type WalletTopupGate = Gateway | CardGate;

/** Why a gift code was not redeemed: the server's reasons (CONTRACTS §12), the call not answered, or anything else. */
export type GiftRefusal =
  'giftUnknown' | 'giftUsed' | 'giftExpired' | 'walletDisabled' | 'tooManyAttempts' | 'network' | 'failed';

/** The gift-code form (CONTRACTS §12). */
export interface WalletGift {
  /** A typed code: the container redeems it. */
  onRedeem(code: string): void;
  busy?: boolean;
  /** The tomans the last redeemed code added. */
  redeemed?: number | null;
  refusal?: GiftRefusal | null;
  /** The code already in the field (stories). */
  initialCode?: string;
}

export interface WalletScreenProps {
  status: 'loading' | 'error' | 'ready';
  /** The balance, in tomans. */
  balance: number;
  /** The ledger, newest first. */
  entries: WalletEntry[];
  onRetry(): void;
  retrying?: boolean;
  /** The shop's top-up bounds, in tomans. */
  min: number;
  max: number;
  /** The gates a top-up may be paid through: the active ones (never the wallet itself), card when on. */
  gates: WalletTopupGate[];
  /** The shop has switched the wallet off: the balance shows, no top-up is offered. */
  walletOff?: boolean;
  /** A checked top-up: the container starts it and sends the browser to the bank. */
  onTopup(topup: { amount: number; gate: WalletTopupGate }): void;
  /** The top-up is being started, then the browser leaves for the bank. */
  busy?: boolean;
  topupError?: WalletTopupError | null;
  /** The amount already in the field (stories). */
  initialAmount?: string;
  /** Redeem a gift code into the balance; absent: not offered. */
  gift?: WalletGift | null;
}

/** The account's wallet: the balance, a top-up through a gate, and every entry with the balance after it. */
export function WalletScreen(props: WalletScreenProps) {
  const { status, balance, entries, onRetry, retrying = false } = props;
  const { t } = useTranslation(['panel', 'errors', 'payment']);
  const format = useFormat();
  return (
    <>
      <PanelHeading
        title={t('wallet.title')}
        subtitle={t('wallet.subtitle')}
        back={{ to: '/panel', label: t('wallet.back') }}
      />
      <Loadable
        status={status}
        loadingLabel={t('wallet.loading')}
        error={{ title: t('errors:panel.wallet'), retryLabel: t('errors:actions.retry'), onRetry, retrying }}
      >
        <Top>
          <Balance aria-labelledby="wallet-balance">
            <h2 id="wallet-balance">
              <Icon name="wallet" size={20} />
              {t('wallet.balance')}
            </h2>
            <BalanceAmount>{format.toman(balance)}</BalanceAmount>
            <p>{t('wallet.balanceHint')}</p>
          </Balance>
          <TopupForm {...props} />
        </Top>
        {props.gift ? <GiftForm gift={props.gift} /> : null}
        {entries.length === 0 ? (
          <Card>
            <EmptyState icon="wallet" title={t('wallet.emptyTitle')} message={t('wallet.emptyMessage')} />
          </Card>
        ) : (
          <Table
            caption={t('wallet.table.caption')}
            rows={entries}
            rowKey={(entry) => String(entry.id)}
            columns={[
              { key: 'date', header: t('wallet.table.date'), cell: (entry) => format.dateTime(entry.createdAt) },
              { key: 'kind', header: t('wallet.table.kind'), cell: (entry) => t(`wallet.kinds.${entry.kind}`) },
              {
                key: 'amount',
                header: t('wallet.table.amount'),
                cell: (entry) => (
                  <Signed $negative={entry.amount < 0}>
                    {entry.amount < 0 ? '\u2212' : '+'}
                    {format.number(Math.abs(entry.amount))}
                  </Signed>
                ),
              },
              {
                key: 'balance',
                header: t('wallet.table.balance'),
                cell: (entry) => format.number(entry.balance),
              },
              {
                key: 'ref',
                header: t('wallet.table.ref'),
                cell: (entry) => (entry.ref ? <Ltr>{entry.ref}</Ltr> : '—'),
              },
            ]}
          />
        )}
      </Loadable>
      <PanelFooterLinks />
    </>
  );
}

/** The top-up: an amount (typed or picked), a gate among the active ones, and the button to the bank. */
function TopupForm({
  min,
  max,
  gates,
  walletOff = false,
  onTopup,
  busy = false,
  topupError = null,
  initialAmount = '',
}: WalletScreenProps) {
  const { t } = useTranslation(['panel', 'errors', 'payment']);
  const format = useFormat();
  const [amount, setAmount] = useState(initialAmount);
  const [picked, setPicked] = useState<WalletTopupGate | null>(null);
  const [amountError, setAmountError] = useState<TopupAmountError | null>(null);
  const gate = picked && gates.includes(picked) ? picked : (gates[0] ?? null);
  const checked = checkTopupAmount(amount, min, max);
  const quick = TOPUP_QUICK_AMOUNTS.filter((value) => value >= min && value <= max);
  const fieldError = amountError ?? (topupError === 'range' ? 'range' : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!checked.ok) {
      setAmountError(checked.error);
      return;
    }
    if (gate) onTopup({ amount: checked.amount, gate });
  };
  const heading = <h2 id="wallet-topup">{t('wallet.topup.title')}</h2>;
  if (walletOff)
    return (
      <Topup as="section" aria-labelledby="wallet-topup">
        {heading}
        <Notice $tone="warning">
          <Icon name="info" size={20} />
          {t('wallet.topup.off')}
        </Notice>
      </Topup>
    );
  return (
    <Topup onSubmit={submit} noValidate aria-labelledby="wallet-topup">
      {heading}
      <TextField
        label={t('wallet.topup.amount')}
        hint={t('wallet.topup.bounds', { min: format.number(min), max: format.number(max) })}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        error={
          fieldError
            ? t(`wallet.topup.errors.${fieldError}`, { min: format.number(min), max: format.number(max) })
            : undefined
        }
        inputMode="numeric"
        dir="ltr"
        autoComplete="off"
        disabled={busy}
        required
      />
      {quick.length > 0 ? (
        <Chips
          label={t('wallet.topup.quick')}
          items={quick.map((value) => ({ value, label: format.number(value) }))}
          value={checked.ok && quick.includes(checked.amount) ? checked.amount : null}
          onChange={(value) => {
            if (busy) return;
            setAmount(format.digits(value));
            setAmountError(null);
          }}
        />
      ) : null}
      {gates.length === 0 ? (
        <Notice $tone="warning">
          <Icon name="info" size={20} />
          {t('wallet.topup.noGates')}
        </Notice>
      ) : (
        <Gates disabled={busy}>
          <legend>{t('wallet.topup.gate')}</legend>
          {gates.map((option) => (
            <GateOption key={option} $checked={gate === option}>
              <input
                type="radio"
                name="wallet-gate"
                value={option}
                checked={gate === option}
                onChange={() => setPicked(option)}
              />
              <Icon name={option === 'card' ? 'receipt' : 'card'} size={22} />
              {t(`payment:gateway.${option}`)}
            </GateOption>
          ))}
        </Gates>
      )}
      {topupError && topupError !== 'range' ? (
        <Problem role="alert">{t(`wallet.topup.errors.${topupError}`)}</Problem>
      ) : null}
      <Button type="submit" size="lg" fullWidth icon="wallet" loading={busy} disabled={gate === null}>
        {busy ? t('wallet.topup.busy') : t('wallet.topup.submit')}
      </Button>
    </Topup>
  );
}

/** A gift code: the field and Redeem; the amount it added, or why not, by the answer's code. */
function GiftForm({ gift }: { gift: WalletGift }) {
  const { t } = useTranslation('panel');
  const format = useFormat();
  const { busy = false, redeemed = null, refusal = null } = gift;
  const [code, setCode] = useState(gift.initialCode ?? '');
  const [empty, setEmpty] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') {
      setEmpty(true);
      return;
    }
    gift.onRedeem(code.trim());
  };
  return (
    <Gift onSubmit={submit} noValidate aria-labelledby="wallet-gift">
      <h2 id="wallet-gift">{t('wallet.gift.title')}</h2>
      <p>{t('wallet.gift.intro')}</p>
      <GiftRow>
        <TextField
          label={t('wallet.gift.label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setEmpty(false);
          }}
          error={empty ? t('wallet.gift.required') : refusal ? t(`wallet.gift.refusals.${refusal}`) : undefined}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={busy}
          required
        />
        <div>
          <Button type="submit" variant="secondary" icon="check" loading={busy}>
            {busy ? t('wallet.gift.busy') : t('wallet.gift.submit')}
          </Button>
        </div>
      </GiftRow>
      {redeemed !== null && !refusal ? (
        <Redeemed role="status">
          <Icon name="check" size={20} />
          {t('wallet.gift.redeemed', { amount: format.toman(redeemed) })}
        </Redeemed>
      ) : null}
    </Gift>
  );
}
