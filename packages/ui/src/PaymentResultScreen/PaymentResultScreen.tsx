import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PaymentResult } from '@separ/domain';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Card, Container, Ltr } from '../Layout';
import { PageHeader } from '../PageHeader';

const Body = styled(Container)`
  display: grid;
  justify-items: center;
  padding-block: ${({ theme }) => theme.space(9)} ${({ theme }) => theme.space(12)};
`;

const Panel = styled(Card)`
  inline-size: 100%;
  max-inline-size: 640px;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  text-align: center;
`;

const Mark = styled.span<{ $tone: 'success' | 'danger' | 'warning' }>`
  justify-self: center;
  display: grid;
  place-items: center;
  inline-size: 76px;
  block-size: 76px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : $tone === 'danger' ? theme.colors.dangerSoft : theme.colors.warningSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : $tone === 'danger' ? theme.colors.danger : theme.colors.warning)};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(5)};
  margin: 0;
  text-align: start;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: end;
  }
`;

const Credentials = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(5)};
  border: 2px dashed ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
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
 * The outcome of a payment: success with the new credentials, a renewal of the buyer's own account
 * (no password: it did not change), failed with refund information, or duplicate.
 */
export function PaymentResultScreen({ result }: PaymentResultScreenProps) {
  const { t } = useTranslation(['payment', 'errors']);
  const format = useFormat();
  const look = result.renewed ? { icon: 'refresh' as const, tone: 'success' as const } : LOOK[result.status];
  const amount = result.amountToman === null ? t('errors:payment.notAvailable') : format.toman(result.amountToman);
  const facts = (
    <Facts>
      <dt>{t('result.fields.orderId')}</dt>
      <dd>
        <Ltr>{result.orderId}</Ltr>
      </dd>
      {result.refId ? (
        <>
          <dt>{t('result.fields.refId')}</dt>
          <dd>
            <Ltr>{result.refId}</Ltr>
          </dd>
        </>
      ) : null}
      <dt>{t('result.fields.amount')}</dt>
      <dd>{amount}</dd>
      {result.time ? (
        <>
          <dt>{t('result.fields.time')}</dt>
          <dd>{format.dateTime(result.time)}</dd>
        </>
      ) : null}
    </Facts>
  );
  return (
    <>
      <PageHeader title={t('result.title')} />
      <Body>
        <Panel>
          <Mark $tone={look.tone}>
            <Icon name={look.icon} size={40} />
          </Mark>
          <h2 style={{ fontSize: '1.6rem' }}>
            {t(result.renewed ? 'result.renewed.title' : `result.${result.status}.title`)}
          </h2>
          {result.status === 'success' && result.renewed ? (
            <>
              <Muted>{t('result.renewed.message')}</Muted>
              {facts}
              <Credentials>
                <h2>{t('result.renewed.accountTitle')}</h2>
                <Facts>
                  <dt>{t('result.fields.username')}</dt>
                  <dd>
                    <Ltr>{result.username}</Ltr>
                  </dd>
                </Facts>
                <Muted>{t('result.renewed.same')}</Muted>
              </Credentials>
              <Actions>
                <Button to="/panel" icon="user">
                  {t('result.renewed.goDashboard')}
                </Button>
                <Button to="/panel/connect" variant="secondary" icon="qr">
                  {t('result.renewed.connect')}
                </Button>
              </Actions>
            </>
          ) : result.status === 'success' ? (
            <>
              <Muted>{t('result.success.message')}</Muted>
              {facts}
              <Credentials>
                <h2>{t('result.success.credentialsTitle')}</h2>
                <Facts>
                  <dt>{t('result.fields.username')}</dt>
                  <dd>
                    <Ltr>{result.username}</Ltr>
                  </dd>
                  <dt>{t('result.fields.password')}</dt>
                  <dd>
                    <Ltr>{result.password}</Ltr>
                  </dd>
                </Facts>
              </Credentials>
              <Actions>
                <Button to="/panel/connect" icon="qr">
                  {t('result.success.connect')}
                </Button>
                <Button to="/panel" variant="secondary" icon="user">
                  {t('result.success.goDashboard')}
                </Button>
                <CopyButton
                  text={t('result.success.clipboard', { username: result.username, password: result.password })}
                  label={t('result.success.copyCredentials')}
                  copiedLabel={t('result.success.copied')}
                />
              </Actions>
            </>
          ) : result.status === 'failed' ? (
            <>
              <Muted>{t('result.failed.message')}</Muted>
              {facts}
              <Muted>{t('errors:payment.refund')}</Muted>
              <Muted>{t('errors:payment.contactSupport')}</Muted>
              <Actions>
                <Button to="/buy" icon="refresh">
                  {t('result.failed.tryAgain')}
                </Button>
                <Button to="/support" variant="secondary" icon="support">
                  {t('result.failed.contactSupport')}
                </Button>
              </Actions>
            </>
          ) : (
            <>
              <Muted>{t('result.duplicate.message')}</Muted>
              {facts}
              <Muted>{t('result.duplicate.suggestion')}</Muted>
              <Actions>
                <Button to="/support" variant="secondary" icon="support">
                  {t('result.duplicate.contactSupport')}
                </Button>
                <Button to="/panel" icon="user">
                  {t('result.duplicate.goDashboard')}
                </Button>
              </Actions>
            </>
          )}
        </Panel>
      </Body>
    </>
  );
}
