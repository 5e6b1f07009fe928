import styled from 'styled-components';
import { media, outlined, stack } from '../theme';

export const Groups = styled.div`
  ${stack(5)}
  margin-block-end: ${({ theme }) => theme.space(5)};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A group of figures: the number first on screen, its label under it. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  > [data-wide] {
    grid-column: 1 / -1;
  }
  > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
  }
  dt {
    order: 2;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: 600;
  }
  dd {
    order: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
    line-height: 1.3;
  }
`;

/** Under a revenue figure: the part of it the crypto gateways took, in dollars. */
export const Crypto = styled.span`
  display: block;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Tone = styled.span<{ $tone: 'success' | 'danger' | 'warning' | 'neutral' }>`
  color: ${({ theme, $tone }) =>
    $tone === 'success'
      ? theme.colors.success
      : $tone === 'danger'
        ? theme.colors.danger
        : $tone === 'warning'
          ? theme.colors.warning
          : theme.colors.text};
`;

export const Charts = styled.div`
  ${stack(5)}
  ${media.xl} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

export const Figure = styled.figure`
  margin: 0;
  ${stack(3)}
  figcaption {
    ${stack(1)}
  }
  figcaption p {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The drawing: left to right, whatever the page's direction (the axes are reversed instead). */
export const Plot = styled.div.attrs({ dir: 'ltr' })`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-family: ${({ theme }) => theme.font};
  min-inline-size: 0;
  .recharts-cartesian-axis-tick-value {
    fill: ${({ theme }) => theme.colors.textMuted};
  }
  .recharts-surface:focus {
    outline: none;
  }
`;

export const TooltipBox = styled.div`
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  ${outlined('sm', 'surface')}
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong {
    font-weight: 800;
  }
`;

export const SkeletonGroup = styled.div`
  ${stack(3)}
`;

/** The subscription links' current origin (CONTRACTS §14): an address, left to right, that may wrap. */
export const Origin = styled.span`
  display: inline-block;
  max-width: 100%;
  direction: ltr;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;
