import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientPlatform } from '@separ/domain';
import { Button } from '../Button';
import { ConnectApps } from '../ConnectApps';
import { ErrorView } from '../ErrorView';
import { Modal } from '../Modal';
import { PanelFooterLinks, PanelHeading, TipBox } from '../PanelLayout';
import { Spinner } from '../Spinner';
import { SubscriptionLink } from '../SubscriptionLink';
import { LinkNames } from '../SubscriptionScreen/LinkNames';

export interface ConnectScreenProps {
  status: 'loading' | 'error' | 'ready';
  subscriptionUrl?: string;
  platform: ClientPlatform;
  onPlatformChange(platform: ClientPlatform): void;
  onRetry(): void;
  /** Replaces the link (after the confirmation in this page). */
  onReset(): void;
  resetting?: boolean;
  /** What the last replacement came to. */
  resetResult?: 'done' | 'failed' | null;
  /** The names of the subscription's links, as the apps list them (a node's extra addresses too). */
  linkNames?: string[];
  /** Open the confirmation at first (stories). */
  initiallyConfirming?: boolean;
}

/** The panel's Connect page: the subscription link and its QR, the apps to import it into, a new link. */
export function ConnectScreen({
  status,
  subscriptionUrl,
  platform,
  onPlatformChange,
  onRetry,
  onReset,
  resetting = false,
  resetResult = null,
  initiallyConfirming = false,
  linkNames = [],
}: ConnectScreenProps) {
  const { t } = useTranslation(['connect', 'panel', 'errors']);
  const [confirming, setConfirming] = useState(initiallyConfirming);
  const title = (
    <PanelHeading
      title={t('connect.title')}
      subtitle={t('connect.subtitle')}
      back={{ to: '/panel', label: t('panel:devices.back') }}
    />
  );
  if (status === 'loading')
    return (
      <>
        {title}
        <Spinner block label={t('connect.loading')} />
      </>
    );
  if (status === 'error' || !subscriptionUrl)
    return (
      <>
        {title}
        <ErrorView title={t('errors:panel.account')} retryLabel={t('errors:actions.tryAgain')} onRetry={onRetry} />
      </>
    );
  return (
    <>
      {title}
      {resetResult ? (
        <TipBox $tone={resetResult === 'done' ? 'info' : 'warning'} role="status">
          {t(resetResult === 'done' ? 'connect.resetDone' : 'connect.resetFailed')}
        </TipBox>
      ) : null}
      <SubscriptionLink
        url={subscriptionUrl}
        hint={t('link.hint')}
        actions={
          <Button variant="ghost" icon="refresh" loading={resetting} onClick={() => setConfirming(true)}>
            {t('connect.reset')}
          </Button>
        }
      />
      <LinkNames names={linkNames} idPrefix="connect" />
      <ConnectApps
        subscriptionUrl={subscriptionUrl}
        profileName="Separ"
        platform={platform}
        onPlatformChange={onPlatformChange}
      />
      <PanelFooterLinks />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('connect.resetTitle')}
        dismissLabel={t('connect.cancel')}
        actions={
          <Button
            variant="danger"
            icon="refresh"
            onClick={() => {
              setConfirming(false);
              onReset();
            }}
          >
            {t('connect.resetConfirm')}
          </Button>
        }
      >
        <p>{t('connect.resetText')}</p>
      </Modal>
    </>
  );
}
