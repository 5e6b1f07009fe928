import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { Icon, type IconName } from '../icons';
import { ActionCard, Grid, PageBody } from '../Layout';
import { PageHeader } from '../PageHeader';
import { useShopLinks } from '../provider';
import { notice, stack } from '../theme';

const Body = styled(PageBody)`
  ${stack(8)}
`;

const Channel = styled(ActionCard)`
  > svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Tip = styled.p`
  ${notice('warning', 5)}
  font-weight: 600;
`;

const CARDS: Array<{
  key: 'chat' | 'channel' | 'social';
  icon: IconName;
  link: 'supportChatUrl' | 'channelUrl' | 'socialUrl';
}> = [
  { key: 'chat', icon: 'support', link: 'supportChatUrl' },
  { key: 'channel', icon: 'megaphone', link: 'channelUrl' },
  { key: 'social', icon: 'camera', link: 'socialUrl' },
];

/** Three ways to reach Separ, each opening in a new tab: the operator's links (useShopLinks). */
export function SupportScreen() {
  const { t } = useTranslation('support');
  const links = useShopLinks();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Body>
        <Grid $min={260}>
          {CARDS.map(({ key, icon, link }) => (
            <Channel key={key}>
              <Icon name={icon} size={40} />
              <h2>{t(`cards.${key}.title`)}</h2>
              <p>{t(`cards.${key}.text`)}</p>
              <Button href={links[link]} variant={key === 'chat' ? 'primary' : 'secondary'} icon="send" fullWidth>
                {t(`cards.${key}.button`)}
              </Button>
            </Channel>
          ))}
        </Grid>
        <Hours>{t('hours')}</Hours>
        <Tip>
          <Icon name="key" size={22} />
          {t('tip')}
        </Tip>
      </Body>
    </>
  );
}

const Hours = styled.p`
  text-align: center;
  font-weight: 600;
`;
