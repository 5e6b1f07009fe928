import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon, type IconName } from '../icons';
import { Section } from '../Layout';
import { cluster, media, outlined, plainList, stack } from '../theme';

/** The platforms in order, each with its icon. */
const PLATFORMS: Record<string, IconName> = {
  android: 'android',
  ios: 'apple',
  windows: 'windows',
  mac: 'laptop',
  linux: 'linux',
  androidTv: 'tv',
  appleTv: 'tv',
  chrome: 'chrome',
};

const List = styled.ul`
  ${stack(4)}
  grid-template-columns: repeat(2, 1fr);
  ${plainList}
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  li {
    ${stack(2)}
    justify-items: center;
    padding-block: ${({ theme }) => theme.space(6)};
    background: ${({ theme }) => theme.colors.surface};
    ${outlined('lg')}
    font-weight: 700;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Actions = styled.div`
  ${cluster(3)}
  justify-content: center;
  margin-block-start: ${({ theme }) => theme.space(8)};
`;

/** The eight platforms Separ runs on. */
export function Devices() {
  const { t } = useTranslation('home');
  return (
    <Section id="devices" title={t('devices.title')} subtitle={t('devices.subtitle')}>
      <List>
        {Object.entries(PLATFORMS).map(([key, icon]) => (
          <li key={key}>
            <Icon name={icon} size={36} />
            {t(`devices.platforms.${key}`)}
          </li>
        ))}
      </List>
      <Actions>
        <Button to="/download" icon="download">
          {t('devices.download')}
        </Button>
        <Button to="/download" variant="secondary">
          {t('devices.viewAll')}
        </Button>
      </Actions>
    </Section>
  );
}
