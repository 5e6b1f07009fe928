import { useTranslation } from 'react-i18next';
import type { Account, ClientPlatform } from '@separ/domain';
import { AccountStatusCard, DataResetCard, DataRingCard, type DataReset } from '../AccountSummary';
import { Button } from '../Button';
import { ConnectApps } from '../ConnectApps';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { Container, Ltr } from '../Layout';
import { PageHeader } from '../PageHeader';
import { SubscriptionLink } from '../SubscriptionLink';
import { Spinner } from '../Spinner';
import { LinkNames } from './LinkNames';
import { Page, Summary } from './SubscriptionScreen.styles';

export interface SubscriptionScreenProps {
  /** notFound: the link was replaced (or never existed). */
  status: 'loading' | 'notFound' | 'error' | 'ready';
  account?: Account;
  subscriptionUrl?: string;
  /** The current time (the page passes it; components read no clock). */
  now: Date;
  platform: ClientPlatform;
  onPlatformChange(platform: ClientPlatform): void;
  onRetry(): void;
  /** The names of the subscription's links, as the apps show them (each of a node's extra addresses too). */
  linkNames?: string[];
  /** A plan whose data resets (CONTRACTS §14): the period and the next reset. Shown when given. */
  dataReset?: DataReset;
}

/**
 * The page a buyer opens from the subscription link: the account's status, data and expiry (Jalali
 * in Persian), the link's QR code, and the apps of the buyer's platform with one-tap import.
 */
export function SubscriptionScreen({
  status,
  account,
  subscriptionUrl,
  now,
  platform,
  onPlatformChange,
  onRetry,
  linkNames = [],
  dataReset,
}: SubscriptionScreenProps) {
  const { t } = useTranslation(['connect', 'errors']);
  let body;
  if (status === 'loading') body = <Spinner block label={t('page.loading')} />;
  else if (status === 'notFound')
    body = (
      <EmptyState
        icon="link"
        title={t('page.notFound')}
        message={t('page.notFoundHint')}
        action={
          <Button to="/login" icon="user">
            {t('page.login')}
          </Button>
        }
      />
    );
  else if (status === 'error' || !account || !subscriptionUrl)
    body = <ErrorView title={t('page.failed')} retryLabel={t('page.retry')} onRetry={onRetry} />;
  else
    body = (
      <>
        <p>
          {t('page.account', { username: '' })}
          <Ltr>{account.username}</Ltr>
        </p>
        <Summary>
          <AccountStatusCard account={account} now={now} />
          <DataRingCard account={account} />
          {dataReset ? <DataResetCard reset={dataReset} pending={account.subsDays > 0} /> : null}
        </Summary>
        <SubscriptionLink url={subscriptionUrl} hint={t('link.scan')} />
        <LinkNames names={linkNames} idPrefix="subscription" />
        <ConnectApps
          subscriptionUrl={subscriptionUrl}
          profileName="Separ"
          platform={platform}
          onPlatformChange={onPlatformChange}
          idPrefix="subscription"
        />
      </>
    );
  return (
    <>
      <PageHeader title={t('page.title')} />
      <Container>
        <Page>{body}</Page>
      </Container>
    </>
  );
}
