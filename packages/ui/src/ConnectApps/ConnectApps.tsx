import { useTranslation } from 'react-i18next';
import { appsFor, CLIENT_PLATFORMS, type ClientPlatform } from '@separ/domain';
import { Button } from '../Button';
import { CopyButton } from '../CopyButton';
import { Icon } from '../icons';
import { Ltr } from '../Layout';
import { Tabs, tabIds } from '../Tabs';
import { StyledAnchor } from '../Button/Button.styles';
import { AppActions, AppItem, AppList, Steps } from './ConnectApps.styles';

export interface ConnectAppsProps {
  /** The subscription URL each app imports. */
  subscriptionUrl: string;
  /** The name the apps give the profile. */
  profileName: string;
  platform: ClientPlatform;
  onPlatformChange(platform: ClientPlatform): void;
  /** Prefix of the tab ids (two lists on a page need two). */
  idPrefix?: string;
}

/**
 * The apps for each platform (the table in @separ/domain), the visitor's platform first: an Import
 * button that opens the app with the subscription (its own link scheme), where to get the app, and
 * for v2rayN, which takes no link, the URL to copy and the steps.
 */
export function ConnectApps({
  subscriptionUrl,
  profileName,
  platform,
  onPlatformChange,
  idPrefix = 'connect',
}: ConnectAppsProps) {
  const { t } = useTranslation('connect');
  const ids = tabIds(idPrefix, platform);
  return (
    <section aria-labelledby={`${idPrefix}-apps-title`}>
      <h2 id={`${idPrefix}-apps-title`}>{t('apps.title')}</h2>
      <Tabs
        items={CLIENT_PLATFORMS.map((id) => ({ id, label: t(`platforms.${id}`) }))}
        value={platform}
        onChange={onPlatformChange}
        label={t('apps.platformsLabel')}
        idPrefix={idPrefix}
      />
      <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab}>
        <AppList>
          {appsFor(platform).map((app) => {
            const link = app.importLink(subscriptionUrl, profileName);
            return (
              <AppItem key={app.id}>
                <h3>
                  <Ltr>{app.name}</Ltr>
                </h3>
                {link ? <p>{t('apps.importHint', { app: app.name })}</p> : <Steps app={app.name} />}
                <AppActions>
                  {link ? (
                    // The app's own link scheme: it opens in place (the button's href form opens a new tab).
                    <StyledAnchor
                      href={link}
                      $variant="primary"
                      $size="md"
                      $fullWidth={false}
                      aria-label={t('apps.importLabel', { app: app.name })}
                    >
                      <Icon name="download" size={18} />
                      {t('apps.import')}
                    </StyledAnchor>
                  ) : (
                    <CopyButton
                      text={subscriptionUrl}
                      icon="copy"
                      label={t('link.copy')}
                      copiedLabel={t('link.copied')}
                    />
                  )}
                  {app.downloads[platform] ? (
                    <Button variant="secondary" href={app.downloads[platform]} icon="link">
                      {t('apps.get', { app: app.name })}
                    </Button>
                  ) : null}
                </AppActions>
              </AppItem>
            );
          })}
        </AppList>
      </div>
    </section>
  );
}
