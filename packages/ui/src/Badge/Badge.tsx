import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'warning' | 'info' | 'accent' | 'popular';

const Root = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding-block: 2px;
  padding-inline: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  line-height: 1.6;
  white-space: nowrap;
  ${({ theme, $tone }) => {
    const c = theme.colors;
    const tones: Record<BadgeTone, [string, string]> = {
      neutral: [c.surfaceMuted, c.text],
      success: [c.successSoft, c.success],
      danger: [c.dangerSoft, c.danger],
      warning: [c.warningSoft, c.warning],
      info: [c.infoSoft, c.info],
      accent: [c.accentSoft, c.accent],
      popular: [c.primary, c.onPrimary],
    };
    const [bg, fg] = tones[$tone];
    return `background: ${bg}; color: ${fg};`;
  }}
`;

export interface BadgeProps {
  children: ReactNode;
  tone?: BadgeTone;
  icon?: IconName;
  className?: string;
}

/** A short status or label. */
export function Badge({ children, tone = 'neutral', icon, className }: BadgeProps) {
  return (
    <Root $tone={tone} className={className}>
      {icon ? <Icon name={icon} size={14} /> : null}
      {children}
    </Root>
  );
}

/** How a state looks as a badge: its tone and its icon. */
export type BadgeLook = readonly [tone: BadgeTone, icon: IconName];

export interface StateBadgeProps<State extends string> {
  state: State;
  /** Each state's look. */
  looks: Readonly<Record<State, BadgeLook>>;
  /** The state's name, as the reader sees it. */
  children: ReactNode;
}

/** One of a set of states (an order's, an account's, on or off) as a badge in that state's look. */
export function StateBadge<State extends string>({ state, looks, children }: StateBadgeProps<State>) {
  const [tone, icon] = looks[state];
  return (
    <Badge tone={tone} icon={icon}>
      {children}
    </Badge>
  );
}
