import type { ReactNode } from 'react';
import styled from 'styled-components';
import { stack } from '../theme';

const Root = styled.figure`
  ${stack(2)}
  justify-items: center;
  margin: 0;
`;

const Dial = styled.div`
  position: relative;
  display: grid;
  place-items: center;
`;

const Center = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-content: center;
  text-align: center;
  line-height: 1.2;
`;

const Value = styled.span`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 800;
`;

const Sub = styled.span`
  margin-block-start: -${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Caption = styled.figcaption`
  font-weight: 700;
`;

export interface RingProps {
  /** 0 to 100. */
  percent: number;
  /** The big text in the middle (e.g. "75%"). */
  value: ReactNode;
  /** Smaller text under the value. */
  sub?: ReactNode;
  /** What the ring measures; its accessible name. */
  caption: string;
  tone?: 'primary' | 'accent' | 'danger' | 'warning';
  size?: number;
}

/** A circular progress meter with its value in the middle. */
export function Ring({ percent, value, sub, caption, tone = 'primary', size = 160 }: RingProps) {
  const clamped = Math.max(0, Math.min(100, percent));
  const stroke = 12;
  const r = (size - stroke) / 2;
  const c = 2 * Math.PI * r;
  return (
    <Root>
      <Dial
        role="progressbar"
        aria-label={caption}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped)}
      >
        <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
          <circle
            cx={size / 2}
            cy={size / 2}
            r={r}
            fill="none"
            stroke="currentColor"
            strokeOpacity={0.12}
            strokeWidth={stroke}
          />
          <RingArc
            $tone={tone}
            cx={size / 2}
            cy={size / 2}
            r={r}
            fill="none"
            strokeWidth={stroke}
            strokeLinecap="round"
            strokeDasharray={c}
            strokeDashoffset={c * (1 - clamped / 100)}
            transform={`rotate(-90 ${size / 2} ${size / 2})`}
          />
        </svg>
        <Center>
          <Value>{value}</Value>
        </Center>
      </Dial>
      <Caption>{caption}</Caption>
      {sub ? <Sub>{sub}</Sub> : null}
    </Root>
  );
}

const RingArc = styled.circle<{ $tone: NonNullable<RingProps['tone']> }>`
  stroke: ${({ theme, $tone }) =>
    $tone === 'accent'
      ? theme.colors.accent
      : $tone === 'danger'
        ? theme.colors.danger
        : $tone === 'warning'
          ? theme.colors.warning
          : theme.colors.primary};
`;
