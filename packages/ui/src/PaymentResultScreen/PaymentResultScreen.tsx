import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PaymentResult } from '@separ/domain';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Card, CenteredPageBody, Ltr, TermValue } from '../Layout';
import { PageHeader } from '../PageHeader';
import { cluster, iconDisc, stack, termValueGrid } from '../theme';

const Panel = styled(Card)`
  inline-size: 100%;
  max-inline-size: 640px;
  ${stack(5)}
  text-align: center;
`;

const Mark = styled.span<{ $tone: 'success' | 'danger' | 'warning' }>`
  justify-self: center;
  ${iconDisc(76)}
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : $tone === 'danger' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
`;

const Facts = styled.dl`
  ${termValueGrid(3, 5)}
  text-align: start;
`;

const Credentials = styled.div`
  ${stack(3)}
  padding: ${({ theme }) => theme.space(5)};
  border: 2px dashed ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Actions = styled.div`
  ${cluster(3)}
  justify-content: center;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PaymentResultScreenProps {
  result: PaymentResult;
}

const LOOK: Record<PaymentResult['status'], { icon: IconName; tone: 'success' | 'danger' | 'warning' }> = {
  success: { icon: 'check', tone: 'success' },
  failed: { icon: 'x', tone: 'danger' },
  duplicate: { icon: 'info', tone: 'warning' },
};

/**
 * The outcomes the screen tells apart: a renewal is a success that kept the buyer's account, a
 * top-up one that filled the buyer's wallet (CONTRACTS §10).
 */
type Outcome = 'renewed' | 'topup' | PaymentResult['status'];

/** What an outcome says under the facts. */
const NOTES: Record<Outcome, string[]> = {
  renewed: [],
  topup: [],
  success: [],
  failed: ['errors:payment.refund', 'errors:payment.contactSupport'],
  duplicate: ['result.duplicate.suggestion'],
};

/** An outcome's buttons: the route, its icon, its label under `result.<outcome>`, and whether it is secondary. */
const BUTTONS: Record<Outcome, Array<{ to: string; icon: IconName; label: string; secondary?: true }>> = {
  renewed: [
    { to: '/panel', icon: 'user', label: 'goDashboard' },
    { to: '/panel/connect', icon: 'qr', label: 'connect', secondary: true },
  ],
  topup: [
    { to: '/panel/wallet', icon: 'card', label: 'goWallet' },
    { to: '/buy', icon: 'bolt', label: 'buy', secondary: true },
  ],
  success: [
    { to: '/panel/connect', icon: 'qr', label: 'connect' },
    { to: '/panel', icon: 'user', label: 'goDashboard', secondary: true },
  ],
  failed: [
    { to: '/buy', icon: 'refresh', label: 'tryAgain' },
    { to: '/support', icon: 'support', label: 'contactSupport', secondary: true },
  ],
  duplicate: [
    { to: '/support', icon: 'support', label: 'contactSupport', secondary: true },
    { to: '/panel', icon: 'user', label: 'goDashboard' },
  ],
};

/**
 * The outcome of a payment: success with the new credentials, a renewal of the buyer's own account
 * (no password: it did not change), failed with refund information, or duplicate.
 */
export function PaymentResultScreen({ result }: PaymentResultScreenProps) {
  const { t } = useTranslation(['payment', 'errors']);
  const format = useFormat();
  const outcome: Outcome =
    result.status === 'success' && result.topupToman
      ? 'topup'
      : result.status === 'success' && result.renewed
        ? 'renewed'
        : result.status;
  const look =
    outcome === 'topup' || outcome === 'renewed'
      ? { icon: outcome === 'topup' ? ('card' as const) : ('refresh' as const), tone: 'success' as const }
      : LOOK[result.status];
  // An order paid in dollars (a crypto gateway) shows its dollars too: in English first.
  const amount =
    result.amountToman === null ? t('errors:payment.notAvailable') : format.paid(result.amountToman, result.amountUsd);
  const facts = (
    <Facts>
      <TermValue label={t('result.fields.orderId')}>
        <Ltr>{result.orderId}</Ltr>
      </TermValue>
      {result.refId ? (
        <TermValue label={t('result.fields.refId')}>
          <Ltr>{result.refId}</Ltr>
        </TermValue>
      ) : null}
      <TermValue label={t('result.fields.amount')}>{amount}</TermValue>
      {result.time ? <TermValue label={t('result.fields.time')}>{format.dateTime(result.time)}</TermValue> : null}
    </Facts>
  );
  return (
    <>
      <PageHeader title={t('result.title')} />
      <CenteredPageBody>
        <Panel>
          <Mark $tone={look.tone}>
            <Icon name={look.icon} size={40} />
          </Mark>
          <h2 style={{ fontSize: '1.6rem' }}>
            {t(
              outcome === 'renewed' || outcome === 'topup'
                ? `result.${outcome}.title`
                : `result.${result.status}.title`,
            )}
          </h2>
          <Muted>
            {t(
              `result.${outcome}.message`,
              outcome === 'topup' ? { amount: format.toman(result.topupToman ?? 0) } : {},
            )}
          </Muted>
          {facts}
          {outcome === 'renewed' || outcome === 'success' ? (
            <Credentials>
              <h2>{t(outcome === 'renewed' ? 'result.renewed.accountTitle' : 'result.success.credentialsTitle')}</h2>
              <Facts>
                <TermValue label={t('result.fields.username')}>
                  <Ltr>{result.username}</Ltr>
                </TermValue>
                {outcome === 'success' ? (
                  <TermValue label={t('result.fields.password')}>
                    <Ltr>{result.password}</Ltr>
                  </TermValue>
                ) : null}
              </Facts>
              {outcome === 'renewed' ? <Muted>{t('result.renewed.same')}</Muted> : null}
            </Credentials>
          ) : null}
          {NOTES[outcome].map((note) => (
            <Muted key={note}>{t(note)}</Muted>
          ))}
          <Actions>
            {BUTTONS[outcome].map(({ to, icon, label, secondary }) => (
              <Button key={to} to={to} icon={icon} variant={secondary ? 'secondary' : undefined}>
                {t(`result.${outcome}.${label}`)}
              </Button>
            ))}
            {outcome === 'success' ? (
              <CopyButton
                text={t('result.success.clipboard', { username: result.username, password: result.password })}
                label={t('result.success.copyCredentials')}
                copiedLabel={t('result.success.copied')}
              />
            ) : null}
          </Actions>
        </Panel>
      </CenteredPageBody>
    </>
  );
}
