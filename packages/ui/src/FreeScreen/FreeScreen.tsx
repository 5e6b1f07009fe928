import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { Card, Grid, PageBody } from '../Layout';
import { PageHeader } from '../PageHeader';
import { useShopLinks } from '../provider';
import { headedText, iconDisc, plainList, stack } from '../theme';

const Body = styled(PageBody)`
  ${stack(10)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    text-align: center;
  }
`;

const Feature = styled(Card)`
  ${stack(2)}
  ${headedText('h3', 'lg')}
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
`;

const Steps = styled.ol`
  ${plainList}
  ${stack(5)}
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  li {
    ${stack(3)}
    justify-items: center;
    text-align: center;
  }
  span {
    ${iconDisc(48)}
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: 800;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Cta = styled.div`
  ${stack(4)}
  justify-items: center;
  text-align: center;
`;

/** What the free account includes, each with its icon. */
const FEATURES: Record<'noCost' | 'locations' | 'device' | 'security', IconName> = {
  noCost: 'gift',
  locations: 'globe',
  device: 'phone',
  security: 'lock',
};

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
            {Object.entries(FEATURES).map(([key, icon]) => (
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
