import { Devices } from '../Devices';
import { Faq } from '../Faq';
import { Features } from '../Features';
import { Hero } from '../Hero';
import { Pricing, type PricingProps } from '../Pricing';
import { Stats } from '../Stats';
import { WhatIsVpn } from '../WhatIsVpn';

export type HomeScreenProps = PricingProps;

/** The home page: hero, what a VPN is, features, numbers, devices, pricing and questions. */
export function HomeScreen(props: HomeScreenProps) {
  return (
    <>
      <Hero />
      <WhatIsVpn />
      <Features />
      <Stats />
      <Devices />
      <Pricing {...props} />
      <Faq />
    </>
  );
}
