import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { isPopularPlan, type Plan } from '@separ/domain';
import { Chips, ChipsPlaceholder } from '../Chips';
import { EmptyState } from '../EmptyState';
import { ErrorView } from '../ErrorView';
import { useFormat } from '../format';
import { Grid, PageBody } from '../Layout';
import { PageHeader } from '../PageHeader';
import { PlanCard } from '../PlanCard';
import { usePlanCardContent } from '../Pricing';
import { Spinner } from '../Spinner';
import { Tabs, tabIds } from '../Tabs';
import { LoadingArea } from './PlansScreen.styles';
import { stack } from '../theme';

const Body = styled(PageBody)`
  ${stack(7)}
`;

const Controls = styled.div`
  ${stack(4)}
  justify-items: center;
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

export interface PlansScreenProps {
  platform: 'android' | 'ios';
  onPlatformChange(platform: 'android' | 'ios'): void;
  status: 'loading' | 'error' | 'ready';
  /** The plans of the chosen platform and duration. */
  plans: Plan[];
  /** Durations (days) on offer; chips show when there is more than one. */
  durations: number[];
  duration: number | null;
  onDurationChange(days: number): void;
  onRetry(): void;
}

/** The plan catalogue: platform tabs, duration chips, and a card per plan (SPEC §2 /buy). */
export function PlansScreen({
  platform,
  onPlatformChange,
  status,
  plans,
  durations,
  duration,
  onDurationChange,
  onRetry,
}: PlansScreenProps) {
  const { t } = useTranslation(['plans', 'errors']);
  const format = useFormat();
  const card = usePlanCardContent();
  const ids = tabIds('plans', platform);
  // English with the shop's dollar rate set: the cards show dollars (usePlanCardContent).
  const inDollars = format.language === 'en' && plans.some((plan) => plan.priceUsd !== null);
  let content;
  if (status === 'loading')
    content = (
      <LoadingArea>
        <Spinner block label={t('loading')} />
      </LoadingArea>
    );
  else if (status === 'error')
    content = (
      <ErrorView
        title={t('errors:plans.loadTitle')}
        message={t('errors:plans.loadMessage')}
        retryLabel={t('retry')}
        onRetry={onRetry}
      />
    );
  else if (plans.length === 0)
    content = (
      <EmptyState icon="receipt" title={t('errors:plans.emptyTitle')} message={t('errors:plans.emptyMessage')} />
    );
  else
    content = (
      <Grid $min={260}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            {...card(plan)}
            headingLevel={2}
            badge={isPopularPlan(plan) ? t(plan.ios === 1 ? 'card.popularIos' : 'card.popularAndroid') : undefined}
          />
        ))}
      </Grid>
    );
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Body>
        <Controls>
          <Tabs
            idPrefix="plans"
            label={t('tabs.label')}
            value={platform}
            onChange={onPlatformChange}
            items={(['android', 'ios'] as const).map((id) => ({ id, label: t(`tabs.${id}`) }))}
          />
          {status === 'loading' ? (
            <ChipsPlaceholder />
          ) : status === 'ready' && durations.length > 1 ? (
            <Chips
              label={t('durations.label')}
              value={duration}
              onChange={onDurationChange}
              items={durations.map((days) => ({ value: days, label: format.duration(days) }))}
            />
          ) : null}
        </Controls>
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab}>
          {content}
        </div>
        <Note>{t(inDollars ? 'noteUsd' : 'note')}</Note>
      </Body>
    </>
  );
}
