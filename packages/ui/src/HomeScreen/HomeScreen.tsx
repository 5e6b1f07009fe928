import { memo } from 'react';
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

/** The home page: hero, what a VPN is, features, numbers, devices, pricing and questions. */
export function HomeScreen(props: HomeScreenProps) {
  return (
    <>
      <StaticHero />
      <StaticWhatIsVpn />
      <StaticFeatures />
      <StaticStats />
      <StaticDevices />
      <Pricing {...props} />
      <StaticFaq />
    </>
  );
}
