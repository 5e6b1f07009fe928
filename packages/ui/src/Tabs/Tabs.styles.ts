import styled from 'styled-components';
import { outlined } from '../theme';

export const List = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(1)};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  ${outlined('pill')}
  max-inline-size: 100%;
`;

/**
 * A tab, styled by its `aria-selected` rather than by a prop: the page's boot script can select a tab
 * the server drew before the app runs (apps/web/src/boot.ts, issue 28 §3), and the look follows.
 */
export const Tab = styled.button`
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  padding-block: ${({ theme }) => theme.space(2)};
  padding-inline: ${({ theme }) => theme.space(5)};
  min-block-size: 44px;
  font-weight: 700;
  cursor: pointer;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  box-shadow: none;
  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
  &[aria-selected='true']:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`;
