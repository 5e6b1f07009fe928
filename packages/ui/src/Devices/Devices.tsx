import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon, type IconName } from '../icons';
import { Section } from '../Layout';
import { media } from '../theme';

const PLATFORMS: Array<{ key: string; icon: IconName }> = [
  { key: 'android', icon: 'android' },
  { key: 'ios', icon: 'apple' },
  { key: 'windows', icon: 'windows' },
  { key: 'mac', icon: 'laptop' },
  { key: 'linux', icon: 'linux' },
  { key: 'androidTv', icon: 'tv' },
  { key: 'appleTv', icon: 'tv' },
  { key: 'chrome', icon: 'chrome' },
];

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(2, 1fr);
  list-style: none;
  margin: 0;
  padding: 0;
  ${media.md} {
    grid-template-columns: repeat(4, 1fr);
  }
  li {
    display: grid;
    justify-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding-block: ${({ theme }) => theme.space(6)};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    font-weight: 700;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-start: ${({ theme }) => theme.space(8)};
`;

/** The eight platforms Separ runs on. */
export function Devices() {
  const { t } = useTranslation('home');
  return (
    <Section id="devices" title={t('devices.title')} subtitle={t('devices.subtitle')}>
      <List>
        {PLATFORMS.map(({ key, icon }) => (
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
