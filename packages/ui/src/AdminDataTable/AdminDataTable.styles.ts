import styled from 'styled-components';
import { captionUnseen, StyledTable } from '../Table/Table.styles';
import { cluster, outlined, stack } from '../theme';

export const Root = styled.div`
  ${stack(4)}
  min-inline-size: 0;
`;

/** The search box and the screen's filters, wrapping on narrow screens. */
export const Toolbar = styled.div`
  ${cluster(3)}
  align-items: flex-end;
`;

/** The table scrolls sideways inside its box when its columns are wider than the screen. */
export const Scroll = styled.div`
  overflow-x: auto;
  @media (max-width: 767.98px) {
    overflow-x: visible;
  }
`;

export const Grid = styled(StyledTable)<{ $busy: boolean }>`
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  th[aria-sort] {
    color: ${({ theme }) => theme.colors.text};
  }
  /* Long references wrap, but never a username or a word in the middle to make a column narrower. */
  td,
  td bdi {
    overflow-wrap: break-word;
  }
  /* Named for assistive technology; the screen's title says it on screen. */
  ${captionUnseen}
`;

export const SortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  margin-inline: -${({ theme }) => theme.space(2)};
  padding-block: ${({ theme }) => theme.space(1)};
  padding-inline: ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.border};
  }
  svg {
    flex-shrink: 0;
  }
`;

/** Where the empty and error states stand in for the table. */
export const StateBox = styled.div`
  ${outlined('md', 'surface')}
  padding-inline: ${({ theme }) => theme.space(4)};
`;

export const Pager = styled.nav`
  ${cluster(3)}
  align-items: center;
  justify-content: space-between;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const PagerGroup = styled.div`
  ${cluster(2)}
  align-items: center;
  label {
    font-weight: 600;
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;
