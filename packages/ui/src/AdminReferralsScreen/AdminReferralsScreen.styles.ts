import styled from 'styled-components';
import { cluster, outlined, stack } from '../theme';

/** The referral percent, the totals and the top inviters, above the list. */
export const Summary = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

export const Percent = styled.p`
  ${cluster(2)}
  margin: 0;
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

/** The totals: three figures side by side from 640 px. */
export const Totals = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 640px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  & > div {
    ${stack(1)}
    padding: ${({ theme }) => theme.space(3)};
    ${outlined('md', 'surface')}
  }
  dt {
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  dd {
    margin: 0;
    font-weight: 800;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

/** The top inviters, ranked (each rank written in the language's digits). */
export const Ranking = styled.ol`
  ${stack(2)}
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: 2ch minmax(0, 1fr);
    column-gap: ${({ theme }) => theme.space(2)};
    overflow-wrap: anywhere;
  }
  li > b {
    grid-row: span 2;
  }
  li > span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;
