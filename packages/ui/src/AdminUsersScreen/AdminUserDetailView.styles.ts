import styled from 'styled-components';
import { cluster, media, outlined } from '../theme';

/** How much of the allowance is used. */
export const Meter = styled.div<{ $ratio: number; $full: boolean }>`
  block-size: 6px;
  margin-block-start: ${({ theme }) => theme.space(1)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
  &::after {
    content: '';
    display: block;
    block-size: 100%;
    inline-size: ${({ $ratio }) => Math.round(Math.min(1, Math.max(0, $ratio)) * 100)}%;
    background: ${({ theme, $full }) => ($full ? theme.colors.danger : theme.colors.primary)};
  }
`;

export const Actions = styled.div`
  ${cluster(2)}
  padding: ${({ theme }) => theme.space(4)};
  ${outlined('md', 'surface')}
  ${media.md} {
    padding: ${({ theme }) => theme.space(5)};
  }
`;
