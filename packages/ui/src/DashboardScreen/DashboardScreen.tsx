import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { devicePercent, type Account } from '@separ/domain';
import { AccountStatusCard, DataResetCard, DataRingCard, LineCard, RingCard, type DataReset } from '../AccountSummary';
import { BotLinkCard, type BotLinkCardProps } from '../BotLinkCard';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Icon } from '../icons';
import { InviteCard, type InviteCardProps } from '../InviteCard';
import { Ltr } from '../Layout';
import { PanelHeading } from '../PanelLayout';
import { Ring } from '../Ring';
import { Spinner } from '../Spinner';
import { cluster, media, stack } from '../theme';

const Grid = styled.div`
  ${stack(5)}
  ${media.md} {
    grid-template-columns: repeat(2, 1fr);
  }
`;

const Actions = styled.div`
  ${cluster(3)}
  margin-block-start: ${({ theme }) => theme.space(6)};
`;

export interface DashboardScreenProps {
  status: 'loading' | 'error' | 'ready';
  account?: Account;
  /** The current time (the page passes it; components read no clock). */
  now: Date;
  onRetry(): void;
  onLogout(): void;
  /** Linking the messaging bot with a one-time code (shown when given). */
  botLink?: BotLinkCardProps;
  /** The wallet's balance in tomans (CONTRACTS §10), with a link to the wallet (shown when given). */
  walletBalance?: number | null;
  /** The account's referral link, its QR code and what it has earned (CONTRACTS §12; shown when given). */
  invite?: InviteCardProps;
  /**
   * A plan whose data resets (CONTRACTS §14): every day, week or month, and the next reset (null
   * when none is due before the expiry or the subscription has not started). Shown when given.
   */
  dataReset?: DataReset;
}

/**
 * The account at a glance: its status with an icon, data remaining and active devices; Renew (a
 * plan bought while logged in extends this account), the invitation link, and the bot's one-time link code.
 */
export function DashboardScreen({
  status,
  account,
  now,
  onRetry,
  onLogout,
  botLink,
  walletBalance = null,
  invite,
  dataReset,
}: DashboardScreenProps) {
  const { t } = useTranslation(['panel', 'errors']);
  const format = useFormat();
  if (status === 'loading') return <Spinner block label={t('dashboard.loading')} />;
  if (status === 'error' || !account)
    return <ErrorView title={t('errors:panel.account')} retryLabel={t('errors:actions.tryAgain')} onRetry={onRetry} />;
  const devicesPct = devicePercent(account.devices.length, account.allowedDevices);
  return (
    <>
      <PanelHeading
        title={t('dashboard.title')}
        subtitle={
          <>
            {t('dashboard.welcome', { username: '' })}
            <Ltr>{account.username}</Ltr>
          </>
        }
      />
      <Grid>
        <AccountStatusCard account={account} now={now} />
        <DataRingCard account={account} />
        <RingCard>
          <Ring
            percent={devicesPct}
            tone="accent"
            value={t('dashboard.devicesValue', { count: account.devices.length, allowed: account.allowedDevices })}
            caption={t('dashboard.activeDevices')}
          />
        </RingCard>
        {dataReset ? <DataResetCard reset={dataReset} pending={account.subsDays > 0} /> : null}
        {walletBalance !== null ? (
          <LineCard>
            <span>
              <Icon name="wallet" size={24} />
            </span>
            <dl>
              <dt>{t('dashboard.walletBalance')}</dt>
              <dd>{format.toman(walletBalance)}</dd>
            </dl>
            <Button to="/panel/wallet" variant="secondary" size="sm" icon="wallet">
              {t('dashboard.openWallet')}
            </Button>
          </LineCard>
        ) : null}
        {invite ? <InviteCard {...invite} /> : null}
        {botLink ? <BotLinkCard {...botLink} /> : null}
      </Grid>
      <Actions>
        <Button to="/buy" icon="refresh">
          {t('dashboard.renew')}
        </Button>
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
