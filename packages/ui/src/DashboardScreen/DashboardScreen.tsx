import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import {
  accountStatus,
  dataRemainingMB,
  dataRemainingPercent,
  devicePercent,
  type Account,
  type AccountStatus,
} from '@separ/domain';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Card, Ltr } from '../Layout';
import { PanelTitle } from '../PanelLayout';
import { Ring } from '../Ring';
import { Spinner } from '../Spinner';
import { media } from '../theme';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const StatusCard = styled(Card)<{ $tone: string }>`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  border-inline-start: 6px solid ${({ $tone }) => $tone};
  grid-column: 1 / -1;
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StatusIcon = styled.span<{ $tone: string; $soft: string }>`
  display: grid;
  place-items: center;
  inline-size: 56px;
  block-size: 56px;
  border-radius: 50%;
  background: ${({ $soft }) => $soft};
  color: ${({ $tone }) => $tone};
  flex-shrink: 0;
`;

const RingCard = styled(Card)`
  display: grid;
  justify-items: center;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-start: ${({ theme }) => theme.space(6)};
`;

export interface DashboardScreenProps {
  status: 'loading' | 'error' | 'ready';
  account?: Account;
  /** The current time (the page passes it; components read no clock). */
  now: Date;
  onRetry(): void;
  onLogout(): void;
}

const STATUS_ICON: Record<AccountStatus['state'], IconName> = {
  suspended: 'ban',
  pending: 'hourglass',
  expired: 'clock',
  dataExceeded: 'database',
  active: 'shieldCheck',
};

/** The account at a glance: its status with an icon, data remaining and active devices. */
export function DashboardScreen({ status, account, now, onRetry, onLogout }: DashboardScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const format = useFormat();
  if (status === 'loading') return <Spinner block label={t('dashboard.loading')} />;
  if (status === 'error' || !account)
    return <ErrorView title={t('errors:panel.account')} retryLabel={t('errors:actions.tryAgain')} onRetry={onRetry} />;
  const state = accountStatus(account, now);
  const tone = {
    suspended: ['#b91c1c', '#fee2e2'],
    pending: ['#1e40af', '#dbeafe'],
    expired: ['#92400e', '#fef3c7'],
    dataExceeded: ['#92400e', '#fef3c7'],
    active: ['#15803d', '#dcfce7'],
  }[state.state] as [string, string];
  const text =
    state.state === 'active'
      ? t('dashboard.status.active.text', { count: state.daysLeft })
      : state.state === 'pending'
        ? t('dashboard.status.pending.text', { days: state.days })
        : t(`dashboard.status.${state.state}.text`);
  const dataPercent = dataRemainingPercent(account);
  const remaining = dataRemainingMB(account);
  const devicesPct = devicePercent(account.devices.length, account.allowedDevices);
  return (
    <>
      <PanelTitle>
        <h1>{t('dashboard.title')}</h1>
        <p>
          {t('dashboard.welcome', { username: '' })}
          <Ltr>{account.username}</Ltr>
        </p>
      </PanelTitle>
      <Grid>
        <StatusCard $tone={tone[0]} role="status">
          <StatusIcon $tone={tone[0]} $soft={tone[1]}>
            <Icon name={STATUS_ICON[state.state]} size={30} />
          </StatusIcon>
          <div>
            <p>{t('dashboard.statusTitle')}</p>
            <h2>{t(`dashboard.status.${state.state}.title`)}</h2>
            <p>{text}</p>
            {account.expireDate && state.state !== 'pending' ? (
              <p>{t('dashboard.expires', { date: format.date(account.expireDate) })}</p>
            ) : null}
          </div>
        </StatusCard>
        <RingCard>
          <Ring
            percent={dataPercent}
            tone={dataPercent <= 10 ? 'danger' : 'primary'}
            value={remaining === null ? t('dashboard.dataUnlimited') : format.percent(dataPercent)}
            sub={
              remaining === null
                ? undefined
                : t('dashboard.dataUsed', {
                    used: format.data(account.usedMB),
                    allowed: format.data(account.allowedMB),
                  })
            }
            caption={t('dashboard.dataRemaining')}
          />
        </RingCard>
        <RingCard>
          <Ring
            percent={devicesPct}
            tone="accent"
            value={t('dashboard.devicesValue', { count: account.devices.length, allowed: account.allowedDevices })}
            caption={t('dashboard.activeDevices')}
          />
        </RingCard>
      </Grid>
      <Actions>
        <Button to="/panel/devices" variant="secondary" icon="devices">
          {t('menu.devices')}
        </Button>
        <Button variant="danger" icon="logout" onClick={onLogout}>
          {t('dashboard.logout')}
        </Button>
      </Actions>
    </>
  );
}
