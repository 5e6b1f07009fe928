import { useTranslation } from 'react-i18next';
import { CLIENT_APPS, CLIENT_PLATFORMS } from '@separ/domain';
import { Button } from '../Button';
import { ManualImportSteps } from '../ConnectApps/ManualImportSteps';
import { Ltr } from '../Layout';
import { App, Apps, Downloads, GeneralSteps, Guide } from './AppImportGuide.styles';

/**
 * The install guide's part on the apps that take a subscription (CONTRACTS §7): how to import it
 * from the panel's Connect page with one tap, and, for the one app without an import link
 * (v2rayN), the manual steps — the apps and their stores from the table in @separ/domain.
 */
export function AppImportGuide() {
  const { t } = useTranslation(['install', 'connect']);
  const platformNames = (platforms: readonly string[]) =>
    CLIENT_PLATFORMS.filter((platform) => platforms.includes(platform))
      .map((platform) => t(`connect:platforms.${platform}`))
      .join(t('import.separator'));
  return (
    <Guide as="section" aria-labelledby="import-guide-title">
      <h2 id="import-guide-title">{t('import.title')}</h2>
      <p>{t('import.intro')}</p>
      <GeneralSteps>
        {([1, 2, 3] as const).map((step) => (
          <li key={step}>{t(`import.steps.${step}`)}</li>
        ))}
      </GeneralSteps>
      <div>
        <Button to="/panel/connect" icon="qr">
          {t('import.open')}
        </Button>
      </div>
      <Apps>
        {CLIENT_APPS.map((app) => {
          const oneTap = app.importLink('https://example.invalid/sub', 'Separ') !== null;
          return (
            <App key={app.id}>
              <h3>
                <Ltr>{app.name}</Ltr>
              </h3>
              <p>{platformNames(app.platforms)}</p>
              {oneTap ? <p>{t('import.oneTap', { app: app.name })}</p> : <ManualImportSteps app={app.name} />}
              <Downloads>
                {CLIENT_PLATFORMS.filter((platform) => app.downloads[platform]).map((platform) => (
                  <a key={platform} href={app.downloads[platform]} target="_blank" rel="noopener noreferrer">
                    {t('import.get', { app: app.name, platform: t(`connect:platforms.${platform}`) })}
                  </a>
                ))}
              </Downloads>
            </App>
          );
        })}
      </Apps>
    </Guide>
  );
}
