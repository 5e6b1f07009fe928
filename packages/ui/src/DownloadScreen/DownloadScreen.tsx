import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon, type IconName } from '../icons';
import { ActionCard, Grid, PageBody } from '../Layout';
import { EXTERNAL_LINKS } from '../links';
import { Modal } from '../Modal';
import { PageHeader } from '../PageHeader';
import { AppLink } from '../provider';
import { iconDisc, outlined, plainList, stack } from '../theme';

const Body = styled(PageBody)`
  ${stack(8)}
`;

const Disc = styled.span`
  ${iconDisc(60, 'lg')}
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.info};
`;

const Clients = styled.ul`
  ${plainList}
  ${stack(3)}
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(3)};
    ${outlined('md')}
  }
  div {
    flex: 1;
    display: grid;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const CLIENTS: Array<{ key: keyof typeof EXTERNAL_LINKS.clients; icon: IconName }> = [
  { key: 'ios', icon: 'apple' },
  { key: 'mac', icon: 'laptop' },
  { key: 'linux', icon: 'linux' },
  { key: 'chromeos', icon: 'chrome' },
];

export interface DownloadScreenProps {
  /** The app links from the app info call; 'loading' disables the Android and Windows buttons. */
  appLinks: { android: string; windows: string } | 'loading';
  /** Open the iOS modal at first (stories). */
  initiallyShowClients?: boolean;
}

/** Android and Windows downloads, and the client apps for iOS and other platforms in a modal. */
export function DownloadScreen({ appLinks, initiallyShowClients = false }: DownloadScreenProps) {
  const { t } = useTranslation('download');
  const [clientsOpen, setClientsOpen] = useState(initiallyShowClients);
  const loading = appLinks === 'loading';
  const link = (platform: 'android' | 'windows') => (loading ? '' : appLinks[platform]);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Body>
        <Grid $min={280}>
          {(['android', 'windows'] as const).map((platform) => (
            <ActionCard key={platform}>
              <Disc>
                <Icon name={platform} size={32} />
              </Disc>
              <h2>{t(`${platform}.name`)}</h2>
              <p>{t(`${platform}.description`)}</p>
              <Button
                href={link(platform) || undefined}
                disabled={loading || !link(platform)}
                loading={loading}
                icon="download"
                fullWidth
              >
                {t(`${platform}.button`)}
              </Button>
            </ActionCard>
          ))}
          <ActionCard>
            <Disc>
              <Icon name="apple" size={32} />
            </Disc>
            <h2>{t('ios.name')}</h2>
            <p>{t('ios.description')}</p>
            <Button
              variant="secondary"
              onClick={() => setClientsOpen(true)}
              fullWidth
              icon="devices"
              data-testid="ios-clients"
            >
              {t('ios.button')}
            </Button>
          </ActionCard>
        </Grid>
        <Centered>
          <AppLink to="/install">{t('installGuide')}</AppLink>
        </Centered>
      </Body>
      <Modal
        open={clientsOpen}
        onClose={() => setClientsOpen(false)}
        title={t('modal.title')}
        dismissLabel={t('modal.close')}
      >
        <p>{t('modal.message')}</p>
        <Clients>
          {CLIENTS.map(({ key, icon }) => (
            <li key={key}>
              <Icon name={icon} size={26} />
              <div>
                <strong>{t(`modal.clients.${key}.name`)}</strong>
                <small>{t(`modal.clients.${key}.description`)}</small>
              </div>
              <Button href={EXTERNAL_LINKS.clients[key]} size="sm" variant="secondary">
                {t(`modal.clients.${key}.button`)}
              </Button>
            </li>
          ))}
        </Clients>
      </Modal>
    </>
  );
}

const Centered = styled.p`
  text-align: center;
`;
