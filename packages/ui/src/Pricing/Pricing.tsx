import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { fallbackPlansFor, filterByPlatform, HOME_PLANS_PER_TAB, type Plan, type PricingTab } from '@separ/domain';
import { Button } from '../Button';
import { useFormat } from '../format';
import { IconList } from '../IconList';
import { Card, Grid, Section, VisuallyHidden } from '../Layout';
import { PlanCard } from '../PlanCard';
import { Skeleton } from '../Skeleton';
import { Tabs, tabIds } from '../Tabs';
import { usePlanCardContent } from './usePlanCard';
import { stack } from '../theme';

const Center = styled.div`
  display: flex;
  justify-content: center;
  margin-block-end: ${({ theme }) => theme.space(10)};
`;

const Cards = styled(Grid)`
  align-items: stretch;
`;

const Footer = styled.div`
  ${stack(8)}
  justify-items: center;
  margin-block-start: ${({ theme }) => theme.space(10)};
`;

const Trust = styled(IconList)`
  justify-content: center;
  svg {
    color: ${({ theme }) => theme.colors.success};
  }
`;

export interface PricingProps {
  tab: PricingTab;
  onTabChange(tab: PricingTab): void;
  /**
   * The plans of every platform (each tab shows its own); 'fallback' when the service failed or had
   * none (the static plans are shown, as they are for a tab the service has no plan for).
   */
  plans: Plan[] | 'loading' | 'fallback';
}

const TABS: PricingTab[] = ['android-windows', 'other'];

const PROMISES = { moneyBack: 'refund', noLogs: 'eyeOff', support: 'support' } as const;

/** Rendering on the server (the prerender and the pages the server draws with data). */
const SERVER = typeof window === 'undefined';

/** An inert panel's content in the browser: what the server drew, left alone. */
const AS_SERVED = { __html: '' };

/**
 * The home page's pricing: two tabs, up to three cards each, the second one most popular (anchor
 * #pricing). Both tabs' panels are drawn, the one not chosen `hidden` and, on the server, inert: the
 * served page then holds every price, and its boot script can switch tabs at a tap before the app
 * runs (apps/web/src/boot.ts, issue 28 §3).
 */
export function Pricing({ tab, onTabChange, plans }: PricingProps) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const planCard = usePlanCardContent();
  const fallback = (forTab: PricingTab) => (
    <Cards $min={260}>
      {fallbackPlansFor(forTab).map((plan) => {
        const key = `pricing.fallback.${plan.tier}`;
        const price =
          plan.priceUsd === 0
            ? t('pricing.fallback.free.name')
            : format.language === 'en'
              ? format.usd(plan.priceUsd)
              : format.toman(plan.priceToman);
        return (
          <PlanCard
            key={plan.tier}
            name={t(`${key}.name`)}
            price={price}
            period={t(`${key}.period`)}
            features={[t(`${key}.features.speed`), t(`${key}.features.locations`), t(`${key}.features.devices`)]}
            cta={{ label: t(`${key}.cta`), to: plan.tier === 'free' ? '/free' : '/buy' }}
            badge={plan.popular ? t('pricing.mostPopular') : undefined}
          />
        );
      })}
    </Cards>
  );
  const content = (forTab: PricingTab) => {
    if (plans === 'loading') {
      return (
        <Cards $min={260} aria-busy="true">
          <VisuallyHidden role="status">{t('pricing.loading')}</VisuallyHidden>
          {[0, 1, 2].map((i) => (
            <SkeletonCard key={i}>
              <Skeleton $height="28px" $width="60%" />
              <Skeleton $height="36px" $width="50%" />
              <Skeleton />
              <Skeleton $width="80%" />
              <Skeleton $height="44px" />
            </SkeletonCard>
          ))}
        </Cards>
      );
    }
    if (plans === 'fallback') return fallback(forTab);
    const shown = filterByPlatform(plans, forTab === 'other' ? 'ios' : 'android').slice(0, HOME_PLANS_PER_TAB);
    if (shown.length === 0) return fallback(forTab);
    return (
      <Cards $min={260}>
        {shown.map((plan, index) => (
          <PlanCard key={plan.id} {...planCard(plan)} badge={index === 1 ? t('pricing.mostPopular') : undefined} />
        ))}
      </Cards>
    );
  };
  return (
    <Section id="pricing" title={t('pricing.title')} subtitle={t('pricing.subtitle')}>
      <Center>
        <Tabs
          idPrefix="pricing"
          label={t('pricing.tabs.label')}
          value={tab}
          onChange={onTabChange}
          items={[
            { id: 'android-windows', label: t('pricing.tabs.androidWindows') },
            { id: 'other', label: t('pricing.tabs.other') },
          ]}
        />
      </Center>
      {TABS.map((forTab) => {
        const ids = tabIds('pricing', forTab);
        const panel = { role: 'tabpanel', id: ids.panel, 'aria-labelledby': ids.tab } as const;
        if (forTab === tab) {
          return (
            <div key={`${forTab}-shown`} {...panel}>
              {content(forTab)}
            </div>
          );
        }
        // A tab not chosen: drawn by the server inert, in a <template> (no text on the page but the
        // chosen tab's), for the boot script to show at a tap before the app runs; the browser
        // keeps whatever the panel holds until the tab is chosen (React does not look inside).
        return SERVER ? (
          <div key={`${forTab}-inert`} {...panel} hidden>
            {plans === 'loading' ? null : <template>{content(forTab)}</template>}
          </div>
        ) : (
          <div key={`${forTab}-inert`} {...panel} hidden dangerouslySetInnerHTML={AS_SERVED} />
        );
      })}
      <Footer>
        <Button to="/buy" variant="secondary" iconEnd="arrowForward">
          {t('pricing.viewAll')}
        </Button>
        <Trust gap={6} icons={PROMISES} text={(key) => t(`pricing.trust.${key}`)} />
      </Footer>
    </Section>
  );
}

/** A card's outline while the plans load. */
const SkeletonCard = styled(Card)`
  display: grid;
  gap: 16px;
`;
