import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Card, Container, Grid } from '../Layout';
import { PageHeader } from '../PageHeader';
import { useShopLinks } from '../provider';

const Body = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space(10)};
  padding-block: ${({ theme }) => theme.space(9)} ${({ theme }) => theme.space(12)};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    text-align: center;
  }
`;

const Feature = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  li {
    display: grid;
    justify-items: center;
    gap: ${({ theme }) => theme.space(3)};
    text-align: center;
  }
  span {
    display: grid;
    place-items: center;
    inline-size: 48px;
    block-size: 48px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 800;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Cta = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(4)};
  text-align: center;
`;

const FEATURES: Array<{ key: 'noCost' | 'locations' | 'device' | 'security'; icon: IconName }> = [
  { key: 'noCost', icon: 'gift' },
  { key: 'locations', icon: 'globe' },
  { key: 'device', icon: 'phone' },
  { key: 'security', icon: 'lock' },
];

/** The free account: what it includes, three steps, and the bot button (the operator's bot link). */
export function FreeScreen() {
  const { t } = useTranslation('free');
  const format = useFormat();
  const { botUrl } = useShopLinks();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <div>
          <Button href={botUrl} size="lg" icon="bot">
            {t('button')}
          </Button>
        </div>
      </PageHeader>
      <Body>
        <section aria-labelledby="free-features">
          <BlockTitle id="free-features">{t('features.title')}</BlockTitle>
          <Grid $min={230}>
            {FEATURES.map(({ key, icon }) => (
              <Feature key={key}>
                <Icon name={icon} size={30} />
                <h3>{t(`features.${key}.title`)}</h3>
                <p>{t(`features.${key}.text`)}</p>
              </Feature>
            ))}
          </Grid>
        </section>
        <section aria-labelledby="free-steps">
          <BlockTitle id="free-steps">{t('steps.title')}</BlockTitle>
          <Steps>
            {([1, 2, 3] as const).map((step) => (
              <li key={step}>
                <span aria-hidden="true">{format.number(step)}</span>
                <p>{t(`steps.${step}`)}</p>
              </li>
            ))}
          </Steps>
        </section>
        <Cta>
          <Button href={botUrl} size="lg" icon="bot">
            {t('button')}
          </Button>
          <p>{t('upgrade')} </p>
          <Button to="/buy" variant="secondary" iconEnd="arrowForward">
            {t('seePlans')}
          </Button>
        </Cta>
      </Body>
    </>
  );
}

const BlockTitle = styled.h2`
  margin-block-end: 24px;
`;
