import type { ReactNode } from 'react';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Icon } from '../icons';
import { Features, Name, Original, Period, Price, PriceRow, Root, BadgeSlot } from './PlanCard.styles';

export interface PlanCardProps {
  name: ReactNode;
  price: ReactNode;
  period?: ReactNode;
  originalPrice?: ReactNode;
  discount?: ReactNode;
  features: ReactNode[];
  cta: { label: ReactNode; to: string };
  /** The badge above a highlighted card ("Most Popular", or the platform on the plans page). */
  badge?: ReactNode;
  /** The level of the plan's name heading (3 inside a titled section, 2 on the plans page). */
  headingLevel?: 2 | 3;
}

/** One plan: name, price, what it includes, and the button that buys it. */
export function PlanCard({
  name,
  price,
  period,
  originalPrice,
  discount,
  features,
  cta,
  badge,
  headingLevel = 3,
}: PlanCardProps) {
  return (
    <Root $popular={Boolean(badge)}>
      {badge ? (
        <BadgeSlot>
          <Badge tone="popular" icon="star">
            {badge}
          </Badge>
        </BadgeSlot>
      ) : null}
      <Name as={`h${headingLevel}`}>{name}</Name>
      <PriceRow>
        <Price>{price}</Price>
        {period ? <Period>{period}</Period> : null}
      </PriceRow>
      {originalPrice || discount ? (
        <PriceRow>
          {originalPrice ? <Original>{originalPrice}</Original> : null}
          {discount ? <Badge tone="success">{discount}</Badge> : null}
        </PriceRow>
      ) : null}
      <Features>
        {features.map((feature, index) => (
          <li key={index}>
            <Icon name="check" size={18} />
            <span>{feature}</span>
          </li>
        ))}
      </Features>
      <Button to={cta.to} variant={badge ? 'primary' : 'secondary'} fullWidth>
        {cta.label}
      </Button>
    </Root>
  );
}
