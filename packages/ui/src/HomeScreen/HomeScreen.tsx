import { memo, Suspense, type ReactNode } from 'react';
import { Devices } from '../Devices';
import { Faq } from '../Faq';
import { Features } from '../Features';
import { Hero } from '../Hero';
import { Pricing, type PricingProps } from '../Pricing';
import { Stats } from '../Stats';
import { WhatIsVpn } from '../WhatIsVpn';

export type HomeScreenProps = PricingProps;

/**
 * The sections that take no props, drawn again only when their own language or theme changes: the
 * plans arriving (or a pricing tab) re-renders the pricing alone, not the whole page — on a
 * prerendered page that was a second render of everything just after it came alive.
 */
const StaticHero = memo(Hero);
const StaticWhatIsVpn = memo(WhatIsVpn);
const StaticFeatures = memo(Features);
const StaticStats = memo(Stats);
const StaticDevices = memo(Devices);
const StaticFaq = memo(Faq);

/**
 * A section React may hydrate by itself (issue 28 §3): on a prerendered page, a press in one section
 * hydrates that section first, at once, and the others after, instead of the whole page before the
 * press is handled. Nothing in a section suspends, so the server draws every section whole.
 */
function Part({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The home page: hero, what a VPN is, features, numbers, devices, pricing and questions. */
export function HomeScreen(props: HomeScreenProps) {
  return (
    <>
      <Part>
        <StaticHero />
      </Part>
      <Part>
        <StaticWhatIsVpn />
      </Part>
      <Part>
        <StaticFeatures />
      </Part>
      <Part>
        <StaticStats />
      </Part>
      <Part>
        <StaticDevices />
      </Part>
      <Part>
        <Pricing {...props} />
      </Part>
      <Part>
        <StaticFaq />
      </Part>
    </>
  );
}
